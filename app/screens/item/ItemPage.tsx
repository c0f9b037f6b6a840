// PLACEHOLDER written by FOUNDATION (app-shell) so the routes compile; EDIT (app-edit) owns and replaces it.
import { Page } from '../../shell/Page';

export default function ItemPage({ collection, primaryKey }: { collection: string; primaryKey: string }) {
  return <Page title={`${collection} ${primaryKey}`}>{null}</Page>;
}

// PLACEHOLDER written by FOUNDATION (app-shell) so the routes compile; BROWSE (app-browse) owns and replaces it.
import { Page } from '../../shell/Page';

export default function CollectionsPage() {
  return <Page title="Collections">{null}</Page>;
}

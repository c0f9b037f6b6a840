import { useLocation } from 'wouter';
import { Button } from '../../../ui';
import { useT } from '../../i18n';
import { itemHref, NEW_ITEM_KEY } from '../../paths';
import { usePermissionModel, useProjectKey } from '../../state/hooks';
import type { Item } from './manual-sort';

/**
 * The listing's header buttons (spec §5, §6), as the permission model allows them: batch edit and delete
 * show when some item could be changed, and are enabled when every selected item may be; add needs create.
 */
export function ListingActions(props: {
  collection: string;
  selection: string[];
  selectedItems: Item[];
  onDelete: () => void;
  /** The screen offers its own way to add (the file library's upload). */
  noAdd?: boolean;
}) {
  const { collection, selection, selectedItems } = props;
  const t = useT();
  const project = useProjectKey();
  const permissions = usePermissionModel();
  const [, navigate] = useLocation();
  const allMay = (action: 'update' | 'delete') =>
    selectedItems.length > 0 && selectedItems.every((item) => permissions.may(action, collection, item));

  return (
    <>
      {selection.length > 0 && permissions.mayOnSome('update', collection) && (
        <Button
          variant="secondary"
          icon="edit"
          disabled={selection.length < 2 || !allMay('update')}
          title={selection.length < 2 ? t('browse.batch_needs_two') : undefined}
          onClick={() => navigate(itemHref(project, collection, selection))}
        >
          {t('browse.batch_edit')}
        </Button>
      )}
      {selection.length > 0 && permissions.mayOnSome('delete', collection) && (
        <Button variant="danger" icon="delete" disabled={!allMay('delete')} onClick={props.onDelete}>
          {t('browse.delete')}
        </Button>
      )}
      {!props.noAdd && permissions.mayCreate(collection) && (
        <Button icon="add" onClick={() => navigate(itemHref(project, collection, NEW_ITEM_KEY))}>
          {t('browse.add')}
        </Button>
      )}
    </>
  );
}

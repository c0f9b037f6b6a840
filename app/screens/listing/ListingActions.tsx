import { useLocation } from 'wouter';
import { useT } from '../../i18n';
import { itemHref, NEW_ITEM_KEY } from '../../paths';
import { usePermissionModel, useProjectKey } from '../../state/hooks';
import { ListingIcon } from './ListingIcon';
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
        <button
          type="button"
          className="button button--secondary"
          disabled={selection.length < 2 || !allMay('update')}
          title={selection.length < 2 ? t('browse.batch_needs_two') : undefined}
          onClick={() => navigate(itemHref(project, collection, selection))}
        >
          <ListingIcon name="edit" />
          {t('browse.batch_edit')}
        </button>
      )}
      {selection.length > 0 && permissions.mayOnSome('delete', collection) && (
        <button
          type="button"
          className="button button--danger"
          disabled={!allMay('delete')}
          onClick={props.onDelete}
        >
          <ListingIcon name="delete" />
          {t('browse.delete')}
        </button>
      )}
      {permissions.mayCreate(collection) && (
        <button
          type="button"
          className="button"
          onClick={() => navigate(itemHref(project, collection, NEW_ITEM_KEY))}
        >
          <ListingIcon name="add" />
          {t('browse.add')}
        </button>
      )}
    </>
  );
}

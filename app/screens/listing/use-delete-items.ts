import { useState } from 'react';
import { removeItems } from '../../api/items';
import { useT } from '../../i18n';
import { useApi, useNotify, useSchema } from '../../state/hooks';
import { softDeleteOf, statusMappingOf } from '../../state/schema-info';
import { useErrorText } from '../../i18n/errors';

/**
 * Deleting the selected items after the user confirms: the same rule as the item page, so a collection
 * with a soft-delete status keeps its items and only sets that status.
 */
export function useDeleteItems(collection: string, onDone: () => void) {
  const api = useApi();
  const t = useT();
  const notify = useNotify();
  const errorText = useErrorText();
  const schema = useSchema();
  const softDelete = softDeleteOf(schema.collections[collection], schema.fields[collection] ?? []);
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const [deleting, setDeleting] = useState(false);

  const confirm = async () => {
    if (!confirming) return;
    setDeleting(true);
    try {
      await removeItems(api, collection, confirming, softDelete);
      notify({ title: t('browse.deleted', { count: confirming.length }), color: 'success' });
      onDone();
    } catch (error) {
      notify({
        title: t('browse.delete_failed'),
        details: errorText(error),
        color: 'danger',
      });
    } finally {
      setDeleting(false);
      setConfirming(null);
    }
  };

  // Say what will happen (spec §4 Delete): marked with the soft-delete status, or removed for good.
  const mapping = statusMappingOf(schema.collections[collection], schema.fields[collection] ?? []) ?? {};
  const statusEntry = Object.entries(mapping).find(
    ([key, entry]) => softDelete && (entry?.value ?? key) === softDelete.value,
  );
  const statusName = statusEntry?.[1]?.name || String(softDelete?.value ?? '');
  const message = confirming
    ? softDelete
      ? t('browse.delete_soft_message', { count: confirming.length, status: statusName })
      : t('browse.delete_hard_message', { count: confirming.length })
    : '';
  return {
    confirming: confirming !== null,
    deleting,
    message,
    ask: (keys: string[]) => setConfirming(keys),
    cancel: () => setConfirming(null),
    confirm,
  };
}

import { useState } from 'react';
import type { FieldDefinition } from '../../../engine/types';
import { saveSortValues } from '../../api/items';
import { useT } from '../../i18n';
import { useApi, useNotify, usePermissionModel } from '../../state/hooks';
import { reorderItems, type Item } from './manual-sort';
import { useErrorText } from '../../i18n/errors';

/**
 * Drag to reorder (api-v8 §3.5): the new order shows at once and the sort values are written in one
 * batch; a failed write puts the server's order back. Offered only to callers who may write the sort field.
 */
export function useManualSort(options: {
  collection: string;
  primaryKey: string;
  sortField: FieldDefinition | undefined;
  items: Item[];
}) {
  const { collection, primaryKey, sortField, items } = options;
  const api = useApi();
  const t = useT();
  const notify = useNotify();
  const errorText = useErrorText();
  const permissions = usePermissionModel();
  const [reordered, setReordered] = useState<{ source: Item[]; items: Item[] } | null>(null);
  const shown = reordered && reordered.source === items ? reordered.items : items;

  const onReorder = (from: number, to: number) => {
    if (!sortField) return;
    const result = reorderItems(shown, primaryKey, sortField.field, from, to);
    if (result.changes.length === 0) return;
    setReordered({ source: items, items: result.items });
    saveSortValues(api, collection, primaryKey, sortField.field, result.changes).catch((error: unknown) => {
      setReordered(null);
      notify({
        title: t('browse.reorder_failed'),
        details: errorText(error),
        color: 'danger',
      });
    });
  };

  const allowed = Boolean(sortField) && permissions.mayReorder(collection, sortField!.field);
  return { items: shown, onReorder: allowed ? onReorder : undefined };
}

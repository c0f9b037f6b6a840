import './exchange-catalog';
import { lazy, Suspense, useState } from 'react';
import type { FieldDefinition, LayoutDefinition } from '../../../engine/types';
import { Menu, type MenuItem } from '../../../ui';
import { exportItems, type ExportFormat } from '../../api/exchange';
import { useT } from '../../i18n';
import { isSystemCollection } from '../../paths';
import { useApi, useNotify, usePermissionModel } from '../../state/hooks';
import { exportParams } from './export-params';
import type { ListingView } from './useListingView';
import { useErrorText } from '../../i18n/errors';

// The dialog brings the CSV parser: a chunk of its own, loaded when the user opens it.
const ImportDialog = lazy(() => import('./ImportDialog'));

/** Hands a file to the browser as a download. */
function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // After the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * The listing's export and import menu: the current view as CSV or JSON, and CSV import for callers
 * who may create items here.
 */
export function ExchangeMenu(props: {
  collection: string;
  collectionName: string;
  fields: FieldDefinition[];
  layout: LayoutDefinition;
  layoutQuery: Record<string, unknown>;
  view: ListingView;
  onImported: () => void;
}) {
  const { collection } = props;
  const t = useT();
  const api = useApi();
  const notify = useNotify();
  const errorText = useErrorText();
  const permissions = usePermissionModel();
  const [busy, setBusy] = useState(false);
  const [importing, setImporting] = useState(false);
  const mayImport = !isSystemCollection(collection) && permissions.mayCreate(collection);

  const download = async (format: ExportFormat) => {
    setBusy(true);
    try {
      const file = await exportItems(api, collection, format, exportParams(props));
      saveFile(file.blob, file.filename);
    } catch (error) {
      notify({
        title: t('exchange.export_failed'),
        details: errorText(error),
        color: 'danger',
      });
    } finally {
      setBusy(false);
    }
  };

  const items: MenuItem[] = [
    { id: 'csv', label: t('exchange.export_csv'), icon: 'table_view', onSelect: () => download('csv') },
    { id: 'json', label: t('exchange.export_json'), icon: 'data_object', onSelect: () => download('json') },
  ];
  if (mayImport) {
    items.push({
      id: 'import',
      label: t('exchange.import_csv'),
      icon: 'upload_file',
      onSelect: () => setImporting(true),
    });
  }
  if (isSystemCollection(collection)) return null;
  return (
    <>
      <Menu
        label={
          busy ? t('exchange.exporting') : mayImport ? t('exchange.menu_with_import') : t('exchange.menu')
        }
        icon="import_export"
        showLabel
        align="end"
        items={items}
        disabled={busy}
      />
      {importing && (
        <Suspense fallback={null}>
          <ImportDialog
            collection={collection}
            collectionName={props.collectionName}
            onClose={() => setImporting(false)}
            onImported={props.onImported}
          />
        </Suspense>
      )}
    </>
  );
}

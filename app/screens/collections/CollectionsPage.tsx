import { useCallback, useMemo } from 'react';
import { useLocation } from 'wouter';
import { Table, type TableColumn } from '../../../ui';
import { useLocale, useT } from '../../i18n';
import { Page } from '../../shell/Page';
import { collectionHref } from '../../paths';
import { collectionName } from '../../names';
import { usePermissionModel, useProjectKey } from '../../state/hooks';
import type { CollectionMeta } from '../../state/types';
import { ListingState } from '../listing/ListingState';
import './collections.css';

const isOn = (value: unknown) => value === true || value === 1 || value === '1';

/** `/{project}/collections`: the user collections the role can read, with their notes (spec §2). */
export default function CollectionsPage() {
  const t = useT();
  const { locale } = useLocale();
  const project = useProjectKey();
  const permissions = usePermissionModel();
  const [, navigate] = useLocation();

  const rows = useMemo(
    () => permissions.visibleCollections((meta) => collectionName(meta.collection, meta, locale)),
    [permissions, locale],
  );
  const columns: TableColumn[] = [
    { key: 'collection', label: t('browse.collection'), width: 260 },
    { key: 'note', label: t('browse.note'), width: 520 },
  ];
  // A single collection opens its item: the listing route sends it on (spec §2).
  const open = useCallback(
    (meta: CollectionMeta) => navigate(collectionHref(project, meta.collection)),
    [navigate, project],
  );

  return (
    <Page
      title={t('browse.collections')}
      breadcrumb={[{ label: t('browse.collections') }]}
      info={<p className="info-sidebar__empty">{t('browse.collections_info')}</p>}
      className="collections-page"
    >
      {rows.length === 0 ? (
        <ListingState
          kind="empty"
          title={t('browse.no_collections')}
          body={t('browse.no_collections_body')}
        />
      ) : (
        <Table
          label={t('browse.collections')}
          columns={columns}
          rows={rows}
          rowKey={(meta) => meta.collection}
          onRowClick={open}
          renderCell={(meta, column) =>
            column.key === 'collection' ? (
              <a
                className="collections-page__name"
                href={`#${collectionHref(project, meta.collection)}`}
                onClick={(event) => event.stopPropagation()}
              >
                {collectionName(meta.collection, meta, locale)}
                {isOn(meta.single) && <span className="collections-page__single">{t('browse.single')}</span>}
              </a>
            ) : (
              <span className="collections-page__note">{meta.note ?? ''}</span>
            )
          }
        />
      )}
    </Page>
  );
}

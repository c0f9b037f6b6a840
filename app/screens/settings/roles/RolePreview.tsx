import '../catalogs';
import { useEffect, useState } from 'react';
import { EmptyState, Modal, Notice, Select, Spinner } from '../../../../ui';
import { previewItems } from '../../../api/roles';
import type { ApiRequestError } from '../../../api/client';
import { useT } from '../../../i18n';
import { useApi } from '../../../state/hooks';

const PAGE = 50;

type Answer =
  | { state: 'loading' }
  | { state: 'error'; code: number; message: string }
  | { state: 'loaded'; rows: Array<Record<string, unknown>>; count: number | null };

/** A cell's value as plain text: objects (relations, JSON) as JSON, nothing as an empty cell. */
export function previewText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * "What this role can see": a collection's listing read with the role's permission set (the server's
 * read-only X-Octavo-Preview-Role), as a table of the fields the role may read. No password, no
 * writes; what it shows is the saved permissions.
 */
export function RolePreview(props: {
  role: { id: number; name: string };
  collection: string | null;
  collections: Array<{ value: string; label: string }>;
  onCollection: (collection: string) => void;
  onClose: () => void;
  unsaved: boolean;
}) {
  const t = useT();
  const api = useApi();
  const [answer, setAnswer] = useState<Answer>({ state: 'loading' });
  const { collection } = props;

  useEffect(() => {
    if (!collection) return;
    let live = true;
    setAnswer({ state: 'loading' });
    previewItems(api, props.role.id, collection, { limit: PAGE, meta: 'filter_count', fields: '*' }).then(
      (result) => {
        if (!live) return;
        const count = result.meta?.filter_count;
        setAnswer({
          state: 'loaded',
          rows: result.data ?? [],
          count: typeof count === 'number' ? count : null,
        });
      },
      (failure: ApiRequestError) => {
        if (live) setAnswer({ state: 'error', code: failure.code, message: failure.message });
      },
    );
    return () => {
      live = false;
    };
  }, [api, collection, props.role.id]);

  const columns =
    answer.state === 'loaded' ? [...new Set(answer.rows.flatMap((row) => Object.keys(row)))] : [];
  return (
    <Modal
      open={collection !== null}
      onClose={props.onClose}
      closeLabel={t('settings_roles.close')}
      size="large"
      title={t('settings_roles.preview_title', { role: props.role.name })}
    >
      <div className="role-preview">
        <p className="role-preview__intro">{t('settings_roles.preview_intro')}</p>
        {props.unsaved && <Notice color="warning">{t('settings_roles.preview_unsaved')}</Notice>}
        <label htmlFor="role-preview-collection" className="role-preview__label">
          {t('settings_roles.preview_collection_label')}
        </label>
        <Select
          id="role-preview-collection"
          choices={props.collections}
          value={collection}
          onChange={(value) => value && props.onCollection(value)}
          placeholder={t('settings_roles.choose_collection')}
        />
        {answer.state === 'loading' && <Spinner label={t('settings_roles.loading')} showLabel />}
        {answer.state === 'error' &&
          (answer.code === 300 || answer.code === 3 ? (
            <EmptyState
              icon="visibility_off"
              title={t('settings_roles.preview_no_access')}
              headingLevel={3}
            />
          ) : (
            <Notice color="danger" live="alert">
              {answer.message || t('settings_roles.load_failed')}
            </Notice>
          ))}
        {answer.state === 'loaded' && (
          <>
            <p className="role-preview__count" role="status" data-testid="preview-count">
              {answer.count !== null
                ? t('settings_roles.preview_count', { count: answer.count })
                : t('settings_roles.preview_shown', { count: answer.rows.length })}
            </p>
            {answer.rows.length === 0 ? (
              <EmptyState icon="inbox" title={t('settings_roles.preview_empty')} headingLevel={3} />
            ) : (
              <div
                className="role-preview__scroll"
                tabIndex={0}
                aria-label={t('settings_roles.preview_table')}
              >
                <table className="role-preview__table" data-testid="preview-table">
                  <thead>
                    <tr>
                      {columns.map((column) => (
                        <th key={column} scope="col">
                          {column}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {answer.rows.map((row, index) => (
                      <tr key={index}>
                        {columns.map((column) => (
                          <td key={column}>{previewText(row[column])}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}

import './catalog';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { Badge, Button, CheckboxGroup, Icon, Modal, Notice, RadioGroup, TextInput } from '../../../../ui';
import { useLocale, useT } from '../../../i18n';
import { useApi, useAppData, useProjectKey } from '../../../state/hooks';
import { collectionName } from '../../../names';
import { isSystemCollection, settingsCollectionHref, settingsHref } from '../../../paths';
import { Page } from '../../../shell/Page';
import { createCollection, itemCount } from '../../../api/schema';
import {
  newCollectionFields,
  safeName,
  SYSTEM_FIELD_KINDS,
  validCollectionName,
  type PrimaryKeyKind,
  type SystemFieldKind,
} from './schema-rules';
import '../settings.css';
import './collections.css';
import { useErrorText } from '../../../i18n/errors';

/** Item counts per collection, loaded after the list shows (null while loading, undefined on failure). */
function useItemCounts(names: string[]): Record<string, number | null | undefined> {
  const api = useApi();
  const [counts, setCounts] = useState<Record<string, number | null | undefined>>({});
  const key = names.join(',');
  useEffect(() => {
    let alive = true;
    setCounts(Object.fromEntries(names.map((name) => [name, null])));
    for (const name of names) {
      itemCount(api, name).then(
        (count) => alive && setCounts((current) => ({ ...current, [name]: count })),
        () => alive && setCounts((current) => ({ ...current, [name]: undefined })),
      );
    }
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the names
  }, [api, key]);
  return counts;
}

/** /{project}/settings/collections: the user collections with their flags, and "new collection". */
export function CollectionsList() {
  const t = useT();
  const { locale } = useLocale();
  const project = useProjectKey();
  const { data } = useAppData();
  const [creating, setCreating] = useState(false);
  const collections = useMemo(
    () =>
      Object.values(data.schema.collections)
        .filter((meta) => !isSystemCollection(meta.collection))
        .sort((a, b) => a.collection.localeCompare(b.collection)),
    [data.schema.collections],
  );
  const counts = useItemCounts(collections.map((meta) => meta.collection));
  return (
    <Page
      title={t('settings_collections.title')}
      breadcrumb={[{ label: t('settings_collections.settings'), href: settingsHref(project) }]}
      className="settings-page collections-designer"
      actions={
        <Button icon="add" onClick={() => setCreating(true)}>
          {t('settings_collections.new')}
        </Button>
      }
      info={<p className="info-sidebar__empty">{t('settings_collections.info_list')}</p>}
    >
      {collections.length === 0 ? (
        <Notice>{t('settings_collections.none')}</Notice>
      ) : (
        <table className="designer-table" aria-label={t('settings_collections.title')}>
          <thead>
            <tr>
              <th scope="col">{t('settings_collections.col_name')}</th>
              <th scope="col" className="designer-table__note">
                {t('settings_collections.col_note')}
              </th>
              <th scope="col" className="designer-table__number">
                {t('settings_collections.col_items')}
              </th>
              <th scope="col">{t('settings_collections.col_flags')}</th>
            </tr>
          </thead>
          <tbody>
            {collections.map((meta) => {
              const count = counts[meta.collection];
              return (
                <tr key={meta.collection}>
                  <th scope="row">
                    <a
                      className="designer-table__link"
                      href={`#${settingsCollectionHref(project, meta.collection)}`}
                    >
                      <Icon name={meta.icon || 'label'} />
                      <span>
                        {collectionName(meta.collection, meta, locale)}
                        <code className="designer-table__id">{meta.collection}</code>
                      </span>
                    </a>
                  </th>
                  <td className="designer-table__note">{meta.note || ''}</td>
                  <td className="designer-table__number">
                    {count === null
                      ? '…'
                      : count === undefined
                        ? t('settings_collections.count_unknown')
                        : new Intl.NumberFormat(locale).format(count)}
                  </td>
                  <td>
                    <span className="designer-flags">
                      {meta.hidden && <Badge subdued>{t('settings_collections.flag_hidden')}</Badge>}
                      {meta.single && <Badge subdued>{t('settings_collections.flag_single')}</Badge>}
                      {!meta.managed && <Badge subdued>{t('settings_collections.flag_unmanaged')}</Badge>}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {creating && <NewCollectionDialog onClose={() => setCreating(false)} />}
    </Page>
  );
}

/** The "new collection" prompt: a safe-mode name, the primary key and the system fields. */
function NewCollectionDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const errorText = useErrorText();
  const api = useApi();
  const project = useProjectKey();
  const { data, refreshSchema } = useAppData();
  const [, navigate] = useLocation();
  const [typed, setTyped] = useState('');
  const [key, setKey] = useState<PrimaryKeyKind>('integer');
  const [system, setSystem] = useState<SystemFieldKind[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = safeName(typed);
  const exists = Object.keys(data.schema.collections).some((c) => c.toLowerCase() === name);
  const invalid = typed.trim() !== '' && !validCollectionName(name);
  const problem = invalid
    ? t('settings_collections.invalid_name')
    : exists
      ? t('settings_collections.exists', { name })
      : null;
  const submit = async () => {
    if (!name || problem) return;
    setBusy(true);
    setError(null);
    try {
      await createCollection(api, { collection: name, fields: newCollectionFields(key, system) });
      await refreshSchema();
      onClose();
      navigate(settingsCollectionHref(project, name));
    } catch (failure) {
      setError(errorText(failure));
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={t('settings_collections.new_title')}
      closeLabel={t('settings_collections.cancel')}
      size="medium"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('settings_collections.cancel')}
          </Button>
          <Button
            onClick={submit}
            loading={busy}
            disabled={!name || !!problem || busy}
            data-testid="create-collection"
          >
            {t('settings_collections.create')}
          </Button>
        </>
      }
    >
      <form
        className="designer-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="designer-form__field">
          <label htmlFor="new-collection-name">{t('settings_collections.name')}</label>
          <TextInput
            id="new-collection-name"
            value={typed}
            onChange={setTyped}
            autoFocus
            required
            invalid={!!problem}
            describedBy="new-collection-name-hint"
          />
          <p id="new-collection-name-hint" className={problem ? 'designer-error' : 'designer-hint'}>
            {problem ??
              (name ? t('settings_collections.name_as', { name }) : t('settings_collections.name_hint'))}
          </p>
        </div>
        <p className="designer-label" aria-hidden="true">
          {t('settings_collections.primary_key')}
        </p>
        <RadioGroup
          name="new-collection-key"
          label={t('settings_collections.primary_key')}
          value={key}
          onChange={(value) => setKey(value as PrimaryKeyKind)}
          choices={[
            { value: 'integer', label: t('settings_collections.key_integer') },
            { value: 'uuid', label: t('settings_collections.key_uuid') },
            { value: 'string', label: t('settings_collections.key_string') },
          ]}
        />
        <p className="designer-label" aria-hidden="true">
          {t('settings_collections.system_fields')}
        </p>
        <CheckboxGroup
          label={t('settings_collections.system_fields')}
          value={system}
          onChange={(value) => setSystem(value as SystemFieldKind[])}
          choices={SYSTEM_FIELD_KINDS.map((kind) => ({
            value: kind,
            label: t(`settings_collections.system_${kind}`),
          }))}
        />
        {error && (
          <Notice color="danger" live="alert">
            {error}
          </Notice>
        )}
      </form>
    </Modal>
  );
}

export default CollectionsList;

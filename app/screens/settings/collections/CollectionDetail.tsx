import './catalog';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { Button, buttonClassName, ConfirmDialog, EmptyState, Notice } from '../../../../ui';
import { ItemForm } from '../../../../engine/form/ItemForm';
import type { FieldDefinition } from '../../../../engine/types';
import { useLocale, useT, type Translate } from '../../../i18n';
import { useApi, useAppData, useNotify, useProjectKey, useRegistry } from '../../../state/hooks';
import { useReportProblem } from '../../../shell/problems';
import { collectionName } from '../../../names';
import { collectionHref, isSystemCollection, settingsCollectionsHref, settingsHref } from '../../../paths';
import { Page } from '../../../shell/Page';
import { deleteCollection, itemCount, updateCollection } from '../../../api/schema';
import { statusMappingOf } from '../../../state/schema-info';
import { FieldList } from './FieldList';
import { translationField } from './FieldWizard';
import '../settings.css';
import './collections.css';
import { useErrorText } from '../../../i18n/errors';

/** The collection's own settings as field definitions, drawn by the form engine (spec §3 Collection). */
export function collectionSettingsFields(t: Translate, withStatus: boolean): FieldDefinition[] {
  const fields: FieldDefinition[] = [
    {
      field: 'note',
      name: t('settings_collections.note'),
      type: 'string',
      interface: 'text-input',
      width: 'full',
      sort: 1,
    },
    {
      field: 'icon',
      name: t('settings_collections.icon'),
      type: 'string',
      interface: 'icon',
      width: 'full',
      sort: 4,
    },
    {
      field: 'hidden',
      name: t('settings_collections.hidden'),
      type: 'boolean',
      interface: 'switch',
      width: 'half',
      note: t('settings_collections.hidden_note'),
      sort: 2,
    },
    {
      field: 'single',
      name: t('settings_collections.single'),
      type: 'boolean',
      interface: 'switch',
      width: 'half',
      note: t('settings_collections.single_note'),
      sort: 3,
    },
    {
      ...translationField(t, {
        name: t('settings_collections.translation'),
        note: t('settings_collections.translation_note'),
      }),
      sort: 5,
    },
  ];
  if (withStatus) {
    const flag = (field: string) => ({
      field,
      name: t(`settings_collections.status_${field}`),
      type: 'boolean',
      interface: 'switch',
      width: 'half' as const,
    });
    fields.push({
      field: 'status_mapping',
      name: t('settings_collections.status_mapping'),
      type: 'json',
      interface: 'repeater',
      width: 'full',
      note: t('settings_collections.status_mapping_note'),
      sort: 6,
      options: {
        template: '{{ name }} ({{ value }})',
        createItemText: t('settings_collections.add_status'),
        structure: 'object',
        structure_key: 'value',
        fields: [
          {
            field: 'name',
            name: t('settings_collections.status_name'),
            type: 'string',
            interface: 'text-input',
            width: 'half',
          },
          {
            field: 'value',
            name: t('settings_collections.status_value'),
            type: 'string',
            interface: 'text-input',
            width: 'half',
          },
          {
            field: 'text_color',
            name: t('settings_collections.status_text_color'),
            type: 'string',
            interface: 'color-palette',
            width: 'half',
          },
          {
            field: 'background_color',
            name: t('settings_collections.status_background_color'),
            type: 'string',
            interface: 'color-palette',
            width: 'half',
          },
          flag('browse_subdued'),
          flag('browse_badge'),
          flag('soft_delete'),
          flag('required_fields'),
          flag('published'),
          flag('read'),
        ],
      },
    });
  }
  return fields;
}

/** /{project}/settings/collections/{collection}: the collection's settings, its fields, delete. */
export function CollectionDetail({ collection }: { collection: string }) {
  const t = useT();
  const { locale } = useLocale();
  const project = useProjectKey();
  const { data } = useAppData();
  const meta = data.schema.collections[collection];
  const crumbs = [
    { label: t('settings_collections.settings'), href: settingsHref(project) },
    { label: t('settings_collections.title'), href: settingsCollectionsHref(project) },
  ];
  if (!meta || isSystemCollection(collection)) {
    return (
      <Page title={collection} breadcrumb={crumbs} className="settings-page">
        <EmptyState
          framed
          icon="search_off"
          title={t('settings_collections.not_found', { collection })}
          action={
            <a
              className={buttonClassName({ variant: 'secondary' })}
              href={`#${settingsCollectionsHref(project)}`}
            >
              {t('settings_collections.back')}
            </a>
          }
        />
      </Page>
    );
  }
  return (
    <Page
      title={collectionName(collection, meta, locale)}
      breadcrumb={crumbs}
      className="settings-page collections-designer"
      actions={<DetailActions collection={collection} />}
      info={<p className="info-sidebar__empty">{t('settings_collections.info_detail')}</p>}
    >
      <FieldList collection={collection} />
      <CollectionSettings key={collection} collection={collection} />
    </Page>
  );
}

function DetailActions({ collection }: { collection: string }) {
  const t = useT();
  const api = useApi();
  const project = useProjectKey();
  const notify = useNotify();
  const errorText = useErrorText();
  const { data, refreshSchema } = useAppData();
  const [, navigate] = useLocation();
  const [confirm, setConfirm] = useState<{ items: number | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const fields = data.schema.fields[collection] ?? [];
  const relations = data.schema.relations.filter(
    (r) => r.collection_many === collection || r.collection_one === collection,
  );
  const ask = async () => {
    setConfirm({ items: null });
    try {
      setConfirm({ items: await itemCount(api, collection) });
    } catch {
      // The count is only for the message; the delete still works.
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await deleteCollection(api, collection);
      setConfirm(null);
      navigate(settingsCollectionsHref(project));
      await refreshSchema();
      notify({ title: t('settings_collections.deleted', { collection }), color: 'success' });
    } catch (failure) {
      notify({
        title: t('settings_collections.delete_failed'),
        details: errorText(failure),
        color: 'danger',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <a
        className={buttonClassName({ variant: 'secondary' })}
        href={`#${collectionHref(project, collection)}`}
      >
        {t('settings_collections.open_items')}
      </a>
      <Button variant="danger" icon="delete" onClick={() => void ask()}>
        {t('settings_collections.delete')}
      </Button>
      <ConfirmDialog
        open={confirm !== null}
        danger
        busy={busy}
        title={t('settings_collections.delete_title', { collection })}
        message={t('settings_collections.delete_message', {
          items: confirm?.items ?? -1,
          fields: fields.length,
          relations: relations.length,
        })}
        confirmLabel={t('settings_collections.delete_confirm')}
        cancelLabel={t('settings_collections.cancel')}
        onConfirm={() => void remove()}
        onCancel={() => setConfirm(null)}
      />
    </>
  );
}

function CollectionSettings({ collection }: { collection: string }) {
  const t = useT();
  const api = useApi();
  const registry = useRegistry();
  const notify = useNotify();
  const errorText = useErrorText();
  const reportProblem = useReportProblem();
  const { data, refreshSchema } = useAppData();
  const meta = data.schema.collections[collection]!;
  const fields = useMemo(() => data.schema.fields[collection] ?? [], [data.schema.fields, collection]);
  const withStatus = fields.some((f) => f.type === 'status');
  const definitions = useMemo(() => collectionSettingsFields(t, withStatus), [t, withStatus]);
  const baseline = useMemo(
    () => ({
      note: meta.note ?? null,
      icon: meta.icon ?? null,
      hidden: !!meta.hidden,
      single: !!meta.single,
      translation: Array.isArray(meta.translation) ? meta.translation : null,
      ...(withStatus ? { status_mapping: statusMappingOf(meta, fields) } : {}),
    }),
    [meta, fields, withStatus],
  );
  const [staged, setStaged] = useState<Record<string, unknown>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const values = { ...baseline, ...staged };
  const changed = Object.keys(staged).length > 0;
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await updateCollection(api, collection, staged);
      await refreshSchema();
      setStaged({});
      notify({ title: t('settings_collections.saved'), color: 'success' });
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="settings-section designer-section" aria-labelledby="collection-settings">
      <h2 id="collection-settings" className="settings-section__title">
        {t('settings_collections.collection_settings')}
      </h2>
      <ItemForm
        fields={definitions}
        registry={registry}
        values={values}
        baseline={baseline}
        idPrefix="collection"
        onProblem={reportProblem}
        onStage={(field, value) =>
          setStaged((current) => {
            const next = { ...current };
            if (JSON.stringify(value) === JSON.stringify((baseline as Record<string, unknown>)[field]))
              delete next[field];
            else next[field] = value;
            return next;
          })
        }
      />
      {error && (
        <Notice color="danger" live="alert">
          {error}
        </Notice>
      )}
      <div className="designer-section__actions">
        <Button variant="secondary" disabled={!changed || busy} onClick={() => setStaged({})}>
          {t('settings_collections.discard')}
        </Button>
        <Button icon="check" disabled={!changed || busy} loading={busy} onClick={() => void save()}>
          {t('settings_collections.save')}
        </Button>
      </div>
    </section>
  );
}

export default CollectionDetail;

import '../catalogs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ItemForm } from '../../../../engine/form/ItemForm';
import type { FieldDefinition } from '../../../../engine/types';
import { useLocation } from 'wouter';
import { Button, ConfirmDialog, EmptyState, Spinner } from '../../../../ui';
import { loadSettings, loadSettingsFields, saveSettings, type SettingRow } from '../../../api/settings';
import { sameValue } from '../../../../machines/item-edit.machine';
import { useT } from '../../../i18n';
import { Page } from '../../../shell/Page';
import { keySettings } from '../../../state/hydrate';
import {
  useApi,
  useAppData,
  useLocalizeFields,
  useNotify,
  useProjectKey,
  useRegistry,
} from '../../../state/hooks';
import { useProjects } from '../../../state/projects';
import { useMapTiles } from '../../../state/map-tiles';
import { settingsHref } from '../../../paths';
import { useLeaveGuard } from '../../item/use-leave-guard';
import { RequestedItemPicker } from '../../item/ItemPickerModal';
import { useRelationalServices } from '../../item/use-relational-services';
import '../settings.css';
import { useErrorText } from '../../../i18n/errors';

type Values = Record<string, unknown>;

interface Loaded {
  fields: FieldDefinition[];
  rows: SettingRow[];
}

/**
 * Project settings (`/{project}/settings/global`, spec §2, §7): the `directus_settings` rows as one form
 * drawn from the settings fields (their dividers group them), saved by key. Branding changes reach the
 * shell and the public pages at once: the project's info is reloaded after a save.
 */
export function ProjectSettings() {
  const t = useT();
  const api = useApi();
  const project = useProjectKey();
  const registry = useRegistry();
  const localizeFields = useLocalizeFields();
  const notify = useNotify();
  const errorText = useErrorText();
  const store = useAppData();
  const projects = useProjects();
  const mapTiles = useMapTiles();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [staged, setStaged] = useState<Values>({});
  const [saving, setSaving] = useState(false);
  const { services: relational, picker, closePicker } = useRelationalServices('directus_settings');
  const services = useMemo(() => ({ ...relational, mapTiles }), [relational, mapTiles]);

  const load = useCallback(async () => {
    setFailed(null);
    try {
      const [fields, rows] = await Promise.all([loadSettingsFields(api), loadSettings(api)]);
      setLoaded({ fields, rows });
      setStaged({});
    } catch (error) {
      setFailed(error instanceof Error ? error.message : String(error));
    }
  }, [api]);

  useEffect(() => {
    void load();
  }, [load]);

  const baseline = useMemo<Values>(
    () => Object.fromEntries((loaded?.rows ?? []).map((row) => [row.key, row.value])),
    [loaded],
  );
  const values = useMemo(() => ({ ...baseline, ...staged }), [baseline, staged]);
  // The settings' labels, notes and choices in the user's language (the served text where none).
  const localizedFields = useMemo(
    () => loaded && localizeFields(loaded.fields, 'directus_settings'),
    [loaded, localizeFields],
  );
  const dirty = Object.keys(staged).length > 0;
  const [, navigate] = useLocation();
  const [leavingTo, setLeavingTo] = useState<string | null>(null);
  const allowNavigation = useLeaveGuard(dirty, setLeavingTo);

  const stage = useCallback(
    (field: string, value: unknown) => {
      setStaged((current) => {
        const next = { ...current };
        if (sameValue(baseline[field], value)) delete next[field];
        else next[field] = value;
        return next;
      });
    },
    [baseline],
  );

  const save = useCallback(async () => {
    if (!loaded || !dirty) return;
    setSaving(true);
    try {
      await saveSettings(api, loaded.rows, staged);
      const rows = await loadSettings(api);
      setLoaded({ fields: loaded.fields, rows });
      setStaged({});
      store.update((data) => ({ ...data, settings: keySettings(rows) }));
      void projects.refreshProjectInfo(project).catch(() => {
        // The branding shows after the next reload; the settings themselves are saved.
      });
      notify({ title: t('settings_global.saved'), color: 'success' });
    } catch (error) {
      notify({
        title: t('settings_global.save_failed'),
        details: errorText(error),
        color: 'danger',
      });
    } finally {
      setSaving(false);
    }
  }, [api, dirty, loaded, notify, project, projects, staged, store, t, errorText]);

  // Ctrl/Cmd+S saves, as on item pages.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void save();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [save]);

  const actions = loaded && (
    <>
      <Button variant="secondary" disabled={!dirty || saving} onClick={() => setStaged({})}>
        {t('settings_global.discard')}
      </Button>
      <Button icon="check" disabled={!dirty} loading={saving} onClick={() => void save()}>
        {t('settings_global.save')}
      </Button>
    </>
  );

  return (
    <Page
      title={t('settings_global.title')}
      className="settings-page"
      breadcrumb={[{ label: t('settings.title'), href: settingsHref(project) }]}
      actions={actions}
      info={<p className="info-sidebar__empty">{t('settings_global.info')}</p>}
    >
      {failed ? (
        <EmptyState
          icon="cloud_off"
          title={t('settings_global.load_failed')}
          body={failed}
          action={<Button onClick={() => void load()}>{t('settings_global.retry')}</Button>}
        />
      ) : !loaded ? (
        <Spinner label={t('settings_global.loading')} />
      ) : (
        <div className="settings-form">
          <ItemForm
            idPrefix="settings"
            fields={localizedFields!}
            registry={registry}
            values={values}
            baseline={baseline}
            onStage={stage}
            services={services}
          />
        </div>
      )}
      <ConfirmDialog
        open={leavingTo !== null}
        title={t('settings_global.leave_title')}
        message={t('settings_global.leave_message')}
        confirmLabel={t('settings_global.leave_confirm')}
        cancelLabel={t('settings_global.leave_cancel')}
        danger
        onConfirm={() => {
          const to = leavingTo!;
          setLeavingTo(null);
          allowNavigation();
          navigate(to);
        }}
        onCancel={() => setLeavingTo(null)}
      />
      {picker && <RequestedItemPicker picker={picker} closePicker={closePicker} />}
    </Page>
  );
}

export default ProjectSettings;

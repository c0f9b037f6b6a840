import './catalog';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ItemForm } from '../../../engine/form/ItemForm';
import type { FieldDefinition } from '../../../engine/types';
import { sameValue } from '../../../machines/item-edit.machine';
import { Button, EmptyState, Spinner } from '../../../ui';
import { loadProfile, PROFILE_FIELDS, saveProfile, type ProfileValues } from '../../api/profile';
import { useLocale, useT } from '../../i18n';
import { Page } from '../../shell/Page';
import { useApi, useAppData, useNotify, useRegistry, useSchema } from '../../state/hooks';
import { applyTheme } from '../../theme/theme';
import { RequestedItemPicker } from '../item/ItemPickerModal';
import { useRelationalServices } from '../item/use-relational-services';
import { PasswordSection } from './PasswordSection';
import { TwoFactorSection } from './TwoFactorSection';
import { SessionsSection } from './SessionsSection';
import './profile.css';
import { useErrorText } from '../../i18n/errors';

/** An expanded file row (the avatar) as the key the API writes. */
function keyOf(value: unknown): unknown {
  return value && typeof value === 'object' && 'id' in value ? (value as { id: unknown }).id : value;
}

/**
 * My profile (`/{project}/me`, issue 13): the signed-in user's own record — the details form (the
 * directus_users fields with their own interfaces: file for the avatar, language for the locale),
 * then password, two-factor authentication and sessions. The theme shows as soon as it is picked;
 * a saved locale becomes the app's language at once.
 */
export default function ProfilePage() {
  const t = useT();
  const api = useApi();
  const store = useAppData();
  const schema = useSchema();
  const registry = useRegistry();
  const notify = useNotify();
  const errorText = useErrorText();
  const { setLocale } = useLocale();
  const [baseline, setBaseline] = useState<ProfileValues | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [staged, setStaged] = useState<ProfileValues>({});
  const [saving, setSaving] = useState(false);
  const { services, picker, closePicker } = useRelationalServices('directus_users');

  const fields = useMemo<FieldDefinition[]>(() => {
    const all = schema.fields.directus_users ?? [];
    // In the profile's own order (the avatar first), whatever the collection's sort says.
    return PROFILE_FIELDS.flatMap((name, index) => {
      const field = all.find((f) => f.field === name);
      return field ? [{ ...field, sort: index + 1, readonly: false, hidden_detail: false }] : [];
    });
  }, [schema.fields]);

  const load = useCallback(async () => {
    setFailed(null);
    try {
      setBaseline(await loadProfile(api));
      setStaged({});
    } catch (error) {
      setFailed(error instanceof Error ? error.message : String(error));
    }
  }, [api]);
  useEffect(() => {
    void load();
  }, [load]);

  const savedTheme = baseline?.theme as string | undefined;
  // The theme shows as soon as it is picked; leaving unsaved puts the saved one back.
  useEffect(() => {
    if (savedTheme === undefined) return;
    applyTheme((staged.theme as string | undefined) ?? savedTheme);
  }, [staged.theme, savedTheme]);
  const userTheme = useRef(store.data.user.theme);
  userTheme.current = store.data.user.theme;
  useEffect(() => () => applyTheme(userTheme.current), []);

  const stage = useCallback(
    (field: string, value: unknown) => {
      setStaged((current) => {
        const next = { ...current };
        if (baseline && sameValue(baseline[field], value)) delete next[field];
        else next[field] = value;
        return next;
      });
    },
    [baseline],
  );

  const dirty = Object.keys(staged).length > 0;
  const save = useCallback(async () => {
    if (!dirty) return;
    setSaving(true);
    try {
      const changes = Object.fromEntries(
        Object.entries(staged).map(([name, value]) => [name, name === 'avatar' ? keyOf(value) : value]),
      );
      const saved = await saveProfile(api, changes);
      setBaseline(saved);
      setStaged({});
      // The module bar's name and avatar, the theme and the language follow at once.
      store.update((data) => ({
        ...data,
        user: {
          ...data.user,
          first_name: String(saved.first_name ?? ''),
          last_name: String(saved.last_name ?? ''),
          email: String(saved.email ?? data.user.email),
          avatar: saved.avatar ?? null,
          theme: (saved.theme as string | undefined) ?? 'auto',
          locale: (saved.locale as string | undefined) ?? undefined,
          timezone: (saved.timezone as string | null | undefined) ?? null,
        },
      }));
      applyTheme(saved.theme as string | undefined);
      if (typeof saved.locale === 'string' && saved.locale) setLocale(saved.locale);
      notify({ title: t('profile.saved'), color: 'success' });
    } catch (error) {
      notify({
        title: t('profile.save_failed'),
        details: errorText(error),
        color: 'danger',
      });
    } finally {
      setSaving(false);
    }
  }, [api, dirty, notify, setLocale, staged, store, t, errorText]);

  const values = useMemo(() => ({ ...baseline, ...staged }), [baseline, staged]);
  const actions = baseline && (
    <>
      <Button variant="secondary" disabled={!dirty || saving} onClick={() => setStaged({})}>
        {t('profile.discard')}
      </Button>
      <Button icon="check" disabled={!dirty} loading={saving} onClick={() => void save()}>
        {t('profile.save')}
      </Button>
    </>
  );

  return (
    <Page
      title={t('profile.title')}
      className="profile-page"
      actions={actions}
      info={<p className="info-sidebar__empty">{t('profile.info')}</p>}
    >
      {failed ? (
        <EmptyState
          icon="cloud_off"
          title={t('profile.load_failed')}
          body={failed}
          action={<Button onClick={() => void load()}>{t('profile.retry')}</Button>}
        />
      ) : !baseline ? (
        <Spinner label={t('profile.loading')} />
      ) : (
        <div className="profile">
          <section className="profile__section" aria-labelledby="profile-details">
            <h2 id="profile-details" className="profile__heading">
              {t('profile.details')}
            </h2>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void save();
              }}
            >
              <ItemForm
                idPrefix="profile"
                fields={fields}
                registry={registry}
                values={values}
                baseline={baseline}
                onStage={stage}
                services={services}
              />
            </form>
          </section>
          <PasswordSection />
          <TwoFactorSection email={String(baseline.email ?? '')} />
          <SessionsSection />
        </div>
      )}
      {picker && <RequestedItemPicker picker={picker} closePicker={closePicker} />}
    </Page>
  );
}

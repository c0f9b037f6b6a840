import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useLocale, useOptionalT } from '../i18n';
import type { ApiClient } from '../api/client';
import type { DefinitionRegistry } from '../../engine/registry/registry';
import { AppDataContext, NotifyContext, type AppDataStore } from './context';
import { PermissionModel } from '../permissions/model';
import { roleIdOf } from './presets';
import { keepUnchanged, localizeFields, localizeSchema } from './system-fields';
import type { FieldDefinition } from '../../engine/types';
import { loadListingPreset, saveListingPreset } from './presets';
import type { AppData, CurrentUser, Preset, Schema } from './types';

/** The hydrated data of the current project; only inside the private part of the app. */
export function useAppData(): AppDataStore {
  const store = useContext(AppDataContext);
  if (!store) throw new Error('useAppData: the app is not hydrated here (no AppDataContext provider)');
  return store;
}

export function useApi(): ApiClient {
  return useAppData().data.api;
}

export function useProjectKey(): string {
  return useAppData().data.project;
}

export function useCurrentUser(): CurrentUser {
  return useAppData().data.user;
}

/**
 * The hydrated schema, the system collections' fields in the user's language (`system-fields.ts`,
 * the `system-fields.json` catalogue that the private app registers); to write fields back, read
 * `useAppData().data.schema`.
 */
export function useSchema(): Schema {
  const schema = useAppData().data.schema;
  const text = useOptionalT();
  const { locale } = useLocale();
  const last = useRef<Schema | null>(null);
  return useMemo(() => {
    last.current = keepUnchanged(last.current, localizeSchema(schema, text, locale));
    return last.current;
  }, [schema, text, locale]);
}

const models = new WeakMap<AppData, PermissionModel>();

/** The permission model of the hydrated data (one per data version). */
export function permissionModelOf(data: AppData): PermissionModel {
  let model = models.get(data);
  if (!model) {
    model = new PermissionModel(
      data.admin ? null : (data.permissions ?? {}),
      { id: Number(data.user.id), role: roleIdOf(data.user), admin: data.admin },
      data.schema,
    );
    models.set(data, model);
  }
  return model;
}

/** What the caller may do (spec §6): every screen asks this one model. */
export function usePermissionModel(): PermissionModel {
  return permissionModelOf(useAppData().data);
}

export function useSettings(): Record<string, any> {
  return useAppData().data.settings;
}

/**
 * The registry, its definitions in the user's language (names, descriptions, option labels and
 * notes, choices) from the `definitions.json` catalogue, which the screens that show definitions
 * register (`definitions-catalog.ts`); an extension's definition without a key keeps its own words.
 */
export function useRegistry(): DefinitionRegistry {
  const registry = useAppData().data.registry;
  const text = useOptionalT();
  return useMemo(() => registry.localized((id) => text(id)), [registry, text]);
}

/**
 * For a system collection's fields a screen loads itself (`GET /settings/fields`): the same fields in
 * the user's language, as `useSchema()` gives the hydrated ones.
 */
export function useLocalizeFields(): (fields: FieldDefinition[], collection: string) => FieldDefinition[] {
  const text = useOptionalT();
  const { locale } = useLocale();
  return useCallback(
    (fields: FieldDefinition[], collection: string) => localizeFields(fields, collection, text, locale),
    [text, locale],
  );
}

export type NotifyColor = 'success' | 'danger' | 'warning' | 'info';

/** Shows a notification (5 s by default; pass `delay: 0` to keep it). Works on public pages too. */
export function useNotify(): (n: {
  title: string;
  details?: string;
  color?: NotifyColor;
  delay?: number;
}) => void {
  return useContext(NotifyContext);
}

/**
 * The user's listing preferences for a collection (their own untitled preset, else the role's, else the
 * global one). `save` creates the user's own row on the first change and updates it afterwards.
 */
export function usePreset(collection: string): {
  preset: Preset | null;
  loading: boolean;
  save(patch: Partial<Preset>): Promise<void>;
} {
  const { data, update } = useAppData();
  const loaded = Object.prototype.hasOwnProperty.call(data.presets, collection);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (loaded) return;
    let cancelled = false;
    loadListingPreset(data.api, data.user, collection).then(
      (preset) => {
        if (!cancelled) update((d) => ({ ...d, presets: { ...d.presets, [collection]: preset } }));
      },
      () => {
        // No presets endpoint or no access: the listing works with its defaults.
        if (!cancelled) {
          setFailed(true);
          update((d) => ({ ...d, presets: { ...d.presets, [collection]: null } }));
        }
      },
    );
    return () => {
      cancelled = true;
    };
  }, [collection, loaded, data.api, data.user, update]);

  const preset = loaded ? data.presets[collection] : null;
  const save = useCallback(
    async (patch: Partial<Preset>) => {
      const saved = await saveListingPreset(data.api, data.user, collection, preset, patch);
      update((d) => ({ ...d, presets: { ...d.presets, [collection]: saved } }));
    },
    [data.api, data.user, collection, preset, update],
  );
  return { preset, loading: !loaded && !failed, save };
}

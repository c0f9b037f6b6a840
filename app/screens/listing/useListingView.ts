import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppData, useNotify, usePreset } from '../../state/hooks';
import { saveListingPreset } from '../../state/presets';
import type { Preset, PresetFilter } from '../../state/types';
import { useT } from '../../i18n';
import { useErrorText } from '../../i18n/errors';

export type ViewMap = Record<string, Record<string, unknown>>;

/** What the listing shows: the preset's layout, its query and options, the search and the filters. */
export interface ListingView {
  viewType: string;
  viewQuery: ViewMap;
  viewOptions: ViewMap;
  search: string;
  filters: PresetFilter[];
}

function objectOf(value: unknown): ViewMap {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as ViewMap) : {};
}

export function viewFromPreset(preset: Preset | null, defaultViewType = 'tabular'): ListingView {
  return {
    viewType: preset?.view_type || defaultViewType,
    viewQuery: objectOf(preset?.view_query),
    viewOptions: objectOf(preset?.view_options),
    search: preset?.search_query ?? '',
    filters: Array.isArray(preset?.filters) ? preset!.filters : [],
  };
}

/** The preset columns a change of the view writes. */
export function presetPatch(patch: Partial<ListingView>): Partial<Preset> {
  const out: Partial<Preset> = {};
  if ('viewType' in patch) out.view_type = patch.viewType;
  if ('viewQuery' in patch) out.view_query = patch.viewQuery ?? null;
  if ('viewOptions' in patch) out.view_options = patch.viewOptions ?? null;
  if ('search' in patch) out.search_query = patch.search ? patch.search : null;
  if ('filters' in patch) out.filters = patch.filters?.length ? patch.filters : null;
  return out;
}

/**
 * The listing's view, read from the user's preset (else the role's or the global one) and saved back on
 * every change. Saves run one after another against the latest saved row, so the first change creates the
 * user's own preset exactly once and later ones update it (spec §4 Preset).
 */
export function useListingView(
  collection: string,
  /** The layout when no preset names one (the file library starts with cards). */
  defaultViewType = 'tabular',
): {
  ready: boolean;
  view: ListingView;
  change(patch: Partial<ListingView>): void;
} {
  const { preset, loading } = usePreset(collection);
  const store = useAppData();
  const notify = useNotify();
  const t = useT();
  const errorText = useErrorText();
  const [view, setView] = useState<ListingView | null>(null);
  const latest = useRef<Preset | null>(preset);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const saving = useRef(0);

  // Until our own saves answer, the store's copy is the one to build on.
  useEffect(() => {
    if (saving.current === 0) latest.current = preset;
  }, [preset]);

  useEffect(() => {
    if (!loading && view === null) setView(viewFromPreset(preset, defaultViewType));
  }, [loading, preset, view, defaultViewType]);

  const change = useCallback(
    (patch: Partial<ListingView>) => {
      setView((current) => ({ ...(current ?? viewFromPreset(latest.current, defaultViewType)), ...patch }));
      const body = presetPatch(patch);
      // The first saved preset keeps the layout shown by default, whatever the change was.
      if (!latest.current?.view_type && body.view_type === undefined) body.view_type = defaultViewType;
      const { api, user } = store.data;
      saving.current += 1;
      queue.current = queue.current
        .then(async () => {
          const saved = await saveListingPreset(api, user, collection, latest.current, body);
          latest.current = saved;
          store.update((data) => ({ ...data, presets: { ...data.presets, [collection]: saved } }));
        })
        .catch((error: unknown) => {
          notify({
            title: t('browse.preset_save_failed'),
            details: errorText(error),
            color: 'warning',
          });
        })
        .finally(() => {
          saving.current -= 1;
        });
    },
    [collection, notify, store, t, defaultViewType, errorText],
  );

  return { ready: view !== null, view: view ?? viewFromPreset(preset, defaultViewType), change };
}

import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { EngineLocaleContext, EngineTranslateContext } from '../../engine/i18n';
import { resolveTimeZone } from '../../engine/format';

/**
 * Every string of the app goes through @formatjs/intl. Catalogs are flat JSON files per area
 * (app/i18n/locales/<locale>/<area>.json, keys like "login.sign_in"). en-US is bundled and is the fallback;
 * other locales load lazily, and a locale without files only logs a warning.
 */
export const DEFAULT_LOCALE = 'en-US';

/**
 * The pseudo-locale (`./pseudo.ts`): en-US accented, padded and marked, made when it is first asked for.
 * It is not one of the picker's locales; it applies only when asked for by this exact tag (a user's
 * `locale` set through the API, or a browser started in it), for developers and translators.
 */
export const PSEUDO_LOCALE = 'en-XA';

type Catalog = Record<string, string>;

// Catalogues of admin-only screens stay out of the entry chunk (the login page's 120 KB budget):
// the screens' lazy chunks import them and hand them to `registerCatalog`.
const bundled = import.meta.glob<Catalog>(
  [
    './locales/en-US/*.json',
    '!./locales/en-US/settings-collections.json',
    '!./locales/en-US/settings-roles.json',
    '!./locales/en-US/settings-global.json',
    '!./locales/en-US/settings-webhooks.json',
    '!./locales/en-US/settings-interfaces.json',
    '!./locales/en-US/gallery.json',
    '!./locales/en-US/exchange.json',
    '!./locales/en-US/activity.json',
    '!./locales/en-US/file-detail.json',
    '!./locales/en-US/files.json',
    '!./locales/en-US/users.json',
    '!./locales/en-US/profile.json',
    '!./locales/en-US/browse.json',
    '!./locales/en-US/edit.json',
    '!./locales/en-US/item-sidebar.json',
    '!./locales/en-US/bookmarks.json',
    '!./locales/en-US/conflicts.json',
    '!./locales/en-US/extensions.json',
    '!./locales/en-US/file-preview.json',
    '!./locales/en-US/interfaces*.json',
    '!./locales/en-US/layouts-*.json',
    '!./locales/en-US/definitions.json',
    '!./locales/en-US/system-fields.json',
    '!./locales/en-US/errors.json',
  ],
  { eager: true, import: 'default' },
);

function merge(modules: Catalog[]): Catalog {
  return Object.assign({}, ...modules);
}

export const enUS: Catalog = merge(Object.values(bundled));

/** The files of a locale other than en-US; a locale with none resolves to null (and warns once). */
export async function loadLocale(locale: string): Promise<Catalog | null> {
  if (locale === DEFAULT_LOCALE) return enUS;
  try {
    if (locale.toLowerCase() === PSEUDO_LOCALE.toLowerCase()) {
      pseudoize ??= (await import('./pseudo')).pseudoCatalog;
      return pseudoize(enUS);
    }
    const loaders = (await import('./locale-files')).localeFiles(locale);
    if (!loaders.length) {
      console.warn(`[i18n] no messages for locale "${locale}"; using ${DEFAULT_LOCALE}`);
      return null;
    }
    return merge(await Promise.all(loaders.map((load) => load())));
  } catch (error) {
    console.warn(`[i18n] the messages of "${locale}" failed to load; using ${DEFAULT_LOCALE}`, error);
    return null;
  }
}

/**
 * The locale in effect for a wanted one and its catalogue (null: none): its own messages; without
 * them, en-US messages, still formatted in the wanted locale when it is a variant of English
 * (en-GB dates stay British and `lang` stays true), else en-US altogether.
 */
export function localeInEffect(
  locale: string,
  messages: Catalog | null,
): { locale: string; messages: Catalog } {
  if (messages) return { locale, messages };
  let language = '';
  try {
    language = new Intl.Locale(locale).language;
  } catch {
    // Not a locale tag at all: en-US.
  }
  return language === new Intl.Locale(DEFAULT_LOCALE).language
    ? { locale, messages: enUS }
    : { locale: DEFAULT_LOCALE, messages: enUS };
}

const warned = new Set<string>();
const cache = createIntlCache();

/** How many catalogues were registered: what was looked up before may have a message now. */
let registrations = 0;

/** The message objects handed to intl instances, so a catalogue registered later reaches them. */
const live = new Set<Catalog>();
/** Those of them in the pseudo-locale, which get a registered catalogue pseudo-localized. */
const pseudoLive = new WeakSet<Catalog>();
/** The pseudo-locale's transformation, once its chunk has loaded. */
let pseudoize: ((catalog: Catalog) => Catalog) | null = null;

/**
 * Adds an en-US catalogue that a lazy chunk brings. It reaches the running intl instances at once
 * (formatjs reads their messages object on each format); a locale's own translations keep precedence.
 */
export function registerCatalog(catalog: Catalog): void {
  registrations += 1;
  Object.assign(enUS, catalog);
  const pseudo = pseudoize ? pseudoize(catalog) : catalog;
  for (const messages of live) {
    const source = pseudoLive.has(messages) ? pseudo : catalog;
    for (const [id, text] of Object.entries(source)) if (!(id in messages)) messages[id] = text;
  }
}

/** An intl instance; `timeZone` (an IANA id, undefined: the browser's) is the zone its dates are written in. */
export function makeIntl(locale: string, messages: Catalog, timeZone?: string): IntlShape<string> {
  const all = { ...enUS, ...messages };
  live.add(all);
  if (locale.toLowerCase() === PSEUDO_LOCALE.toLowerCase()) pseudoLive.add(all);
  return createIntl(
    {
      locale,
      timeZone: resolveTimeZone(timeZone),
      defaultLocale: DEFAULT_LOCALE,
      messages: all,
      onError: (error) => {
        const key = error.message;
        if (!warned.has(key)) {
          warned.add(key);
          console.warn(`[i18n] ${error.message}`);
        }
      },
    },
    cache,
  );
}

interface I18nState {
  intl: IntlShape<string>;
  locale: string;
  /** Loads a locale's catalogue and switches to it; settles once the switch is made (or refused). */
  setLocale(locale: string): Promise<void>;
  /** The zone dates are shown in: the signed-in user's profile `timezone`, else undefined (the browser's). */
  timeZone: string | undefined;
  setTimeZone(timeZone: string | null | undefined): void;
}

const I18nContext = createContext<I18nState | null>(null);
let fallbackIntl: IntlShape<string> | null = null;

function useI18nState(): I18nState {
  const state = useContext(I18nContext);
  if (state) return state;
  // Outside the provider (isolated component tests) the bundled en-US catalog is used.
  fallbackIntl ??= makeIntl(DEFAULT_LOCALE, enUS);
  return {
    intl: fallbackIntl,
    locale: DEFAULT_LOCALE,
    setLocale: async () => {},
    timeZone: undefined,
    setTimeZone: () => {},
  };
}

const RTL_LANGUAGES = new Set(['ar', 'he', 'iw', 'fa', 'ur', 'ps', 'sd', 'ug', 'yi', 'dv', 'ckb']);

/** 'rtl' for a right-to-left language (Arabic, Hebrew, Persian, Urdu…), 'ltr' otherwise. */
export function textDirection(locale: string): 'ltr' | 'rtl' {
  try {
    const tag = new Intl.Locale(locale) as Intl.Locale & {
      getTextInfo?: () => { direction?: string };
      textInfo?: { direction?: string };
    };
    const info = typeof tag.getTextInfo === 'function' ? tag.getTextInfo() : tag.textInfo;
    if (info?.direction === 'rtl' || info?.direction === 'ltr') return info.direction;
    return RTL_LANGUAGES.has(tag.language) ? 'rtl' : 'ltr';
  } catch {
    return RTL_LANGUAGES.has(locale.split(/[-_]/)[0].toLowerCase()) ? 'rtl' : 'ltr';
  }
}

export function I18nProvider({
  children,
  initialLocale = DEFAULT_LOCALE,
}: {
  children: ReactNode;
  initialLocale?: string;
}) {
  const [state, setState] = useState<{ locale: string; messages: Catalog }>({
    locale: DEFAULT_LOCALE,
    messages: enUS,
  });
  const [timeZone, setZone] = useState<string | undefined>(undefined);
  const setTimeZone = useCallback((zone: string | null | undefined) => setZone(resolveTimeZone(zone)), []);
  const latest = useRef('');
  const setLocale = useCallback(async (locale: string) => {
    if (!locale) return;
    // Only the last wish counts: a slower catalogue asked for earlier must not win.
    latest.current = locale;
    const messages = await loadLocale(locale);
    if (latest.current === locale) setState(localeInEffect(locale, messages));
  }, []);
  useEffect(() => {
    if (initialLocale !== DEFAULT_LOCALE) void setLocale(initialLocale);
  }, [initialLocale, setLocale]);
  useEffect(() => {
    document.documentElement.lang = state.locale;
    document.documentElement.dir = textDirection(state.locale);
  }, [state.locale]);
  const value = useMemo(
    () => ({
      intl: makeIntl(state.locale, state.messages, timeZone),
      locale: state.locale,
      setLocale,
      timeZone,
      setTimeZone,
    }),
    [state, setLocale, timeZone, setTimeZone],
  );
  return (
    <I18nContext.Provider value={value}>
      <EngineTranslateBridge>{children}</EngineTranslateBridge>
    </I18nContext.Provider>
  );
}

/** Hands the app's catalogue, locale and time zone to the form and list engines (they import nothing of the app). */
function EngineTranslateBridge({ children }: { children: ReactNode }) {
  const t = useT();
  const { locale, timeZone } = useI18nState();
  const engineLocale = useMemo(() => ({ locale, timeZone }), [locale, timeZone]);
  return (
    <EngineLocaleContext.Provider value={engineLocale}>
      <EngineTranslateContext.Provider value={t}>{children}</EngineTranslateContext.Provider>
    </EngineLocaleContext.Provider>
  );
}

export type Translate = (id: string, values?: Record<string, string | number>) => string;

/** `t('login.sign_in')`; a missing id logs a warning once and returns the id itself. */
export function useT(): Translate {
  const { intl } = useI18nState();
  return useCallback(
    (id: string, values?: Record<string, string | number>) => {
      if (!(id in intl.messages)) {
        if (!warned.has(id)) {
          warned.add(id);
          console.warn(`[i18n] missing message "${id}"`);
        }
        return id;
      }
      return intl.formatMessage({ id }, values);
    },
    [intl],
  );
}

/** Whether a message id exists (e.g. `errors.${code}`), without the missing-message warning. */
export function useHasMessage(): (id: string) => boolean {
  const { intl } = useI18nState();
  return useCallback((id: string) => id in intl.messages, [intl]);
}

/**
 * A message that may be missing (the definitions' text of an extension, an error without its
 * catalogue yet): its text, or undefined without a warning. A new function after a catalogue
 * registers, so what was memoised with it is looked up again.
 */
export function useOptionalT(): (id: string, values?: Record<string, string | number>) => string | undefined {
  const { intl } = useI18nState();
  // Read at render: a chunk registers its catalogue when it loads, before its screens render.
  const version = registrations;
  return useMemo(
    () => (id: string, values?: Record<string, string | number>) =>
      id in intl.messages ? intl.formatMessage({ id }, values) : undefined,
    // `version` is read by no code here, but a new catalogue must give a new function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [intl, version],
  );
}

export function useLocale(): {
  locale: string;
  setLocale(locale: string): Promise<void>;
  timeZone: string | undefined;
  setTimeZone(timeZone: string | null | undefined): void;
} {
  const { locale, setLocale, timeZone, setTimeZone } = useI18nState();
  return { locale, setLocale, timeZone, setTimeZone };
}

const DATE_STYLES = {
  short: { year: 'numeric', month: 'short', day: 'numeric' },
  medium: { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  long: {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  },
} as const;

function toDate(d: Date | string): Date {
  if (d instanceof Date) return d;
  // v8 sends 'YYYY-MM-DD HH:MM:SS' (UTC) as well as ISO strings.
  return new Date(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(d) ? `${d.replace(' ', 'T')}Z` : d);
}

export function useFormat(): {
  number(n: number): string;
  date(d: Date | string, style?: 'short' | 'medium' | 'long'): string;
  relative(d: Date | string): string;
} {
  const { intl } = useI18nState();
  return useMemo(
    () => ({
      number: (n: number) => intl.formatNumber(n),
      date: (d: Date | string, style: 'short' | 'medium' | 'long' = 'short') =>
        intl.formatDate(toDate(d), DATE_STYLES[style]),
      relative: (d: Date | string) => {
        const seconds = (toDate(d).getTime() - Date.now()) / 1000;
        const abs = Math.abs(seconds);
        const [value, unit]: [number, Intl.RelativeTimeFormatUnit] =
          abs < 60
            ? [seconds, 'second']
            : abs < 3600
              ? [seconds / 60, 'minute']
              : abs < 86400
                ? [seconds / 3600, 'hour']
                : abs < 2592000
                  ? [seconds / 86400, 'day']
                  : abs < 31536000
                    ? [seconds / 2592000, 'month']
                    : [seconds / 31536000, 'year'];
        return intl.formatRelativeTime(Math.round(value), unit);
      },
    }),
    [intl],
  );
}

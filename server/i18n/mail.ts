import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { ROOT } from '../paths';

/**
 * The words of the mails the server sends (password reset, invitation) in the recipient's language:
 * one flat ICU catalogue per locale in `server/i18n/mail/<locale>.json`, the same keys as en-US
 * (`mail-catalogs.test.ts` holds them so), formatted with @formatjs/intl.
 */
export const MAIL_DEFAULT_LOCALE = 'en-US';
const folder = join(ROOT, 'server', 'i18n', 'mail');

type Catalog = Record<string, string>;
let catalogs: Map<string, Catalog> | null = null;

function load(): Map<string, Catalog> {
  catalogs ??= new Map(
    readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .map((name) => [
        name.slice(0, -'.json'.length),
        JSON.parse(readFileSync(join(folder, name), 'utf8')) as Catalog,
      ]),
  );
  return catalogs;
}

/** The locales that have a mail catalogue. */
export function mailLocales(): string[] {
  return [...load().keys()].sort();
}

/**
 * The mail locale for a wanted code: the same tag (any case, `_` or `-`), else a locale of the same
 * language (`de` or `de-AT` → de-DE, `es-MX` → es-419, `nb` → no-NO), else null.
 */
export function matchMailLocale(wanted: unknown): string | null {
  if (typeof wanted !== 'string' || !wanted.trim()) return null;
  const tag = wanted.trim().replace(/_/g, '-').toLowerCase();
  const locales = mailLocales();
  const exact = locales.find((locale) => locale.toLowerCase() === tag);
  if (exact) return exact;
  let language = tag.split('-')[0];
  if (language === 'nb' || language === 'nn') language = 'no';
  if (language === 'es' && tag !== 'es' && !tag.startsWith('es-es')) return 'es-419';
  return locales.find((locale) => locale.split('-')[0].toLowerCase() === language) ?? null;
}

/** The recipient's locale: the first of the wanted codes a catalogue exists for, else en-US. */
export function mailLocale(...wanted: unknown[]): string {
  for (const code of wanted) {
    const locale = matchMailLocale(code);
    if (locale) return locale;
  }
  return MAIL_DEFAULT_LOCALE;
}

const RTL = new Set(['ar', 'he', 'fa', 'ur']);

/** `rtl` for Arabic and Hebrew mails, else `ltr`. */
export function mailDirection(locale: string): 'ltr' | 'rtl' {
  return RTL.has(locale.split('-')[0]) ? 'rtl' : 'ltr';
}

const cache = createIntlCache();
const intls = new Map<string, IntlShape<string>>();

/** `t(key, values)` in a locale's mail catalogue (en-US words for a key it lacks). */
export function mailTranslator(
  locale: string,
): (key: string, values?: Record<string, string | number>) => string {
  let intl = intls.get(locale);
  if (!intl) {
    const all = load();
    intl = createIntl(
      {
        locale,
        defaultLocale: MAIL_DEFAULT_LOCALE,
        messages: { ...all.get(MAIL_DEFAULT_LOCALE), ...all.get(locale) },
      },
      cache,
    );
    intls.set(locale, intl);
  }
  const format = intl;
  return (key, values) => format.formatMessage({ id: key }, values);
}

/** The languages the app is translated into (spec §9): what the language interface's `limit` keeps. */
export const APP_LOCALES = [
  'af-ZA',
  'ar-SA',
  'ca-ES',
  'zh-CN',
  'cs-CZ',
  'da-DK',
  'nl-NL',
  'en-US',
  'fi-FI',
  'fr-FR',
  'de-DE',
  'el-GR',
  'he-IL',
  'hu-HU',
  'is-IS',
  'id-ID',
  'it-IT',
  'ja-JP',
  'ko-KR',
  'ms-MY',
  'no-NO',
  'pl-PL',
  'pt-BR',
  'pt-PT',
  'ro-RO',
  'ru-RU',
  'es-ES',
  'es-419',
  'zh-TW',
  'tr-TR',
  'uk-UA',
  'vi-VN',
  'sv-SE',
  'bg-BG',
  'hr-HR',
  'lt-LT',
  'th-TH',
];

export interface LanguageChoice {
  code: string;
  name: string;
}

const cache = new Map<string, LanguageChoice[]>();

function namer(locale: string | undefined) {
  try {
    return new Intl.DisplayNames(locale ? [locale, 'en'] : undefined, { type: 'language', fallback: 'none' });
  } catch {
    return new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  }
}

/** A code's name in the reader's language ("German (Germany)"), or the code when Intl has none. */
export function languageName(code: string, locale?: string): string {
  try {
    return namer(locale).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Every two-letter language the browser's Intl can name, plus the app's own regional locales, by
 * name; with `limit`, the app's locales only. No hand-kept list of names: Intl supplies them.
 */
export function languageChoices(limit: boolean, locale?: string): LanguageChoice[] {
  const key = `${limit}|${locale ?? ''}`;
  const known = cache.get(key);
  if (known) return known;
  const names = namer(locale);
  const codes = new Set(APP_LOCALES);
  if (!limit) {
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    for (const a of letters)
      for (const b of letters) {
        const code = a + b;
        try {
          const name = names.of(code);
          // Intl answers an unknown code with undefined (fallback none) or with the code itself.
          if (name && name.toLowerCase() !== code) codes.add(code);
        } catch {
          /* not a valid code */
        }
      }
  }
  const collator = new Intl.Collator(locale);
  const list = [...codes]
    .map((code) => ({ code, name: languageName(code, locale) }))
    .sort((a, b) => collator.compare(a.name, b.name));
  cache.set(key, list);
  return list;
}

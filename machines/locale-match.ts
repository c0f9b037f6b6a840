/** Regional variants that share a catalog with another locale of their language. */
const ALIASES: Record<string, string> = {
  'es-MX': 'es-419',
  'es-AR': 'es-419',
  'es-CO': 'es-419',
  'es-CL': 'es-419',
  'es-PE': 'es-419',
  'es-US': 'es-419',
  'zh-HK': 'zh-TW',
  'zh-MO': 'zh-TW',
  'zh-Hant': 'zh-TW',
  'zh-Hans': 'zh-CN',
  'nb-NO': 'no-NO',
  nb: 'no-NO',
  nn: 'no-NO',
};

function canonical(code: string): string | null {
  try {
    return new Intl.Locale(code.trim().replace(/_/g, '-')).toString();
  } catch {
    return null;
  }
}

/**
 * The app locale (one of `locales`, those with a catalog) for a wanted language tag, or null when none
 * fits: the same tag (`de-DE`), a regional alias (`es-MX` → `es-419`, `zh-HK` → `zh-TW`), else the first locale of the same
 * language (`de` → `de-DE`, `pt` → `pt-BR`).
 */
export function matchAppLocale(code: string | null | undefined, locales: readonly string[]): string | null {
  if (!code) return null;
  const tag = canonical(code);
  if (!tag) return null;
  const lower = tag.toLowerCase();
  const exact = locales.find((locale) => locale.toLowerCase() === lower);
  if (exact) return exact;
  const locale = new Intl.Locale(tag);
  // A variant of English keeps its tag: en-US messages serve it, written the British (or other) way.
  if (locale.language === 'en' && locale.region && locales.includes('en-US')) return tag;
  for (const key of [tag, locale.script ? `${locale.language}-${locale.script}` : '', locale.language]) {
    const alias = key && ALIASES[key];
    if (alias && locales.includes(alias)) return alias;
  }
  if (locale.language === 'zh' && locale.script === 'Hant') return locales.includes('zh-TW') ? 'zh-TW' : null;
  return locales.find((candidate) => candidate.split('-')[0].toLowerCase() === locale.language) ?? null;
}

/** The first of several wanted tags (in order of preference) that has an app locale; en-US otherwise. */
export function pickAppLocale(wanted: (string | null | undefined)[], locales: readonly string[]): string {
  for (const code of wanted) {
    const match = matchAppLocale(code, locales);
    if (match) return match;
  }
  return 'en-US';
}

/**
 * Where the catalogues of the locales other than en-US come from: one lazy chunk per file. This map
 * of loaders has an entry per file of every locale (about a thousand), so it is a module of its own
 * that `loadLocale` imports when a locale other than en-US is first asked for; the first page, in
 * English, never loads it.
 */
type Catalog = Record<string, string>;

const files = import.meta.glob<Catalog>(['./locales/*/*.json', '!./locales/en-US/*.json'], {
  import: 'default',
});

/** The loaders of one locale's files (none when the locale has no folder). */
export function localeFiles(locale: string): Array<() => Promise<Catalog>> {
  const prefix = `./locales/${locale}/`;
  return Object.entries(files)
    .filter(([path]) => path.startsWith(prefix))
    .map(([, load]) => load);
}

import source from 'material-symbols/index.d.ts?raw';

let names: string[] | null = null;

/** Every Material Symbols name, read from the package's own type list (quoted names), once. */
export function iconNames(): string[] {
  names ??= [...new Set([...source.matchAll(/"([a-z0-9_]+)"/g)].map((match) => match[1]))];
  return names;
}

/** Names containing every word of the query (words split on spaces or underscores), best first. */
export function searchIcons(query: string, all = iconNames()): string[] {
  const words = query
    .trim()
    .toLowerCase()
    .split(/[\s_]+/)
    .filter(Boolean);
  if (words.length === 0) return all;
  const joined = words.join('_');
  const found = all.filter((name) => words.every((word) => name.includes(word)));
  const rank = (name: string) =>
    name === joined ? 0 : name.startsWith(joined) ? 1 : name.includes(joined) ? 2 : 3;
  return found.sort((a, b) => rank(a) - rank(b) || a.length - b.length || a.localeCompare(b));
}

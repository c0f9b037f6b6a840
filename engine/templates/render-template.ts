/** `{{ author.first_name }}`: a dotted path into the item, spaces inside the braces allowed. */
const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/** Reads a dotted path (`a.b.0.c`) of own properties; undefined when any step is missing. */
export function getPath(value: unknown, path: string): unknown {
  let node = value;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function toText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Renders a template such as `{{ first_name }} {{ last_name }}` against an item. Missing values
 * render as empty text. Templates are data, never code: only paths are looked up.
 */
export function renderTemplate(template: string, item: unknown): string {
  return template.replace(PLACEHOLDER, (_match, path: string) => toText(getPath(item, path)));
}

/** The field names a template reads (the first segment of each path), e.g. to request them. */
export function templateFields(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]);
}

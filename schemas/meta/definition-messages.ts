/**
 * The human text of the interface and layout definitions (schemas/interfaces, schemas/layouts) as
 * catalog messages. The definitions stay the single source of the English text: en-US's
 * `definitions.json` is exactly `definitionMessages()` of them (a test holds it so), and every
 * other locale translates the same keys.
 *
 * Keys: `definitions.<interface|layout>.<id>.name` and `.description`; per option (`options`,
 * `view_options`, `view_query`) `….option.<field>.name`, `.note`, `.placeholder` and
 * `….option.<field>.choice.<value>` for a dropdown's labels, `….option.<field>.default` for the
 * default of a free-text option (TEXT_DEFAULTS: a placeholder, a button's text).
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface OptionLike {
  field?: string;
  default_value?: Json;
  name?: string;
  note?: string;
  options?: { [key: string]: Json } | null;
}

interface DefinitionLike {
  id: string;
  name?: string;
  description?: string;
  options?: OptionLike[];
  view_options?: OptionLike[];
  view_query?: OptionLike[];
}

/** Options whose default value is text people read: it gets a `….default` message. */
export const TEXT_DEFAULTS = new Set(['placeholder', 'title', 'createItemText', 'validationMessage']);

export type DefinitionKind = 'interface' | 'layout';

/** The key prefix of one definition, e.g. `definitions.interface.dropdown`. */
export function definitionKey(kind: DefinitionKind, id: string): string {
  return `definitions.${kind}.${id}`;
}

/** The key prefix of one option of a definition. */
export function optionKey(kind: DefinitionKind, id: string, field: string): string {
  return `${definitionKey(kind, id)}.option.${field}`;
}

/** A text worth translating: not a binding (`$options.x`), not a template (`{{ title }}`). */
function isText(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.trim() !== '' &&
    !value.startsWith('$') &&
    !/^\{\{.*\}\}$/.test(value.trim())
  );
}

/** The choices of an option's dropdown as value → label, from either shape definitions use. */
export function optionChoices(option: OptionLike): Array<[string, string]> {
  const choices = option.options?.choices;
  if (Array.isArray(choices)) {
    return choices.flatMap((choice) =>
      choice && typeof choice === 'object' && !Array.isArray(choice) && isText(choice.label)
        ? [[String(choice.value), choice.label] as [string, string]]
        : [],
    );
  }
  if (choices && typeof choices === 'object') {
    return Object.entries(choices).flatMap(([value, label]) =>
      isText(label) ? [[value, label] as [string, string]] : [],
    );
  }
  return [];
}

/**
 * A definition's English as an ICU message: braces (`{{ name }}`) and angle brackets would be read
 * as arguments and tags, so they are quoted (`'{{ name }}'`), which formats back to the same text.
 */
export function icuLiteral(text: string): string {
  return text.replace(/\{\{[^{}']*\}\}|[{}<>]+/g, (run) => `'${run}'`);
}

/** The messages of one definition. */
export function messagesOf(kind: DefinitionKind, definition: DefinitionLike): Record<string, string> {
  const raw: Record<string, string> = {};
  const base = definitionKey(kind, definition.id);
  const out = raw;
  if (isText(definition.name)) out[`${base}.name`] = definition.name;
  if (isText(definition.description)) out[`${base}.description`] = definition.description;
  const options = [
    ...(definition.options ?? []),
    ...(definition.view_options ?? []),
    ...(definition.view_query ?? []),
  ];
  for (const option of options) {
    if (!option.field) continue;
    const key = optionKey(kind, definition.id, option.field);
    if (isText(option.name)) out[`${key}.name`] = option.name;
    if (isText(option.note)) out[`${key}.note`] = option.note;
    if (isText(option.options?.placeholder)) out[`${key}.placeholder`] = option.options.placeholder as string;
    for (const [value, label] of optionChoices(option)) out[`${key}.choice.${value}`] = label;
    // A free-text option's default (a placeholder, a button's text) reaches editors as written.
    if (TEXT_DEFAULTS.has(option.field) && isText(option.default_value))
      out[`${key}.default`] = option.default_value;
  }
  return Object.fromEntries(Object.entries(raw).map(([key, text]) => [key, icuLiteral(text)]));
}

/** The messages of every definition, in a stable order. */
export function definitionMessages(
  interfaces: DefinitionLike[],
  layouts: DefinitionLike[],
): Record<string, string> {
  const out: Record<string, string> = {};
  const byId = (a: DefinitionLike, b: DefinitionLike) => a.id.localeCompare(b.id);
  for (const definition of [...interfaces].sort(byId))
    Object.assign(out, messagesOf('interface', definition));
  for (const definition of [...layouts].sort(byId)) Object.assign(out, messagesOf('layout', definition));
  return out;
}

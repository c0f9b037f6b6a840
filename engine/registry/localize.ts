import { definitionKey, optionKey, type DefinitionKind } from '../../schemas/meta/definition-messages';
import type { FieldDefinition, InterfaceDefinition, LayoutDefinition } from '../types';

/**
 * The definitions' human text in the user's language. The catalogue holds every core definition's
 * name, description, option names, notes, placeholders and choice labels under the keys of
 * `schemas/meta/definition-messages.ts`; `text(id)` answers a key's message in the locale in effect,
 * or undefined when the catalogue has none. A text without a key (an extension's definition) stays as
 * the definition wrote it. The definition itself is never changed: a translated copy is returned.
 */
export type DefinitionText = (id: string) => string | undefined;

function localizeChoices(choices: unknown, key: string, text: DefinitionText): unknown {
  if (Array.isArray(choices)) {
    return choices.map((choice) => {
      if (!choice || typeof choice !== 'object' || typeof choice.label !== 'string') return choice;
      const label = text(`${key}.choice.${String((choice as { value?: unknown }).value)}`);
      return label === undefined ? choice : { ...choice, label };
    });
  }
  if (choices && typeof choices === 'object') {
    return Object.fromEntries(
      Object.entries(choices as Record<string, unknown>).map(([value, label]) => [
        value,
        typeof label === 'string' ? (text(`${key}.choice.${value}`) ?? label) : label,
      ]),
    );
  }
  return choices;
}

/** One option (a field definition of an options form) with its name, note, placeholder and choices translated. */
export function localizeOption(
  kind: DefinitionKind,
  definitionId: string,
  option: FieldDefinition,
  text: DefinitionText,
): FieldDefinition {
  if (!option.field) return option;
  const key = optionKey(kind, definitionId, option.field);
  const out: FieldDefinition = { ...option };
  if (typeof option.name === 'string') out.name = text(`${key}.name`) ?? option.name;
  if (typeof option.note === 'string') out.note = text(`${key}.note`) ?? option.note;
  if (typeof option.default_value === 'string') {
    const localized = text(`${key}.default`);
    if (localized !== undefined) out.default_text = localized;
  }
  if (option.options) {
    const options: Record<string, unknown> = { ...option.options };
    if (typeof options.placeholder === 'string')
      options.placeholder = text(`${key}.placeholder`) ?? options.placeholder;
    if (options.choices) options.choices = localizeChoices(options.choices, key, text);
    out.options = options;
  }
  return out;
}

export function localizeDefinition(
  kind: 'interface',
  definition: InterfaceDefinition,
  text: DefinitionText,
): InterfaceDefinition;
export function localizeDefinition(
  kind: 'layout',
  definition: LayoutDefinition,
  text: DefinitionText,
): LayoutDefinition;
/** A definition with its name, description and options in the user's language. */
export function localizeDefinition(
  kind: DefinitionKind,
  definition: InterfaceDefinition | LayoutDefinition,
  text: DefinitionText,
): InterfaceDefinition | LayoutDefinition {
  // An extension's definition (core: false) keeps its own words even if it reuses a core id.
  if (definition.core === false) return definition;
  const base = definitionKey(kind, definition.id);
  const options = (list: FieldDefinition[] | undefined) =>
    list?.map((option) => localizeOption(kind, definition.id, option, text));
  const out = { ...definition, name: text(`${base}.name`) ?? definition.name };
  if (typeof definition.description === 'string')
    out.description = text(`${base}.description`) ?? definition.description;
  if ('options' in out && out.options) out.options = options(out.options)!;
  if ('view_options' in out && out.view_options) out.view_options = options(out.view_options)!;
  if ('view_query' in out && out.view_query) out.view_query = options(out.view_query)!;
  return out;
}

/** Orders definitions by their (translated) name as the user's language sorts: `list.sort(byName(locale))`. */
export function byName(locale?: string): (a: { name: string }, b: { name: string }) => number {
  const collator = new Intl.Collator(locale, { numeric: true });
  return (a, b) => collator.compare(a.name, b.name);
}

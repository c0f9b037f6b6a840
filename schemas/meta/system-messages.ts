/**
 * The human text of the system collections' fields (schemas/system/*.json) as catalog messages:
 * the label the app shows (the field key formatted, `first_name` → `First Name`), the note, the
 * texts among the interface options (a divider's title and description, a placeholder) and the
 * labels of fixed choices. en-US's `system-fields.json` is exactly `systemFieldMessages()` of the
 * definitions (a test holds it so); every other locale translates the same keys.
 *
 * Keys: `system.<collection>.<field>.name|note`, `….option.<title|description|placeholder>` and
 * `….choice.<slug of the English label>` (values such as a password policy's pattern make poor keys).
 * The time zone choices are left out: the app names zones with Intl in the reader's language.
 */
import { icuLiteral } from './definition-messages';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface SystemField {
  field: string;
  note?: string | null;
  options?: { [key: string]: Json } | null;
}

interface SystemCollection {
  collection: string;
  fields: SystemField[];
}

/** Option keys whose string value is text for people. */
const TEXT_OPTIONS = ['title', 'description', 'placeholder'];

/** Fields whose choices are not catalog text. */
const INTL_CHOICES = new Set(['directus_users.timezone']);

/** `first_name` → `First Name`, as the app labels a field without a translation. */
export function systemFieldLabel(field: string): string {
  return field
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');
}

/** The key part of a choice: its English label in lower case, runs of other characters as `_`. */
export function choiceSlug(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

/** The key prefix of a system field, e.g. `system.directus_users.first_name`. */
export function systemFieldKey(collection: string, field: string): string {
  return `system.${collection}.${field}`;
}

const isText = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.trim() !== '' &&
  !/^\{\{.*\}\}$/.test(value.trim()) &&
  !/^https?:\/\//.test(value);

/** The messages of one system collection's fields. */
export function messagesOfSystem(collection: SystemCollection): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of collection.fields) {
    const base = systemFieldKey(collection.collection, field.field);
    out[`${base}.name`] = systemFieldLabel(field.field);
    if (isText(field.note)) out[`${base}.note`] = field.note;
    const options = field.options ?? {};
    for (const key of TEXT_OPTIONS)
      if (isText(options[key])) out[`${base}.option.${key}`] = options[key] as string;
    const choices = options.choices;
    if (
      choices &&
      typeof choices === 'object' &&
      !Array.isArray(choices) &&
      !INTL_CHOICES.has(`${collection.collection}.${field.field}`)
    ) {
      for (const label of Object.values(choices)) {
        if (isText(label) && choiceSlug(label)) out[`${base}.choice.${choiceSlug(label)}`] = label;
      }
    }
  }
  return Object.fromEntries(Object.entries(out).map(([key, text]) => [key, icuLiteral(text)]));
}

/** The messages of every system collection, in a stable order. */
export function systemFieldMessages(collections: SystemCollection[]): Record<string, string> {
  const out: Record<string, string> = {};
  const sorted = [...collections].sort((a, b) => a.collection.localeCompare(b.collection));
  for (const collection of sorted) Object.assign(out, messagesOfSystem(collection));
  return out;
}

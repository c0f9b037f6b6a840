import { choiceSlug, systemFieldKey } from '../../schemas/meta/system-messages';
import type { FieldDefinition } from '../../engine/types';
import type { Schema } from './types';

/**
 * The system collections' fields (`directus_*`, as `GET /fields` and `GET /settings/fields` serve
 * them) in the user's language: their label, note, the text options (title, description,
 * placeholder) and the labels of fixed choices, from the `system-fields.json` catalogue (keys of
 * `schemas/meta/system-messages.ts`). A text without a message keeps the served words; a user
 * collection's fields are returned as they are (their own text is data). The time zone dropdown
 * names its zones with Intl in the reader's language.
 */
export type SystemText = (id: string) => string | undefined;

export const isSystemCollection = (collection: string | null | undefined): boolean =>
  typeof collection === 'string' && collection.startsWith('directus_');

const TEXT_OPTIONS = ['title', 'description', 'placeholder'] as const;

/** `(UTC+01:00) ` at the start of a served zone label: the offset the list is sorted by. */
const OFFSET_PREFIX = /^\(UTC[+-]\d{2}:\d{2}\)\s*/;

/** The ids whose last part is a city (`Europe/Berlin`), not a region (`US/Eastern`). */
const AREAS = /^(Africa|America|Antarctica|Asia|Atlantic|Australia|Europe|Indian|Pacific)\//;

/** The city of a zone id: `America/New_York` → `New York`. */
export function zoneCity(zone: string): string {
  return (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
}

/** A zone's generic name in `locale` (`Central European Time`), or undefined where Intl has none. */
function zoneName(zone: string, locale: string): string | undefined {
  try {
    const parts = new Intl.DateTimeFormat(locale, {
      timeZone: zone,
      timeZoneName: 'longGeneric',
    }).formatToParts(new Date(0));
    return parts.find((part) => part.type === 'timeZoneName')?.value;
  } catch {
    return undefined;
  }
}

/**
 * The time zone choices labelled in the reader's language: the served offset, the zone's generic
 * name (Intl) and its city (from the id, which tells apart the zones of one name). Values and order
 * stay as served (sorted by offset).
 */
export function localizeZoneChoices(
  choices: Record<string, unknown>,
  locale: string,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(choices).map(([zone, label]) => {
      if (typeof label !== 'string') return [zone, label];
      const offset = OFFSET_PREFIX.exec(label)?.[0].trim();
      const city = zoneCity(zone);
      const name = zoneName(zone, locale);
      // A zone without a name of its own comes out as an offset (`GMT+01:00`): the city says more. A
      // legacy id (`US/Eastern`, `Canada/Atlantic`) names a region, which the name already says.
      const described =
        name && !/^(GMT|UTC)([+-]|$)/.test(name) ? (AREAS.test(zone) ? `${name} (${city})` : name) : city;
      return [zone, offset ? `${offset} ${described}` : described];
    }),
  );
}

function localizeChoices(choices: unknown, key: string, text: SystemText): unknown {
  const label = (served: string) => text(`${key}.choice.${choiceSlug(served)}`) ?? served;
  if (Array.isArray(choices)) {
    return choices.map((choice) =>
      choice && typeof choice === 'object' && typeof choice.label === 'string'
        ? { ...choice, label: label(choice.label) }
        : choice,
    );
  }
  if (choices && typeof choices === 'object') {
    return Object.fromEntries(
      Object.entries(choices as Record<string, unknown>).map(([value, served]) => [
        value,
        typeof served === 'string' ? label(served) : served,
      ]),
    );
  }
  return choices;
}

/**
 * One field of a system collection with its text in the user's language (a copy; the field itself is
 * not changed). `collection` defaults to the field's own; a user collection's field comes back as is.
 */
export function localizeSystemField(
  field: FieldDefinition,
  text: SystemText,
  locale: string,
  collection: string | null | undefined = field.collection,
): FieldDefinition {
  if (!isSystemCollection(collection) || !field.field) return field;
  const key = systemFieldKey(collection!, field.field);
  const out: FieldDefinition = { ...field };
  const name = text(`${key}.name`);
  if (name !== undefined) out.name = name;
  if (typeof field.note === 'string') out.note = text(`${key}.note`) ?? field.note;
  if (field.options && typeof field.options === 'object') {
    const options: Record<string, unknown> = { ...field.options };
    for (const option of TEXT_OPTIONS)
      if (typeof options[option] === 'string')
        options[option] = text(`${key}.option.${option}`) ?? options[option];
    if (options.choices) {
      options.choices =
        collection === 'directus_users' &&
        field.field === 'timezone' &&
        typeof options.choices === 'object' &&
        !Array.isArray(options.choices)
          ? localizeZoneChoices(options.choices as Record<string, unknown>, locale)
          : localizeChoices(options.choices, key, text);
    }
    out.options = options;
  }
  return out;
}

/** A list of fields of one collection in the user's language (the same list for a user collection). */
export function localizeFields(
  fields: FieldDefinition[],
  collection: string,
  text: SystemText,
  locale: string,
): FieldDefinition[] {
  if (!isSystemCollection(collection)) return fields;
  return fields.map((field) => localizeSystemField(field, text, locale, collection));
}

/**
 * The hydrated schema with the system collections' fields in the user's language; the user
 * collections' field lists are the same arrays as before (what is memoised on them stays).
 */
export function localizeSchema(schema: Schema, text: SystemText, locale: string): Schema {
  const fields: Record<string, FieldDefinition[]> = {};
  for (const [collection, list] of Object.entries(schema.fields))
    fields[collection] = localizeFields(list, collection, text, locale);
  return { ...schema, fields };
}

/**
 * `next`, with the field lists that read the same as in `previous` taken from it (and `previous` itself
 * when nothing differs): a catalogue registered later must not make every memo and effect on the
 * schema run again when it changed none of its words.
 */
export function keepUnchanged(previous: Schema | null, next: Schema): Schema {
  if (!previous || previous.collections !== next.collections || previous.relations !== next.relations)
    return next;
  let same = Object.keys(previous.fields).length === Object.keys(next.fields).length;
  const fields: Record<string, FieldDefinition[]> = {};
  for (const [collection, list] of Object.entries(next.fields)) {
    const before = previous.fields[collection];
    const kept =
      before === list || (before && JSON.stringify(before) === JSON.stringify(list)) ? before : list;
    fields[collection] = kept;
    if (kept !== before) same = false;
  }
  return same ? previous : { ...next, fields };
}

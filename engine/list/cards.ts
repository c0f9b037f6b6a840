import type { FieldDefinition } from '../types';
import { templateFields } from '../templates/render-template';
import { visibleFields } from './build-query';

/** The text options of a card: each holds a template (`{{ name }}`) or, as Directus 8 stores it, a field name. */
export const CARD_TEXTS = ['title', 'subtitle', 'content'] as const;

/** Types whose value is a related item (an object once expanded). */
const RELATIONAL = new Set(['m2o', 'file', 'user', 'owner', 'user_updated']);
const typeOf = (field: FieldDefinition | undefined) => String(field?.type ?? '').toLowerCase();

export function isTemplate(option: unknown): option is string {
  return typeof option === 'string' && option.includes('{{');
}

/**
 * The fields a card image may come from: file fields and many-to-ones that point at directus_files
 * (by `related`, the relation's target when the caller knows it, else by the file interface), and on
 * directus_files itself the file's own computed `data`.
 */
export function imageFields(
  fields: FieldDefinition[],
  related?: (field: FieldDefinition) => string | null,
): FieldDefinition[] {
  return fields.filter((field) => isFileField(field, related) || isOwnFileData(field));
}

function isFileField(field: FieldDefinition, related?: (field: FieldDefinition) => string | null): boolean {
  const type = typeOf(field);
  if (type === 'file') return true;
  if (type !== 'm2o') return false;
  return field.interface === 'file' || related?.(field) === 'directus_files';
}

function isOwnFileData(field: FieldDefinition): boolean {
  return field.collection === 'directus_files' && field.field === 'data';
}

/** Separators a template puts between values ("{{ title }} · {{ company }}"). */
const SEPARATORS = '[\\s·•,|/–—-]';
const EDGES = new RegExp(`^${SEPARATORS}+|${SEPARATORS}+$`, 'g');

/**
 * A card line rendered from a template, without the separators that missing values leave behind:
 * "· Acme" and "CEO · " become "Acme" and "CEO"; a line of separators only becomes empty.
 */
export function tidyLine(text: string): string {
  return text.replace(EDGES, '').trim();
}

/** Whether the fields are directus_users' (people not yet named are known by their email). */
function isUsers(fields: FieldDefinition[]): boolean {
  return fields.some((field) => field.collection === 'directus_users');
}

/**
 * The words that name a card whose title is empty: on directus_users the email (an invited person
 * has no name yet), else the primary key.
 */
export function cardFallbackTitle(
  fields: FieldDefinition[],
  item: Record<string, unknown>,
  key: string,
): string {
  if (isUsers(fields) && typeof item.email === 'string' && item.email) return item.email;
  return `#${key}`;
}

/** The collection's status field: each card shows its status as a badge (spec §4, status mapping). */
export function cardStatusField(fields: FieldDefinition[]): FieldDefinition | undefined {
  return fields.find((field) => typeOf(field) === 'status');
}

/**
 * The options with the title filled in when none is set: the first of the table's default columns
 * that holds text (else its first column), so a new cards view shows something that names each item.
 */
export function cardOptions(
  fields: FieldDefinition[],
  options: Record<string, unknown>,
): Record<string, unknown> {
  if (typeof options.title === 'string' && options.title.trim()) return options;
  const byName = new Map(fields.map((field) => [field.field, field]));
  const listed = visibleFields(fields, null);
  // A text names an item better than a status or a date: the first listed string field, else the first.
  const first = listed.find((name) => typeOf(byName.get(name)) === 'string') ?? listed[0];
  return first ? { ...options, title: first } : options;
}

/**
 * What a cards view asks the API for, beyond the primary key: the fields its title, subtitle and
 * content read (template paths as written, a related field as its object), and the image field's
 * file object (`avatar.*`: private_hash and type), or on directus_files the computed `data`.
 */
export function cardsRequestFields(fields: FieldDefinition[], stored: Record<string, unknown>): string[] {
  const options = cardOptions(fields, stored);
  const byName = new Map(fields.map((field) => [field.field, field]));
  const out: string[] = [];
  const add = (name: string) => {
    if (!out.includes(name)) out.push(name);
  };
  for (const key of CARD_TEXTS) {
    const option = options[key];
    if (isTemplate(option)) {
      for (const path of templateFields(option)) {
        const [head] = path.split('.');
        if (!byName.has(head)) continue;
        // A related object is asked for whole: the field's own display may read any of its values.
        add(path.includes('.') || !RELATIONAL.has(typeOf(byName.get(head))) ? path : `${head}.*`);
      }
    } else if (typeof option === 'string' && byName.has(option)) {
      const field = byName.get(option)!;
      add(RELATIONAL.has(typeOf(field)) ? `${option}.*` : option);
    }
  }
  const status = cardStatusField(fields);
  if (status) add(status.field);
  if (isUsers(fields) && byName.has('email')) add('email');
  const src = typeof options.src === 'string' ? byName.get(options.src) : undefined;
  if (src && isOwnFileData(src)) {
    add('data');
    add('type');
    add('title');
  } else if (src && RELATIONAL.has(typeOf(src))) {
    add(`${src.field}.*`);
  }
  return out;
}

/** A file object's thumbnail preset for a card size: the first `crop` preset at least that wide. */
const PRESET_FOR_SIZE: Record<string, string> = {
  small: 'directus-medium-crop',
  medium: 'directus-medium-crop',
  large: 'directus-large-crop',
};

/** The types the server makes thumbnails of (server/services/assets.ts). */
const THUMBNAILABLE = /^image\/(jpeg|png|gif|webp|tiff|avif)$/;

export type AssetUrl = (privateHash: string, key: string) => string;

/**
 * The address of a card's image: a thumbnail from the file's `data.thumbnails` (its `relative_url`,
 * same origin), else built from its `private_hash` with the app's asset address; null when the file
 * is not an image the server makes thumbnails of (the card shows its icon instead).
 */
export function cardImage(
  item: Record<string, unknown>,
  src: FieldDefinition | undefined,
  size: string,
  assetUrl?: AssetUrl,
): string | null {
  if (!src) return null;
  const file = isOwnFileData(src) ? item : item[src.field];
  if (!file || typeof file !== 'object') return null;
  const row = file as Record<string, unknown>;
  const wanted = PRESET_FOR_SIZE[size] ?? PRESET_FOR_SIZE.medium;
  const data = row.data && typeof row.data === 'object' ? (row.data as Record<string, unknown>) : null;
  const thumbnails = Array.isArray(data?.thumbnails) ? (data!.thumbnails as Record<string, unknown>[]) : [];
  if (thumbnails.length > 0) {
    const chosen =
      thumbnails.find((entry) => entry.key === wanted) ??
      thumbnails.find((entry) => String(entry.key ?? '').includes('crop')) ??
      thumbnails[0];
    const url = chosen.relative_url ?? chosen.url;
    return typeof url === 'string' ? url : null;
  }
  if (data) return null;
  if (typeof row.private_hash !== 'string' || !assetUrl) return null;
  if (typeof row.type === 'string' && !THUMBNAILABLE.test(row.type)) return null;
  return assetUrl(row.private_hash, wanted);
}

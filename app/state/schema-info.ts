import type { FieldDefinition } from '../../engine/types';
import { renderTemplate } from '../../engine/templates/render-template';
import type { CollectionMeta, RelationRow, StatusMappingEntry } from './types';

/**
 * Facts about a collection read off the hydrated schema: its key, status and owner fields, where a
 * relational field points, the soft-delete status, how an item is titled. Screens, the API modules and
 * the permission model all ask here.
 */

export type Item = Record<string, unknown>;

const isOn = (value: unknown) => value === true || value === 1 || value === '1';
export const typeOf = (field: FieldDefinition) => String(field.type).toLowerCase();

export function primaryKeyField(fields: FieldDefinition[]): FieldDefinition | undefined {
  return fields.find((field) => isOn(field.primary_key));
}

/** The primary key's name; `id` when the fields do not say. */
export function primaryKeyName(fields: FieldDefinition[]): string {
  return primaryKeyField(fields)?.field ?? 'id';
}

export function statusFieldOf(fields: FieldDefinition[]): FieldDefinition | undefined {
  return fields.find((field) => typeOf(field) === 'status');
}

/** The status values of a collection with their entries: the collection's mapping, else its status field's. */
export function statusMappingOf(
  meta: CollectionMeta | undefined,
  fields: FieldDefinition[],
): Record<string, StatusMappingEntry> | null {
  const field = statusFieldOf(fields);
  if (!field) return null;
  const mapping = meta?.status_mapping ?? field.options?.status_mapping ?? null;
  return mapping && typeof mapping === 'object' ? (mapping as Record<string, StatusMappingEntry>) : null;
}

/** When the collection's status mapping has a soft-delete status, delete sets it instead (spec §4). */
export interface SoftDelete {
  field: string;
  value: string | number;
}

export function softDeleteOf(meta: CollectionMeta | undefined, fields: FieldDefinition[]): SoftDelete | null {
  const mapping = statusMappingOf(meta, fields);
  if (!mapping) return null;
  for (const [key, entry] of Object.entries(mapping)) {
    if (entry && isOn(entry.soft_delete as unknown)) {
      return { field: statusFieldOf(fields)!.field, value: entry.value ?? key };
    }
  }
  return null;
}

/**
 * The collection a relational field points at: the relation row of an m2o (or, for o2m and translation
 * fields, the many side), with the conventional targets of file and user fields.
 */
export function relatedCollection(
  field: FieldDefinition,
  collection: string,
  relations: RelationRow[],
): string | null {
  const type = typeOf(field);
  const many = relations.find((r) => r.collection_many === collection && r.field_many === field.field);
  if (many?.collection_one && type !== 'o2m' && type !== 'translation') return many.collection_one;
  if (type === 'o2m' || type === 'translation' || type === 'alias') {
    const one = relations.find((r) => r.collection_one === collection && r.field_one === field.field);
    if (one) return one.collection_many;
  }
  if (type === 'file') return 'directus_files';
  if (type === 'user' || type === 'owner' || type === 'user_updated') return 'directus_users';
  return many?.collection_one ?? null;
}

/** The field of the many side that links a child back to its parent (o2m and translation fields). */
export function backLinkOf(
  field: FieldDefinition,
  collection: string,
  relations: RelationRow[],
): string | null {
  return (
    relations.find((r) => r.collection_one === collection && r.field_one === field.field)?.field_many ?? null
  );
}

/**
 * The page title: the collection's template (its `display_template`/`item_name_template`, when the server
 * stores one) rendered against the item, else the template of a many-to-one field pointing at the
 * collection, else the primary key.
 */
export function itemTitle(
  meta: CollectionMeta | undefined,
  item: Item,
  primaryKey: string | number,
  fallbackTemplate?: string | null,
): string {
  const template = [meta?.display_template, meta?.item_name_template, meta?.template, fallbackTemplate].find(
    (candidate): candidate is string => typeof candidate === 'string' && candidate.includes('{{'),
  );
  const rendered = template ? renderTemplate(template, item).trim() : '';
  return rendered || String(primaryKey);
}

/** How items of system collections are titled, where Directus 8 stores no template for them. */
const SYSTEM_TITLE_TEMPLATES: Readonly<Record<string, string>> = {
  directus_users: '{{ first_name }} {{ last_name }}',
  directus_files: '{{ title }}',
  directus_roles: '{{ name }}',
  directus_webhooks: '{{ url }}',
};

export function systemTitleTemplate(collection: string): string | null {
  return SYSTEM_TITLE_TEMPLATES[collection] ?? null;
}

/** What titles a system item whose template renders empty: a user without a name yet (invited) by email. */
export function systemTitleFallback(collection: string, item: Item | null | undefined): string | null {
  const email = collection === 'directus_users' ? item?.email : undefined;
  return typeof email === 'string' && email ? email : null;
}

/** The template a many-to-one field elsewhere uses to show items of this collection (e.g. `{{title}}`). */
export function referenceTemplate(
  collection: string,
  relations: RelationRow[],
  fieldsOf: (collection: string) => FieldDefinition[],
): string | null {
  for (const relation of relations) {
    if (relation.collection_one !== collection) continue;
    const field = fieldsOf(relation.collection_many).find((f) => f.field === relation.field_many);
    const template = field?.options?.template;
    if (typeof template === 'string' && template.includes('{{')) return template;
  }
  return null;
}

import type { Knex } from 'knex';
import type { Vendor } from '../config';
import { vendorOf } from './connection';
import { dialectOf } from './dialects';
import { hashPassword } from '../services/passwords';
import {
  DEMO_COLLECTIONS,
  DEMO_PRESETS,
  DEMO_RELATIONS,
  EDITOR_PERMISSIONS,
  EDITOR_ROLE,
  PUBLIC_PERMISSIONS,
  type CollectionDef,
  type Column,
  type PermissionDef,
} from './demo-data/model';
import { buildDemoContent, type Row } from './demo-data/content';

export {
  DEMO_COLLECTIONS,
  DEMO_RELATIONS,
  EDITOR_ROLE,
  EDITOR_PERMISSIONS,
  PUBLIC_PERMISSIONS,
} from './demo-data/model';
export { buildDemoContent } from './demo-data/content';

export const DEMO_EDITOR_EMAIL = 'editor@example.com';

export interface SeedDemoOptions {
  /** Password of the demo editor (editor@example.com); required unless that user already exists. */
  editorPassword: string;
}

export interface DemoSeedResult {
  /** Rows inserted per content collection. */
  items: Record<string, number>;
  editor: { id: number; email: string; created: boolean };
}

/** Raised when the database holds data the demo would overwrite. */
export class DemoSeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DemoSeedError';
  }
}

/** True once the demo content is in the database (its metadata commits with its rows). */
export async function isDemoSeeded(knex: Knex): Promise<boolean> {
  const row = await knex('directus_collections').where('collection', 'articles').first('collection');
  return Boolean(row);
}

/** v8's tinyint(1) flags, as the vendor's system tables store them. */
const booleanOf = (vendor: Vendor) => (value: unknown) => dialectOf(vendor).boolean(Boolean(value));

/** Adds one column, per vendor. */
function addColumn(vendor: Vendor, table: Knex.CreateTableBuilder, name: string, column: Column): void {
  let builder: Knex.ColumnBuilder;
  switch (column.kind) {
    case 'increments':
      table.increments(name, { primaryKey: true });
      return;
    case 'string':
      builder = table.string(name, column.length);
      break;
    case 'text':
      // MySQL's TEXT stops at 64 KB; article bodies may grow past that.
      builder = table.text(name, vendor === 'mysql' ? 'mediumtext' : undefined);
      break;
    case 'integer':
      builder = table.integer(name);
      if (vendor === 'mysql') builder.unsigned();
      break;
    case 'boolean':
      builder = table.boolean(name);
      break;
    case 'datetime':
      // Plain `timestamp` on PostgreSQL: v8 datetimes carry no zone (schema-v8 §6.4).
      builder = table.datetime(name, { useTz: false, precision: 0 });
      break;
    case 'date':
      builder = table.date(name);
      break;
    case 'time':
      builder = table.time(name);
      break;
    case 'decimal':
      builder = table.decimal(name, column.precision, column.scale);
      break;
  }
  if (column.primary) builder.primary();
  if (column.nullable === false || column.primary) builder.notNullable();
  else builder.nullable();
  if (column.default !== undefined) builder.defaultTo(column.default);
  if (column.unique) builder.unique();
}

function createTable(knex: Knex, vendor: Vendor, def: CollectionDef) {
  return knex.schema.createTable(def.collection, (table) => {
    for (const field of def.fields) if (field.column) addColumn(vendor, table, field.field, field.column);
    if (vendor === 'mysql') {
      table.charset('utf8mb4');
      table.collate('utf8mb4_unicode_ci');
    }
  });
}

/**
 * Tables left by an interrupted seed are empty and are replaced; a table that holds rows belongs
 * to someone and stops the seed before anything is written.
 */
async function clearLeftovers(knex: Knex): Promise<void> {
  const existing: string[] = [];
  for (const def of DEMO_COLLECTIONS) {
    if (!(await knex.schema.hasTable(def.collection))) continue;
    const [{ count }] = await knex(def.collection).count({ count: '*' });
    if (Number(count) > 0) {
      throw new DemoSeedError(
        `The table "${def.collection}" already exists and holds data; the demo content was not added.`,
      );
    }
    existing.push(def.collection);
  }
  for (const name of existing.reverse()) await knex.schema.dropTable(name);
}

/** Rows were inserted with explicit ids: the next generated id must come after them. */
async function syncSequence(knex: Knex, vendor: Vendor, table: string): Promise<void> {
  await dialectOf(vendor).syncIdSequence(knex, table);
}

function permissionRows(role: number, permissions: PermissionDef[]) {
  return permissions.map((p) => ({
    collection: p.collection,
    role,
    status: p.status ?? null,
    create: p.create ?? 'none',
    read: p.read ?? 'none',
    update: p.update ?? 'none',
    delete: p.delete ?? 'none',
    comment: p.comment ?? 'none',
    explain: p.explain ?? 'none',
    read_field_blacklist: p.read_field_blacklist ?? null,
    write_field_blacklist: p.write_field_blacklist ?? null,
    status_blacklist: p.status_blacklist ?? null,
  }));
}

function metadataRows(vendor: Vendor) {
  const flag = booleanOf(vendor);
  const collections = DEMO_COLLECTIONS.map((def) => ({
    collection: def.collection,
    managed: flag(true),
    hidden: flag(def.hidden),
    single: flag(def.single),
    icon: def.icon,
    note: def.note,
    translation: def.translation ? JSON.stringify(def.translation) : null,
  }));
  const fields = DEMO_COLLECTIONS.flatMap((def) =>
    def.fields.map((field, index) => ({
      collection: def.collection,
      field: field.field,
      type: field.type,
      interface: field.interface,
      options: field.options ? JSON.stringify(field.options) : null,
      locked: flag(false),
      validation: field.validation ?? null,
      required: flag(field.required),
      readonly: flag(field.readonly),
      hidden_detail: flag(field.hidden_detail),
      hidden_browse: flag(field.hidden_browse),
      sort: index + 1,
      width: field.width ?? 'full',
      note: field.note ?? null,
      translation: field.translation ? JSON.stringify(field.translation) : null,
    })),
  );
  const presets = DEMO_PRESETS.map((preset) => ({
    collection: preset.collection,
    view_type: preset.view_type,
    view_query: JSON.stringify(preset.view_query),
    view_options: JSON.stringify(preset.view_options),
  }));
  return { collections, fields, presets };
}

/** The Editor role, id 3 when free; an existing role of that name is reused. */
async function ensureEditorRole(knex: Knex, vendor: Vendor): Promise<number> {
  const byName = await knex('directus_roles').where('name', EDITOR_ROLE.name).first('id');
  if (byName) return Number(byName.id);
  const taken = await knex('directus_roles').where('id', EDITOR_ROLE.id).first('id');
  if (!taken) {
    await knex('directus_roles').insert({ ...EDITOR_ROLE, enforce_2fa: booleanOf(vendor)(false) });
    await syncSequence(knex, vendor, 'directus_roles');
    return EDITOR_ROLE.id;
  }
  await knex('directus_roles').insert({
    name: EDITOR_ROLE.name,
    description: EDITOR_ROLE.description,
    enforce_2fa: booleanOf(vendor)(false),
  });
  const row = await knex('directus_roles').where('name', EDITOR_ROLE.name).first('id');
  return Number(row.id);
}

async function ensureEditorUser(
  knex: Knex,
  role: number,
  passwordHash: string | undefined,
): Promise<{ id: number; created: boolean }> {
  const existing = await knex('directus_users').where('email', DEMO_EDITOR_EMAIL).first('id');
  if (existing) return { id: Number(existing.id), created: false };
  if (!passwordHash) throw new DemoSeedError('A password for the demo editor is required.');
  await knex('directus_users').insert({
    status: 'active',
    role,
    first_name: 'Elena',
    last_name: 'Marsh',
    email: DEMO_EDITOR_EMAIL,
    password: passwordHash,
    timezone: 'Europe/London',
    locale: 'en-US',
    company: 'Octavo Magazine',
    title: 'Editor',
  });
  const row = await knex('directus_users').where('email', DEMO_EDITOR_EMAIL).first('id');
  return { id: Number(row.id), created: true };
}

async function insertAll(
  knex: Knex,
  vendor: Vendor,
  passwordHash: string | undefined,
): Promise<DemoSeedResult> {
  const admin = await knex('directus_users').where('role', 1).orderBy('id').first('id');
  const role = await ensureEditorRole(knex, vendor);
  const editor = await ensureEditorUser(knex, role, passwordHash);
  const content = buildDemoContent({ admin: Number(admin?.id ?? 1), editor: editor.id });

  const items: Record<string, number> = {};
  const flag = booleanOf(vendor);
  for (const [table, generated] of Object.entries(content) as Array<[string, Row[]]>) {
    const booleans = DEMO_COLLECTIONS.find((def) => def.collection === table)!
      .fields.filter((field) => field.column?.kind === 'boolean')
      .map((field) => field.field);
    const rows = generated.map((row) => {
      const copy: Record<string, unknown> = { ...row };
      for (const name of booleans) copy[name] = flag(row[name]);
      return copy;
    });
    // Small chunks keep every vendor under its bound-parameter limit.
    for (let i = 0; i < rows.length; i += 50) await knex(table).insert(rows.slice(i, i + 50));
    if (rows.length && 'id' in rows[0] && typeof rows[0].id === 'number')
      await syncSequence(knex, vendor, table);
    items[table] = rows.length;
  }

  const { collections, fields, presets } = metadataRows(vendor);
  await knex('directus_collections').insert(collections);
  for (let i = 0; i < fields.length; i += 50) await knex('directus_fields').insert(fields.slice(i, i + 50));
  await knex('directus_relations').insert(DEMO_RELATIONS);
  await knex('directus_collection_presets').insert(presets);
  await knex('directus_permissions').insert(permissionRows(role, EDITOR_PERMISSIONS));
  await knex('directus_permissions').insert(permissionRows(2, PUBLIC_PERMISSIONS));
  return { items, editor: { id: editor.id, email: DEMO_EDITOR_EMAIL, created: editor.created } };
}

/**
 * Adds the demo magazine to a project: its tables, a few hundred items, their metadata
 * (collections, fields, relations, presets) and the Editor role with its user and permissions.
 * Returns null, changing nothing, when the demo is already there.
 *
 * SQLite and PostgreSQL do it all in one transaction. MySQL commits each DDL statement, so there
 * the tables are created first and the rows and metadata follow in one transaction; a seed
 * interrupted in between leaves empty tables that the next attempt replaces.
 */
export async function seedDemo(knex: Knex, options: SeedDemoOptions): Promise<DemoSeedResult | null> {
  if (await isDemoSeeded(knex)) return null;
  const vendor = vendorOf(knex);
  const hasEditor = await knex('directus_users').where('email', DEMO_EDITOR_EMAIL).first('id');
  const passwordHash = hasEditor ? undefined : await hashPassword(options.editorPassword);

  if (vendor === 'mysql') {
    await clearLeftovers(knex);
    for (const def of DEMO_COLLECTIONS) await createTable(knex, vendor, def);
    return knex.transaction(async (trx) => {
      if (await isDemoSeeded(trx)) throw new DemoSeedError('The demo content was added by another process.');
      return insertAll(trx, vendor, passwordHash);
    });
  }
  return knex.transaction(async (trx) => {
    await clearLeftovers(trx);
    for (const def of DEMO_COLLECTIONS) await createTable(trx, vendor, def);
    return insertAll(trx, vendor, passwordHash);
  });
}

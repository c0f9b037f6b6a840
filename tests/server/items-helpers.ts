import type { Knex } from 'knex';
import type { Vendor } from '../../server/config';
import { schemaCache } from '../../server/schema/cache';
import { hashPassword } from '../../server/services/passwords';
import { createQueryFixture, STATUS_MAPPING } from '../helpers/query-fixture';
import type { TestServer } from '../helpers/server';

/**
 * Content for the items-engine tests, on top of the query fixture (authors, articles, comments,
 * tags, articles_tags, articles_translations):
 * - notes: owner, user_updated, datetime_created/updated, sort, status with soft delete, a short
 *   unique code, a required title, a hash, json and array fields;
 * - home: a single collection.
 */
export async function createItemsFixture(server: TestServer): Promise<void> {
  const knex = server.project.knex;
  await createQueryFixture(knex, server.project.vendor);
  await knex.schema.createTable('notes', (t) => {
    t.increments('id');
    t.string('status', 20).notNullable().defaultTo('draft');
    t.integer('sort');
    t.string('title', 100);
    t.string('code', 10).unique();
    t.integer('owner');
    t.integer('modified_by');
    t.datetime('created_on', { useTz: false });
    t.datetime('modified_on', { useTz: false });
    t.string('secret', 255);
    t.text('data');
    t.string('labels', 255);
    t.integer('author');
  });
  await knex.schema.createTable('home', (t) => {
    t.increments('id');
    t.string('headline', 100);
  });
  await knex('directus_collections').insert([
    { collection: 'notes', managed: true, hidden: false, single: false },
    { collection: 'home', managed: true, hidden: false, single: true },
  ]);
  const field = fieldRow;
  await knex('directus_fields').insert([
    field('notes', 'id', 'integer'),
    field('notes', 'status', 'status', { options: JSON.stringify({ status_mapping: STATUS_MAPPING }) }),
    field('notes', 'sort', 'sort'),
    field('notes', 'title', 'string', { required: true }),
    field('notes', 'code', 'string', { validation: '/^[A-Z0-9-]*$/' }),
    field('notes', 'owner', 'owner'),
    field('notes', 'modified_by', 'user_updated'),
    field('notes', 'created_on', 'datetime_created'),
    field('notes', 'modified_on', 'datetime_updated'),
    field('notes', 'secret', 'hash'),
    field('notes', 'data', 'json'),
    field('notes', 'labels', 'array'),
    field('notes', 'author', 'm2o'),
    field('home', 'id', 'integer'),
    field('home', 'headline', 'string'),
  ]);
  await knex('directus_relations').insert({
    collection_many: 'notes',
    field_many: 'author',
    collection_one: 'authors',
    field_one: null,
    junction_field: null,
  });
  schemaCache.invalidate(server.project.key);
}

/** Inserts a row and returns its id on every vendor (PostgreSQL needs RETURNING). */
export async function insertId(knex: Knex, table: string, row: Record<string, unknown>): Promise<number> {
  const postgres = knex.client.config.client === 'pg';
  const inserted = (await (postgres ? knex(table).insert(row, ['id']) : knex(table).insert(row))) as Array<
    number | { id: number }
  >;
  const first = inserted[0];
  return typeof first === 'object' ? Number(first.id) : Number(first);
}

export function createRole(knex: Knex, name: string): Promise<number> {
  return insertId(knex, 'directus_roles', { name });
}

export async function createUser(knex: Knex, email: string, password: string, role: number): Promise<number> {
  const row = {
    email,
    password: await hashPassword(password),
    role,
    status: 'active',
    first_name: 'T',
    last_name: 'U',
  };
  return insertId(knex, 'directus_users', row);
}

export interface Grant {
  status?: string | null;
  create?: string;
  read?: string;
  update?: string;
  delete?: string;
  comment?: string;
  explain?: string;
  read_field_blacklist?: string;
  write_field_blacklist?: string;
  status_blacklist?: string;
}

export async function grant(knex: Knex, role: number, collection: string, values: Grant): Promise<void> {
  await knex('directus_permissions').insert({
    role,
    collection,
    status: values.status ?? null,
    create: values.create ?? 'none',
    read: values.read ?? 'none',
    update: values.update ?? 'none',
    delete: values.delete ?? 'none',
    comment: values.comment ?? 'none',
    explain: values.explain ?? 'none',
    read_field_blacklist: values.read_field_blacklist ?? null,
    write_field_blacklist: values.write_field_blacklist ?? null,
    status_blacklist: values.status_blacklist ?? null,
  });
}

export function truthy(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}

export type { Vendor };

/** A directus_fields row with the flags off, for tests that write metadata straight to the table. */
export function fieldRow(
  collection: string,
  name: string,
  type: string,
  extra: Record<string, unknown> = {},
) {
  return {
    collection,
    field: name,
    type,
    interface: null,
    options: null,
    locked: false,
    required: false,
    readonly: false,
    hidden_detail: false,
    hidden_browse: false,
    ...extra,
  };
}

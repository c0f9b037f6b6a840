import type { LightMyRequestResponse } from 'fastify';
import { introspectDatabase } from '../../server/schema/introspect';
import { dialectOf } from '../../server/database/dialects';
import type { TestServer } from '../helpers/server';

export interface Api {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload: unknown): Promise<LightMyRequestResponse>;
  patch(url: string, payload: unknown): Promise<LightMyRequestResponse>;
  del(url: string): Promise<LightMyRequestResponse>;
}

export function api(server: TestServer, token: string): Api {
  const headers = { authorization: `Bearer ${token}` };
  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    server.inject({ method, url: `/test${url}`, headers, payload: payload as any });
  return {
    get: (url) => send('GET', url),
    post: (url, payload) => send('POST', url, payload),
    patch: (url, payload) => send('PATCH', url, payload),
    del: (url) => send('DELETE', url),
  };
}

/** Everything a schema change may touch, for "exactly as before" comparisons. */
export async function snapshot(server: TestServer, tables: string[]): Promise<unknown> {
  const { knex, vendor } = server.project;
  const columns = await introspectDatabase(knex, vendor);
  const extras = await dialectOf(vendor).tableExtras(knex);
  const keys = (await dialectOf(vendor).foreignKeys(knex)).map((fk) => ({ ...fk, name: null }));
  const out: Record<string, unknown> = {};
  for (const table of tables) {
    const cols = columns.get(table);
    out[table] = cols
      ? {
          columns: cols,
          unique: [...(extras.get(table)?.unique ?? [])].sort(),
          rows: await knex(table).select('*').orderBy(cols[0].column),
        }
      : null;
  }
  out.foreignKeys = keys.sort((a, b) => `${a.table}.${a.column}`.localeCompare(`${b.table}.${b.column}`));
  out.meta = {
    collections: await knex('directus_collections').select('*').orderBy('collection'),
    fields: await knex('directus_fields').select('*').orderBy('id'),
    relations: await knex('directus_relations').select('*').orderBy('id'),
    permissions: await knex('directus_permissions').select('*').orderBy('id'),
    presets: await knex('directus_collection_presets').select('*').orderBy('id'),
  };
  return out;
}

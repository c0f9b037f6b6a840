import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Item, ReadResult } from '../query/execute-read';
import type { FilterNode, Query } from '../query/types';
import { respond } from '../respond';
import { truthy } from '../services/auth-users';
import { readFiles } from '../services/files';
import { ItemsService } from '../services/items';
import { envelope, queryOf } from './items';
import { registerSystemCrud } from './system-crud';
import { parseQuery } from '../query/parse-query';

const SETTINGS_FIELDS: FilterNode = {
  kind: 'condition',
  path: ['collection'],
  operator: 'eq',
  value: 'directus_settings',
};

/** The Directus type of every setting key, from the `directus_fields` rows of `directus_settings`. */
async function settingTypes(request: FastifyRequest): Promise<Map<string, string>> {
  const service = new ItemsService(request.project, request.accountability, {
    collection: 'directus_fields',
    trusted: true,
  });
  const { data } = await service.readMany({
    ...parseQuery({}),
    fields: ['field', 'type'],
    filter: SETTINGS_FIELDS,
    limit: -1,
  });
  const rows = data as Array<{ field: string; type: string | null }>;
  return new Map(rows.map((row) => [row.field, String(row.type ?? '').toLowerCase()]));
}

/** `value` typed by its key (api-v8 §2.17): integer → number, boolean → bool, file → file object. */
async function typedSettings(request: FastifyRequest, result: ReadResult): Promise<ReadResult> {
  const items = (Array.isArray(result.data) ? result.data : result.data ? [result.data] : []) as Item[];
  if (!items.some((item) => 'value' in item && typeof item.key === 'string')) return result;
  const types = await settingTypes(request);
  const files = new Map<string, unknown>();
  for (const item of items) {
    if (!('value' in item) || typeof item.key !== 'string') continue;
    const type = types.get(item.key);
    const value = item.value;
    if (value === null || value === undefined) continue;
    if (type === 'integer') {
      const number = Number(value);
      if (value !== '' && Number.isFinite(number)) item.value = number;
    } else if (type === 'boolean') {
      item.value = truthy(value);
    } else if (type === 'file') {
      const id = String(value);
      if (!/^\d+$/.test(id)) {
        item.value = null;
        continue;
      }
      if (!files.has(id)) {
        try {
          const read = await readFiles(request.project, request.accountability, parseQuery({}), [id]);
          const list = Array.isArray(read.data) ? read.data : read.data ? [read.data] : [];
          files.set(id, list[0] ?? null);
        } catch {
          files.set(id, null);
        }
      }
      item.value = files.get(id);
    }
  }
  return result;
}

/** Typed values need the key: a selection with `value` but without `key` reads it too. */
function withKey(_request: FastifyRequest, query: Query): Query {
  const fields = query.fields;
  if (!fields || fields.includes('*') || !fields.includes('value') || fields.includes('key')) return query;
  return { ...query, fields: [...fields, 'key'] };
}

/** `/{project}/settings` (api-v8 §2.17) and `/settings/fields`. */
export const settingsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/fields', async (request, reply) => {
    const query = queryOf(request);
    const raw = request.query as Record<string, unknown>;
    const service = new ItemsService(request.project, request.accountability, {
      collection: 'directus_fields',
    });
    const result = await service.readMany({
      ...query,
      limit: raw.limit === undefined && raw.page === undefined ? -1 : query.limit,
      filter: query.filter ? { kind: 'and', children: [SETTINGS_FIELDS, query.filter] } : SETTINGS_FIELDS,
    });
    return respond(request, reply, envelope(result));
  });

  registerSystemCrud(app, {
    collection: 'directus_settings',
    idPattern: '^[0-9,]+$',
    readQuery: withKey,
    transform: typedSettings,
  });
};

import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Item } from '../query/execute-read';
import { parseQuery } from '../query/parse-query';
import type { FilterNode, FilterValue } from '../query/types';
import { respond } from '../respond';
import { schemaCache } from '../schema/cache';
import { ItemsService } from '../services/items';
import { registerSystemCrud } from './system-crud';

const PUBLIC_ROLE = 2;

/** The engine reads the blacklists as lists; `/me` answers them as lists too, trimmed. */
function fieldList(value: unknown): string[] {
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return parts.map((part) => String(part).trim()).filter(Boolean);
}

/** `status_blacklist` stays CSV text on `/me`, as v8 answers it (null when empty). */
function csvText(value: unknown): string | null {
  if (Array.isArray(value)) return value.length ? value.join(',') : null;
  return typeof value === 'string' ? value : null;
}

/** A permission row as `/permissions/me` gives it (api-v8 §2.14, §12.7). */
function meRow(row: Record<string, unknown>): Record<string, unknown> {
  return {
    id: row.id === null || row.id === undefined ? null : Number(row.id),
    collection: row.collection,
    role: row.role === null || row.role === undefined ? null : Number(row.role),
    status: row.status ?? null,
    create: row.create ?? 'none',
    read: row.read ?? 'none',
    update: row.update ?? 'none',
    delete: row.delete ?? 'none',
    comment: row.comment ?? null,
    explain: row.explain ?? null,
    read_field_blacklist: fieldList(row.read_field_blacklist),
    write_field_blacklist: fieldList(row.write_field_blacklist),
    status_blacklist: csvText(row.status_blacklist),
  };
}

function fullRow(collection: string, role: number | null): Record<string, unknown> {
  return meRow({
    id: null,
    collection,
    role,
    status: null,
    create: 'full',
    read: 'full',
    update: 'full',
    delete: 'full',
    comment: 'full',
    explain: 'none',
  });
}

const condition = (field: string, value: FilterValue): FilterNode => ({
  kind: 'condition',
  path: [field],
  operator: 'eq',
  value,
});

/**
 * The caller's rows: an administrator gets a full row per collection; others their role's rows
 * (the public role's for anonymous callers), read by the items engine on the server's behalf.
 */
async function myRows(request: FastifyRequest, collection?: string): Promise<Array<Record<string, unknown>>> {
  const who = request.accountability;
  // No collection name holds a NUL character (PostgreSQL refuses one in a comparison).
  if (collection?.includes('\u0000')) return [];
  if (who.admin) {
    const schema = await schemaCache.get(request.project);
    const names = collection ? [collection] : [...schema.collections.keys()];
    return names.map((name) => fullRow(name, who.role));
  }
  const service = new ItemsService(request.project, who, {
    collection: 'directus_permissions',
    trusted: true,
  });
  const byRole = condition('role', who.role ?? PUBLIC_ROLE);
  const { data } = await service.readMany({
    ...parseQuery({}),
    filter:
      collection === undefined
        ? byRole
        : { kind: 'and', children: [byRole, condition('collection', collection)] },
    sort: [{ field: 'id', order: 'asc' }],
    limit: -1,
  });
  return (data as Item[]).map(meRow);
}

/** `/{project}/permissions` (api-v8 §2.14) with `/me` and `/me/{collection}`. */
export const permissionsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/me', async (request, reply) => {
    return respond(request, reply, { data: await myRows(request) });
  });

  // One object without workflow rows, the list of status rows with them, else an empty list.
  app.get('/me/:collection', async (request, reply) => {
    const { collection } = request.params as { collection: string };
    const rows = await myRows(request, collection);
    const workflow = rows.some((row) => row.status !== null);
    const data = rows.length === 0 ? [] : workflow ? rows : rows[rows.length - 1];
    return respond(request, reply, { data });
  });

  registerSystemCrud(app, { collection: 'directus_permissions', idPattern: '^[0-9,]+$' });
};

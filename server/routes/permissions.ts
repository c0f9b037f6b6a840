import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { respond } from '../respond';
import { schemaCache } from '../schema/cache';
import { registerSystemCrud } from './system-crud';

function csvList(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
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
    read_field_blacklist: csvList(row.read_field_blacklist),
    write_field_blacklist: csvList(row.write_field_blacklist),
    // Kept as the stored CSV text, as v8 answers it.
    status_blacklist: row.status_blacklist ?? null,
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

/** The caller's rows: an administrator gets a full row per collection; others their role's rows. */
async function myRows(request: FastifyRequest, collection?: string): Promise<Array<Record<string, unknown>>> {
  const who = request.accountability;
  if (who.admin) {
    const schema = await schemaCache.get(request.project);
    const names = collection ? [collection] : [...schema.collections.keys()];
    return names.map((name) => fullRow(name, who.role));
  }
  const query = request.project
    .knex('directus_permissions')
    .where('role', who.role ?? 2)
    .orderBy('id');
  if (collection !== undefined) query.where('collection', collection);
  return ((await query) as Array<Record<string, unknown>>).map(meRow);
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

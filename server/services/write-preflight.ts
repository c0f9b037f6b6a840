import type { FastifyRequest } from 'fastify';
import type { Accountability, ProjectContext } from '../context';
import { ApiError } from '../errors';
import { schemaCache } from '../schema';
import { permissionsFor, type WriteAction } from './permissions';

const DENIAL: Record<WriteAction, [string, string]> = {
  create: ['FORBIDDEN_COLLECTION_CREATE', 'Creating items in'],
  update: ['FORBIDDEN_COLLECTION_UPDATE', 'Updating items in'],
  delete: ['FORBIDDEN_COLLECTION_DELETE', 'Deleting items from'],
};

/**
 * Refuses a write before its body is read when the caller's role grants the action on no item of
 * the collection at all (no `$create` or status row above `none`). The items engine still decides
 * per item afterwards; this only keeps callers who can write nothing from having a body parsed
 * and validated. Unknown collections pass: the route answers for them as before.
 */
export async function assertMayWrite(
  project: ProjectContext,
  who: Accountability,
  collection: string,
  action: WriteAction,
): Promise<void> {
  if (who.admin) return;
  const schema = await schemaCache.get(project);
  if (!schema.collections.has(collection)) return;
  const permissions = await permissionsFor(project, schema, who);
  const special =
    action === 'create' ? permissions.rowsOf(collection).filter((row) => row.status === '$create') : [];
  const rows = special.length ? special : permissions.effectiveRows(collection);
  if (rows.some((row) => row[action] !== 'none')) return;
  const [name, verb] = DENIAL[action];
  throw new ApiError(name, `${verb} "${collection}" was denied`);
}

/** The write action of an HTTP method, or null for reads. */
export function writeActionOf(method: string): WriteAction | null {
  if (method === 'POST') return 'create';
  if (method === 'PATCH' || method === 'PUT') return 'update';
  if (method === 'DELETE') return 'delete';
  return null;
}

/**
 * A route-level `preParsing` hook: the permission pre-check of `assertMayWrite` for the
 * collection the request names, before Fastify reads and parses the body.
 */
export function writePreflight(
  collectionOf: (request: FastifyRequest) => string | null,
  options: { anonymousOnly?: boolean; action?: WriteAction } = {},
) {
  return async (request: FastifyRequest): Promise<void> => {
    const action = options.action ?? writeActionOf(request.method);
    if (!action) return;
    if (options.anonymousOnly && request.accountability.user != null) return;
    const collection = collectionOf(request);
    if (collection) await assertMayWrite(request.project, request.accountability, collection, action);
  };
}

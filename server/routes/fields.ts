import type { FastifyPluginAsync } from 'fastify';
import { ApiError, isApiError } from '../errors';
import { dialectOf } from '../database/dialects';
import { errorParts } from '../database/dialects/base';
import { respond } from '../respond';
import {
  batchChanges,
  createField,
  deleteField,
  listAllFields,
  listFields,
  readFields,
  singleChanges,
  updateFields,
} from '../services/fields';
import { createFieldWithRelation } from '../services/field-relations';

/**
 * Runs a schema write. Database refusals become 422 code 404, described without the driver's text; with
 * `everything`, so do the API's own errors (v8 re-throws every failure of `POST /fields/{c}` and
 * of the single-field PATCH as an SQLException), except the administrator check.
 */
export async function asSqlError<T>(work: () => Promise<T>, everything = false): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isApiError(error)) {
      if (
        !everything ||
        error.errorName === 'FORBIDDEN_COLLECTION_ALTER' ||
        error.errorName === 'SQL_ERROR'
      ) {
        throw error;
      }
      throw new ApiError('SQL_ERROR', error.message);
    }
    throw new ApiError('SQL_ERROR', databaseRefusal(error));
  }
}

const VENDORS = ['sqlite', 'mysql', 'postgres'] as const;

/**
 * A driver's refusal in words, without the statement or the driver's text (which name tables,
 * columns and values the caller did not send): the kind of violation, else the catalogue message.
 */
function databaseRefusal(error: unknown): string | undefined {
  const { code, errno } = errorParts(error);
  // Not from a driver (no code): a refusal of our own, e.g. a schema step that would break keys.
  if (!code && errno === undefined) return (error as Error)?.message || undefined;
  for (const vendor of VENDORS) {
    const violation = dialectOf(vendor).violation(error);
    if (!violation) continue;
    if (violation.kind === 'unique') return 'The database refused the schema change: a value must be unique';
    if (violation.kind === 'not_null') return 'The database refused the schema change: a value is missing';
    if (violation.kind === 'too_long')
      return 'The database refused the schema change: a value is longer than its column allows';
    return 'The database refused the schema change: a value does not fit its column';
  }
  return undefined;
}

const names = (csv: string) => csv.split(',').filter(Boolean);

/** `/fields`: columns and alias fields with their metadata (api-v8 §2.6). */
export const fieldsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    return respond(request, reply, {
      data: await listAllFields(request.project, request.accountability, query),
    });
  });

  app.get('/:collection', async (request, reply) => {
    const { collection } = request.params as { collection: string };
    const query = request.query as Record<string, unknown>;
    return respond(request, reply, {
      data: await listFields(request.project, request.accountability, collection, query),
    });
  });

  app.get('/:collection/:field', async (request, reply) => {
    const { collection, field } = request.params as { collection: string; field: string };
    const list = names(field);
    const data = await readFields(request.project, request.accountability, collection, list);
    return respond(request, reply, { data: list.length === 1 ? data[0] : data });
  });

  app.post('/:collection', async (request, reply) => {
    const { collection } = request.params as { collection: string };
    const body = request.body as Record<string, unknown> | null;
    // An Octavo addition: a field with its relation (and a new junction) as one schema unit.
    const withRelation = body && typeof body === 'object' && !Array.isArray(body) && 'relation' in body;
    const data = await asSqlError(
      () =>
        withRelation
          ? createFieldWithRelation(request.project, request.accountability, collection, body)
          : createField(request.project, request.accountability, collection, request.body),
      true,
    );
    return respond(request, reply, { data });
  });

  app.patch('/:collection', async (request, reply) => {
    const { collection } = request.params as { collection: string };
    const data = await asSqlError(() =>
      updateFields(request.project, request.accountability, collection, batchChanges(request.body)),
    );
    return respond(request, reply, { data });
  });

  app.patch('/:collection/:field', async (request, reply) => {
    const { collection, field } = request.params as { collection: string; field: string };
    const list = names(field);
    const data = await asSqlError(
      () =>
        updateFields(request.project, request.accountability, collection, singleChanges(list, request.body)),
      list.length === 1,
    );
    return respond(request, reply, { data: list.length === 1 ? data[0] : data });
  });

  app.delete('/:collection/:field', async (request, reply) => {
    const { collection, field } = request.params as { collection: string; field: string };
    await asSqlError(() => deleteField(request.project, request.accountability, collection, field));
    return respond(request, reply);
  });
};

import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ProjectContext } from '../context';
import { ApiError } from '../errors';
import { respond } from '../respond';
import { SECRET_USER_COLUMNS, safeUser } from '../services/auth-users';
import { dbDateTime } from '../services/sessions';
import { isValidSecret, verifyTotp } from '../services/tfa';
import { authStoresFor } from '../services/rate-limit';

/**
 * The caller's own user record. Anonymous callers get 401 code 3 (as v8's `/users/me`); another
 * user's id gets 403 code 10: these routes act on the caller only.
 */
function ownId(request: FastifyRequest): number {
  const who = request.accountability;
  if (who.user == null) throw new ApiError('UNAUTHORIZED');
  const { id } = request.params as { id?: string };
  if (id !== undefined && id !== 'me' && Number(id) !== who.user) {
    throw new ApiError('FORBIDDEN', 'You can only change your own user here');
  }
  return who.user;
}

/** `fields` as CSV or array; `*` for all. Plain columns, plus `role.*` / `avatar.*` expanded. */
function requestedFields(raw: unknown): string[] {
  if (raw === undefined || raw === '') return ['*'];
  const list = Array.isArray(raw)
    ? raw
    : typeof raw === 'string'
      ? raw.split(',')
      : Object.values(raw as object);
  return list.map((f) => String(f).trim()).filter(Boolean);
}

async function related(project: ProjectContext, table: string, id: unknown, subfields: string[]) {
  if (id == null) return null;
  const row = await project
    .knex(table)
    .where('id', id)
    .first()
    .catch(() => undefined);
  if (!row) return null;
  if (subfields.includes('*')) return row;
  return Object.fromEntries(subfields.filter((f) => f in row).map((f) => [f, row[f]]));
}

/** Reads the user with the requested fields; secrets are never part of the answer, even when asked for. */
async function readUser(
  project: ProjectContext,
  id: number,
  fieldsParam: unknown,
): Promise<Record<string, unknown>> {
  const row = await project.knex('directus_users').where('id', id).first();
  if (!row) throw new ApiError('ITEM_NOT_FOUND');
  const safe = safeUser(row);
  const fields = requestedFields(fieldsParam);
  const out: Record<string, unknown> = {};
  const nested = new Map<string, string[]>();
  for (const field of fields) {
    if (field === '*') {
      Object.assign(out, safe);
      continue;
    }
    const [head, ...rest] = field.split('.');
    if ((SECRET_USER_COLUMNS as readonly string[]).includes(head)) continue;
    if (!(head in row)) throw new ApiError('INVALID_FIELD', `Invalid field "${head}" in "directus_users"`);
    if (rest.length && (head === 'role' || head === 'avatar')) {
      nested.set(head, [...(nested.get(head) ?? []), rest.join('.')]);
    } else {
      out[head] = safe[head];
    }
  }
  for (const [head, subfields] of nested) {
    out[head] = await related(
      project,
      head === 'role' ? 'directus_roles' : 'directus_files',
      row[head],
      subfields,
    );
  }
  return out;
}

/** `/{project}/users`: the caller's own record, page tracking and 2FA activation (the rest comes later). */
export const usersRoutes: FastifyPluginAsync = async (app) => {
  app.get('/me', async (request, reply) => {
    const id = ownId(request);
    const data = await readUser(request.project, id, (request.query as Record<string, unknown>).fields);
    return respond(request, reply, { data });
  });

  app.patch('/:id/tracking/page', async (request, reply) => {
    const id = ownId(request);
    const payload = request.body as Record<string, unknown> | undefined;
    if (!payload || typeof payload !== 'object' || Array.isArray(payload))
      throw new ApiError('INVALID_PAYLOAD');
    const page = payload.last_page;
    if (typeof page !== 'string' || page.length > 192) {
      throw new ApiError('INVALID_REQUEST', 'last_page: must be a text of at most 192 characters');
    }
    await request.project
      .knex('directus_users')
      .where('id', id)
      .update({ last_page: page, last_access_on: dbDateTime() });
    return respond(request, reply, { data: await readUser(request.project, id, '*') });
  });

  // Allowed while 2FA is enforced but missing (see allowedWithout2FA in services/authentication.ts).
  app.post('/:id/activate_2fa', async (request, reply) => {
    const id = ownId(request);
    const payload = request.body as Record<string, unknown> | undefined;
    if (!payload || typeof payload !== 'object' || Array.isArray(payload))
      throw new ApiError('INVALID_PAYLOAD');
    const secret = payload['2fa_secret'];
    if (!isValidSecret(secret)) throw new ApiError('INVALID_REQUEST', '2fa_secret: must be a base32 secret');
    if (payload.otp === undefined || payload.otp === null || payload.otp === '') {
      throw new ApiError('INVALID_REQUEST', 'otp: This value should not be blank.');
    }
    const stores = authStoresFor(request.project.server);
    if (!(await verifyTotp(stores, `${request.project.key}:${id}`, secret, payload.otp))) {
      throw new ApiError('INVALID_OTP');
    }
    await request.project.knex('directus_users').where('id', id).update({ '2fa_secret': secret });
    return respond(request, reply, { data: await readUser(request.project, id, '*') });
  });
};

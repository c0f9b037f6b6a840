import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import type { Item, ReadResult } from '../query/execute-read';
import { respond } from '../respond';
import type { PrimaryKey } from '../services/items';
import { isValidSecret } from '../services/tfa';
import { activateTwoFactor, trackPage } from '../services/users';
import { objectBody } from './body';
import { envelope, keysOf, queryOf } from './items';
import { registerSystemCrud, systemService, type SystemCrudOptions } from './system-crud';

/** Columns only an administrator or the user themself reads (api-v8 §2.16); secrets are never read. */
const PRIVATE_COLUMNS = ['email_notifications', 'last_access_on', 'last_page'];

/** `me` is the caller (anonymous: 401 code 3). */
function userKeys(request: FastifyRequest, raw: string): PrimaryKey[] {
  return keysOf(raw).map((key) => {
    if (key !== 'me') return key;
    const user = request.accountability.user;
    if (user == null) throw new ApiError('UNAUTHORIZED', 'Unauthorized request');
    return user;
  });
}

function withoutPrivate(request: FastifyRequest, result: ReadResult): ReadResult {
  const who = request.accountability;
  if (who.admin) return result;
  const items = (Array.isArray(result.data) ? result.data : result.data ? [result.data] : []) as Item[];
  for (const item of items) {
    if (who.user != null && item.id !== undefined && Number(item.id) === who.user) continue;
    for (const column of PRIVATE_COLUMNS) delete item[column];
  }
  return result;
}

const USERS: SystemCrudOptions = {
  collection: 'directus_users',
  keys: userKeys,
  transform: withoutPrivate,
  revisions: true,
};

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

/** The caller's record after a change, read like `GET /users/me` with the request's query. */
async function answerWithUser(request: FastifyRequest, reply: FastifyReply, id: number) {
  const result = await systemService(request, USERS).readByKeys([id], queryOf(request), false);
  return respond(request, reply, envelope(result && withoutPrivate(request, result)));
}

/**
 * `/{project}/users` (api-v8 §2.16): list, one (`me` included), create, update and delete
 * through the items engine, plus page tracking and 2FA activation of the caller. Invitations
 * live in invitations.ts.
 */
export const usersRoutes: FastifyPluginAsync = async (app) => {
  registerSystemCrud(app, USERS);

  app.patch('/:id/tracking/page', async (request, reply) => {
    const id = ownId(request);
    const page = objectBody(request).last_page;
    if (typeof page !== 'string' || page.length > 192) {
      throw new ApiError('INVALID_REQUEST', 'last_page: must be a text of at most 192 characters');
    }
    await trackPage(request.project, id, page);
    return answerWithUser(request, reply, id);
  });

  // Allowed while 2FA is enforced but missing (see allowedWithout2FA in services/authentication.ts).
  app.post('/:id/activate_2fa', async (request, reply) => {
    const id = ownId(request);
    const payload = objectBody(request);
    const secret = payload['2fa_secret'];
    if (!isValidSecret(secret)) throw new ApiError('INVALID_REQUEST', '2fa_secret: must be a base32 secret');
    if (payload.otp === undefined || payload.otp === null || payload.otp === '') {
      throw new ApiError('INVALID_REQUEST', 'otp: This value should not be blank.');
    }
    await activateTwoFactor(request.project, id, secret, payload.otp);
    return answerWithUser(request, reply, id);
  });
};

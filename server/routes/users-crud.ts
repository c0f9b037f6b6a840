import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import type { Item, ReadResult } from '../query/execute-read';
import type { PrimaryKey } from '../services/items';
import { keysOf } from './items';
import { registerSystemCrud } from './system-crud';

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

/**
 * `/{project}/users` list, one, create, update and delete through the items engine (api-v8 §2.16).
 * `GET /users/me`, tracking and 2FA activation live in users.ts; invitations in invitations.ts.
 */
export const usersCrudRoutes: FastifyPluginAsync = async (app) => {
  registerSystemCrud(app, {
    collection: 'directus_users',
    keys: userKeys,
    transform: withoutPrivate,
    revisions: true,
  });
};

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { ApiError } from '../errors';
import { resolveAccountability } from './authentication';

/**
 * Routes outside a project path (`/interfaces`, `/layouts`, `/modules`) take the project from the
 * `X-Directus-Project` header, the `project` query parameter, or the `project` claim of a bearer
 * JWT (read unverified only to pick the project; the token is then verified as usual), and need a
 * signed-in user of it.
 */
export async function requireGlobalUser(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const header = request.headers['x-directus-project'];
  const query = (request.query ?? {}) as Record<string, unknown>;
  let key =
    typeof header === 'string' ? header : typeof query.project === 'string' ? query.project : undefined;
  if (!key) {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    try {
      const claim = bearer ? decodeJwt(bearer[1]).project : undefined;
      if (typeof claim === 'string') key = claim;
    } catch {}
  }
  const project = key ? await app.registry.get(key) : undefined;
  if (!project) throw new ApiError('UNAUTHORIZED', 'Unauthorized request');
  request.project = project;
  request.accountability = await resolveAccountability(project, request);
  if (request.accountability.user == null) throw new ApiError('USER_NOT_AUTHENTICATED');
}

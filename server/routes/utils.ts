import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { respond } from '../respond';
import { hashString, matchHash, randomString, twoFactorSecret } from '../services/utils';

function payload(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiError('INVALID_PAYLOAD');
  return body as Record<string, unknown>;
}

/** `/{project}/utils`: auth class "auth", callable by the public role as in v8 (api-v8 §2.19). */
export const utilsRoutes: FastifyPluginAsync = async (app) => {
  app.post('/hash', async (request, reply) =>
    respond(request, reply, { data: { hash: await hashString(payload(request)) } }),
  );
  app.post('/hash/match', async (request, reply) =>
    respond(request, reply, { data: { valid: await matchHash(payload(request)) } }),
  );
  app.post('/random/string', async (request, reply) =>
    respond(request, reply, { data: { random: randomString(payload(request).length) } }),
  );
  // Not in v8 (POST only there); a GET with `?length=` is accepted for convenience.
  app.get('/random/string', async (request, reply) =>
    respond(request, reply, {
      data: { random: randomString((request.query as { length?: unknown }).length) },
    }),
  );
  app.get('/2fa_secret', async (request, reply) =>
    respond(request, reply, { data: { '2fa_secret': twoFactorSecret() } }),
  );
};

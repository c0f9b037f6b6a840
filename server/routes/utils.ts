import type { FastifyPluginAsync } from 'fastify';
import { respond } from '../respond';
import { objectBody } from './body';
import { hashString, matchHash, randomString, twoFactorSecret } from '../services/utils';

/** `/{project}/utils`: auth class "auth", callable by the public role as in v8 (api-v8 §2.19). */
export const utilsRoutes: FastifyPluginAsync = async (app) => {
  app.post('/hash', async (request, reply) =>
    respond(request, reply, { data: { hash: await hashString(objectBody(request)) } }),
  );
  app.post('/hash/match', async (request, reply) =>
    respond(request, reply, { data: { valid: await matchHash(objectBody(request)) } }),
  );
  app.post('/random/string', async (request, reply) =>
    respond(request, reply, { data: { random: randomString(objectBody(request).length) } }),
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

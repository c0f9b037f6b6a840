import type { FastifyPluginAsync } from 'fastify';
import { respond } from '../respond';
import { objectBody } from './body';
import { hashString, matchHash, randomString, twoFactorSecret } from '../services/utils';
import { rateLimited } from '../services/rate-limit';

/** `/{project}/utils`: auth class "auth", callable by the public role as in v8 (api-v8 §2.19). */
export const utilsRoutes: FastifyPluginAsync = async (app) => {
  // Hashing is deliberately slow: both are limited per IP like sign-in, and the cost a caller may
  // ask for is capped by ServerConfig.hashLimits.
  app.post('/hash', async (request, reply) => {
    if (await rateLimited(request, reply, 'hash')) return reply;
    const hash = await hashString(objectBody(request), request.server.config.hashLimits);
    return respond(request, reply, { data: { hash } });
  });
  app.post('/hash/match', async (request, reply) => {
    if (await rateLimited(request, reply, 'hash')) return reply;
    const valid = await matchHash(objectBody(request), request.server.config.hashLimits);
    return respond(request, reply, { data: { valid } });
  });
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

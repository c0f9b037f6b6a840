import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../errors';
import { respond } from '../respond';
import {
  changeOwnPassword,
  deactivateOwnTwoFactor,
  listOwnSessions,
  ownTwoFactorState,
} from '../services/own-account';
import { rateLimited } from '../services/rate-limit';
import { objectBody } from './body';

/**
 * `/{project}/users/me/…` (Octavo additions, docs/compatibility.md): the caller's password change
 * with the current password, 2FA off with a code or the password (and whether it is on), and the
 * caller's open sessions.
 * Signed-in users only (401 code 108); proofs count against the sign-in rate limit.
 */
export const ownAccountRoutes: FastifyPluginAsync = async (app) => {
  const config = { auth: 'user' as const };

  app.post('/me/password', { config }, async (request, reply) => {
    if (await rateLimited(request, reply, 'authenticate')) return reply;
    const { current_password: current, password } = objectBody(request);
    if (typeof current !== 'string' || current === '')
      throw new ApiError('INVALID_REQUEST', 'current_password: This value should not be blank.');
    if (typeof password !== 'string' || password === '')
      throw new ApiError('INVALID_REQUEST', 'password: This value should not be blank.');
    await changeOwnPassword(request.project, request.accountability, current, password);
    return respond(request, reply);
  });

  app.post('/me/deactivate_2fa', { config }, async (request, reply) => {
    if (await rateLimited(request, reply, 'authenticate')) return reply;
    const { otp, password } = objectBody(request);
    await deactivateOwnTwoFactor(request.project, request.accountability, { otp, password });
    return respond(request, reply);
  });

  app.get('/me/two_factor', { config }, async (request, reply) => {
    return respond(request, reply, {
      data: await ownTwoFactorState(request.project, request.accountability),
    });
  });

  app.get('/me/sessions', { config }, async (request, reply) => {
    return respond(request, reply, { data: await listOwnSessions(request.project, request.accountability) });
  });
};

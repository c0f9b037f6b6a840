import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { respond } from '../respond';
import { objectBody } from './body';
import { acceptInvitation, inviteUsers } from '../services/invitations';

/** `/{project}/users/invite…`, registered beside users.ts under the same `/users` prefix. */
export const invitationRoutes: FastifyPluginAsync = async (app) => {
  // Non-admins (anonymous callers included) get 403 code 10, as v8.
  app.post('/invite', { config: { auth: 'auth' } }, async (request, reply) => {
    const payload = objectBody(request);
    const data = await inviteUsers(request.project, request.accountability, payload.email, payload.role);
    return respond(request, reply, { data });
  });

  // A wildcard, not `:token`: the router caps named parameters at 100 characters and JWTs are longer.
  const accept = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = (request.params as { '*': string })['*'];
    if (!token || token.includes('/')) throw new ApiError('INVALID_TOKEN');
    // A POST may carry the new user's password (`{password}`); a GET or an empty POST only activates.
    const body = request.body;
    const password =
      request.method === 'POST' && body && typeof body === 'object' && !Array.isArray(body)
        ? (body as Record<string, unknown>).password
        : undefined;
    const data = await acceptInvitation(request.project, request.accountability, token, password);
    return respond(request, reply, { data });
  };
  app.get('/invite/*', { config: { auth: 'none' } }, accept);
  app.post('/invite/*', { config: { auth: 'none' } }, accept);
};

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, catalogueEntry } from '../errors';
import { respond } from '../respond';
import { objectBody } from './body';
import {
  endPresentedSessions,
  refreshAuthToken,
  resolveAccountability,
  signIn,
  startSession,
} from '../services/authentication';
import { passwordResetsSettled, requestPasswordReset, resetPassword } from '../services/password-reset';
import {
  clearSessionCookie,
  deleteUserSessions,
  isPresentedSession,
  sessionCookieName,
} from '../services/sessions';
import { enabledProviders, exchangeRequestToken, finishSso, startSso } from '../services/sso';
import { closeAuthStores, rateLimited } from '../services/rate-limit';
import { assertSameSiteCookieWrite } from '../services/request-origin';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function clearCookieIfPresent(request: FastifyRequest, reply: FastifyReply): void {
  if (request.cookies?.[sessionCookieName(request.project.key)] !== undefined) {
    clearSessionCookie(request.project, request, reply);
  }
}

/** `/{project}/auth/...`: sign-in, refresh, sign-out, password reset, single sign-on. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onClose', async (instance) => {
    // Reset requests answered already finish their write and mail before the databases close.
    await passwordResetsSettled();
    await closeAuthStores(instance.config);
  });

  app.post('/authenticate', { config: { auth: 'none' } }, async (request, reply) => {
    if (await rateLimited(request, reply, 'authenticate')) return reply;
    const input = objectBody(request);
    const { email, password, otp } = input;
    const mode = input.mode ?? (request.query as Record<string, unknown>).mode ?? 'jwt';
    if (typeof email !== 'string' || !EMAIL.test(email) || typeof password !== 'string' || !password) {
      throw new ApiError('INVALID_LOGIN_REQUEST');
    }
    if (mode !== 'jwt' && mode !== 'cookie')
      throw new ApiError('INVALID_LOGIN_REQUEST', 'mode: must be "jwt" or "cookie"');
    // Login CSRF: a cookie-mode sign-in is JSON or comes from an allowed origin.
    if (mode === 'cookie') assertSameSiteCookieWrite(request);
    const result = await signIn(
      request.project,
      { email, password, otp },
      { ip: request.ip, userAgent: request.headers['user-agent'] },
    );
    const token = await startSession(request.project, request, reply, {
      userId: result.userId,
      mode,
      needs2FA: result.needs2FA,
      settings: result.settings,
    });
    const data = mode === 'jwt' ? { token, user: result.user } : { user: result.user };
    const tfa = catalogueEntry('TFA_ENFORCED')!;
    return respond(request, reply, {
      data,
      ...(result.needs2FA ? { error: { code: tfa.code, message: tfa.message } } : {}),
    });
  });

  app.post('/refresh', { config: { auth: 'none' } }, async (request, reply) => {
    const { token } = objectBody(request);
    if (typeof token !== 'string' || !token)
      throw new ApiError('INVALID_REQUEST', 'token: This value should not be blank.');
    return respond(request, reply, { data: { token: await refreshAuthToken(request.project, token) } });
  });

  app.post('/logout', { config: { auth: 'none' } }, async (request, reply) => {
    await endPresentedSessions(request.project, request);
    clearCookieIfPresent(request, reply);
    return respond(request, reply);
  });

  // Signing out all (or one) of a user's sessions: the user themself or an administrator.
  const logoutUser = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = request.params as { user: string; id?: string };
    const who = request.accountability;
    if (who.user == null) throw new ApiError('UNAUTHORIZED');
    const user = Number(params.user);
    const row = params.id === undefined ? undefined : Number(params.id);
    if (!Number.isInteger(user) || (row !== undefined && !Number.isInteger(row)))
      throw new ApiError('NOT_FOUND');
    if (user !== who.user && !who.admin)
      throw new ApiError('FORBIDDEN', 'You can only sign out your own sessions');
    // The caller's cookie goes only with the caller's own session, not with another one of theirs.
    const endsOwn =
      user === who.user && (row === undefined || (await isPresentedSession(request.project, who, row)));
    await deleteUserSessions(request.project, user, row);
    if (endsOwn) clearCookieIfPresent(request, reply);
    return respond(request, reply);
  };
  app.post('/logout/:user', { config: { auth: 'auth' } }, logoutUser);
  app.post('/logout/:user/:id', { config: { auth: 'auth' } }, logoutUser);

  app.get('/check', { config: { auth: 'none' } }, async (request, reply) => {
    let authenticated = false;
    try {
      authenticated = (await resolveAccountability(request.project, request)).user != null;
    } catch {}
    return respond(request, reply, { data: { authenticated } });
  });

  app.post('/password/request', { config: { auth: 'none' } }, async (request, reply) => {
    if (await rateLimited(request, reply, 'password')) return reply;
    const { email, reset_url } = objectBody(request);
    if (typeof email !== 'string' || !EMAIL.test(email)) {
      throw new ApiError('INVALID_REQUEST', 'email: This value is not a valid email address.');
    }
    await requestPasswordReset(request.project, email, reset_url, request.log);
    return respond(request, reply);
  });

  app.post('/password/reset', { config: { auth: 'none' } }, async (request, reply) => {
    const { token, password } = objectBody(request);
    if (typeof token !== 'string' || !token)
      throw new ApiError('INVALID_REQUEST', 'token: This value should not be blank.');
    if (typeof password !== 'string' || !password) {
      throw new ApiError('INVALID_REQUEST', 'password: This value should not be blank.');
    }
    await resetPassword(request.project, token, password);
    return respond(request, reply);
  });

  app.get('/sso', { config: { auth: 'none' } }, async (request, reply) => {
    return respond(request, reply, { data: enabledProviders(request.project) });
  });

  app.post('/sso/access_token', { config: { auth: 'none' } }, async (request, reply) => {
    const { request_token } = objectBody(request);
    if (typeof request_token !== 'string' || !request_token) {
      throw new ApiError('INVALID_REQUEST', 'request_token: This value should not be blank.');
    }
    const token = await exchangeRequestToken(request.project, request, reply, request_token);
    return respond(request, reply, { data: { token } });
  });

  app.get('/sso/:provider', { config: { auth: 'none' } }, async (request, reply) => {
    const { provider } = request.params as { provider: string };
    const location = await startSso(
      request.project,
      provider,
      request.query as Record<string, unknown>,
      reply,
    );
    return reply.redirect(location, 302);
  });

  app.get('/sso/:provider/callback', { config: { auth: 'none' } }, async (request, reply) => {
    const { provider } = request.params as { provider: string };
    const location = await finishSso(request.project, provider, request, reply);
    return reply.redirect(location, 302);
  });
};

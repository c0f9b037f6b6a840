import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../errors';
import { respond } from '../respond';
import { objectBody } from './body';
import { sendProjectMail } from '../services/mail';

const TYPES: Record<string, 'html' | 'plain'> = { html: 'html', plain: 'plain', text: 'plain', txt: 'plain' };

/** `POST /{project}/mail`: administrators send a message to addresses or users (v8 §2.20). */
export const mailRoutes: FastifyPluginAsync = async (app) => {
  app.post('/mail', { config: { auth: 'admin' } }, async (request, reply) => {
    const payload = objectBody(request);
    const { to, subject = '', body, type = 'html', data = {}, use_default_email } = payload;
    const empty = to === undefined || to === null || to === '' || (Array.isArray(to) && to.length === 0);
    if (empty) throw new ApiError('INVALID_REQUEST', 'to: This value should not be blank.');
    if (typeof body !== 'string' || body === '') {
      throw new ApiError('INVALID_REQUEST', 'body: This value should not be blank.');
    }
    if (typeof subject !== 'string') throw new ApiError('INVALID_REQUEST', 'subject: must be a text');
    if (typeof type !== 'string' || !TYPES[type]) {
      throw new ApiError('INVALID_REQUEST', 'type: must be "html" or "plain"');
    }
    if (!data || typeof data !== 'object' || Array.isArray(data)) {
      throw new ApiError('INVALID_REQUEST', 'data: must be an object');
    }
    await sendProjectMail(request.project, request.accountability, {
      to,
      subject: subject.replace(/[\r\n]+/g, ' '),
      body,
      type: TYPES[type],
      data: data as Record<string, unknown>,
      useDefaultEmail: use_default_email === true || use_default_email === 1 || use_default_email === '1',
    });
    return respond(request, reply);
  });
};

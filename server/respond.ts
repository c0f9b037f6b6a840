import type { FastifyReply, FastifyRequest } from 'fastify';

export interface Envelope {
  data?: unknown;
  meta?: Record<string, unknown>;
  messages?: unknown[];
  error?: { code: number; message: string };
}

/**
 * Sends a success envelope. Anonymous callers get `"public": true` on every answer (the app reads
 * its absence on `GET /{project}/` as "signed in"); an answer with nothing in it is a 204 for a
 * signed-in caller and `{"public":true}` for an anonymous one.
 */
export function respond(request: FastifyRequest, reply: FastifyReply, body: Envelope = {}): FastifyReply {
  const payload: Record<string, unknown> = {};
  if (body.data !== undefined && body.data !== null) payload.data = body.data;
  if (body.meta !== undefined) payload.meta = body.meta;
  if (body.messages?.length) payload.messages = body.messages;
  if (body.error) payload.error = body.error;
  if (request.accountability?.user == null) payload.public = true;
  if (Object.keys(payload).length === 0) return reply.code(204).send();
  return reply.send(payload);
}

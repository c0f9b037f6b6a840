import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors';

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
  if (request.accountability?.user == null && request.accountability?.previewBy == null)
    payload.public = true;
  if (Object.keys(payload).length === 0) return reply.code(204).send();
  const maxBytes = request.server.config?.maxResponseBytes;
  if (!maxBytes || payload.data === undefined) return reply.send(payload);
  return reply.type('application/json; charset=utf-8').send(serialiseWithin(payload, maxBytes));
}

function tooLarge(maxBytes: number): ApiError {
  return new ApiError(
    'RESPONSE_TOO_LARGE',
    `The response would be larger than ${maxBytes} bytes; narrow \`fields\` or \`limit\``,
  );
}

/**
 * JSON text of an answer, refused when it passes `maxBytes`. The row cap of the read engine already
 * bounds how much is built, so the text is made once by the plain serialiser (no per-value callback
 * on the hot path) and measured: UTF-8 takes at most 3 bytes per UTF-16 unit, so the exact byte
 * count is needed only near the limit. A text past the engine's own string limit is refused alike.
 */
export function serialiseWithin(payload: unknown, maxBytes: number): string {
  let json: string;
  try {
    json = JSON.stringify(payload);
  } catch (error) {
    if (error instanceof RangeError) throw tooLarge(maxBytes);
    throw error;
  }
  if (json.length > maxBytes) throw tooLarge(maxBytes);
  if (json.length * 3 > maxBytes && Buffer.byteLength(json) > maxBytes) throw tooLarge(maxBytes);
  return json;
}

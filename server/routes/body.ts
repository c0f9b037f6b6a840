import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors';

/**
 * The request's body as one JSON object. A missing body, a list or a bare value answers 400
 * code 13 (`INVALID_PAYLOAD`); a body that does not parse never gets this far (http.ts maps
 * Fastify's parser errors to the same code).
 */
export function objectBody(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new ApiError('INVALID_PAYLOAD');
  return body as Record<string, unknown>;
}

/**
 * Whether a body sent with a JSON content type carries nothing (no bytes, or only whitespace). Many
 * clients send `Content-Type: application/json` on every request, DELETE included: such a body is
 * no payload, as if it had no content type, on every method; a route that needs a payload then
 * answers 400 code 13 itself.
 */
export function isEmptyBody(text: string): boolean {
  return text.trim() === '';
}

/** How deeply a JSON request body may nest objects and lists. */
export const MAX_JSON_DEPTH = 100;

/**
 * Whether JSON text nests objects or lists deeper than `max`, found by one pass over the text
 * (strings skipped) before anything is parsed, so no later recursion meets an unbounded depth.
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

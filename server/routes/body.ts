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

import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { allowedOrigins } from './password-reset';

const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

export function isWriteMethod(method: string): boolean {
  return WRITES.has(method);
}

/** A JSON media type (`application/json`, `application/…+json`): browsers preflight it cross-origin. */
function isJson(request: FastifyRequest): boolean {
  const type = String(request.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

function originOf(raw: string): string | null {
  try {
    const url = new URL(raw);
    return /^https?:$/.test(url.protocol) ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Whether an origin may act with the caller's session cookie: the request's own origin (its
 * protocol and host, behind a trusted proxy as forwarded), the public URL's, and those of the
 * server's and the project's CORS settings; every origin when the server's CORS origin is `*`
 * (then any site may already send credentialed requests).
 */
export function isAllowedOrigin(request: FastifyRequest, origin: string): boolean {
  if (request.server.config.corsOrigin === '*') return true;
  const own = originOf(`${request.protocol}://${request.host}`);
  if (own !== null && own === origin) return true;
  return allowedOrigins(request.project).has(origin);
}

/**
 * Login and cookie CSRF: a request that acts through the session cookie (cookie-mode sign-in, or
 * a write the cookie authenticates) must be JSON, which a foreign page cannot send without a CORS
 * preflight, or come from an allowed origin. A form, text or multipart body needs an allowed
 * `Origin` (or `Referer` when there is no `Origin`); a request without a body and without either
 * header is not a browser's cross-site request and passes. 403 code 10 otherwise.
 */
export function assertSameSiteCookieWrite(request: FastifyRequest): void {
  if (isJson(request)) return;
  const origin = request.headers.origin;
  const referer = request.headers.referer;
  const claimed = typeof origin === 'string' ? origin : typeof referer === 'string' ? referer : undefined;
  if (claimed === undefined) {
    const hasBody =
      request.headers['content-type'] !== undefined ||
      request.headers['transfer-encoding'] !== undefined ||
      Number(request.headers['content-length'] ?? 0) > 0;
    if (!hasBody) return;
    throw new ApiError(
      'FORBIDDEN',
      'A request authenticated by the session cookie must be JSON or name an allowed Origin',
    );
  }
  const parsed = originOf(claimed);
  if (parsed !== null && isAllowedOrigin(request, parsed)) return;
  throw new ApiError('FORBIDDEN', 'Cross-origin request refused: the origin is not allowed');
}

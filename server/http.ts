import Fastify, { LogController, type FastifyInstance, type FastifyError, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import qs from 'qs';
import FindMyWay from 'find-my-way';
import { mapTileSource, type ServerConfig } from './config';
import { ApiError, isApiError } from './errors';
import { ProjectRegistry } from './services/projects';
import { publicAccountability, type Accountability, type ProjectContext } from './context';
import { resolveAccountability } from './services/authentication';
import { previewAccountability } from './services/role-preview';
import { connectInvalidation } from './database/invalidation';
import { ROOT } from './paths';
import { serverRoutes } from './routes/server';
import { projectRoutes } from './routes/project';
import { extensionRoutes } from './routes/extensions';
import { registerFavicon } from './routes/favicon';
import { closeStorage } from './services/storage/index';
import { startWebhookDelivery } from './services/webhooks';
import { registerSystemHooks } from './services/system-hooks';
import { assertSameSiteCookieWrite, isWriteMethod } from './services/request-origin';
import { isEmptyBody, jsonTooDeep, MAX_JSON_DEPTH } from './routes/body';
import { EMBED_FRAME_HOSTS, EMBED_IMAGE_HOSTS } from './services/embeds';

export type AuthClass = 'none' | 'auth' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyRequest {
    project: ProjectContext;
    accountability: Accountability;
  }
  interface FastifyContextConfig {
    /** none: anonymous always; auth: token optional (public role otherwise); user: signed in; admin: role 1. */
    auth?: AuthClass;
  }
  interface FastifyInstance {
    registry: ProjectRegistry;
    config: ServerConfig;
  }
}

const SECRET_QUERY = /([?&](?:access_token|token|super_admin_token)=)[^&]*/gi;

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'SAMEORIGIN',
};

/**
 * The longest path segment a route parameter takes (Fastify's default is 100): a list of
 * comma-separated keys of 64 KiB, some 1,000 UUIDs or 10,000 numeric keys.
 */
export const MAX_PATH_PARAM_LENGTH = 65_536;
/** Node's limit on a request's line and headers (default 16 KiB), raised to carry such a path. */
export const MAX_REQUEST_HEAD_SIZE = 96 * 1024;

/** Builds the HTTP server: the API at the root, the built admin app at /admin/. */
export async function buildServer(
  config: ServerConfig,
  registry = new ProjectRegistry(config),
): Promise<FastifyInstance> {
  // The system collections' behaviour, for every write of the items engine (once per process).
  registerSystemHooks();
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: {
              paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
              censor: '[hidden]',
            },
            serializers: {
              req: (req) => ({
                method: req.method,
                url: String(req.url).replace(SECRET_QUERY, '$1[hidden]'),
                ip: req.ip,
              }),
            },
          },
    // A log line per request costs more than a cached read; they are kept at debug and trace.
    // Errors (5xx) are still logged by the error handler at every level.
    logController: new LogController({
      disableRequestLogging: !['debug', 'trace'].includes(config.logLevel),
    }),
    trustProxy: config.trustProxy,
    // JSON, form and text bodies; file uploads set their own limits (routes/files.ts).
    bodyLimit: config.maxBodySize,
    routerOptions: {
      querystringParser: (text: string) =>
        qs.parse(text, { depth: 20, arrayLimit: 1000, parameterLimit: 2000 }),
      ignoreTrailingSlash: false,
      // Comma-separated keys in a path (`DELETE /items/{c}/1,2,…`): as many as a URL may carry.
      maxParamLength: MAX_PATH_PARAM_LENGTH,
      onMaxParamLength: (_path: string, _req: unknown, res: ServerResponse) => {
        const e = new ApiError(
          'INVALID_REQUEST',
          `A path segment is longer than ${MAX_PATH_PARAM_LENGTH} characters; send fewer keys per request`,
        );
        res.statusCode = e.status;
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.end(JSON.stringify({ error: e.toJSON() }));
      },
    },
    // The request line and headers together: room for a path of MAX_PATH_PARAM_LENGTH and a query.
    http: { maxHeaderSize: MAX_REQUEST_HEAD_SIZE },
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false, allErrors: true } },
    // The router's own refusals (a badly encoded path, a path parameter over its length limit)
    // answer in the API's error shape, with a code of schemas/errors.json.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const e = new ApiError(
        'BAD_REQUEST',
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'A path parameter is longer than this server accepts'
          : 'The URL is not validly percent-encoded',
      );
      void reply.code(error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : e.status).send({ error: e.toJSON() });
    },
  });
  app.decorate('registry', registry);
  app.decorate('config', config);
  app.decorateRequest('project', null as unknown as ProjectContext);
  app.decorateRequest('accountability', null as unknown as Accountability);

  await app.register(cookie);
  await app.register(formbody);
  // Fastify's JSON parser (prototype poisoning refused), behind a depth check of the raw text.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // No body under a JSON content type is no payload (clients send the header on every request).
    if (isEmptyBody(body as string)) {
      done(null, undefined);
      return;
    }
    if (jsonTooDeep(body as string)) {
      done(new ApiError('INVALID_PAYLOAD', `JSON nested deeper than ${MAX_JSON_DEPTH} levels`), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
  if (config.corsOrigin) {
    await app.register(cors, {
      origin: config.corsOrigin === '*' ? true : config.corsOrigin,
      credentials: true,
      allowedHeaders: ['Content-Type', 'Authorization', 'X-Directus-Project', 'X-Octavo-Preview-Role'],
      maxAge: 500,
    });
  }

  // Set before the route runs (a route may override them); a callback hook costs no promise.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (isApiError(error)) {
      return reply.code(error.status).send({ error: error.toJSON() });
    }
    if ((error as FastifyError).validation) {
      const details = (error as FastifyError)
        .validation!.map(
          (v) =>
            `${(v.instancePath || '').replace(/^\//, '').replace(/\//g, '.') || (v.params as any)?.missingProperty || (error as FastifyError).validationContext}: ${v.message}`,
        )
        .join(' ');
      const e = new ApiError('INVALID_REQUEST', details);
      return reply.code(e.status).send({ error: e.toJSON() });
    }
    const fe = error as FastifyError;
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = request.routeOptions.bodyLimit;
      const e = new ApiError(
        'UPLOAD_TOO_LARGE',
        limit === config.maxBodySize
          ? `The request body exceeds the limit of ${limit} bytes (OCTAVO_MAX_BODY_SIZE)`
          : limit === config.importMaxBodySize
            ? `The import exceeds the limit of ${limit} bytes (OCTAVO_IMPORT_MAX_BODY_SIZE)`
            : undefined,
      );
      return reply.code(e.status).send({ error: e.toJSON() });
    }
    if (fe.statusCode === 429) return reply.code(429).send();
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      // Malformed or empty bodies, unsupported media types.
      const e = new ApiError('INVALID_PAYLOAD');
      return reply.code(e.status).send({ error: e.toJSON() });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: { code: null, message: 'Internal Server Error' } });
  });

  // A second router that knows every route's path, to tell "no such path" (404, code 1) from
  // "this path, another method" (405, code 6) as v8 does.
  const paths = FindMyWay({ ignoreTrailingSlash: false });
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && !paths.hasRoute(method as any, route.url))
        paths.on(method as any, route.url, () => {});
    }
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const allowed = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'].filter((m) => paths.find(m as any, path));
    const e = new ApiError(allowed.length ? 'METHOD_NOT_ALLOWED' : 'NOT_FOUND');
    if (allowed.length) reply.header('Allow', allowed.join(', '));
    reply.code(e.status).send({ error: e.toJSON() });
  });

  app.get('/', async (request, reply) => {
    request.accountability = publicAccountability(request.ip);
    return reply.code(302).header('Location', './admin/').send({ public: true });
  });

  await app.register(serverRoutes, { prefix: '/server' });
  await app.register(extensionRoutes);
  await registerFavicon(app);
  await registerAdminApp(app, appCsp(config));

  // Every /{project}/... route: resolve the project, then who is calling.
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', async (request) => {
        const key = (request.params as { project?: string }).project ?? '';
        const project = await registry.get(key);
        if (!project) throw new ApiError('UNAUTHORIZED', 'Unauthorized request');
        request.project = project;
        const auth = request.routeOptions.config?.auth ?? 'auth';
        request.accountability =
          auth === 'none'
            ? publicAccountability(request.ip, request.headers['user-agent'])
            : await resolveAccountability(project, request);
        // An administrator reading as another role (read-only; 403 for anyone else and for writes).
        request.accountability = await previewAccountability(project, request, request.accountability);
        if (auth === 'user' && request.accountability.user == null)
          throw new ApiError('USER_NOT_AUTHENTICATED');
        if (auth === 'admin' && !request.accountability.admin) {
          throw new ApiError('UNAUTHORIZED', 'Permission denied: Admin Only');
        }
        // Cookie CSRF: writes the session cookie authenticates must be JSON or from an allowed origin.
        if (request.accountability.via === 'cookie' && isWriteMethod(request.method)) {
          assertSameSiteCookieWrite(request);
        }
      });
      await scope.register(projectRoutes);
    },
    { prefix: '/:project' },
  );

  app.decorate('webhooks', startWebhookDelivery(registry, app.log, { allow: config.webhookAllow ?? [] }));
  const leaveInvalidation = await connectInvalidation(config.redisUrl);
  app.addHook('onClose', async () => {
    await leaveInvalidation();
    await app.webhooks.stop();
    await registry.closeAll();
    closeStorage(config);
  });
  return app;
}

/**
 * The app's Content-Security-Policy: no eval, no inline script, same-origin API; images also from the
 * configured map tile server's host and the video providers' stills, frames from the app's origin
 * (PDF previews) and the providers' privacy-friendly players (services/embeds.ts), and from no other.
 */
export function appCsp(config: Pick<ServerConfig, 'map'>): string {
  const tiles = mapTileSource(config.map);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${tiles ? ` ${tiles}` : ''} ${EMBED_IMAGE_HOSTS.join(' ')}`,
    `frame-src 'self' ${EMBED_FRAME_HOSTS.join(' ')}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

export const APP_DIST = join(ROOT, 'dist', 'app');

/** Serves the built admin app at /admin/ (built by `npm run build`; `npm start` builds it when missing). */
export async function registerAdminApp(app: FastifyInstance, csp: string, root = APP_DIST): Promise<void> {
  app.get('/admin', async (_request, reply) => reply.code(301).header('Location', '/admin/').send());
  if (!existsSync(join(root, 'index.html'))) {
    app.get('/admin/', async (_request, reply) =>
      reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The admin app is not built yet: run `npm run build` (npm start does it for you).'),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/admin/',
    index: ['index.html'],
    wildcard: true,
    // The build writes .br and .gz beside each asset (scripts/precompress.ts); the best one the
    // browser accepts is sent, with `Vary: Accept-Encoding`, else the plain file.
    preCompressed: true,
    setHeaders(res, path) {
      res.header('Content-Security-Policy', csp);
      res.header('Cache-Control', adminCacheControl(relative(root, path)));
    },
  });
}

/**
 * Vite names everything under `assets/` by its content hash, so those never change and are cached for
 * a year; index.html and the unhashed files beside it (the icon) are revalidated on every load.
 * `path` may be a precompressed sibling (`.br`, `.gz`) of the file asked for.
 */
export function adminCacheControl(path: string): string {
  const parts = path.split(sep);
  return parts.length > 1 && parts[0] === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache';
}

import Fastify, { type FastifyInstance, type FastifyError } from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import qs from 'qs';
import type { ServerConfig } from './config';
import { ApiError, isApiError } from './errors';
import { ProjectRegistry } from './services/projects';
import { publicAccountability, type Accountability, type ProjectContext } from './context';
import { resolveAccountability } from './services/authentication';
import { serverRoutes } from './routes/server';
import { projectRoutes } from './routes/project';

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

/** Builds the HTTP server: the API at the root, the built admin app at /admin/. */
export async function buildServer(
  config: ServerConfig,
  registry = new ProjectRegistry(config),
): Promise<FastifyInstance> {
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
    trustProxy: config.trustProxy,
    bodyLimit: config.maxUploadSize,
    routerOptions: {
      querystringParser: (text: string) =>
        qs.parse(text, { depth: 20, arrayLimit: 1000, parameterLimit: 2000 }),
      ignoreTrailingSlash: false,
    },
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false, allErrors: true } },
  });
  app.decorate('registry', registry);
  app.decorate('config', config);
  app.decorateRequest('project', null as unknown as ProjectContext);
  app.decorateRequest('accountability', null as unknown as Accountability);

  await app.register(cookie);
  await app.register(formbody);
  if (config.corsOrigin) {
    await app.register(cors, {
      origin: config.corsOrigin === '*' ? true : config.corsOrigin,
      credentials: true,
      allowedHeaders: ['Content-Type', 'Authorization', 'X-Directus-Project'],
      maxAge: 500,
    });
  }

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    if (!reply.hasHeader('X-Frame-Options')) reply.header('X-Frame-Options', 'SAMEORIGIN');
    return payload;
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
      const e = new ApiError('UPLOAD_TOO_LARGE');
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

  app.setNotFoundHandler((_request, reply) => {
    const e = new ApiError('NOT_FOUND');
    reply.code(e.status).send({ error: e.toJSON() });
  });

  app.get('/', async (request, reply) => {
    request.accountability = publicAccountability(request.ip);
    reply.redirect('./admin/', 302);
    return reply.send({ public: true });
  });

  await app.register(serverRoutes, { prefix: '/server' });

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
        if (auth === 'user' && request.accountability.user == null)
          throw new ApiError('USER_NOT_AUTHENTICATED');
        if (auth === 'admin' && !request.accountability.admin) {
          throw new ApiError('UNAUTHORIZED', 'Permission denied: Admin Only');
        }
      });
      await scope.register(projectRoutes);
    },
    { prefix: '/:project' },
  );

  app.addHook('onClose', async () => {
    await registry.closeAll();
  });
  return app;
}

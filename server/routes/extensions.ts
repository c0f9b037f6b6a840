import type { FastifyPluginAsync } from 'fastify';
import { readFile } from 'node:fs/promises';
import { ApiError } from '../errors';
import { respond } from '../respond';
import { publicAccountability } from '../context';
import {
  EXTENSION_KINDS,
  extensionModulePath,
  listExtensions,
  type ExtensionKind,
} from '../services/extensions';

/**
 * GET /interfaces, /layouts, /modules: core definitions from schemas/ plus valid custom ones from
 * `<dataDir>/extensions/`; skipped ones are listed as warnings in `messages`. Also serves the ES
 * module a custom definition declares, at /extensions/<kind>/<id>/<file>.
 *
 * Readable by anyone for now (definitions are not secret); v8 requires a signed-in user of the
 * project given by X-Directus-Project / ?project= / JWT.
 */
export const extensionRoutes: FastifyPluginAsync = async (app) => {
  // Log each distinct set of problems once, not on every request.
  const logged = new Map<ExtensionKind, string>();

  for (const kind of EXTENSION_KINDS) {
    app.get(`/${kind}`, { config: { auth: 'none' } }, async (request, reply) => {
      request.accountability = publicAccountability(request.ip, request.headers['user-agent']);
      const { data, warnings } = listExtensions(kind, app.config.dataDir);
      const key = warnings.join('\n');
      if (key !== (logged.get(kind) ?? '')) {
        for (const warning of warnings) request.log.warn({ extension: kind }, warning);
        logged.set(kind, key);
      }
      return respond(request, reply, {
        data,
        messages: warnings.map((message) => ({ type: 'warning', message })),
      });
    });
  }

  app.get('/extensions/:kind/:id/:file', { config: { auth: 'none' } }, async (request, reply) => {
    const { kind, id, file } = request.params as { kind: string; id: string; file: string };
    const path = EXTENSION_KINDS.includes(kind as ExtensionKind)
      ? extensionModulePath(kind as ExtensionKind, app.config.dataDir, id, file)
      : null;
    if (!path) throw new ApiError('NOT_FOUND');
    return reply.type('text/javascript; charset=utf-8').send(await readFile(path));
  });
};

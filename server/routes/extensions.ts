import type { FastifyPluginAsync } from 'fastify';
import { readFile } from 'node:fs/promises';
import { ApiError } from '../errors';
import { respond } from '../respond';
import { requireGlobalUser } from '../services/global-auth';
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
 * The listings need a signed-in user of the project named by X-Directus-Project, ?project= or the
 * JWT, as in v8. Module files stay public: a browser's dynamic import cannot send credentials
 * headers, and they hold code, not content.
 */
export const extensionRoutes: FastifyPluginAsync = async (app) => {
  // Log each distinct set of problems once, not on every request.
  const logged = new Map<ExtensionKind, string>();

  for (const kind of EXTENSION_KINDS) {
    app.get(`/${kind}`, async (request, reply) => {
      await requireGlobalUser(app, request);
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

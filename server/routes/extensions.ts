import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { appCsp } from '../http';
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
import { runtimeShim } from '../services/extension-runtime';

/**
 * GET /interfaces, /layouts, /modules: core definitions from schemas/ plus valid custom ones from
 * `<dataDir>/extensions/`; skipped ones are listed as warnings in `messages`. Also serves the ES
 * files of a valid custom extension at /extensions/<kind>/<id>/<file> (its modules and style sheets,
 * nothing else) and the shared runtime shims at /extensions/runtime/<file>
 * (services/extension-runtime.ts).
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

  // The shared runtime first: /extensions/runtime/<file> is not a kind, so it cannot collide.
  app.get('/extensions/runtime/:file', { config: { auth: 'none' } }, async (request, reply) => {
    const source = runtimeShim((request.params as { file: string }).file);
    if (source === null) throw new ApiError('NOT_FOUND');
    return moduleHeaders(reply, 'script', appCsp(app.config))
      .header('Cache-Control', 'no-cache')
      .send(source);
  });

  app.get('/extensions/:kind/:id/:file', { config: { auth: 'none' } }, async (request, reply) => {
    const { kind, id, file } = request.params as { kind: string; id: string; file: string };
    const path = EXTENSION_KINDS.includes(kind as ExtensionKind)
      ? extensionModulePath(kind as ExtensionKind, app.config.dataDir, id, file)
      : null;
    if (!path) throw new ApiError('NOT_FOUND');
    return moduleHeaders(reply, file.endsWith('.css') ? 'style' : 'script', appCsp(app.config))
      .header('Cache-Control', 'no-cache')
      .send(await readFile(path));
  });
};

/**
 * Extension files go out with their real content type (a module script must be JavaScript), never
 * sniffed, and under the app's CSP, so even a file opened on its own cannot run inline script.
 */
function moduleHeaders(reply: FastifyReply, kind: 'script' | 'style', csp: string): FastifyReply {
  return reply
    .type(kind === 'script' ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', csp);
}

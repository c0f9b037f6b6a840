import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ROOT } from '../paths';

/** The icon's one source: the admin app's build copies it too (Vite's `public/` folder). */
export const FAVICON_FILE = join(ROOT, 'public', 'favicon.svg');

/**
 * The Octavo icon, for everyone (browsers ask for it without credentials): at `/favicon.ico`,
 * where browsers look by default, and at `/admin/favicon.svg`, where the app's page links to it.
 * An SVG under the `.ico` name is fine: browsers go by the content type.
 */
export async function registerFavicon(app: FastifyInstance): Promise<void> {
  const icon = readFileSync(FAVICON_FILE);
  const send = async (_request: unknown, reply: FastifyReply) =>
    reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(icon);
  app.get('/favicon.ico', send);
  app.get('/admin/favicon.svg', send);
}

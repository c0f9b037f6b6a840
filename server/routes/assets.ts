import type { FastifyPluginAsync } from 'fastify';
import { assetHeaders, openAsset } from '../services/assets';
import { storageFor, type ByteRange } from '../services/storage';

/** One `bytes=a-b` / `bytes=a-` / `bytes=-n` range; several ranges are answered with the whole file. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * `GET /{project}/assets/{private_hash}` (api-v8 §2.9): no authentication, knowing the hash is
 * access. Originals support Range; thumbnails are made once and cached in storage.
 */
export const assetsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/:id', { config: { auth: 'none' } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const query = request.query as Record<string, unknown>;
    const rangeHeader = request.headers.range;
    const opened = await openAsset(request.project, id, query, (size) => parseRange(rangeHeader, size));
    if ('redirect' in opened) return reply.code(302).header('location', opened.redirect).send();
    if ('unsatisfiable' in opened) {
      return reply.code(416).header('content-range', `bytes */${opened.unsatisfiable}`).send();
    }
    const { asset, settings } = opened;
    reply.headers(assetHeaders(asset, settings, query.download !== undefined));
    if (asset.cached !== undefined) reply.header('x-octavo-thumbnail', asset.cached ? 'cached' : 'generated');
    const inm = request.headers['if-none-match'];
    const ims = request.headers['if-modified-since'];
    const notModified = inm
      ? inm.split(',').some((tag) => tag.trim().replace(/^W\//, '') === asset.etag)
      : ims
        ? Math.floor(asset.modified.getTime() / 1000) <= Math.floor(Date.parse(ims) / 1000)
        : false;
    if (notModified) return reply.code(304).send();
    const storage = storageFor(request.project.server, request.project.key);
    if (asset.range) {
      const { start, end } = asset.range;
      reply
        .code(206)
        .header('content-range', `bytes ${start}-${end}/${asset.size}`)
        .header('content-length', end - start + 1);
      return reply.send(await storage.read(asset.key, asset.range));
    }
    reply.header('content-length', asset.size);
    return reply.send(await storage.read(asset.key));
  });
};

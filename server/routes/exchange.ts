import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { respond } from '../respond';
import { exportFileName, exportFormatOf, exportItems, importItems } from '../services/exchange';
import { writePreflight } from '../services/write-preflight';
import { objectBody } from './body';
import { queryOf } from './items';

interface Params {
  collection: string;
}

function collectionOf(request: FastifyRequest): string {
  const { collection } = request.params as Params;
  // System collections have their own endpoints (api-v8 §2.4), and no export or import.
  if (collection.startsWith('directus_')) throw new ApiError('FORBIDDEN_SYSTEM_TABLE_ACCESS');
  return collection;
}

function flag(value: unknown, name: string): boolean {
  if (value === undefined || value === null || value === false || value === 0) return false;
  if (value === true || value === 1) return true;
  throw new ApiError('INVALID_PAYLOAD', `\`${name}\` must be true or false`);
}

/**
 * `/{project}/items/{collection}/export` and `/import`: Octavo's additions to the items endpoints
 * (docs/compatibility.md). The export streams the caller's whole view page by page; the import
 * creates rows through the items engine in one transaction and answers a report.
 */
export const exchangeRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: Params; Querystring: { format?: unknown } }>(
    '/:collection/export',
    async (request, reply) => {
      const collection = collectionOf(request);
      const format = exportFormatOf(request.query.format);
      const { contentType, chunks } = await exportItems(
        request.project,
        request.accountability,
        collection,
        queryOf(request),
        format,
      );
      return (
        reply
          .type(contentType)
          .header('Content-Disposition', `attachment; filename="${exportFileName(collection, format)}"`)
          .header('Cache-Control', 'no-store')
          // Text, at most 64 KB ahead of the client: the next page is read only as the last one drains.
          .send(Readable.from(chunks, { objectMode: false, highWaterMark: 64 * 1024 }))
      );
    },
  );

  app.post<{ Params: Params }>(
    '/:collection/import',
    {
      bodyLimit: app.config?.importMaxBodySize,
      // A caller who may create nothing in the collection is refused before the body is read.
      preParsing: writePreflight(collectionOf, { action: 'create' }),
    },
    async (request, reply) => {
      const collection = collectionOf(request);
      const body = objectBody(request);
      const report = await importItems(request.project, request.accountability, collection, body.rows, {
        dryRun: flag(body.dry_run, 'dry_run'),
        skipRejected: flag(body.skip_rejected, 'skip_rejected'),
      });
      return respond(request, reply, { data: report });
    },
  );
};

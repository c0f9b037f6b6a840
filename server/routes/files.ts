import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { respond } from '../respond';
import { objectBody } from './body';
import { registerItemRevisions } from './system-crud';
import { ItemsService } from '../services/items';
import { parseQuery, type Query } from '../query';
import {
  assertFileAccess,
  canAccessFiles,
  createFileRow,
  deleteFile,
  fileRow,
  ingest,
  readFiles,
  removeStoredFile,
  sourceFromJson,
  updateFile,
  uploadError,
  writableValues,
  type IngestedFile,
} from '../services/files';
import { embedFacts, embedNames, embedOf } from '../services/embeds';

interface Upload {
  file: IngestedFile;
  clientName?: string;
}

function queryOf(request: FastifyRequest): Query {
  return parseQuery(request.query as Record<string, unknown>, {
    maxLimit: request.project.server.maxQueryLimit,
  });
}

function idsOf(request: FastifyRequest): string[] {
  const { id } = request.params as { id: string };
  const ids = id
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!ids.length || ids.some((value) => !/^\d+$/.test(value))) throw new ApiError('ITEM_NOT_FOUND');
  return ids;
}

/** Reads the multipart parts: every file goes to storage as it arrives, the fields are collected. */
async function multipartUploads(
  request: FastifyRequest,
): Promise<{ uploads: Upload[]; fields: Record<string, unknown> }> {
  if (!multipartBoundary(request.headers['content-type'])) {
    throw new ApiError('INVALID_PAYLOAD', 'The multipart body has no boundary in its Content-Type');
  }
  const uploads: Upload[] = [];
  const fields: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const file = await ingest(request.project, part.file, { clientName: part.filename });
        uploads.push({ file, clientName: part.filename });
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    await Promise.all(
      uploads.map((u) => removeStoredFile(request.project, u.file.filename_disk).catch(() => {})),
    );
    throw uploadError(error);
  }
  return { uploads, fields };
}

/** The `boundary` parameter of a multipart Content-Type, or null. */
function multipartBoundary(contentType: string | undefined): string | null {
  const match = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2]) : null;
}

/** A JSON upload or edit: one object; a list would be several files at once (400 code 15). */
function fileBody(request: FastifyRequest): Record<string, unknown> {
  if (Array.isArray(request.body)) throw new ApiError('BATCH_UPLOAD_NOT_ALLOWED');
  return objectBody(request);
}

/** The file object(s) as the caller may read them; nothing (204) when they may not. */
/** The read-back query is checked before anything is stored (a refused request writes nothing). */
const filesService = (request: FastifyRequest) =>
  new ItemsService(request.project, request.accountability, { collection: 'directus_files' });

async function readBack(request: FastifyRequest, ids: number[], query: Query) {
  try {
    const { data } = await readFiles(request.project, request.accountability, query, ids);
    return data;
  } catch (error) {
    if (error instanceof ApiError && (error.code === 300 || error.code === 203)) return null;
    throw error;
  }
}

const DENIED: Record<'create' | 'update' | 'delete', string> = {
  create: 'You are not allowed to upload files',
  update: 'You are not allowed to edit files',
  delete: 'You are not allowed to delete files',
};

/** A `preParsing` hook: callers who may not write files at all are refused before the body is read. */
function refuseUnless(action: 'create' | 'update' | 'delete') {
  return async (request: FastifyRequest): Promise<void> => {
    if (!(await canAccessFiles(request.project, request.accountability, action))) {
      throw new ApiError('FORBIDDEN', DENIED[action]);
    }
  };
}

/**
 * `/{project}/files` (api-v8 §2.8). Permission checks go through the permissions service
 * (`canAccessFiles`, `assertFileAccess`); denials answer 403 code 10 as v8's file endpoints do.
 */
export const filesRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, {
    limits: {
      fileSize: app.config.maxUploadSize,
      files: 50,
      fields: 100,
      parts: 200,
      fieldSize: 1024 * 1024,
    },
  });

  // A JSON upload (the file as base64 `data`) keeps the upload size as its body limit.
  const jsonUploadLimit = app.config.maxUploadSize;

  app.get('/', async (request, reply) => {
    const who = request.accountability;
    if (!(await canAccessFiles(request.project, who, 'read'))) {
      throw who.user == null ? new ApiError('UNAUTHORIZED') : new ApiError('FORBIDDEN_COLLECTION_READ');
    }
    const { data, meta } = await readFiles(request.project, who, queryOf(request));
    return respond(request, reply, { data, meta });
  });

  app.get('/:id', async (request, reply) => {
    const ids = idsOf(request);
    const query = queryOf(request);
    const { data, meta } = await readFiles(request.project, request.accountability, query, ids).catch(
      (error) => {
        throw error instanceof ApiError && error.code === 300 ? new ApiError('ITEM_NOT_FOUND') : error;
      },
    );
    const list = Array.isArray(data) ? data : data ? [data] : [];
    if (ids.length === 1) {
      if (!list.length) throw new ApiError('ITEM_NOT_FOUND');
      return respond(request, reply, { data: list[0], meta });
    }
    return respond(request, reply, { data: list, meta });
  });

  // A file's revisions, as for users, roles and webhooks (api-v8 §2.8).
  registerItemRevisions(app, ':id', 'directus_files', (request) => idsOf(request)[0]);

  app.post(
    '/',
    { bodyLimit: jsonUploadLimit, preParsing: refuseUnless('create') },
    async (request, reply) => {
      const { project, accountability: who } = request;
      const query = queryOf(request);
      await filesService(request).checkReadBack(query);
      const writeOptions = { activitySkip: query.activitySkip, comment: query.comment };
      let uploads: Upload[];
      let fields: Record<string, unknown>;
      // An embed's default title (the server's, so not a field the caller writes).
      let embedTitle: string | undefined;
      if (request.isMultipart()) {
        ({ uploads, fields } = await multipartUploads(request));
        if (!uploads.length) throw new ApiError('INVALID_REQUEST', 'data: No file was uploaded');
        if (uploads.length > 1) delete fields.filename_download;
      } else {
        const body = fileBody(request);
        const { data: _data, filename_disk: diskName, ...rest } = body;
        void _data;
        fields = rest;
        const embed = embedOf(body.data);
        if (embed) {
          // A YouTube or Vimeo link: an embed row, nothing downloaded (services/embeds.ts).
          const names = embedNames(embed);
          embedTitle = names.title;
          const clientName = (fields.filename_download as string | undefined) ?? names.filename_download;
          uploads = [{ file: embedFacts(embed), clientName }];
        } else {
          const { stream, nameHint } = await sourceFromJson(project, body.data);
          // v8 took the download name from filename_disk when only that was given.
          if (fields.filename_download === undefined && typeof diskName === 'string') {
            fields.filename_download = diskName;
          }
          const clientName = (fields.filename_download as string | undefined) ?? nameHint;
          uploads = [{ file: await ingest(project, stream, { clientName }), clientName }];
        }
      }
      let values: Record<string, unknown>;
      try {
        values = writableValues(fields);
        await assertFileAccess(
          project,
          who,
          'create',
          {},
          { fields: Object.keys(values), comment: query.comment },
        );
        if (embedTitle !== undefined && values.title === undefined) values.title = embedTitle;
      } catch (error) {
        await Promise.all(
          uploads.map((u) => removeStoredFile(project, u.file.filename_disk).catch(() => {})),
        );
        throw error;
      }
      const ids: number[] = [];
      for (const [index, upload] of uploads.entries()) {
        try {
          ids.push(
            await createFileRow(
              project,
              who,
              upload.file,
              { ...values, clientName: upload.clientName },
              writeOptions,
            ),
          );
        } catch (error) {
          const rest = uploads.slice(index + 1);
          await Promise.all(rest.map((u) => removeStoredFile(project, u.file.filename_disk).catch(() => {})));
          throw error;
        }
      }
      const data = await readBack(request, ids, query);
      const list = Array.isArray(data) ? data : data ? [data] : [];
      return respond(request, reply, { data: ids.length === 1 ? list[0] : list });
    },
  );

  app.patch(
    '/:id',
    { bodyLimit: jsonUploadLimit, preParsing: refuseUnless('update') },
    async (request, reply) => {
      const { project, accountability: who } = request;
      const ids = idsOf(request).map(Number);
      const query = queryOf(request);
      await filesService(request).checkReadBack(query);
      const writeOptions = { activitySkip: query.activitySkip, comment: query.comment };
      const rows = [];
      for (const id of ids) {
        const row = await fileRow(project, id);
        await assertFileAccess(project, who, 'update', row, { comment: query.comment });
        rows.push(row);
      }
      let replacement: IngestedFile | null = null;
      let fields: Record<string, unknown>;
      if (request.isMultipart()) {
        if (ids.length > 1) throw new ApiError('BATCH_UPLOAD_NOT_ALLOWED');
        const parsed = await multipartUploads(request);
        if (parsed.uploads.length > 1) {
          await Promise.all(parsed.uploads.map((u) => removeStoredFile(project, u.file.filename_disk)));
          throw new ApiError('BATCH_UPLOAD_NOT_ALLOWED');
        }
        replacement = parsed.uploads[0]?.file ?? null;
        fields = parsed.fields;
      } else {
        const body = fileBody(request);
        if (body.filename_disk !== undefined && body.filename_disk !== rows[0]?.filename_disk) {
          throw new ApiError('INVALID_REQUEST', 'filename_disk is chosen by the server and cannot be set');
        }
        const { data, filename_disk: _disk, ...rest } = body;
        void _disk;
        fields = rest;
        if (data !== undefined && data !== null) {
          if (ids.length > 1) throw new ApiError('BATCH_UPLOAD_NOT_ALLOWED');
          const embed = embedOf(data);
          if (embed) {
            replacement = embedFacts(embed);
          } else {
            const { stream, nameHint } = await sourceFromJson(project, data);
            replacement = await ingest(project, stream, {
              clientName: (fields.filename_download as string | undefined) ?? nameHint,
            });
          }
        }
      }
      let values: Record<string, unknown>;
      try {
        values = writableValues(fields);
        const written = Object.keys(values);
        for (const row of rows) {
          await assertFileAccess(project, who, 'update', row, { fields: written, comment: query.comment });
        }
      } catch (error) {
        if (replacement) await removeStoredFile(project, replacement.filename_disk).catch(() => {});
        throw error;
      }
      for (const id of ids) await updateFile(project, who, id, values, replacement, writeOptions);
      const data = await readBack(request, ids, query);
      // v8 answers a file PATCH with an array, even for one file (api-v8 §11 item 7).
      return respond(request, reply, { data: Array.isArray(data) ? data : data ? [data] : null });
    },
  );

  app.delete('/:id', { preParsing: refuseUnless('delete') }, async (request, reply) => {
    const { project, accountability: who } = request;
    const ids = idsOf(request).map(Number);
    const query = queryOf(request);
    for (const id of ids) {
      await assertFileAccess(project, who, 'delete', await fileRow(project, id), { comment: query.comment });
    }
    for (const id of ids) {
      await deleteFile(project, who, id, { activitySkip: query.activitySkip, comment: query.comment });
    }
    return respond(request, reply);
  });
};

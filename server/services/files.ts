import { createHash, randomInt, randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Accountability, ProjectContext } from '../context';
import { ApiError, isApiError } from '../errors';
import { readItems, type Item, type Query } from '../query';
import { schemaCache } from '../schema';
import { ItemsService, type ItemsHooks } from './items';
import { permissionsFor, type Permissions } from './permissions';
import { readSettings, type Settings } from './settings';
import { dbDateTime } from './sessions';
import { storageFor, type StorageDriver } from './storage';
import { safeFetch, type Resolver } from './safe-fetch';
import { presetsOf, thumbnailFolder, isThumbnailable, MAX_INPUT_PIXELS } from './assets';
import { embedData, posterUrl, type EmbedProvider } from './embeds';

export type FilesAction = 'create' | 'read' | 'update' | 'delete';

/** The caller's permissions (the same service and rules as every other collection, api-v8 §6). */
async function filesPermissions(project: ProjectContext, who: Accountability): Promise<Permissions> {
  return permissionsFor(project, await schemaCache.get(project), who);
}

/**
 * True when the caller may perform the action on at least some files: per the rows of their role
 * in `directus_permissions` (the public role 2 for anonymous callers); administrators always.
 */
export async function canAccessFiles(
  project: ProjectContext,
  who: Accountability,
  action: FilesAction,
): Promise<boolean> {
  const permissions = await filesPermissions(project, who);
  if (permissions.admin) return true;
  if (action === 'read') return permissions.canReadCollection('directus_files');
  const rows =
    action === 'create' ? permissions.rowsOf('directus_files').filter((row) => row.status === '$create') : [];
  return (rows.length ? rows : permissions.effectiveRows('directus_files')).some(
    (row) => row[action] !== 'none',
  );
}

const FILE_DENIALS: Record<number, string> = {
  301: 'You are not allowed to upload files',
  302: 'You are not allowed to edit files',
  303: 'You are not allowed to delete files',
};

/** The permission service's denials, as v8's file endpoints word them (403 code 10). */
function asFileDenial(error: unknown): unknown {
  if (isApiError(error) && FILE_DENIALS[error.code])
    return new ApiError('FORBIDDEN', FILE_DENIALS[error.code]);
  return error;
}

/**
 * Throws unless the caller may act on this file row: the permissions service's owner rules
 * (`uploaded_by` is the owner field), write field blacklist and `explain`.
 */
export async function assertFileAccess(
  project: ProjectContext,
  who: Accountability,
  action: 'create' | 'update' | 'delete',
  row: Item,
  options: { fields?: string[]; comment?: string | null } = {},
): Promise<void> {
  const permissions = await filesPermissions(project, who);
  if (permissions.admin) return;
  const schema = await schemaCache.get(project);
  const info = schema.collections.get('directus_files');
  if (!info) throw new ApiError('COLLECTION_NOT_FOUND');
  const fields = options.fields ?? [];
  const comment = options.comment ?? null;
  try {
    if (action === 'create') permissions.assertCreate(info, undefined, fields, comment);
    else if (action === 'update') permissions.assertUpdate(info, row, fields, undefined, comment);
    else permissions.assertDelete(info, row, comment);
  } catch (error) {
    throw asFileDenial(error);
  }
}

// ---------------------------------------------------------------------------------------------
// Ingestion: bytes → storage, with the facts the row records.

export interface IngestedFile {
  filename_disk: string;
  type: string;
  charset: string | null;
  filesize: number;
  checksum: string | null;
  width: number | null;
  height: number | null;
  duration: number | null;
  metadata: Record<string, unknown> | null;
  /** The provider's video id of an embed (services/embeds.ts); null for stored bytes. */
  embed: string | null;
}

const HEAD_BYTES = 4100;
const TEXT_EXTENSIONS: Record<string, string> = {
  txt: 'text/plain',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  md: 'text/markdown',
  json: 'application/json',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  xml: 'application/xml',
};

function looksLikeSvg(text: string): boolean {
  return /^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*|<!doctype[^>]*>\s*)*<svg[\s>]/i.test(text);
}

function looksLikeHtml(text: string): boolean {
  return /<(?:!doctype\s+html|html|head|body|script|iframe|object|embed|meta|style)[\s>/]/i.test(text);
}

/** The bytes decode as UTF-8 text without control characters other than whitespace. */
function isText(head: Buffer): boolean {
  // A multi-byte character may be cut at the end of the head: leave the last three bytes out.
  const sample = head.length >= HEAD_BYTES ? head.subarray(0, head.length - 3) : head;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(sample);
    // eslint-disable-next-line no-control-regex
    return !/[\x00-\x08\x0e-\x1a\x1c-\x1f]/.test(text);
  } catch {
    return false;
  }
}

function extensionOf(name: string | undefined): string {
  const match = /\.([a-z0-9]{1,8})$/i.exec(name ?? '');
  return match ? match[1].toLowerCase() : '';
}

/**
 * The file's type from its first bytes: magic numbers (file-type), then text detection. The
 * client's name is consulted only to name a plain text format (csv, json…), never to make a file
 * an image, HTML or SVG.
 */
export async function sniffType(head: Buffer, clientName?: string): Promise<{ mime: string; ext: string }> {
  const found = await fileTypeFromBuffer(head);
  const text = !found || found.mime === 'application/xml' ? isText(head) : false;
  const decoded = text ? head.toString('utf8') : '';
  if (found && found.mime !== 'application/xml') return { mime: found.mime, ext: found.ext };
  if (text && looksLikeSvg(decoded)) return { mime: 'image/svg+xml', ext: 'svg' };
  if (text && looksLikeHtml(decoded)) return { mime: 'text/html', ext: 'html' };
  if (found) return { mime: found.mime, ext: found.ext };
  if (text) {
    const ext = extensionOf(clientName);
    if (TEXT_EXTENSIONS[ext]) return { mime: TEXT_EXTENSIONS[ext], ext };
    return { mime: 'text/plain', ext: 'txt' };
  }
  return { mime: 'application/octet-stream', ext: 'bin' };
}

/** Reads the first bytes of a stream and gives back a stream of all of it. */
async function splitHead(source: Readable): Promise<{ head: Buffer; all: Readable }> {
  const chunks: Buffer[] = [];
  let size = 0;
  const iterator = source[Symbol.asyncIterator]();
  let done = false;
  while (size < HEAD_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    chunks.push(chunk);
    size += chunk.length;
  }
  const head = Buffer.concat(chunks);
  async function* rest() {
    yield head;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value as Buffer;
    }
  }
  return { head, all: Readable.from(rest(), { objectMode: false }) };
}

/** The storage key of an original. */
export function originalKey(filenameDisk: string): string {
  return `originals/${filenameDisk}`;
}

function mimeAllowed(mime: string, whitelist: string | null | undefined): boolean {
  const entries = (whitelist ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (!entries.length) return true;
  return entries.some((entry) =>
    entry.endsWith('/*') ? mime.startsWith(entry.slice(0, -1)) : entry === mime.toLowerCase(),
  );
}

async function imageFacts(storage: StorageDriver, key: string) {
  try {
    const stream = await storage.read(key);
    const probe = sharp({ limitInputPixels: MAX_INPUT_PIXELS });
    const [meta] = await Promise.all([probe.metadata(), pipeline(stream, probe).catch(() => {})]);
    const swap = (meta.orientation ?? 1) >= 5; // EXIF rotations of 90° or 270°
    return {
      width: (swap ? meta.height : meta.width) ?? null,
      height: (swap ? meta.width : meta.height) ?? null,
      metadata: {
        format: meta.format,
        space: meta.space,
        channels: meta.channels,
        density: meta.density ?? null,
        has_alpha: meta.hasAlpha ?? false,
        orientation: meta.orientation ?? null,
        pages: meta.pages ?? 1,
      },
    };
  } catch {
    return { width: null, height: null, metadata: null };
  }
}

/**
 * Streams the bytes into storage under a new server-made name (`<uuid>.<ext>` from the sniffed
 * type), counting, hashing and capping them on the way. Nothing is left in storage on failure.
 */
export async function ingest(
  project: ProjectContext,
  source: Readable,
  options: { clientName?: string },
): Promise<IngestedFile> {
  const storage = storageFor(project.server, project.key);
  const settings = await readSettings(project.knex);
  const max = project.server.maxUploadSize;
  let key: string | undefined;
  try {
    const { head, all } = await splitHead(source);
    if (head.length === 0) throw new ApiError('INVALID_REQUEST', 'The file is empty');
    const { mime, ext } = await sniffType(head, options.clientName);
    if (!mimeAllowed(mime, settings.file_mimetype_whitelist)) {
      throw new ApiError('INVALID_REQUEST', `Files of type ${mime} are not allowed here`);
    }
    const filenameDisk = `${randomUUID()}.${ext}`;
    key = originalKey(filenameDisk);
    const md5 = createHash('md5');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > max) return done(new ApiError('UPLOAD_TOO_LARGE'));
        md5.update(chunk);
        done(null, chunk);
      },
    });
    all.on('error', (error) => meter.destroy(error));
    all.pipe(meter);
    await storage.write(key, meter, mime);
    if (size > max) throw new ApiError('UPLOAD_TOO_LARGE');
    const image = isThumbnailable(mime) ? await imageFacts(storage, key) : null;
    return {
      filename_disk: filenameDisk,
      type: mime,
      charset:
        mime.startsWith('text/') || mime === 'image/svg+xml' || mime.endsWith('json') ? 'utf-8' : 'binary',
      filesize: size,
      checksum: md5.digest('hex'),
      width: image?.width ?? null,
      height: image?.height ?? null,
      duration: null,
      metadata: image?.metadata ?? null,
      embed: null,
    };
  } catch (error) {
    if (key) await storage.delete(key).catch(() => {});
    source.destroy();
    throw uploadError(error);
  }
}

/** Errors of the multipart parser about the body itself (cut short, no boundary): the client's. */
function isMalformedMultipart(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_MP_PREMATURE_CLOSE' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return true;
  const message = error instanceof Error ? error.message : '';
  return /unexpected end of multipart data|boundary not found|malformed part header/i.test(message);
}

/**
 * Upload failures as the contract's codes: too large 413/601, a malformed multipart body 400/13,
 * storage failures 500/607.
 */
export function uploadError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  const code = (error as { code?: string })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new ApiError('UPLOAD_TOO_LARGE');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT') {
    return new ApiError('INVALID_PAYLOAD', 'Too many parts in the upload');
  }
  if (isMalformedMultipart(error)) {
    return new ApiError('INVALID_PAYLOAD', 'The multipart body is truncated or malformed');
  }
  if (code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET') return new ApiError('UPLOAD_PARTIAL');
  return new ApiError('UPLOAD_WRITE_FAILED');
}

// ---------------------------------------------------------------------------------------------
// Where the bytes come from in a JSON body.

export interface ImportOptions {
  /** For tests: the DNS resolver URL imports use. */
  resolve?: Resolver;
  timeoutMs?: number;
}

const DATA_URL = /^data:([^;,]*)(;[^,]*)?,/i;

/** A JSON `data` value: a URL to import, a `data:` URL or bare base64. */
export async function sourceFromJson(
  project: ProjectContext,
  data: unknown,
  options: ImportOptions = {},
): Promise<{ stream: Readable; nameHint?: string }> {
  if (typeof data !== 'string' || !data) throw new ApiError('INVALID_REQUEST', '"data" is required');
  const dataUrl = DATA_URL.exec(data);
  // Base64 has no ':' in its alphabet; anything with a scheme that is not `data:` is a URL.
  if (!dataUrl && /^[a-z][a-z0-9+.-]*:/i.test(data.trim())) {
    const fetched = await safeFetch(data.trim(), {
      allowList: project.server.importAllowList,
      maxBytes: project.server.maxUploadSize,
      resolve: options.resolve,
      timeoutMs: options.timeoutMs,
    });
    const raw = fetched.url.pathname.split('/').pop() ?? '';
    let last = raw;
    try {
      last = decodeURIComponent(raw);
    } catch {
      // keep the name as it was written
    }
    return { stream: fetched.body, nameHint: last || fetched.url.hostname };
  }
  const payload = (dataUrl ? data.slice(dataUrl[0].length) : data).replace(/\s+/g, '');
  if (dataUrl && !/;base64$/i.test(dataUrl[2] ?? '')) {
    let text: string;
    try {
      text = decodeURIComponent(data.slice(dataUrl[0].length));
    } catch {
      throw new ApiError('INVALID_REQUEST', '"data" is not a valid data: URL');
    }
    return { stream: Readable.from([Buffer.from(text, 'utf8')]) };
  }
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(payload)) {
    throw new ApiError('INVALID_REQUEST', '"data" is neither base64 nor a URL');
  }
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length > project.server.maxUploadSize) throw new ApiError('UPLOAD_TOO_LARGE');
  return { stream: Readable.from([bytes]) };
}

// ---------------------------------------------------------------------------------------------
// Rows.

/** Columns a client may set; the rest are facts the server records. */
const WRITABLE = ['title', 'description', 'location', 'tags', 'folder', 'metadata', 'filename_download'];
const SERVER_SET = [
  'id',
  'storage',
  'private_hash',
  'filename_disk',
  'type',
  'uploaded_by',
  'uploaded_on',
  'charset',
  'filesize',
  'width',
  'height',
  'duration',
  'embed',
  'checksum',
  'preview',
];

/** A client-given file name reduced to a plain name: no folders, no control characters. */
export function safeDownloadName(name: unknown, fallback: string): string {
  if (typeof name !== 'string') return fallback;
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\x00-\x1f\x7f]/g, '').trim();
  return clean && clean !== '.' && clean !== '..' ? clean.slice(0, 255) : fallback;
}

/** `beach_day-2020.jpg` → `Beach Day 2020`. */
export function titleFromName(name: string): string {
  const stem = name.replace(/\.[^.]+$/, '');
  return stem
    .replace(/[-_.+]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(^|\s)(\p{L})/gu, (_m, space: string, letter: string) => space + letter.toUpperCase())
    .slice(0, 255);
}

function privateHash(): string {
  const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';
  let out = '';
  for (let i = 0; i < 16; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** Client-given values of the writable columns, as stored. */
/** A text field's value: text, a number or a boolean; an object is refused, not written as "[object Object]". */
function textOf(field: string, value: unknown): string {
  if (typeof value === 'object' || typeof value === 'function') {
    throw new ApiError('INVALID_REQUEST', `"${field}" must be text`);
  }
  return String(value);
}

export function writableValues(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === 'data' || SERVER_SET.includes(key)) continue;
    if (!WRITABLE.includes(key))
      throw new ApiError('INVALID_FIELD', `Invalid field "${key}" in "directus_files"`);
    if (key === 'tags') {
      out.tags = Array.isArray(value)
        ? value.map((tag) => textOf(key, tag)).join(',')
        : value == null
          ? null
          : textOf(key, value);
    } else if (key === 'metadata') {
      out.metadata = value == null ? null : typeof value === 'string' ? value : JSON.stringify(value);
    } else if (key === 'folder') {
      const id = value && typeof value === 'object' ? (value as { id?: unknown }).id : value;
      if (id != null && id !== '' && !Number.isInteger(Number(id))) {
        throw new ApiError('INVALID_REQUEST', '"folder" must be a folder id');
      }
      out.folder = id == null || id === '' ? null : Number(id);
    } else if (key === 'filename_download') {
      if (typeof value !== 'string' || !value.trim()) {
        throw new ApiError('INVALID_REQUEST', '"filename_download" must be a file name');
      }
      out.filename_download = safeDownloadName(value, 'file');
    } else {
      out[key] = value == null ? null : textOf(key, value);
    }
  }
  return out;
}

/**
 * The `directus_files` hooks (registered by system-hooks.ts): the server, not the writer, decides
 * where a new row's bytes live, its private hash and upload time; the title defaults to one made
 * from the download name. Stored bytes are removed by deleteFile after the row's commit, never
 * inside the transaction.
 */
export const fileHooks: ItemsHooks = {
  beforeCreate(payload, ctx) {
    const download = payload.filename_download;
    return {
      ...(typeof download === 'string' && download ? { title: titleFromName(download) } : {}),
      ...payload,
      storage: storageFor(ctx.project.server, ctx.project.key).name,
      private_hash: privateHash(),
      uploaded_on: dbDateTime(),
    };
  },
};

/** `activity_skip` and `comment` of the request's query. */
export type WriteOptions = Pick<Query, 'activitySkip' | 'comment'>;

/**
 * The items engine on `directus_files`, writing on the caller's behalf: permissions are checked
 * beforehand with the file rules (assertFileAccess); activity, revisions, the `directus_files`
 * hooks (system-hooks.ts) and item events follow the engine's one way, in its transaction.
 */
function filesEngine(project: ProjectContext, who: Accountability): ItemsService {
  return new ItemsService(project, who, {
    collection: 'directus_files',
    trusted: true,
    createAction: 'upload',
  });
}

/** Records an ingested file; removes its bytes again if the row cannot be written. */
export async function createFileRow(
  project: ProjectContext,
  who: Accountability,
  file: IngestedFile,
  values: { clientName?: string } & Record<string, unknown>,
  options: WriteOptions | null = null,
): Promise<number> {
  const { clientName, ...fields } = values;
  const download =
    (fields.filename_download as string | undefined) ?? safeDownloadName(clientName, file.filename_disk);
  try {
    const [id] = await filesEngine(project, who).create(
      { ...file, ...fields, filename_download: download },
      options,
    );
    return Number(id);
  } catch (error) {
    await storageFor(project.server, project.key)
      .delete(originalKey(file.filename_disk))
      .catch(() => {});
    throw error;
  }
}

export async function fileRow(project: ProjectContext, id: unknown): Promise<Item> {
  // Past the largest integer key no row exists (and PostgreSQL refuses the comparison).
  if (!/^\d+$/.test(String(id)) || Number(id) > 2147483647) throw new ApiError('ITEM_NOT_FOUND');
  const row = await project.knex('directus_files').where('id', Number(id)).first();
  if (!row) throw new ApiError('ITEM_NOT_FOUND');
  return row;
}

/** Removes an original and every thumbnail made from it. */
export async function removeStoredFile(project: ProjectContext, filenameDisk: string): Promise<void> {
  const storage = storageFor(project.server, project.key);
  await storage.delete(originalKey(filenameDisk));
  await storage.deletePrefix(thumbnailFolder(filenameDisk));
}

/**
 * Changes a file's metadata and, with `replacement`, its bytes: the new bytes get a new disk name
 * (so caches keyed on the old one cannot serve stale content) and the old bytes and thumbnails are
 * removed after the row points at the new ones.
 */
export async function updateFile(
  project: ProjectContext,
  who: Accountability,
  id: number,
  values: Record<string, unknown>,
  replacement: IngestedFile | null,
  options: WriteOptions | null = null,
): Promise<void> {
  const before = await fileRow(project, id);
  const changes: Record<string, unknown> = { ...values };
  if (replacement) {
    Object.assign(changes, replacement, { storage: storageFor(project.server, project.key).name });
  }
  if (Object.keys(changes).length) {
    try {
      await filesEngine(project, who).update([id], changes, options);
    } catch (error) {
      if (replacement) await removeStoredFile(project, replacement.filename_disk).catch(() => {});
      throw error;
    }
  }
  if (replacement) await removeStoredFile(project, String(before.filename_disk));
}

export async function deleteFile(
  project: ProjectContext,
  who: Accountability,
  id: number,
  options: WriteOptions | null = null,
): Promise<void> {
  const row = await fileRow(project, id);
  // The bytes go once the row is gone for good: a rolled-back delete keeps a working file.
  await filesEngine(project, who).delete([id], options);
  await removeStoredFile(project, String(row.filename_disk));
}

// ---------------------------------------------------------------------------------------------
// Reads.

export interface Thumbnail {
  key: string;
  url: string;
  relative_url: string;
  dimension: string;
  width: number;
  height: number;
}

export interface FileData {
  url: string;
  full_url: string;
  asset_url: string;
  thumbnails: Thumbnail[] | null;
  /** An embed's watch address, player address and markup (services/embeds.ts); null for bytes. */
  embed: ReturnType<typeof embedData> | null;
}

const EMBED_TYPE = /^embed\/(youtube|vimeo)$/;

/** The embed of a row whose type is `embed/<provider>` and whose `embed` holds the video id. */
function embedRefOf(row: Item) {
  const match = EMBED_TYPE.exec(String(row.type ?? ''));
  const id = typeof row.embed === 'string' ? row.embed : '';
  return match && id ? { provider: match[1] as EmbedProvider, id } : null;
}

/**
 * The computed `data` block of a file object (api-v8 §12.6). Originals are served by the asset
 * endpoint (with its safety headers), so `url`/`full_url` point there too: storage is never
 * exposed directly.
 */
export function fileData(project: ProjectContext, row: Item, settings: Settings): FileData {
  const root = new URL(project.server.publicUrl);
  const base = root.pathname.endsWith('/') ? root.pathname : `${root.pathname}/`;
  const id =
    settings.asset_url_naming === 'filename_download'
      ? encodeURIComponent(String(row.filename_download))
      : String(row.private_hash);
  const relative = `${base}${project.key}/assets/${id}`;
  const absolute = (path: string) => new URL(path, root).toString();
  const embed = embedRefOf(row);
  if (embed) {
    // No bytes of ours: the still is the provider's own (none for Vimeo without its API).
    const poster = posterUrl(embed);
    const thumbnails = poster
      ? [
          {
            key: `${embed.provider}-poster`,
            url: poster,
            relative_url: poster,
            dimension: '480x360',
            width: 480,
            height: 360,
          },
        ]
      : null;
    const title = String(row.title || row.filename_download || embed.id);
    return {
      url: relative,
      full_url: absolute(relative),
      asset_url: relative,
      thumbnails,
      embed: embedData(embed, title),
    };
  }
  const thumbnails = isThumbnailable(String(row.type ?? ''))
    ? presetsOf(settings).map((preset) => {
        const rel = `${relative}?key=${encodeURIComponent(preset.key)}`;
        return {
          key: preset.key,
          url: absolute(rel),
          relative_url: rel,
          dimension: `${preset.width}x${preset.height}`,
          width: preset.width,
          height: preset.height,
        };
      })
    : null;
  return { url: relative, full_url: absolute(relative), asset_url: relative, thumbnails, embed: null };
}

/**
 * The read engine's computed aliases of a project (ReadContext.computed): the `data` block of file
 * rows, wherever they are read (`/files`, `*.*`, a user's `avatar.*`, any relation to files).
 */
export function computedFields(project: ProjectContext) {
  let settings: Promise<Settings> | null = null;
  return async (collection: string, field: string): Promise<((row: Item) => FileData) | null> => {
    if (collection !== 'directus_files' || field !== 'data') return null;
    settings ??= readSettings(project.knex);
    const read = await settings;
    return (row) => fileData(project, row, read);
  };
}

/** Reads files as the caller may see them, with the `data` block when asked for (or by default). */
export async function readFiles(
  project: ProjectContext,
  who: Accountability,
  query: Query,
  keys?: Array<string | number>,
): Promise<{ data: Item[] | Item | null; meta?: Record<string, unknown> }> {
  const settings = await readSettings(project.knex);
  const schema = await schemaCache.get(project);
  const defaultLimit = Number(settings.default_limit) || 20;
  const result = await readItems(
    {
      knex: project.knex,
      vendor: project.vendor,
      schema,
      defaultLimit,
      maxRows: project.server.maxQueryRows,
      maxRelatedPerParent: project.server.maxQueryLimit,
      timeoutMs: project.server.queryTimeoutMs,
      computed: computedFields(project),
    },
    'directus_files',
    query,
    await filesPermissions(project, who),
    keys ? { keys } : {},
  );
  return { data: result.data, meta: result.meta as Record<string, unknown> | undefined };
}

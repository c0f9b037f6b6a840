import sharp from 'sharp';
import type { ProjectContext } from '../context';
import { ApiError } from '../errors';
import { posterUrl, type EmbedProvider } from './embeds';
import type { Item } from '../query';
import { readSettings, type Settings } from './settings';
import { storageFor, StorageNotFoundError, type ByteRange, type StoredObject } from './storage';

/** A named thumbnail size from the settings `asset_whitelist` / `asset_whitelist_system`. */
export interface AssetPreset {
  key: string;
  width: number;
  height: number;
  fit: Fit;
  quality: number;
}

/** v8's `crop` (fill the box, cut the rest) and `contain` (fit inside), plus sharp's own names. */
export type Fit = 'crop' | 'contain' | 'inside' | 'outside' | 'cover';
const FITS: Fit[] = ['crop', 'contain', 'inside', 'outside', 'cover'];
const SHARP_FIT: Record<Fit, 'cover' | 'inside' | 'outside'> = {
  crop: 'cover',
  cover: 'cover',
  contain: 'inside', // v8's "contain" keeps the aspect ratio inside the box, without padding
  inside: 'inside',
  outside: 'outside',
};

/** Largest width or height a transform may ask for. */
export const MAX_DIMENSION = 4000;
/** Largest image (in pixels) decoded for a transform: a guard against decompression bombs. */
export const MAX_INPUT_PIXELS = 100_000_000;

/** Raster types sharp reads and thumbnails are made for (SVG is left out, as in v8). */
const THUMBNAIL_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/tiff': 'jpg',
};
const OUTPUT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

export function isThumbnailable(type: string): boolean {
  return type in THUMBNAIL_TYPES;
}

function parsePresets(raw: string | null | undefined): AssetPreset[] {
  if (!raw) return [];
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) => {
    const e = entry as Record<string, unknown>;
    const width = Number(e.width);
    const height = Number(e.height);
    const fit = String(e.fit ?? 'crop') as Fit;
    const quality = Number(e.quality ?? 80);
    if (typeof e.key !== 'string' || !e.key) return [];
    if (!(width > 0 && height > 0 && quality > 0 && quality <= 100)) return [];
    return [{ key: e.key, width, height, fit: FITS.includes(fit) ? fit : 'crop', quality }];
  });
}

/** System presets first, then the project's own (the order of the `thumbnails` list). */
export function presetsOf(settings: Settings): AssetPreset[] {
  return [...parsePresets(settings.asset_whitelist_system), ...parsePresets(settings.asset_whitelist)];
}

/** The storage folder that holds every thumbnail made from an original. */
export function thumbnailFolder(filenameDisk: string): string {
  return `thumbnails/${filenameDisk}`;
}

export interface Transform {
  width: number;
  height: number;
  fit: Fit;
  quality: number;
}

function numberParam(value: unknown, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new ApiError('UNPROCESSABLE_ENTITY', `"${name}" must be a positive whole number`);
  return n;
}

/**
 * The transform a query asks for, or null for the original. `key` names a preset; otherwise
 * width/height/fit/quality (or v8's w/h/f/q). Everyone, administrators included, is held to the
 * whitelist when the project's `asset_whitelist` is not empty.
 */
export function transformFor(query: Record<string, unknown>, settings: Settings): Transform | null {
  const presets = presetsOf(settings);
  if (query.key !== undefined && query.key !== '') {
    const preset = presets.find((p) => p.key === String(query.key));
    if (!preset) throw new ApiError('UNPROCESSABLE_ENTITY', "Key doesn't exist.");
    return { width: preset.width, height: preset.height, fit: preset.fit, quality: preset.quality };
  }
  const width = numberParam(query.width ?? query.w, 'width');
  const height = numberParam(query.height ?? query.h, 'height');
  const fitRaw = query.fit ?? query.f;
  const quality = numberParam(query.quality ?? query.q, 'quality') ?? 80;
  if (
    width === undefined &&
    height === undefined &&
    fitRaw === undefined &&
    query.quality === undefined &&
    query.q === undefined
  ) {
    return null;
  }
  if (width === undefined || height === undefined) {
    throw new ApiError('UNPROCESSABLE_ENTITY', 'A transform needs both a width and a height');
  }
  if (width > MAX_DIMENSION || height > MAX_DIMENSION) {
    throw new ApiError('UNPROCESSABLE_ENTITY', `Width and height may be at most ${MAX_DIMENSION}`);
  }
  if (quality > 100) throw new ApiError('UNPROCESSABLE_ENTITY', 'Quality is at most 100');
  const fit = (fitRaw === undefined ? 'crop' : String(fitRaw)) as Fit;
  if (!FITS.includes(fit))
    throw new ApiError('UNPROCESSABLE_ENTITY', `"fit" must be one of ${FITS.join(', ')}`);
  if (parsePresets(settings.asset_whitelist).length) {
    const match = presets.some(
      (p) =>
        p.width === width &&
        p.height === height &&
        SHARP_FIT[p.fit] === SHARP_FIT[fit] &&
        p.quality === quality,
    );
    if (!match) throw new ApiError('UNPROCESSABLE_ENTITY', "The params don't match the asset whitelist.");
  }
  return { width, height, fit, quality };
}

/** Finds the file an asset URL names: by private hash, or by download name when the project says so. */
export async function assetRow(project: ProjectContext, id: string, settings: Settings): Promise<Item> {
  let row = /^[0-9a-z]{1,16}$/i.test(id)
    ? await project.knex('directus_files').where('private_hash', id).first()
    : undefined;
  if (!row && settings.asset_url_naming === 'filename_download') {
    row = await project.knex('directus_files').where('filename_download', id).orderBy('id').first();
  }
  if (!row) throw new ApiError('ITEM_NOT_FOUND');
  return row;
}

export interface AssetBody {
  /** The storage key to stream from. */
  key: string;
  type: string;
  size: number;
  /** Bytes sent when a range was asked for. */
  range?: { start: number; end: number };
  modified: Date;
  etag: string;
  filename: string;
  /** A cached thumbnail served (true) or just generated (false); undefined for originals. */
  cached?: boolean;
}

/**
 * Types shown in the browser as they are; anything else (HTML, SVG, XML, scripts, unknown) is a
 * download, and every asset carries a sandboxing CSP, so an upload never runs script in the
 * app's origin.
 */
const INLINE =
  /^(image\/(jpeg|png|gif|webp|avif|bmp|tiff|x-icon)|audio\/|video\/|application\/pdf$|text\/plain$)/;

export function isInlineType(type: string): boolean {
  return INLINE.test(type);
}

function contentDisposition(type: string, filename: string, download = false): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const disposition = isInlineType(type) && !download ? 'inline' : 'attachment';
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export const ASSET_CSP =
  "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; media-src 'self'";

/** Headers every asset answer carries. */
export function assetHeaders(
  asset: Pick<AssetBody, 'type' | 'etag' | 'modified' | 'filename'>,
  settings: Settings,
  /** `?download`: saved under the file's download name instead of shown. */
  download = false,
) {
  const ttl = Number(settings.thumbnail_cache_ttl);
  return {
    'content-type': asset.type.startsWith('text/') ? `${asset.type}; charset=utf-8` : asset.type,
    'content-disposition': contentDisposition(asset.type, asset.filename, download),
    'content-security-policy': ASSET_CSP,
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'cross-origin',
    etag: asset.etag,
    'last-modified': asset.modified.toUTCString(),
    'cache-control': ttl > 0 ? `public, max-age=${Math.floor(ttl)}` : 'public, no-cache',
    'accept-ranges': 'bytes',
  };
}

function thumbnailName(t: Transform, ext: string): string {
  return `w${t.width},h${t.height},f${t.fit},q${t.quality}.${ext}`;
}

async function makeThumbnail(
  project: ProjectContext,
  row: Item,
  transform: Transform,
  key: string,
  ext: string,
): Promise<void> {
  const storage = storageFor(project.server, project.key);
  const source = await storage.read(`originals/${row.filename_disk}`);
  const pipelineImage = sharp({ limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize(transform.width, transform.height, { fit: SHARP_FIT[transform.fit], withoutEnlargement: true });
  const encoded =
    ext === 'jpg'
      ? pipelineImage.jpeg({ quality: transform.quality, mozjpeg: true })
      : ext === 'png'
        ? pipelineImage.png({ quality: transform.quality })
        : ext === 'webp'
          ? pipelineImage.webp({ quality: transform.quality })
          : ext === 'avif'
            ? pipelineImage.avif({ quality: transform.quality })
            : pipelineImage.gif();
  let buffer: Buffer;
  try {
    source.on('error', (error) => encoded.destroy(error));
    source.pipe(encoded);
    buffer = await encoded.toBuffer();
  } catch {
    throw new ApiError('UNPROCESSABLE_ENTITY', 'The image cannot be transformed');
  }
  await storage.write(key, buffer, OUTPUT_TYPES[ext]);
}

/**
 * The bytes for an asset request: the original (optionally a byte range of it) or a thumbnail,
 * made once with sharp and then served from storage.
 */
export async function openAsset(
  project: ProjectContext,
  id: string,
  query: Record<string, unknown>,
  range?: (size: number) => ByteRange | null | 'unsatisfiable',
): Promise<{ asset: AssetBody; settings: Settings } | { unsatisfiable: number } | { redirect: string }> {
  const settings = await readSettings(project.knex);
  const row = await assetRow(project, id, settings);
  if (String(row.type ?? '').startsWith('embed/')) {
    // An embed has no bytes here: its still is the provider's (services/embeds.ts), if any.
    const provider = String(row.type).slice('embed/'.length);
    const ref =
      (provider === 'youtube' || provider === 'vimeo') && typeof row.embed === 'string' && row.embed
        ? { provider: provider as EmbedProvider, id: row.embed }
        : null;
    const poster = ref ? posterUrl(ref) : null;
    if (poster) return { redirect: poster };
    throw new ApiError('UNPROCESSABLE_ENTITY', 'An embed has no stored file.');
  }
  const transform = transformFor(query, settings);
  const storage = storageFor(project.server, project.key);
  const filename = String(row.filename_download || row.filename_disk);
  const checksum = String(row.checksum || row.filename_disk);
  if (!transform) {
    const key = `originals/${row.filename_disk}`;
    let info: StoredObject;
    try {
      info = await storage.stat(key);
    } catch (error) {
      if (error instanceof StorageNotFoundError) {
        throw new ApiError('UNPROCESSABLE_ENTITY', 'The file is missing from storage.');
      }
      throw error;
    }
    const type = String(row.type || 'application/octet-stream');
    const wanted = range?.(info.size) ?? null;
    if (wanted === 'unsatisfiable') return { unsatisfiable: info.size };
    const asset: AssetBody = {
      key,
      type,
      size: info.size,
      modified: info.modified,
      etag: `"${checksum}"`,
      filename,
    };
    if (wanted) {
      const end = Math.min(wanted.end ?? info.size - 1, info.size - 1);
      asset.range = { start: wanted.start, end };
    }
    return { asset, settings };
  }
  const type = String(row.type ?? '');
  if (!isThumbnailable(type)) throw new ApiError('UNPROCESSABLE_ENTITY', 'Invalid file extension.');
  const ext = THUMBNAIL_TYPES[type];
  const key = `${thumbnailFolder(String(row.filename_disk))}/${thumbnailName(transform, ext)}`;
  let cached = true;
  let info: StoredObject;
  try {
    info = await storage.stat(key);
  } catch (error) {
    if (!(error instanceof StorageNotFoundError)) throw error;
    cached = false;
    await makeThumbnail(project, row, transform, key, ext);
    info = await storage.stat(key);
  }
  const variant = `w${transform.width}h${transform.height}${transform.fit}q${transform.quality}`;
  return {
    asset: {
      type: OUTPUT_TYPES[ext],
      size: info.size,
      modified: info.modified,
      etag: `"${checksum}-${variant}"`,
      filename: filename.replace(/\.[^.]+$/, '') + `.${ext}`,
      cached,
      key,
    },
    settings,
  };
}

/**
 * What a file is, for showing it: the one place of the type → preview rules that the file detail
 * page, the `file-preview` interface, the `file`/`files` interfaces and the file displays share.
 * Pure functions over a `directus_files` object (its `type`, `embed`, `checksum` and computed `data`).
 */

export type PreviewKind = 'image' | 'svg' | 'video' | 'audio' | 'pdf' | 'embed' | 'other';

type Row = Record<string, unknown>;

const isRow = (value: unknown): value is Row =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** Image types a browser draws in an `<img>` (SVG apart: also an image, but never inlined). */
const IMAGES = /^image\/(jpeg|png|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)$/;
/** Video and audio types browsers play without a plug-in. */
const VIDEOS = /^video\/(mp4|webm|ogg|quicktime)$/;
const AUDIOS = /^audio\/(mpeg|mp3|mp4|aac|ogg|wav|x-wav|wave|webm|flac|x-flac)$/;

/** How a file of this type is previewed. */
export function previewKind(type: unknown): PreviewKind {
  const mime = String(type ?? '').toLowerCase();
  if (mime.startsWith('embed/')) return 'embed';
  if (mime === 'image/svg+xml') return 'svg';
  if (IMAGES.test(mime)) return 'image';
  if (VIDEOS.test(mime)) return 'video';
  if (AUDIOS.test(mime)) return 'audio';
  if (mime === 'application/pdf') return 'pdf';
  return 'other';
}

/** A Material Symbols name for the type, for files that have no picture. */
export function fileIcon(type: unknown): string {
  const mime = String(type ?? '').toLowerCase();
  if (mime.startsWith('embed/')) return 'smart_display';
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'movie';
  if (mime.startsWith('audio/')) return 'audio_file';
  if (mime === 'application/pdf') return 'picture_as_pdf';
  if (/zip|tar|gzip|x-7z|rar|compressed/.test(mime)) return 'folder_zip';
  if (/spreadsheet|excel|csv/.test(mime)) return 'table_chart';
  if (/presentation|powerpoint/.test(mime)) return 'slideshow';
  if (/json|xml|javascript|html|yaml/.test(mime)) return 'code';
  if (mime.startsWith('text/') || /word|opendocument\.text|rtf/.test(mime)) return 'article';
  return 'draft';
}

/**
 * An address with the file's version appended (`v=<checksum>`), so a replaced file (same private
 * hash, new bytes) is fetched again instead of served from the browser's cache. The asset endpoint
 * ignores the parameter.
 */
export function versioned(url: string, version: unknown): string {
  const v = str(version);
  if (!v || !url.startsWith('/')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}v=${encodeURIComponent(v)}`;
}

/** What a preview needs to know of a file object; null when it is not one (a bare key). */
export interface FileFacts {
  kind: PreviewKind;
  type: string;
  /** The original, same origin (the server-relative `data.url`), versioned; null for an embed. */
  url: string | null;
  /** The original as a download (`?download`), null for an embed. */
  downloadUrl: string | null;
  /** A still to show small: a thumbnail of ours (versioned) or the video provider's; null when none. */
  thumbnail: string | null;
  /** An embed's player address (privacy-friendly host) and its page on the provider's site. */
  player: string | null;
  watch: string | null;
  name: string;
  width: number | null;
  height: number | null;
}

function thumbnailFrom(data: Row | null, crop: boolean): string | null {
  const list = Array.isArray(data?.thumbnails) ? (data!.thumbnails as unknown[]).filter(isRow) : [];
  const wanted = crop ? 'crop' : 'contain';
  const chosen = list.find((entry) => String(entry.key ?? '').includes(wanted)) ?? list[0];
  return chosen ? (str(chosen.relative_url) ?? str(chosen.url) ?? null) : null;
}

/** The facts of a file object; `crop` picks the cropped or the whole-picture thumbnail. */
export function fileFacts(file: unknown, crop = true): FileFacts | null {
  if (!isRow(file)) return null;
  const data = isRow(file.data) ? file.data : null;
  const type = str(file.type) ?? '';
  const kind = previewKind(type);
  const version = file.checksum ?? file.filename_disk;
  const embed = isRow(data?.embed) ? data!.embed : null;
  const original = kind === 'embed' ? null : (str(data?.url) ?? str(data?.asset_url) ?? null);
  const thumb = thumbnailFrom(data, crop);
  return {
    kind,
    type,
    url: original ? versioned(original, version) : null,
    downloadUrl: original
      ? versioned(`${original}${original.includes('?') ? '&' : '?'}download`, version)
      : null,
    thumbnail: thumb ? versioned(thumb, version) : null,
    player: str(embed?.embed_url) ?? null,
    watch: str(embed?.url) ?? null,
    name: str(file.title) ?? str(file.filename_download) ?? String(file.id ?? ''),
    width: typeof file.width === 'number' ? file.width : null,
    height: typeof file.height === 'number' ? file.height : null,
  };
}

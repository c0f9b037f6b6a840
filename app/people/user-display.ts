import type { UserRecord } from '../api/users';

/** A user as stored on a row: the object the caller may read, only its id, or nothing. */
export type UserValue = UserRecord | number | string | null | undefined;

/** The user's id, whether the value is the object or the bare key. */
export function userIdOf(value: UserValue): number | null {
  if (value && typeof value === 'object') return typeof value.id === 'number' ? value.id : null;
  if (value === null || value === undefined || value === '') return null;
  const id = Number(value);
  return Number.isFinite(id) && id > 0 ? id : null;
}

/** The readable part of a user value; a bare id carries nothing to show. */
export function userRecordOf(value: UserValue): UserRecord | null {
  return value && typeof value === 'object' ? value : null;
}

/** "First Last", else the email, else null (the caller shows its own fallback). */
export function userDisplayName(user: UserRecord | null | undefined): string | null {
  if (!user) return null;
  const name = [user.first_name, user.last_name]
    .map((part) => (typeof part === 'string' ? part.trim() : ''))
    .filter(Boolean)
    .join(' ');
  return name || (typeof user.email === 'string' && user.email) || null;
}

interface AvatarFile {
  private_hash?: string | null;
  type?: string | null;
  data?: {
    thumbnails?: { url?: string; relative_url?: string; key?: string }[] | null;
    asset_url?: string;
    full_url?: string;
  } | null;
}

const SMALL_THUMBNAIL = 'directus-small-crop';

/**
 * The address of a user's picture: the small square thumbnail of the avatar file when the server
 * computed its `data` block, else the asset endpoint by private hash (api-v8 §2.9), with the same
 * thumbnail key for images. Null when the user has no avatar (or the caller may not read it).
 */
export function avatarUrl(avatar: unknown, root: string, project: string): string | null {
  if (!avatar || typeof avatar !== 'object') return null;
  const file = avatar as AvatarFile;
  const thumb = file.data?.thumbnails?.find((t) => t.key === SMALL_THUMBNAIL) ?? file.data?.thumbnails?.[0];
  // The same-origin address first: `url` is absolute to the server's public URL, which a proxy may hide.
  let url = thumb?.relative_url ?? thumb?.url ?? file.data?.asset_url ?? file.data?.full_url ?? null;
  if (!url && typeof file.private_hash === 'string' && file.private_hash) {
    const image =
      typeof file.type === 'string' && file.type.startsWith('image/') && file.type !== 'image/svg+xml';
    url = `${project}/assets/${encodeURIComponent(file.private_hash)}${image ? `?key=${SMALL_THUMBNAIL}` : ''}`;
  }
  if (!url) return null;
  return /^(https?:)?\/\//.test(url) || url.startsWith('/') ? url : `${root}${url}`;
}

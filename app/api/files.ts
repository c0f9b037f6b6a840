import { itemPath, itemsPath } from '../paths';
import type { Item } from '../state/schema-info';
import type { ApiClient } from './client';

/** The file library's calls (api-v8 §2.8: `POST /files` takes a multipart upload or a JSON `data`). */

/**
 * Uploads one file; `onProgress` gets the bytes sent so far and the total while they go out. The server's
 * answer is the new `directus_files` item with its computed `data` block (urls and thumbnails). `folder`
 * puts the file into a library folder.
 */
export async function sendFile(
  api: ApiClient,
  file: Blob,
  options: {
    onProgress?: (loaded: number, total: number) => void;
    signal?: AbortSignal;
    folder?: string | number | null;
  } = {},
): Promise<Item> {
  const fields = options.folder != null ? { folder: String(options.folder) } : undefined;
  const answer = await api.upload<Item>(
    itemsPath('directus_files'),
    file,
    options.onProgress,
    options.signal,
    { fields },
  );
  return answer.data ?? {};
}

/** Uploads one file; `onProgress` gets whole percentages while the bytes go out. */
export async function uploadFile(
  api: ApiClient,
  file: Blob,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<Item> {
  return sendFile(api, file, {
    signal,
    onProgress: (loaded, total) => {
      if (total > 0) onProgress?.(Math.min(100, Math.round((loaded / total) * 100)));
    },
  });
}

/**
 * Imports a file from a URL: the server fetches it through its SSRF-safe import (and turns YouTube and
 * Vimeo links into embeds). Resolves with the new file item.
 */
export async function importFileFromUrl(
  api: ApiClient,
  url: string,
  folder?: string | number | null,
): Promise<Item> {
  const body: Record<string, unknown> = { data: url };
  if (folder != null) body.folder = folder;
  const answer = await api.post<Item>(itemsPath('directus_files'), body);
  return answer.data ?? {};
}

/** Moves files into a folder (null: the library's root), in one request. */
export async function moveFiles(
  api: ApiClient,
  keys: (string | number)[],
  folder: string | number | null,
): Promise<void> {
  if (!keys.length) return;
  await api.patch(itemPath('directus_files', keys), { folder });
}

/** Deletes a file item (and its bytes) from the library. */
export async function deleteFile(api: ApiClient, key: string | number): Promise<void> {
  await api.delete(itemPath('directus_files', key));
}

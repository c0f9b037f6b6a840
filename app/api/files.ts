import { itemPath, itemsPath } from '../paths';
import type { Item } from '../state/schema-info';
import type { ApiClient } from './client';

/** The file library's calls (api-v8 §2.8: `POST /files` takes a multipart upload). */

/**
 * Uploads one file; `onProgress` gets whole percentages while the bytes go out. The server's answer is the
 * new `directus_files` item with its computed `data` block (urls and thumbnails).
 */
export async function uploadFile(
  api: ApiClient,
  file: Blob,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<Item> {
  const answer = await api.upload<Item>(
    itemsPath('directus_files'),
    file,
    (loaded, total) => {
      if (total > 0) onProgress?.(Math.min(100, Math.round((loaded / total) * 100)));
    },
    signal,
  );
  return answer.data ?? {};
}

/** Deletes a file item (and its bytes) from the library. */
export async function deleteFile(api: ApiClient, key: string | number): Promise<void> {
  await api.delete(itemPath('directus_files', key));
}

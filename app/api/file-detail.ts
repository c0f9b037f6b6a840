import { itemPath } from '../paths';
import type { Item } from '../state/schema-info';
import type { ApiClient } from './client';

/**
 * Replaces a file's bytes and keeps its id and private hash (api-v8 §2.8: `PATCH /files/{id}` with a
 * multipart `data` part, streamed to storage by the server). `onProgress` gets whole percentages
 * while the bytes go out; the answer is the file object with its new type, size and checksum.
 */
export async function replaceFile(
  api: ApiClient,
  id: string | number,
  file: Blob,
  onProgress?: (percent: number) => void,
  signal?: AbortSignal,
): Promise<Item> {
  const answer = await api.upload<Item[] | Item>(
    itemPath('directus_files', id),
    file,
    (loaded, total) => {
      if (total > 0) onProgress?.(Math.min(100, Math.round((loaded / total) * 100)));
    },
    signal,
    { method: 'PATCH' },
  );
  // v8 answers a file PATCH with an array of one file.
  const data = answer.data;
  return (Array.isArray(data) ? data[0] : data) ?? {};
}

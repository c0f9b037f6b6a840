import { useMemo } from 'react';
import { sendFile } from '../api/files';
import { useAppData } from '../state/hooks';
import { acceptList } from './upload-rows';
import { useUploads } from './use-uploads';

/**
 * The project's uploads: `useUploads` with the server's `max_upload_size`, the accept list (the caller's,
 * else the project's `file_mimetype_whitelist` setting, which the server enforces too) and the API's
 * multipart upload into `folder`.
 */
export function useProjectUploads(options: {
  /** An `accept` text or list; empty or missing: the project's whitelist. */
  accept?: string | string[] | null;
  folder?: number | null;
  onUploaded?: (file: Record<string, unknown>) => void;
}) {
  const { data } = useAppData();
  const accept = useMemo(
    () =>
      (Array.isArray(options.accept) ? options.accept : acceptList(options.accept)) ??
      acceptList(data.settings.file_mimetype_whitelist),
    [options.accept, data.settings.file_mimetype_whitelist],
  );
  const maxUploadSize = data.serverInfo.maxUploadSize;
  const folder = options.folder ?? null;
  const uploads = useUploads({
    maxUploadSize,
    accept,
    send: (file, { onProgress, signal }) => sendFile(data.api, file, { onProgress, signal, folder }),
    onUploaded: options.onUploaded,
  });
  return { ...uploads, maxUploadSize, accept };
}

export type ProjectUploads = ReturnType<typeof useProjectUploads>;

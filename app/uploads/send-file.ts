import { fromCallback } from 'xstate';
import type { UploadFile, UploadTransferEvent } from '../../machines/upload.machine';

/** How the bytes go out (the app's `sendFile` in api/files.ts, or a stand-in in tests). */
export type SendFile = (
  file: File,
  options: { onProgress: (loaded: number, total: number) => void; signal: AbortSignal },
) => Promise<Record<string, unknown>>;

/**
 * The upload machine's `sendFile` actor for one chosen file: progress and the server's answer go back as
 * events; stopping the actor (cancel) aborts the request, and an aborted request reports nothing.
 */
export function sendFileActor(file: File, send: SendFile) {
  return fromCallback<UploadTransferEvent, { file: UploadFile }>(({ sendBack }) => {
    const controller = new AbortController();
    send(file, {
      signal: controller.signal,
      onProgress: (loaded, total) => {
        if (!controller.signal.aborted) sendBack({ type: 'PROGRESS', loaded, total });
      },
    }).then(
      (created) => {
        if (!controller.signal.aborted) sendBack({ type: 'SENT', file: created });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) sendBack({ type: 'FAILED', error });
      },
    );
    return () => controller.abort();
  });
}

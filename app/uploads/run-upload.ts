import { createActor, type SnapshotFrom } from 'xstate';
import { uploadMachine } from '../../machines/upload.machine';
import { sendFileActor, type SendFile } from './send-file';

/** Why a headless upload did not create a file (its refusal, or the server's message). */
export class UploadRefused extends Error {
  readonly refusal: 'size' | 'type' | 'failed' | 'cancelled';
  constructor(refusal: UploadRefused['refusal'], message: string) {
    super(message);
    this.name = 'UploadRefused';
    this.refusal = refusal;
  }
}

/**
 * One upload through the upload machine without rows (FormServices.uploadFile, the wysiwyg's image
 * dialog): the same refusals and the same progress rule (at most 95 until the server answered).
 */
export async function runUpload(
  file: File,
  options: {
    send: SendFile;
    maxUploadSize: number | null;
    accept: string[] | null;
    onProgress?: (percent: number) => void;
  },
): Promise<Record<string, unknown>> {
  const actor = createActor(
    uploadMachine.provide({
      actors: { sendFile: sendFileActor(file, options.send) },
      actions: { warnRefused: () => {} },
    }),
    {
      input: {
        file: { name: file.name, size: file.size, type: file.type },
        maxUploadSize: options.maxUploadSize,
        accept: options.accept,
      },
    },
  );
  let shown = -1;
  // Settled: a final state (done, refused, cancelled) or failed (no rows here to retry from).
  const end = await new Promise<SnapshotFrom<typeof uploadMachine>>((resolve) => {
    actor.subscribe((snapshot) => {
      if (snapshot.context.progress !== shown) {
        shown = snapshot.context.progress;
        options.onProgress?.(shown);
      }
      if (snapshot.status === 'done' || snapshot.value === 'failed') resolve(snapshot);
    });
    actor.start();
  });
  actor.stop();
  const { refusal, error, result } = end.context;
  if (end.value === 'done' && result) return result;
  if (end.value === 'refused') throw new UploadRefused(refusal ?? 'type', file.name);
  if (end.value === 'cancelled') throw new UploadRefused('cancelled', file.name);
  throw new UploadRefused('failed', error?.message ?? file.name);
}

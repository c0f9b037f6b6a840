import { assign, setup } from 'xstate';
import { actionNotProvided, callbackNotProvided, toCallError, type CallError } from './implementations';

/** Shown progress stays at or below this until the server answers (spec §4, §9). */
export const MAX_PROGRESS_WHILE_SENDING = 95;

export interface UploadFile {
  name: string;
  size: number;
  type: string;
}

export interface UploadInput {
  file: UploadFile;
  /** Bytes; the server's max_upload_size. Null means no limit known. */
  maxUploadSize: number | null;
  /** Accepted MIME types ('image/*', 'application/pdf') or extensions ('.csv'); null or empty accepts all. */
  accept: string[] | null;
}

export type UploadRefusal = 'size' | 'type';

export interface UploadContext extends UploadInput {
  progress: number;
  refusal: UploadRefusal | null;
  error: CallError | null;
  /** The created file record. */
  result: Record<string, unknown> | null;
}

/** Sent back by the `sendFile` actor (XMLHttpRequest in the app). */
export type UploadTransferEvent =
  | { type: 'PROGRESS'; loaded: number; total: number }
  | { type: 'SENT'; file: Record<string, unknown> }
  | { type: 'FAILED'; error: unknown };

export type UploadEvent = UploadTransferEvent | { type: 'RETRY' } | { type: 'CANCEL' };

export function isTooLarge(file: UploadFile, maxUploadSize: number | null): boolean {
  return maxUploadSize !== null && maxUploadSize > 0 && file.size > maxUploadSize;
}

export function isAcceptedType(file: UploadFile, accept: string[] | null): boolean {
  if (!accept || accept.length === 0) return true;
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  return accept.some((entry) => {
    const rule = entry.trim().toLowerCase();
    if (rule.startsWith('.')) return name.endsWith(rule);
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
}

/** Transfer progress as shown: whole percent, never above 95 until the server answered, never backwards. */
export function shownProgress(previous: number, loaded: number, total: number): number {
  const percent = total > 0 ? Math.floor((loaded / total) * 100) : 0;
  return Math.max(previous, Math.min(MAX_PROGRESS_WHILE_SENDING, Math.max(0, percent)));
}

/** One file's upload: refused before sending (size, type), then sending (0..95), done (100) or failed. */
export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as UploadInput,
  },
  actors: {
    sendFile: callbackNotProvided<UploadTransferEvent, { file: UploadFile }>('upload', 'sendFile'),
  },
  actions: {
    /** A warning naming the file (spec §5). */
    warnRefused: actionNotProvided('upload', 'warnRefused') as (
      _: unknown,
      params: { file: UploadFile; refusal: UploadRefusal },
    ) => void,
  },
  guards: {
    tooLarge: ({ context }) => isTooLarge(context.file, context.maxUploadSize),
    wrongType: ({ context }) => !isAcceptedType(context.file, context.accept),
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({ ...input, progress: 0, refusal: null, error: null, result: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'tooLarge', target: 'refused', actions: assign({ refusal: 'size' }) },
        { guard: 'wrongType', target: 'refused', actions: assign({ refusal: 'type' }) },
        { target: 'sending' },
      ],
    },
    refused: {
      type: 'final',
      entry: {
        type: 'warnRefused',
        params: ({ context }) => ({ file: context.file, refusal: context.refusal! }),
      },
    },
    sending: {
      tags: ['busy'],
      entry: assign({ progress: 0, error: null }),
      invoke: { id: 'sendFile', src: 'sendFile', input: ({ context }) => ({ file: context.file }) },
      on: {
        PROGRESS: {
          actions: assign({
            progress: ({ context, event }) => shownProgress(context.progress, event.loaded, event.total),
          }),
        },
        SENT: { target: 'done', actions: assign({ progress: 100, result: ({ event }) => event.file }) },
        FAILED: { target: 'failed', actions: assign({ error: ({ event }) => toCallError(event.error) }) },
        CANCEL: 'cancelled',
      },
    },
    done: { type: 'final' },
    failed: {
      on: { RETRY: 'sending', CANCEL: 'cancelled' },
    },
    cancelled: { type: 'final' },
  },
});

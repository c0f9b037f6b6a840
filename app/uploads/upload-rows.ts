import type { SnapshotFrom } from 'xstate';
import type { uploadMachine, UploadRefusal } from '../../machines/upload.machine';

/**
 * What one row of an upload list shows, read from its upload actor's snapshot: the file, where it is
 * (refused, sending, done, failed, cancelled), its progress (0..95 while sending, 100 when the server
 * answered) and the server's message when it failed.
 */
export type UploadRowStatus = 'refused' | 'sending' | 'done' | 'failed' | 'cancelled';

export interface UploadRow {
  id: string;
  name: string;
  size: number;
  type: string;
  status: UploadRowStatus;
  progress: number;
  refusal: UploadRefusal | null;
  /** The server's (or the network's) message when the upload failed. */
  error: string | null;
  /** The created file item once done. */
  file: Record<string, unknown> | null;
}

export type UploadSnapshot = SnapshotFrom<typeof uploadMachine>;

export function statusOf(snapshot: UploadSnapshot): UploadRowStatus {
  const value = snapshot.value;
  if (value === 'refused' || value === 'done' || value === 'failed' || value === 'cancelled') return value;
  return 'sending';
}

export function rowOf(id: string, snapshot: UploadSnapshot): UploadRow {
  const { file, progress, refusal, error, result } = snapshot.context;
  const status = statusOf(snapshot);
  return {
    id,
    name: file.name,
    size: file.size,
    type: file.type,
    status,
    progress: status === 'done' ? 100 : progress,
    refusal,
    error: status === 'failed' ? (error?.message ?? null) : null,
    file: result,
  };
}

/** Rows that still matter: a finished or cancelled upload may be cleared, the others may not. */
export function isSettled(row: UploadRow): boolean {
  return row.status !== 'sending';
}

/** Counts for the list's summary line. */
export function summarize(rows: UploadRow[]): Record<UploadRowStatus, number> {
  const counts: Record<UploadRowStatus, number> = {
    refused: 0,
    sending: 0,
    done: 0,
    failed: 0,
    cancelled: 0,
  };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}

/**
 * An `accept` text (`image/*, .pdf`) or the project's MIME whitelist (a list, or CSV as stored) as the
 * machine's list; null accepts all.
 */
export function acceptList(text: unknown): string[] | null {
  const entries = Array.isArray(text) ? text.map(String) : typeof text === 'string' ? text.split(',') : [];
  const list = entries.map((entry) => entry.trim()).filter(Boolean);
  return list.length ? list : null;
}

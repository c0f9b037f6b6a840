import type { Readable } from 'node:stream';

/** An inclusive byte range, as HTTP Range requests name it; `end` omitted means "to the end". */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface StoredObject {
  size: number;
  modified: Date;
}

/**
 * Where a project's file bytes live. Keys are relative, `/`-separated paths made only of safe
 * segments (see `assertSafeKey`); a driver is already scoped to one project.
 */
export interface StorageDriver {
  /** The value recorded in `directus_files.storage`. */
  readonly name: 'local' | 's3';
  read(key: string, range?: ByteRange): Promise<Readable>;
  write(key: string, data: Readable | Buffer, contentType?: string): Promise<void>;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix/`. */
  deletePrefix(prefix: string): Promise<void>;
  /** Keys under `prefix/`, for tests and cleanup. */
  list(prefix: string): Promise<string[]>;
  /** Size and modification time; throws `StorageNotFoundError` when missing. */
  stat(key: string): Promise<StoredObject>;
  exists(key: string): Promise<boolean>;
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored object ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._,=-]*$/;

/**
 * Keys come from the server (uuid names, preset folders), never from a client, but every driver
 * checks them anyway so that no path can leave the project's area.
 */
export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  if (!key || segments.some((s) => !SEGMENT.test(s) || s.includes('..'))) {
    throw new Error(`Unsafe storage key "${key}"`);
  }
}

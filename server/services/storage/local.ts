import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat, unlink, rename } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import {
  assertSafeKey,
  StorageNotFoundError,
  type ByteRange,
  type StorageDriver,
  type StoredObject,
} from './types';

/** Files on local disk under one folder per project. */
export class LocalStorage implements StorageDriver {
  readonly name = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private path(key: string): string {
    assertSafeKey(key);
    const path = resolve(this.root, ...key.split('/'));
    if (!path.startsWith(this.root + sep)) throw new Error(`Unsafe storage key "${key}"`);
    return path;
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.path(key);
    await this.stat(key);
    return createReadStream(path, range ? { start: range.start, end: range.end } : {});
  }

  async write(key: string, data: Readable | Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    // Write beside, then rename: a reader never sees half a file, a failed write leaves nothing.
    const temp = `${path}.${randomUUID()}.part`;
    try {
      await pipeline(Buffer.isBuffer(data) ? Readable.from([data]) : data, createWriteStream(temp));
      await rename(temp, path);
    } catch (error) {
      await unlink(temp).catch(() => {});
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await unlink(this.path(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.path(prefix), { recursive: true, force: true });
  }

  async list(prefix: string): Promise<string[]> {
    const base = this.path(prefix);
    const out: string[] = [];
    const walk = async (dir: string) => {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) {
        const full = join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (!entry.name.endsWith('.part')) out.push(relative(this.root, full).split(sep).join('/'));
      }
    };
    await walk(base);
    return out.sort();
  }

  async stat(key: string): Promise<StoredObject> {
    try {
      const info = await stat(this.path(key));
      if (!info.isFile()) throw new StorageNotFoundError(key);
      return { size: info.size, modified: info.mtime };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StorageNotFoundError(key);
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return this.stat(key).then(
      () => true,
      (error) => {
        if (error instanceof StorageNotFoundError) return false;
        throw error;
      },
    );
  }
}

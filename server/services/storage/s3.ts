import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import type { StorageConfig } from '../../config';
import {
  assertSafeKey,
  StorageNotFoundError,
  type ByteRange,
  type StorageDriver,
  type StoredObject,
} from './types';

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** Creates the client for a storage configuration; one client is shared by every project. */
export function s3Client(config: StorageConfig): S3Client {
  return new S3Client({
    region: config.region ?? 'us-east-1',
    endpoint: config.endpoint || undefined,
    forcePathStyle: config.forcePathStyle ?? false,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
  });
}

/** Objects in an S3-compatible bucket, under `<prefix>/` for one project. */
export class S3Storage implements StorageDriver {
  readonly name = 's3' as const;

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    /** Key prefix of the project, e.g. `uploads/main`; no leading or trailing slash. */
    private readonly prefix: string,
  ) {}

  private key(key: string): string {
    assertSafeKey(key);
    return this.prefix ? `${this.prefix}/${key}` : key;
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.key(key),
          Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
        }),
      );
      return answer.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(key);
      throw error;
    }
  }

  async write(key: string, data: Readable | Buffer, contentType?: string): Promise<void> {
    // lib-storage sends small bodies in one PUT and large ones as a multipart upload.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.key(key), Body: data, ContentType: contentType },
    });
    await upload.done();
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    const keys = await this.list(prefix);
    for (let i = 0; i < keys.length; i += 1000) {
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: keys.slice(i, i + 1000).map((k) => ({ Key: this.key(k) })) },
        }),
      );
    }
  }

  async list(prefix: string): Promise<string[]> {
    const full = `${this.key(prefix)}/`;
    const strip = this.prefix ? this.prefix.length + 1 : 0;
    const out: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: full, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) if (item.Key) out.push(item.Key.slice(strip));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out.sort();
  }

  async stat(key: string): Promise<StoredObject> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
      return { size: Number(head.ContentLength ?? 0), modified: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(key);
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

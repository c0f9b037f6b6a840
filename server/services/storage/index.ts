import { join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import type { ServerConfig } from '../../config';
import { ApiError } from '../../errors';
import { LocalStorage } from './local';
import { S3Storage, s3Client } from './s3';
import type { StorageDriver } from './types';

export * from './types';
export { LocalStorage } from './local';
export { S3Storage, s3Client } from './s3';

const clients = new WeakMap<ServerConfig, S3Client>();

/**
 * The storage of one project, from the server configuration: local disk under
 * `<root>/<project>/` (root defaults to `<dataDir>/uploads`), or an S3 bucket under
 * `[<root>/]<project>/`.
 */
export function storageFor(server: ServerConfig, projectKey: string): StorageDriver {
  const config = server.storage ?? { driver: 'local' };
  if (config.driver === 's3') {
    if (!config.bucket) throw new ApiError('MISSING_STORAGE_CONFIGURATION');
    let client = clients.get(server);
    if (!client) {
      client = s3Client(config);
      clients.set(server, client);
    }
    const root = (config.root ?? '').replace(/^\/+|\/+$/g, '');
    return new S3Storage(client, config.bucket, root ? `${root}/${projectKey}` : projectKey);
  }
  return new LocalStorage(join(config.root ?? join(server.dataDir, 'uploads'), projectKey));
}

/** Closes the S3 client of a server configuration (at shutdown and in tests). */
export function closeStorage(server: ServerConfig): void {
  clients.get(server)?.destroy();
  clients.delete(server);
}

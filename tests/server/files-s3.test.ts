import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVendors } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { closeStorage, storageFor } from '../../server/services/storage';
import { jpeg, multipart, png } from './files-helpers';

describe.each(testVendors)('files on S3 storage (%s)', (vendor) => {
  let s3: S3rver;
  let directory: string;
  let server: TestServer;
  let headers: Record<string, string>;
  const storage = () => storageFor(server.config, 'test');

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'octavo-s3-'));
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: 'octavo-files', configs: [] }],
    });
    const { port } = await s3.run();
    server = await startTestServer(vendor, {
      config: {
        storage: {
          driver: 's3',
          bucket: 'octavo-files',
          region: 'us-east-1',
          endpoint: `http://127.0.0.1:${port}`,
          forcePathStyle: true,
          accessKeyId: 'S3RVER',
          secretAccessKey: 'S3RVER',
          root: 'uploads',
        },
      },
    });
    headers = { authorization: `Bearer ${await server.login()}` };
  });
  afterAll(async () => {
    if (server) {
      closeStorage(server.config);
      await server.close();
    }
    await s3?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('stores, serves, thumbnails, replaces and deletes through the bucket', async () => {
    const original = await jpeg(640, 480);
    const body = multipart([{ name: 'data', filename: 'pier.jpg', content: original }]);
    const res = await server.inject({
      method: 'POST',
      url: '/test/files',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const file = res.json().data;
    expect(file).toMatchObject({ storage: 's3', type: 'image/jpeg', width: 640, height: 480 });
    expect(await storage().list('originals')).toEqual([`originals/${file.filename_disk}`]);
    const stat = await storage().stat(`originals/${file.filename_disk}`);
    expect(stat.size).toBe(original.length);

    const served = await server.inject({ method: 'GET', url: `/test/assets/${file.private_hash}` });
    expect(served.rawPayload.equals(original)).toBe(true);
    const range = await server.inject({
      method: 'GET',
      url: `/test/assets/${file.private_hash}`,
      headers: { range: 'bytes=100-199' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(original.subarray(100, 200))).toBe(true);

    const thumb = await server.inject({
      method: 'GET',
      url: `/test/assets/${file.private_hash}?key=directus-small-crop`,
    });
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(64);
    expect(await storage().list(`thumbnails/${file.filename_disk}`)).toHaveLength(1);
    const cached = await server.inject({
      method: 'GET',
      url: `/test/assets/${file.private_hash}?key=directus-small-crop`,
    });
    expect(cached.headers['x-octavo-thumbnail']).toBe('cached');

    const replacement = await png(30, 20);
    const patched = await server.inject({
      method: 'PATCH',
      url: `/test/files/${file.id}`,
      headers,
      payload: { data: replacement.toString('base64') },
    });
    expect(patched.statusCode).toBe(200);
    const after = patched.json().data[0];
    expect(await storage().list('originals')).toEqual([`originals/${after.filename_disk}`]);
    expect(await storage().list(`thumbnails/${file.filename_disk}`)).toEqual([]);

    const deleted = await server.inject({ method: 'DELETE', url: `/test/files/${file.id}`, headers });
    expect(deleted.statusCode).toBe(204);
    expect(await storage().list('originals')).toEqual([]);
  });
});

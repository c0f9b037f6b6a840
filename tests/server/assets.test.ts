import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { testVendors } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { storageFor } from '../../server/services/storage';
import { HTML, SVG, jpeg, multipart, png, pngBomb } from './files-helpers';

describe.each(testVendors)('/assets (%s)', (vendor) => {
  let server: TestServer;
  let headers: Record<string, string>;
  let image: Record<string, any>;
  let original: Buffer;
  const storage = () => storageFor(server.config, 'test');

  async function upload(filename: string, content: Buffer | string) {
    const body = multipart([{ name: 'data', filename, content }]);
    const res = await server.inject({
      method: 'POST',
      url: '/test/files',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  }
  const get = (url: string, extra: Record<string, string> = {}) =>
    server.inject({ method: 'GET', url, headers: extra });

  beforeAll(async () => {
    server = await startTestServer(vendor);
    headers = { authorization: `Bearer ${await server.login()}` };
    original = await jpeg(1200, 900);
    image = await upload('harbour.jpg', original);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('serves the original without authentication, with caching headers', async () => {
    const res = await get(`/test/assets/${image.private_hash}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(original)).toBe(true);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="harbour.jpg"/);
    expect(res.headers.etag).toBe(`"${image.checksum}"`);
    expect(new Date(String(res.headers['last-modified'])).getTime()).not.toBeNaN();
    expect(res.headers['cache-control']).toMatch(/public/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.json).toBeDefined();
    const again = await get(`/test/assets/${image.private_hash}`, {
      'if-none-match': String(res.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const since = await get(`/test/assets/${image.private_hash}`, {
      'if-modified-since': String(res.headers['last-modified']),
    });
    expect(since.statusCode).toBe(304);
  });

  it('honours the cache TTL setting', async () => {
    await server.project.knex('directus_settings').insert({ key: 'thumbnail_cache_ttl', value: '3600' });
    const res = await get(`/test/assets/${image.private_hash}`);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    await server.project.knex('directus_settings').where('key', 'thumbnail_cache_ttl').delete();
  });

  it('answers byte ranges of originals', async () => {
    const part = await get(`/test/assets/${image.private_hash}`, { range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${original.length}`);
    expect(part.rawPayload.equals(original.subarray(10, 20))).toBe(true);
    const tail = await get(`/test/assets/${image.private_hash}`, { range: 'bytes=-5' });
    expect(tail.rawPayload.equals(original.subarray(original.length - 5))).toBe(true);
    const open = await get(`/test/assets/${image.private_hash}`, { range: `bytes=${original.length - 3}-` });
    expect(open.rawPayload.length).toBe(3);
    const bad = await get(`/test/assets/${image.private_hash}`, { range: `bytes=${original.length + 5}-` });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers['content-range']).toBe(`bytes */${original.length}`);
  });

  it('makes thumbnails of presets and caches them in storage', async () => {
    const folder = `thumbnails/${image.filename_disk}`;
    expect(await storage().list(folder)).toEqual([]);
    const crop = await get(`/test/assets/${image.private_hash}?key=directus-medium-crop`);
    expect(crop.statusCode).toBe(200);
    expect(crop.headers['content-type']).toBe('image/jpeg');
    expect(crop.headers['x-octavo-thumbnail']).toBe('generated');
    const meta = await sharp(crop.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([300, 300]);
    const stored = await storage().list(folder);
    expect(stored).toHaveLength(1);
    const again = await get(`/test/assets/${image.private_hash}?key=directus-medium-crop`);
    expect(again.headers['x-octavo-thumbnail']).toBe('cached');
    expect(again.rawPayload.equals(crop.rawPayload)).toBe(true);
    expect(await storage().list(folder)).toEqual(stored);
    const notModified = await get(`/test/assets/${image.private_hash}?key=directus-medium-crop`, {
      'if-none-match': String(crop.headers.etag),
    });
    expect(notModified.statusCode).toBe(304);
    const contain = await get(`/test/assets/${image.private_hash}?key=directus-large-contain`);
    const containMeta = await sharp(contain.rawPayload).metadata();
    expect([containMeta.width, containMeta.height]).toEqual([800, 600]);
    const thumbnail = await get(`/test/assets/${image.private_hash}?key=thumbnail`);
    const thumbMeta = await sharp(thumbnail.rawPayload).metadata();
    expect([thumbMeta.width, thumbMeta.height]).toEqual([200, 150]);
  });

  it('holds explicit sizes to the whitelist, for administrators too', async () => {
    const listed = await get(
      `/test/assets/${image.private_hash}?width=200&height=200&fit=contain&quality=80`,
    );
    expect(listed.statusCode).toBe(200);
    const v8Names = await get(`/test/assets/${image.private_hash}?w=64&h=64&f=crop&q=80`);
    expect(v8Names.statusCode).toBe(200);
    expect((await sharp(v8Names.rawPayload).metadata()).width).toBe(64);
    const unlisted = await server.inject({
      method: 'GET',
      url: `/test/assets/${image.private_hash}?width=123&height=45`,
      headers,
    });
    expect([unlisted.statusCode, unlisted.json().error.code]).toEqual([422, 12]);
    const unknownKey = await get(`/test/assets/${image.private_hash}?key=huge`);
    expect([unknownKey.statusCode, unknownKey.json().error.code]).toEqual([422, 12]);
    const badFit = await get(`/test/assets/${image.private_hash}?width=200&height=200&fit=stretch`);
    expect(badFit.statusCode).toBe(422);
  });

  it('allows free sizes without a whitelist, capped against pixel floods', async () => {
    await server.project.knex('directus_settings').where('key', 'asset_whitelist').update({ value: '[]' });
    try {
      const free = await get(`/test/assets/${image.private_hash}?width=120&height=40&fit=cover&quality=50`);
      expect(free.statusCode).toBe(200);
      const meta = await sharp(free.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([120, 40]);
      const huge = await get(`/test/assets/${image.private_hash}?width=50000&height=50000`);
      expect([huge.statusCode, huge.json().error.code]).toEqual([422, 12]);
      // A small file that claims an enormous canvas is refused instead of being decoded.
      const bombFile = await upload('bomb.png', pngBomb(30000, 30000));
      expect(bombFile.type).toBe('image/png');
      const res = await get(`/test/assets/${bombFile.private_hash}?width=100&height=100`);
      expect([res.statusCode, res.json().error.code]).toEqual([422, 12]);
    } finally {
      await server.project
        .knex('directus_settings')
        .where('key', 'asset_whitelist')
        .update({ value: '[{"key":"thumbnail","width":200,"height":200,"fit":"contain","quality":80}]' });
    }
  });

  it('serves SVG and HTML so they cannot run script in the app origin', async () => {
    for (const [name, content, type] of [
      ['logo.svg', SVG, 'image/svg+xml'],
      ['page.html', HTML, 'text/html'],
    ] as const) {
      const file = await upload(name, content);
      expect(file.type).toBe(type);
      expect(file.data.thumbnails).toBeNull();
      const res = await get(`/test/assets/${file.private_hash}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="/);
      const thumb = await get(`/test/assets/${file.private_hash}?key=thumbnail`);
      expect([thumb.statusCode, thumb.json().error.code]).toEqual([422, 12]);
    }
  });

  it('answers 404 code 203 for an unknown hash and 422 when storage lost the bytes', async () => {
    const unknown = await get('/test/assets/doesnotexist0000');
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 203]);
    const file = await upload('lost.png', await png(10, 10));
    await storage().delete(`originals/${file.filename_disk}`);
    const lost = await get(`/test/assets/${file.private_hash}`);
    expect([lost.statusCode, lost.json().error.code]).toEqual([422, 12]);
  });
});

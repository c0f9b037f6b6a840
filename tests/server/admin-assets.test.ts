import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { adminCacheControl, registerAdminApp } from '../../server/http';
import { precompressDir } from '../../scripts/precompress';

/** How the built app goes out: precompressed by the build, negotiated per request, cached by name. */
describe('serving the admin app', () => {
  let root: string;
  let app: FastifyInstance;
  const script = `export const greeting = ${JSON.stringify('hello '.repeat(2000))};\n`;
  const index = `<!doctype html><html><head><script type="module" src="./assets/index-abc123.js"></script></head><body>${'<!-- padding -->'.repeat(100)}</body></html>`;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'octavo-admin-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), index);
    writeFileSync(join(root, 'assets', 'index-abc123.js'), script);
    writeFileSync(join(root, 'assets', 'tiny-def456.js'), 'export {};\n');
    writeFileSync(join(root, 'favicon.svg'), `<svg xmlns="http://www.w3.org/2000/svg"/>`);
    const made = precompressDir(root);
    expect(made.files).toBe(2);
    expect(made.brotli).toBeLessThan(made.bytes / 10);
    app = Fastify();
    await registerAdminApp(app, "default-src 'self'", root);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip, plain otherwise', async () => {
    const br = await get('/admin/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/admin/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/admin/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends a file too small to compress as it is, whatever the browser accepts', async () => {
    const tiny = await get('/admin/assets/tiny-def456.js', 'br');
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};\n');
  });

  it('caches hashed assets for a year and makes index.html revalidate, compressed or not', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const asset = await get('/admin/assets/index-abc123.js', encoding);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const page = await get('/admin/', encoding);
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-security-policy']).toBe("default-src 'self'");
      expect(page.headers['content-type']).toMatch(/text\/html/);
    }
    expect((await get('/admin/', 'br')).headers['content-encoding']).toBe('br');
    const icon = await get('/admin/favicon.svg');
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('decides the cache rule by the path inside the app', () => {
    expect(adminCacheControl(join('assets', 'x-1.js.br'))).toBe('public, max-age=31536000, immutable');
    expect(adminCacheControl('index.html.gz')).toBe('no-cache');
    expect(adminCacheControl('assets')).toBe('no-cache');
  });
});

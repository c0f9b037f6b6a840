import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../server/config';
import { testVendors } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { createItemsFixture, grant } from '../server/items-helpers';

/**
 * Threat: an anonymous caller sends huge or deeply nested bodies to endpoints it may not write,
 * and the server parses and validates them (memory, CPU, a 500 from a stack overflow) before it
 * says no. Bodies are authorised before they are read, JSON bodies are small by default, and
 * nesting is bounded.
 */
describe.each(testVendors)('request bodies: authorised first, bounded in size and depth (%s)', (vendor) => {
  let server: TestServer;
  let admin: Record<string, string>;
  const json = { 'content-type': 'application/json' };

  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { loginRateLimit: 10_000 } });
    await createItemsFixture(server);
    // Anonymous visitors read notes but write none of them.
    await grant(server.project.knex, 2, 'notes', { read: 'full' });
    admin = { authorization: `Bearer ${await server.login()}`, ...json };
  });
  afterAll(() => server?.close());

  it('an anonymous write to a collection it cannot write is refused before the body is parsed', async () => {
    // Broken JSON: parsing it would answer 400; the permission check answers first.
    const broken = await server.inject({
      method: 'POST',
      url: '/test/items/notes',
      headers: json,
      payload: '{"title":',
    });
    expect(broken.statusCode).toBe(403);
    expect(broken.json().error.code).toBe(301);
    for (const [method, url, code] of [
      ['PATCH', '/test/items/notes/1', 302],
      ['PATCH', '/test/items/notes', 302],
    ] as const) {
      const res = await server.inject({ method, url, headers: json, payload: '{"title":' });
      expect([res.statusCode, res.json().error.code]).toEqual([403, code]);
    }
    // Form-encoded likewise.
    const form = await server.inject({
      method: 'POST',
      url: '/test/items/notes',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'title=x',
    });
    expect(form.statusCode).toBe(403);
    // Files and system collections too.
    const file = await server.inject({ method: 'POST', url: '/test/files', headers: json, payload: '{' });
    expect([file.statusCode, file.json().error.code]).toEqual([403, 10]);
    const role = await server.inject({ method: 'POST', url: '/test/roles', headers: json, payload: '{' });
    expect(role.statusCode).toBe(403);
    // `/users/me` keeps v8's answer to anonymous callers.
    const me = await server.inject({ method: 'PATCH', url: '/test/users/me', headers: json, payload: '{' });
    expect([me.statusCode, me.json().error.code]).toEqual([401, 3]);
  });

  it('the refused body is never read from the connection', async () => {
    let read = 0;
    const body = new Readable({
      read() {
        read++;
        // 100 chunks of 64 KB: far above the limit, and never fully sent.
        this.push(read > 100 ? null : Buffer.alloc(64 * 1024, 0x20));
      },
    });
    const res = await server.inject({
      method: 'POST',
      url: '/test/items/notes',
      headers: { ...json, 'content-length': String(100 * 64 * 1024) },
      payload: body,
    });
    expect([res.statusCode, res.json().error.code]).toEqual([403, 301]);
    expect(read).toBeLessThan(100);
  });

  it('JSON bodies are limited to OCTAVO_MAX_BODY_SIZE (1 MB by default): 413 code 601 naming it', async () => {
    const big = JSON.stringify({ title: 'big', data: { text: 'x'.repeat(1024 * 1024 + 10) } });
    const res = await server.inject({
      method: 'POST',
      url: '/test/items/notes',
      headers: admin,
      payload: big,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe(601);
    expect(res.json().error.message).toContain('OCTAVO_MAX_BODY_SIZE');
    const form = await server.inject({
      method: 'POST',
      url: '/test/items/notes',
      headers: { authorization: admin.authorization, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `title=${'x'.repeat(1024 * 1024 + 10)}`,
    });
    expect(form.statusCode).toBe(413);
    const small = JSON.stringify({ title: 'small', data: { text: 'x'.repeat(30 * 1024) } });
    const ok = await server.inject({
      method: 'POST',
      url: '/test/items/notes',
      headers: admin,
      payload: small,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('file uploads keep the upload size: a 1.5 MB file as JSON base64 and as multipart', async () => {
    const bytes = Buffer.alloc(1536 * 1024, 7);
    const asJson = await server.inject({
      method: 'POST',
      url: '/test/files',
      headers: admin,
      payload: JSON.stringify({ filename_download: 'blob.bin', data: bytes.toString('base64') }),
    });
    expect(asJson.statusCode).toBe(200);
    expect(Number(asJson.json().data.filesize)).toBe(bytes.length);
    const boundary = 'octavoboundary';
    const multipart = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="data"; filename="blob.bin"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const asForm = await server.inject({
      method: 'POST',
      url: '/test/files',
      headers: {
        authorization: admin.authorization,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: multipart,
    });
    expect(asForm.statusCode).toBe(200);
  });

  it('JSON nested 100,000 levels deep answers 400 code 13, not a 500; 50 levels are fine', async () => {
    const deep = (levels: number) =>
      `{"title":"deep","data":{"v":${'['.repeat(levels)}${']'.repeat(levels)}}}`;
    const res = await server.inject({
      method: 'POST',
      url: '/test/items/notes',
      headers: admin,
      payload: deep(100_000),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(13);
    expect(res.json().error.message).toMatch(/nested deeper than 100 levels/);
    // Brackets inside strings do not count.
    const quoted = JSON.stringify({ title: 'quoted', data: { v: '['.repeat(1000) } });
    expect(
      (await server.inject({ method: 'POST', url: '/test/items/notes', headers: admin, payload: quoted }))
        .statusCode,
    ).toBe(200);
    const fine = await server.inject({
      method: 'POST',
      url: '/test/items/notes',
      headers: admin,
      payload: deep(50),
    });
    expect(fine.statusCode).toBe(200);
  });
});

const DATA = join(tmpdir(), 'octavo-body-size-config');

describe('request body size configuration', () => {
  it('OCTAVO_MAX_BODY_SIZE sets the limit; 1 MB by default; nonsense is refused', () => {
    expect(loadConfig({ OCTAVO_DATA: DATA }).maxBodySize).toBe(1024 * 1024);
    expect(loadConfig({ OCTAVO_DATA: DATA, OCTAVO_MAX_BODY_SIZE: '4096' }).maxBodySize).toBe(4096);
    expect(() => loadConfig({ OCTAVO_DATA: DATA, OCTAVO_MAX_BODY_SIZE: '10' })).toThrow(ConfigError);
    expect(() => loadConfig({ OCTAVO_DATA: DATA, OCTAVO_MAX_BODY_SIZE: 'big' })).toThrow(ConfigError);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { testVendors } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { storageFor } from '../../server/services/storage';
import { HTML, multipart, png } from './files-helpers';

describe.each(testVendors)('/files (%s)', (vendor) => {
  let server: TestServer;
  let headers: Record<string, string>;
  const MAX = 64 * 1024;
  const storage = () => storageFor(server.config, 'test');

  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { maxUploadSize: MAX, loginRateLimit: 10_000 } });
    headers = { authorization: `Bearer ${await server.login()}` };
  });
  afterAll(async () => {
    await server?.close();
  });

  async function upload(parts: Parameters<typeof multipart>[0], query = '') {
    const body = multipart(parts);
    return server.inject({
      method: 'POST',
      url: `/test/files${query}`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  }

  it('stores a multipart upload under a server-made name and records what it is', async () => {
    const bytes = await png(120, 80);
    const res = await upload([
      { name: 'title', content: 'Sea view' },
      { name: 'tags', content: 'sea,blue' },
      { name: 'data', filename: '../../etc/beach_day.png', content: bytes, type: 'text/plain' },
    ]);
    expect(res.statusCode).toBe(200);
    const file = res.json().data;
    expect(file).toMatchObject({
      storage: 'local',
      filename_download: 'beach_day.png',
      title: 'Sea view',
      type: 'image/png',
      filesize: bytes.length,
      width: 120,
      height: 80,
      uploaded_by: 1,
      tags: ['sea', 'blue'],
      charset: 'binary',
    });
    expect(file.filename_disk).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(file.private_hash).toMatch(/^[0-9a-z]{16}$/);
    expect(file.checksum).toMatch(/^[0-9a-f]{32}$/);
    expect(file.metadata).toMatchObject({ format: 'png' });
    expect(file.uploaded_on).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(file.data.asset_url).toBe(`/test/assets/${file.private_hash}`);
    expect(file.data.full_url).toBe(`http://octavo.test/test/assets/${file.private_hash}`);
    expect(file.data.thumbnails[0]).toMatchObject({ key: 'directus-small-crop', dimension: '64x64' });
    expect(await storage().exists(`originals/${file.filename_disk}`)).toBe(true);
    const activity = await server.project
      .knex('directus_activity')
      .where({ collection: 'directus_files', item: String(file.id) })
      .first();
    expect(activity).toMatchObject({ action: 'upload', action_by: 1 });
  });

  it('answers several files in one request with an array, and titles them from their names', async () => {
    const res = await upload([
      { name: 'data', filename: 'first-photo.png', content: await png(10, 10) },
      { name: 'data', filename: 'notes_2020.txt', content: 'plain words' },
    ]);
    expect(res.statusCode).toBe(200);
    const files = res.json().data;
    expect(files).toHaveLength(2);
    expect(files.map((f: { title: string }) => f.title)).toEqual(['First Photo', 'Notes 2020']);
    expect(files[1]).toMatchObject({
      type: 'text/plain',
      charset: 'utf-8',
      width: null,
      data: { thumbnails: null },
    });
  });

  it('accepts base64 and data: URLs in JSON', async () => {
    const bytes = await png(16, 12);
    const plain = await server.inject({
      method: 'POST',
      url: '/test/files',
      headers,
      payload: { data: bytes.toString('base64'), filename_download: 'tiny.png', description: 'A tiny one' },
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().data).toMatchObject({
      type: 'image/png',
      width: 16,
      height: 12,
      description: 'A tiny one',
    });
    const dataUrl = await server.inject({
      method: 'POST',
      url: '/test/files',
      headers,
      payload: { data: `data:image/png;base64,${bytes.toString('base64')}`, filename_download: 'x.png' },
    });
    expect(dataUrl.json().data).toMatchObject({ filename_download: 'x.png', filesize: bytes.length });
  });

  it('sniffs the type from the content, not from the name or the declared type', async () => {
    const disguised = await upload([
      { name: 'data', filename: 'report.txt', content: await png(8, 8), type: 'text/plain' },
    ]);
    expect(disguised.json().data).toMatchObject({ type: 'image/png', width: 8 });
    expect(disguised.json().data.filename_disk).toMatch(/\.png$/);
    const html = await upload([{ name: 'data', filename: 'kitten.png', content: HTML, type: 'image/png' }]);
    const file = html.json().data;
    expect(file.type).toBe('text/html');
    expect(file.filename_disk).toMatch(/\.html$/);
    const served = await server.inject({ method: 'GET', url: `/test/assets/${file.private_hash}` });
    expect(served.headers['content-type']).not.toMatch(/image\/png/);
    expect(served.headers['content-disposition']).toMatch(/^attachment/);
    expect(served.headers['content-security-policy']).toMatch(/sandbox/);
    const binary = await upload([
      { name: 'data', filename: 'x.png', content: Buffer.from([0, 1, 2, 3, 250, 251]) },
    ]);
    expect(binary.json().data.type).toBe('application/octet-stream');
  });

  it('refuses files above the maximum with 413 code 601 and keeps nothing', async () => {
    const before = await storage().list('originals');
    const big = Buffer.alloc(MAX + 10, 7);
    const multi = await upload([{ name: 'data', filename: 'big.bin', content: big }]);
    expect(multi.statusCode).toBe(413);
    expect(multi.json().error.code).toBe(601);
    const json = await server.inject({
      method: 'POST',
      url: '/test/files',
      headers,
      payload: { data: Buffer.alloc(MAX - 100, 7).toString('base64'), filename_download: 'big.bin' },
    });
    expect(json.statusCode).toBe(413);
    expect(json.json().error.code).toBe(601);
    expect(await storage().list('originals')).toEqual(before);
    const info = await server.inject({ method: 'GET', url: '/test/', headers });
    expect(info.json().data.server.max_upload_size).toBe(MAX);
  });

  it('rejects bad bodies with the contract codes', async () => {
    const missing = await server.inject({
      method: 'POST',
      url: '/test/files',
      headers,
      payload: { title: 'x' },
    });
    expect([missing.statusCode, missing.json().error.code]).toEqual([422, 4]);
    const batch = await server.inject({
      method: 'POST',
      url: '/test/files',
      headers,
      payload: [{ data: 'aGk=' }],
    });
    expect([batch.statusCode, batch.json().error.code]).toEqual([400, 15]);
    const empty = await upload([{ name: 'data', filename: 'empty.txt', content: '' }]);
    expect([empty.statusCode, empty.json().error.code]).toEqual([422, 4]);
    const noFile = await upload([{ name: 'title', content: 'no file' }]);
    expect([noFile.statusCode, noFile.json().error.code]).toEqual([422, 4]);
    const notBase64 = await server.inject({
      method: 'POST',
      url: '/test/files',
      headers,
      payload: { data: 'not base64 !!', filename_download: 'a.txt' },
    });
    expect(notBase64.statusCode).toBe(422);
  });

  it('lists and reads files with fields and meta', async () => {
    const list = await server.inject({ method: 'GET', url: '/test/files?fields=id,type&meta=*', headers });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.data.length).toBeGreaterThan(3);
    expect(Object.keys(body.data[0]).sort()).toEqual(['id', 'type']);
    expect(body.meta.total_count).toBe(body.data.length);
    const id = body.data[0].id;
    const one = await server.inject({ method: 'GET', url: `/test/files/${id}?fields=title,data`, headers });
    expect(Object.keys(one.json().data).sort()).toEqual(['data', 'title']);
    // `*.*` (the app's item page) asks for every field, the computed data block included.
    const all = await server.inject({ method: 'GET', url: `/test/files/${id}?fields=*.*`, headers });
    expect(all.json().data.data.full_url).toContain('/test/assets/');
    const missing = await server.inject({ method: 'GET', url: '/test/files/99999', headers });
    expect([missing.statusCode, missing.json().error.code]).toEqual([404, 203]);
  });

  it('updates metadata, answering with an array, and refuses to set the disk name', async () => {
    const created = (await upload([{ name: 'data', filename: 'a.png', content: await png(10, 10) }])).json()
      .data;
    const res = await server.inject({
      method: 'PATCH',
      url: `/test/files/${created.id}`,
      headers,
      payload: { title: 'Renamed', tags: ['one', 'two'], metadata: { camera: 'x' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1);
    expect(res.json().data[0]).toMatchObject({
      title: 'Renamed',
      tags: ['one', 'two'],
      metadata: { camera: 'x' },
    });
    const traversal = await server.inject({
      method: 'PATCH',
      url: `/test/files/${created.id}`,
      headers,
      payload: { filename_disk: '../../../etc/passwd' },
    });
    expect([traversal.statusCode, traversal.json().error.code]).toEqual([422, 4]);
    const unknown = await server.inject({
      method: 'PATCH',
      url: `/test/files/${created.id}`,
      headers,
      payload: { nope: 1 },
    });
    expect(unknown.statusCode).toBe(422);
  });

  it('replacing the bytes removes the old original and its thumbnails', async () => {
    const created = (await upload([{ name: 'data', filename: 'a.png', content: await png(200, 100) }])).json()
      .data;
    const thumb = await server.inject({
      method: 'GET',
      url: `/test/assets/${created.private_hash}?key=directus-small-crop`,
    });
    expect(thumb.statusCode).toBe(200);
    const oldFolder = `thumbnails/${created.filename_disk}`;
    expect(await storage().list(oldFolder)).toHaveLength(1);
    const replacement = await sharp({ create: { width: 50, height: 70, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const res = await server.inject({
      method: 'PATCH',
      url: `/test/files/${created.id}`,
      headers,
      payload: { data: replacement.toString('base64') },
    });
    expect(res.statusCode).toBe(200);
    const after = res.json().data[0];
    expect(after).toMatchObject({
      type: 'image/jpeg',
      width: 50,
      height: 70,
      private_hash: created.private_hash,
    });
    expect(after.filename_disk).not.toBe(created.filename_disk);
    expect(await storage().exists(`originals/${created.filename_disk}`)).toBe(false);
    expect(await storage().list(oldFolder)).toEqual([]);
    const served = await server.inject({ method: 'GET', url: `/test/assets/${created.private_hash}` });
    expect(served.rawPayload.equals(replacement)).toBe(true);
  });

  it('deleting removes the row, the bytes and the thumbnails', async () => {
    const created = (await upload([{ name: 'data', filename: 'a.png', content: await png(100, 100) }])).json()
      .data;
    await server.inject({ method: 'GET', url: `/test/assets/${created.private_hash}?key=thumbnail` });
    expect(await storage().list(`thumbnails/${created.filename_disk}`)).toHaveLength(1);
    const res = await server.inject({ method: 'DELETE', url: `/test/files/${created.id}`, headers });
    expect(res.statusCode).toBe(204);
    expect(await server.project.knex('directus_files').where('id', created.id).first()).toBeUndefined();
    expect(await storage().exists(`originals/${created.filename_disk}`)).toBe(false);
    expect(await storage().list(`thumbnails/${created.filename_disk}`)).toEqual([]);
    const gone = await server.inject({ method: 'GET', url: `/test/assets/${created.private_hash}` });
    expect([gone.statusCode, gone.json().error.code]).toEqual([404, 203]);
  });

  it('checks permissions: the public role needs a directus_files row, others only touch what their level allows', async () => {
    const anonymous = await server.inject({ method: 'GET', url: '/test/files' });
    expect([anonymous.statusCode, anonymous.json().error.code]).toEqual([401, 3]);
    const body = multipart([{ name: 'data', filename: 'a.txt', content: 'hello' }]);
    const anonUpload = await server.inject({
      method: 'POST',
      url: '/test/files',
      headers: body.headers,
      payload: body.payload,
    });
    expect([anonUpload.statusCode, anonUpload.json().error.code]).toEqual([403, 10]);

    // An editor role that may create and read everything but only change its own files.
    const [roleRow] = await server.project.knex('directus_roles').insert({ name: 'Editors' }, ['id']);
    const role = Number(typeof roleRow === 'object' ? roleRow.id : roleRow);
    await server.project.knex('directus_permissions').insert({
      collection: 'directus_files',
      role,
      create: 'full',
      read: 'mine',
      update: 'mine',
      delete: 'none',
    });
    const { hashPassword } = await import('../../server/services/passwords');
    await server.project.knex('directus_users').insert({
      status: 'active',
      role,
      email: 'editor@example.com',
      password: await hashPassword('editor password 123'),
    });
    const editor = {
      authorization: `Bearer ${await server.login('editor@example.com', 'editor password 123')}`,
    };
    const own = multipart([{ name: 'data', filename: 'mine.txt', content: 'mine' }]);
    const mine = await server.inject({
      method: 'POST',
      url: '/test/files',
      headers: { ...editor, ...own.headers },
      payload: own.payload,
    });
    expect(mine.statusCode).toBe(200);
    const mineId = mine.json().data.id;
    const adminsFile = (await upload([{ name: 'data', filename: 'admin.txt', content: 'admin' }])).json()
      .data;
    const editOwn = await server.inject({
      method: 'PATCH',
      url: `/test/files/${mineId}`,
      headers: editor,
      payload: { title: 'ok' },
    });
    expect(editOwn.statusCode).toBe(200);
    const overwrite = await server.inject({
      method: 'PATCH',
      url: `/test/files/${adminsFile.id}`,
      headers: editor,
      payload: { data: Buffer.from('pwned').toString('base64') },
    });
    expect([overwrite.statusCode, overwrite.json().error.code]).toEqual([403, 10]);
    const listed = await server.inject({ method: 'GET', url: '/test/files?fields=id', headers: editor });
    expect(listed.json().data).toEqual([{ id: mineId }]);
    const othersFile = await server.inject({
      method: 'GET',
      url: `/test/files/${adminsFile.id}`,
      headers: editor,
    });
    expect([othersFile.statusCode, othersFile.json().error.code]).toEqual([404, 203]);
    const del = await server.inject({ method: 'DELETE', url: `/test/files/${mineId}`, headers: editor });
    expect([del.statusCode, del.json().error.code]).toEqual([403, 10]);
    const served = await server.inject({ method: 'GET', url: `/test/assets/${adminsFile.private_hash}` });
    expect(served.body).toBe('admin');
    const head = await server.inject({ method: 'HEAD', url: `/test/assets/${adminsFile.private_hash}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('5');
    expect(head.body).toBe('');
  });
});

import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVendors } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { storageFor } from '../../server/services/storage';
import { embedOf } from '../../server/services/embeds';
import { appCsp } from '../../server/http';
import { loadConfig } from '../../server/config';
import { multipart, png } from './files-helpers';

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find((words) => words[0] === name)
    ?.slice(1);

describe('video links', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'youtube', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'youtube', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'vimeo', '76979871'],
    ['https://player.vimeo.com/video/76979871', 'vimeo', '76979871'],
  ])('%s names a %s video', (url, provider, id) => {
    expect(embedOf(url)).toEqual({ provider, id });
  });

  it.each([
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/channel/UC123',
    'https://youtu.be/',
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://vimeo.com/channels/staffpicks',
    'ftp://youtu.be/dQw4w9WgXcQ',
    'not a url',
  ])('%s is not an embed', (url) => {
    expect(embedOf(url)).toBeNull();
  });

  it('the app CSP lets the privacy-friendly players frame and the YouTube stills load, and nothing else', () => {
    const csp = appCsp(loadConfig({ OCTAVO_DATA: tmpdir(), OCTAVO_MAP_TILE_URL: 'none' }));
    expect(directive(csp, 'frame-src')).toEqual([
      "'self'",
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
    ]);
    expect(directive(csp, 'img-src')).toContain('https://i.ytimg.com');
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
  });
});

describe.each(testVendors)('/files embeds and replace (%s)', (vendor) => {
  let server: TestServer;
  let headers: Record<string, string>;
  const storage = () => storageFor(server.config, 'test');

  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { maxUploadSize: 256 * 1024, loginRateLimit: 10_000 } });
    headers = { authorization: `Bearer ${await server.login()}` };
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (payload: unknown) =>
    server.inject({ method: 'POST', url: '/test/files', headers, payload: payload as object });

  it('turns a YouTube link into an embed row without fetching or storing anything', async () => {
    const res = await post({ data: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    expect(res.statusCode).toBe(200);
    const file = res.json().data;
    expect(file).toMatchObject({
      type: 'embed/youtube',
      embed: 'dQw4w9WgXcQ',
      filename_download: 'youtube-dQw4w9WgXcQ',
      title: 'YouTube video dQw4w9WgXcQ',
      filesize: 0,
    });
    expect(await storage().exists(`originals/${file.filename_disk}`)).toBe(false);
    expect(file.data.embed).toMatchObject({
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      embed_url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });
    expect(file.data.embed.html).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(file.data.thumbnails).toEqual([
      expect.objectContaining({ url: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg' }),
    ]);
    // The asset address of an embed leads to the provider's still.
    const asset = await server.inject({ method: 'GET', url: `/test/assets/${file.private_hash}` });
    expect(asset.statusCode).toBe(302);
    expect(asset.headers.location).toBe('https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
    // Read again, the block is the same; the activity calls it an upload.
    const read = await server.inject({ method: 'GET', url: `/test/files/${file.id}`, headers });
    expect(read.json().data.data.embed.embed_url).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    const deleted = await server.inject({ method: 'DELETE', url: `/test/files/${file.id}`, headers });
    expect(deleted.statusCode).toBe(204);
  });

  it('accepts youtu.be, /embed/ and Vimeo links, keeping a given title', async () => {
    const short = (await post({ data: 'https://youtu.be/aqz-KE-bpKQ', title: 'Big Buck Bunny' })).json().data;
    expect(short).toMatchObject({ type: 'embed/youtube', embed: 'aqz-KE-bpKQ', title: 'Big Buck Bunny' });
    const embedded = (await post({ data: 'https://www.youtube.com/embed/aqz-KE-bpKQ' })).json().data;
    expect(embedded.embed).toBe('aqz-KE-bpKQ');
    const vimeo = await post({ data: 'https://vimeo.com/76979871' });
    expect(vimeo.statusCode).toBe(200);
    expect(vimeo.json().data).toMatchObject({
      type: 'embed/vimeo',
      embed: '76979871',
      title: 'Vimeo video 76979871',
      data: {
        thumbnails: null,
        embed: {
          url: 'https://vimeo.com/76979871',
          embed_url: 'https://player.vimeo.com/video/76979871?dnt=1',
        },
      },
    });
    const asset = await server.inject({
      method: 'GET',
      url: `/test/assets/${vimeo.json().data.private_hash}`,
    });
    expect(asset.statusCode).toBe(422);
  });

  it('sends any other address through the guarded import', async () => {
    const res = await post({ data: 'http://127.0.0.1:1/watch?v=dQw4w9WgXcQ' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toContain('cannot be imported');
  });

  it('replaces the bytes by a multipart PATCH: same id and hash, new checksum, the new bytes served', async () => {
    const first = await png(40, 30, '#ff0000');
    const body = multipart([{ name: 'data', filename: 'red.png', content: first, type: 'image/png' }]);
    const created = (
      await server.inject({
        method: 'POST',
        url: '/test/files',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      })
    ).json().data;
    const second = await png(64, 48, '#00ff00');
    const replace = multipart([
      { name: 'title', content: 'Green now' },
      { name: 'data', filename: 'green.png', content: second, type: 'image/png' },
    ]);
    const res = await server.inject({
      method: 'PATCH',
      url: `/test/files/${created.id}`,
      headers: { ...headers, ...replace.headers },
      payload: replace.payload,
    });
    expect(res.statusCode).toBe(200);
    const after = res.json().data[0];
    expect(after).toMatchObject({
      id: created.id,
      private_hash: created.private_hash,
      width: 64,
      height: 48,
      title: 'Green now',
    });
    expect(after.checksum).not.toBe(created.checksum);
    expect(await storage().exists(`originals/${created.filename_disk}`)).toBe(false);
    const served = await server.inject({ method: 'GET', url: `/test/assets/${created.private_hash}` });
    expect(served.rawPayload.equals(second)).toBe(true);
    expect(served.headers.etag).toBe(`"${after.checksum}"`);
    const download = await server.inject({
      method: 'GET',
      url: `/test/assets/${created.private_hash}?download`,
    });
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="red\.png"/);
    expect(served.headers['content-disposition']).toMatch(/^inline;/);

    // Two files in one replace are refused and leave nothing behind.
    const two = multipart([
      { name: 'a', filename: 'a.png', content: second, type: 'image/png' },
      { name: 'b', filename: 'b.png', content: first, type: 'image/png' },
    ]);
    const refused = await server.inject({
      method: 'PATCH',
      url: `/test/files/${created.id}`,
      headers: { ...headers, ...two.headers },
      payload: two.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe(15);

    // A video link turns the file into an embed, and new bytes turn it back.
    const toEmbed = await server.inject({
      method: 'PATCH',
      url: `/test/files/${created.id}`,
      headers,
      payload: { data: 'https://youtu.be/dQw4w9WgXcQ' },
    });
    expect(toEmbed.json().data[0]).toMatchObject({ type: 'embed/youtube', embed: 'dQw4w9WgXcQ' });
    expect(await storage().exists(`originals/${after.filename_disk}`)).toBe(false);
    const back = multipart([{ name: 'data', filename: 'red.png', content: first, type: 'image/png' }]);
    const restored = await server.inject({
      method: 'PATCH',
      url: `/test/files/${created.id}`,
      headers: { ...headers, ...back.headers },
      payload: back.payload,
    });
    expect(restored.json().data[0]).toMatchObject({ type: 'image/png', embed: null, width: 40 });
    expect(restored.json().data[0].data.embed).toBeNull();
  });
});

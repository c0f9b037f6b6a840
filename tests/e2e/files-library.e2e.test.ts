import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVendors } from '../helpers/databases';
import { ADMIN, api, checkA11y, openApp, routeOf, signedIn, startApp, type E2eApp } from './helpers';

/**
 * The file library (issue #13): uploads by drag and drop with the 95-then-100 rule on a throttled network,
 * refusals by size (a server started with a 1 MiB limit) and by type (the project's MIME whitelist, which
 * the library's uploads follow as the server does), add from a URL through the import allow-list, folders.
 * Runs on each vendor of OCTAVO_TEST_VENDORS (SQLite by default).
 */
const MAX_UPLOAD = 1024 * 1024;

interface Seen {
  name: string;
  status: string;
  progress: number;
  text: string;
}

/** A noisy PNG of about `side`² × 3 bytes (noise does not compress), as base64. */
async function noisyPng(side: number): Promise<string> {
  const png = await sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  return png.toString('base64');
}

/** Records every state each upload row shows, as the DOM changes (no polling, no sleeps). */
async function watchRows(page: Page) {
  await page.evaluate(() => {
    const log: Seen[] = [];
    (window as unknown as { uploadLog: Seen[] }).uploadLog = log;
    const last = new Map<string, string>();
    const record = () => {
      for (const row of document.querySelectorAll<HTMLElement>('.upload-row')) {
        const entry = {
          name: row.dataset.name ?? '',
          status: row.dataset.status ?? '',
          progress: Number(row.dataset.progress),
          text: row.querySelector('.upload-row__percent')?.textContent ?? '',
        };
        const key = JSON.stringify(entry);
        if (last.get(entry.name) !== key) {
          last.set(entry.name, key);
          log.push(entry);
        }
      }
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
}

/** Drops files on an element the way a browser does: dragenter, dragover, drop with a DataTransfer. */
async function dropFiles(
  page: Page,
  selector: string,
  files: { name: string; type: string; base64: string }[],
): Promise<void> {
  await page.evaluate(
    ({ selector, files }) => {
      const transfer = new DataTransfer();
      for (const file of files) {
        const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
        transfer.items.add(new File([bytes], file.name, { type: file.type }));
      }
      const target = document.querySelector(selector)!;
      for (const type of ['dragenter', 'dragover', 'drop']) {
        target.dispatchEvent(
          new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }),
        );
      }
    },
    { selector, files },
  );
}

async function fileNamed(page: Page, name: string) {
  const answer = await api(page, 'GET', `files?filter[filename_download][eq]=${name}&fields=id,folder,type`);
  return answer.data[0] as { id: number; folder: number | null; type: string } | undefined;
}

describe.each(testVendors)('the file library on %s', (vendor) => {
  let app: E2eApp;
  let page: Page;
  let images: Server;
  let imageUrl: string;

  beforeAll(async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    images = createServer((req, res) => {
      if (req.url === '/photo.png') {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': photo.length });
        res.end(photo);
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
    imageUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}/photo.png`;
    app = await startApp({
      demo: false,
      vendor,
      config: { maxUploadSize: MAX_UPLOAD, importAllowList: ['127.0.0.1'] },
    });
    page = await signedIn(app, ADMIN.email, ADMIN.password);
    // The project accepts images and PDFs only; the library refuses anything else before sending.
    const setting = (await api(page, 'GET', 'settings?filter[key][eq]=file_mimetype_whitelist')).data[0];
    const saved = await api(page, 'PATCH', `settings/${setting.id}`, {
      value: ['image/*', 'application/pdf'],
    });
    expect(saved.status).toBe(200);
    await page.reload();
    await page.waitForSelector('.module-bar');
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => images?.close(resolve));
  });

  it('uploads three dropped files with visible progress held at 95 until the server answers', async () => {
    await openApp(page, '/test/files');
    await page.waitForSelector('[data-testid="files-drop"]');
    const files = await Promise.all(
      ['red', 'green', 'blue'].map(async (name) => ({
        name: `${name}.png`,
        type: 'image/png',
        base64: await noisyPng(300),
      })),
    );
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 50,
      downloadThroughput: -1,
      uploadThroughput: 300 * 1024,
    });
    await watchRows(page);
    await dropFiles(page, '[data-testid="files-drop"]', files);
    await page.getByRole('dialog', { name: 'Upload files' }).waitFor();
    await page.waitForFunction(
      () => document.querySelectorAll('.upload-row[data-status="done"]').length === 3,
      null,
      { timeout: 60_000 },
    );
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const log = await page.evaluate(() => (window as unknown as { uploadLog: Seen[] }).uploadLog);
    let sawPartial = false;
    for (const { name } of files) {
      const seen = log.filter((entry) => entry.name === name);
      const doneAt = seen.findIndex((entry) => entry.status === 'done');
      expect(doneAt).toBeGreaterThan(0);
      const before = seen.slice(0, doneAt);
      // A percentage at or under 95 was shown before 100, and nothing above 95 before the answer.
      expect(before.some((entry) => entry.status === 'sending' && /^\d+%$/.test(entry.text))).toBe(true);
      expect(before.every((entry) => entry.progress <= 95)).toBe(true);
      expect(seen[doneAt].progress).toBe(100);
      if (before.some((entry) => entry.progress > 0 && entry.progress < 95)) sawPartial = true;
    }
    expect(sawPartial).toBe(true);
    expect(await checkA11y(page)).toEqual([]);

    await page.getByRole('button', { name: 'Done' }).click();
    for (const { name } of files) expect((await fileNamed(page, name))?.type).toBe('image/png');
    await page.waitForFunction(() => document.querySelectorAll('.octavo-cards__card').length === 3);
    expect(await checkA11y(page)).toEqual([]);
  });

  it('refuses a file over the size limit and a type outside the whitelist before sending, naming each', async () => {
    await page.getByRole('button', { name: 'Upload files' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload files' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Clear finished' }).click();
    await dialog.locator('input[type="file"]').setInputFiles([
      { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(MAX_UPLOAD + 1000, 1) },
      { name: 'notes.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n') },
    ]);
    const huge = dialog.locator('.upload-row[data-name="huge.png"]');
    const notes = dialog.locator('.upload-row[data-name="notes.csv"]');
    expect(await huge.getAttribute('data-status')).toBe('refused');
    expect(await huge.getByRole('alert').textContent()).toMatch(
      /^huge\.png is larger than the upload limit of 1\.05 MB/,
    );
    expect(await notes.getAttribute('data-status')).toBe('refused');
    expect(await notes.getByRole('alert').textContent()).toContain(
      'notes.csv is not one of the accepted types',
    );
    expect(await fileNamed(page, 'huge.png')).toBeUndefined();
    expect(await fileNamed(page, 'notes.csv')).toBeUndefined();
    expect(await checkA11y(page)).toEqual([]);
  });

  it('adds an image from a URL through the server import', async () => {
    const dialog = page.getByRole('dialog', { name: 'Upload files' });
    await dialog.getByLabel('Add from a URL').fill(imageUrl);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText(/^Added /).waitFor();
    const imported = await fileNamed(page, 'photo.png');
    expect(imported?.type).toBe('image/png');
    // An address the server may not reach comes back with the server's message.
    await dialog.getByLabel('Add from a URL').fill('http://10.255.255.1/secret.png');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText(/^The URL could not be added: /).waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.octavo-cards__card').length === 4);
  });

  it('creates a folder, moves a file into it, browses into it and uploads there', async () => {
    await page.getByRole('button', { name: 'New folder' }).click();
    const create = page.getByRole('dialog', { name: 'New folder in Top level' });
    await create.getByLabel('Name').fill('Press kit');
    await create.getByRole('button', { name: 'Create' }).click();
    const link = page.getByRole('link', { name: 'Press kit' });
    await link.waitFor();

    const red = await fileNamed(page, 'red.png');
    await page.locator('.octavo-cards__card', { hasText: 'Red' }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Move to folder' }).click();
    const move = page.getByRole('dialog', { name: 'Move 1 file to' });
    await move.getByLabel('Folder').selectOption({ label: 'Press kit' });
    await move.getByRole('button', { name: 'Move' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.octavo-cards__card').length === 3);
    const folder = (await fileNamed(page, 'red.png'))?.folder;
    expect(folder).toBeTruthy();
    expect((await fileNamed(page, 'red.png'))?.id).toBe(red?.id);

    await link.click();
    await page.waitForFunction(() => location.hash.includes('?folder='));
    expect(routeOf(page)).toBe(`/test/files?folder=${folder}`);
    await page.waitForFunction(() => document.querySelectorAll('.octavo-cards__card').length === 1);
    expect(await page.locator('.page-header h1, .page-header__title').first().textContent()).toContain(
      'Press kit',
    );

    await dropFiles(page, '[data-testid="files-drop"]', [
      { name: 'inside.png', type: 'image/png', base64: await noisyPng(20) },
    ]);
    await page.waitForSelector('.upload-row[data-name="inside.png"][data-status="done"]');
    expect((await fileNamed(page, 'inside.png'))?.folder).toBe(folder);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForFunction(() => document.querySelectorAll('.octavo-cards__card').length === 2);
    expect(await checkA11y(page)).toEqual([]);

    // Rename the folder; a folder that holds files is not deleted.
    await page.getByRole('button', { name: 'Rename folder' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename Press kit' });
    await rename.getByLabel('Name').fill('Press kit 2026');
    await rename.getByRole('button', { name: 'Save' }).click();
    await page.locator('.page-header').getByText('Press kit 2026').first().waitFor();
    await page.getByRole('button', { name: 'Delete folder' }).click();
    const refuse = page.getByRole('alertdialog');
    await refuse.getByRole('button', { name: 'Delete folder' }).click();
    await refuse.getByText('Press kit 2026 still holds files or folders; move them out first.').waitFor();
    await refuse.getByRole('button', { name: 'Cancel' }).click();
    expect((await api(page, 'GET', `folders/${folder}`)).data.name).toBe('Press kit 2026');

    // An empty folder inside it is deleted, and the library goes back up to its parent.
    await page.getByRole('button', { name: 'New folder' }).click();
    const sub = page.getByRole('dialog', { name: 'New folder in Press kit 2026' });
    await sub.getByLabel('Name').fill('Old drafts');
    await sub.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('link', { name: 'Old drafts' }).click();
    await page.locator('.page-header').getByText('Old drafts').first().waitFor();
    await page.getByRole('button', { name: 'Delete folder' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete folder' }).click();
    await page.waitForFunction((id) => location.hash.endsWith(`?folder=${id}`), folder);
    expect((await api(page, 'GET', 'folders?filter[name][eq]=Old drafts')).data).toEqual([]);

    // Back to the root through the breadcrumb.
    await page.locator('.page-header').getByRole('link', { name: 'File Library' }).click();
    await page.waitForFunction(() => !location.hash.includes('?folder='));
    await page.waitForFunction(() => document.querySelectorAll('.octavo-cards__card').length === 3);
  });

  it("uploads in an item form's file field through the same rows, progress and refusals", async () => {
    const created = await api(page, 'POST', 'collections', {
      collection: 'press',
      fields: [
        { field: 'id', type: 'integer', datatype: 'INT', primary_key: true, auto_increment: true },
        { field: 'cover', type: 'file', datatype: 'INT', interface: 'file', options: { accept: 'image/*' } },
      ],
    });
    expect(created.status).toBe(200);
    const related = await api(page, 'POST', 'relations', {
      collection_many: 'press',
      field_many: 'cover',
      collection_one: 'directus_files',
    });
    expect(related.status).toBe(200);
    await page.reload();
    await openApp(page, '/test/collections/press/+');
    const cover = page.locator('[data-field="cover"]');
    await cover.locator('input[type="file"]').waitFor({ state: 'attached' });
    // The field's own accept list (image/*) and the server's size limit, before anything is sent.
    await cover
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'memo.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') }]);
    expect(await cover.locator('.upload-row[data-name="memo.pdf"]').getAttribute('data-status')).toBe(
      'refused',
    );
    expect(await cover.getByRole('alert').textContent()).toContain(
      'memo.pdf is not one of the accepted types (image/*)',
    );
    await cover
      .locator('input[type="file"]')
      .setInputFiles([
        { name: 'poster.png', mimeType: 'image/png', buffer: Buffer.alloc(MAX_UPLOAD + 1, 1) },
      ]);
    await cover.locator('.upload-row[data-name="poster.png"][data-status="refused"]').waitFor();

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 50,
      downloadThroughput: -1,
      uploadThroughput: 200 * 1024,
    });
    await watchRows(page);
    await cover
      .locator('input[type="file"]')
      .setInputFiles([
        { name: 'cover.png', mimeType: 'image/png', buffer: Buffer.from(await noisyPng(300), 'base64') },
      ]);
    await cover.locator('.octavo-file-input__title').waitFor({ timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const log = (await page.evaluate(() => (window as unknown as { uploadLog: Seen[] }).uploadLog)).filter(
      (entry) => entry.name === 'cover.png',
    );
    expect(
      log.some((entry) => entry.status === 'sending' && entry.progress > 0 && entry.progress <= 95),
    ).toBe(true);
    expect(log.filter((entry) => entry.status === 'sending').every((entry) => entry.progress <= 95)).toBe(
      true,
    );
    // The finished upload leaves the list: the field shows the file instead.
    expect(await cover.locator('.upload-row[data-name="cover.png"]').count()).toBe(0);
    expect(await checkA11y(page)).toEqual([]);
  });
});

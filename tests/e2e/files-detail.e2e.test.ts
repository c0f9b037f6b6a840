import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, EDITOR, api, checkA11y, openApp, signedIn, startApp, type E2eApp } from './helpers';

/** The file detail (issue 13): previews by type, zoom, edit, replace, embeds, SVG as an image. */

function png(width: number, height: number, color: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A one-page PDF, small but well formed (a browser's viewer opens it). */
function pdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 44 >>\nstream\nBT /F1 24 Tf 40 100 Td (Octavo PDF) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function upload(page: Page, bytes: Buffer, mime: string, name: string, title: string) {
  const answer = await api(page, 'POST', 'files', {
    data: `data:${mime};base64,${bytes.toString('base64')}`,
    filename_download: name,
    title,
  });
  expect(answer.status).toBe(200);
  return answer.data as { id: number; checksum: string };
}

const imageLoaded = (page: Page, selector: string, width?: number) =>
  page.waitForFunction(
    ({ selector, width }) => {
      const image = document.querySelector<HTMLImageElement>(selector);
      return Boolean(
        image?.complete && image.naturalWidth > 0 && (width === undefined || image.naturalWidth === width),
      );
    },
    { selector, width },
  );

describe('file detail', () => {
  let app: E2eApp;
  let page: Page;
  beforeAll(async () => {
    app = await startApp();
    page = await signedIn(app, ADMIN.email, ADMIN.password);
    // The video providers are not reached from the tests: their player and still are stand-ins.
    await page.context().route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>player</title><p>player</p>',
      }),
    );
    const still = await png(480, 360, '#222222');
    await page
      .context()
      .route('https://i.ytimg.com/**', (route) => route.fulfill({ contentType: 'image/png', body: still }));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows an image with its facts, zooms by keyboard, saves a new title and replaces the bytes', async () => {
    const file = await upload(page, await png(800, 600, '#3366ff'), 'image/png', 'harbour.png', 'Harbour');
    await openApp(page, `/test/files/${file.id}`);
    await imageLoaded(page, '.file-zoom__image', 800);
    const facts = await page.textContent('.file-detail__facts');
    expect(facts).toContain('image/png');
    expect(facts).toContain('800 × 600 px');
    expect(facts).toContain('harbour.png');
    expect(facts).toMatch(/\d+(\.\d)? kB|\d+ bytes/);
    const download = await page.getByRole('link', { name: 'Download' }).getAttribute('href');
    expect(download).toMatch(/\/test\/assets\/\w+\?download&v=/);
    // The form shows the editable fields, not the facts beside the preview.
    expect(await page.locator('#field-title').count()).toBe(1);
    expect(await page.locator('#field-checksum').count()).toBe(0);
    // The folder, hidden on item pages by the system definitions, is editable here.
    expect(await page.locator('#field-folder').count()).toBe(1);
    expect(await checkA11y(page)).toEqual([]);

    // Keyboard zoom: Enter on the picture shows 100 %, + zooms in, 0 fits again.
    const readout = page.locator('.file-zoom__readout');
    await page.locator('.file-zoom__target').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => readout.textContent()).toBe('100 %');
    expect(await page.getByRole('button', { name: '100 %' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('+');
    await expect.poll(() => readout.textContent()).toBe('200 %');
    // Zoomed, the picture scrolls in its view; the page stays accessible in both themes.
    await page.click('.file-detail__metadata summary');
    expect(await page.textContent('.file-detail__metadata')).toContain('format');
    expect(await checkA11y(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    // The theme's colours fade in (CSS transitions): check once they have settled.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    expect(await checkA11y(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.locator('.file-zoom__target').focus();
    expect(await page.locator('.file-zoom__image').evaluate((image) => image.clientWidth)).toBe(1600);
    await page.keyboard.press('0');
    await expect
      .poll(() => page.getByRole('button', { name: 'Fit' }).getAttribute('aria-pressed'))
      .toBe('true');

    // Edit the title through the normal form.
    await page.fill('#field-title', 'Harbour at dusk');
    await page.keyboard.press('Control+s');
    await expect
      .poll(async () => (await api(page, 'GET', `files/${file.id}?fields=title`)).data.title)
      .toBe('Harbour at dusk');

    // Replace the bytes: same id, new picture, the preview follows.
    const before = await page.locator('.file-zoom__image').getAttribute('src');
    // The upload is held until its progress shows, then let through.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/test/files/${file.id}`, async (route) => {
      if (route.request().method() !== 'PATCH') return route.fallback();
      expect(route.request().headers()['content-type']).toMatch(/^multipart\/form-data/);
      await held;
      await route.continue();
    });
    await page.setInputFiles('[data-testid="replace-file-input"]', {
      name: 'green.png',
      mimeType: 'image/png',
      buffer: await png(300, 200, '#22aa44'),
    });
    const progress = page.getByRole('progressbar', { name: 'Uploading the new file' });
    await progress.waitFor();
    release();
    await imageLoaded(page, '.file-zoom__image', 300);
    expect(await progress.count()).toBe(0);
    await page.unroute(`**/test/files/${file.id}`);
    const after = await page.locator('.file-zoom__image').getAttribute('src');
    expect(after).not.toBe(before);
    const saved = (await api(page, 'GET', `files/${file.id}?fields=id,width,checksum,title`)).data;
    expect(saved).toMatchObject({ id: file.id, width: 300, title: 'Harbour at dusk' });
    expect(saved.checksum).not.toBe(file.checksum);
    expect(after).toContain(`v=${saved.checksum}`);
    await expect.poll(() => page.textContent('.file-detail__facts')).toContain('300 × 200 px');
  });

  it("offers the demo editor no replace on someone else's file, and still the download", async () => {
    const file = await upload(page, await png(64, 64, '#aa3366'), 'image/png', 'admin.png', 'Admin only');
    const editor = await signedIn(app, EDITOR.email, EDITOR.password);
    await openApp(editor, `/test/files/${file.id}`);
    await imageLoaded(editor, '.file-zoom__image', 64);
    expect(await editor.getByRole('link', { name: 'Download' }).count()).toBe(1);
    expect(await editor.getByRole('button', { name: 'Replace file' }).count()).toBe(0);
    await editor.context().close();
  });

  it('shows a PDF in a frame of the app', async () => {
    const file = await upload(page, pdf(), 'application/pdf', 'report.pdf', 'Report');
    await openApp(page, `/test/files/${file.id}`);
    const frame = page.locator('iframe.octavo-file-media__frame');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^\/test\/assets\/\w+\?v=/);
    expect(await frame.getAttribute('title')).toBe('PDF: Report');
    expect(await page.textContent('.file-detail__facts')).toContain('application/pdf');
    expect(await page.textContent('.file-detail__facts')).toMatch(/\d{3} bytes/);
    expect(await checkA11y(page)).toEqual([]);
  });

  it('shows a YouTube link made into an embed: the privacy-friendly player and the still', async () => {
    const created = await api(page, 'POST', 'files', { data: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(created.status).toBe(200);
    await openApp(page, `/test/files/${created.data.id}`);
    const player = page.locator('iframe.octavo-file-media__embed');
    await player.waitFor();
    expect(await player.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    await imageLoaded(page, '.file-detail__still img', 480);
    expect(await page.locator('.file-detail__still img').getAttribute('src')).toBe(
      'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    );
    expect(await page.textContent('.file-detail__facts')).toContain('YouTube video');
    // The player really loaded inside the app's CSP (a blocked frame stays empty).
    await expect
      .poll(() => page.frames().some((frame) => frame.url().startsWith('https://www.youtube-nocookie.com/')))
      .toBe(true);
    expect(await page.getByRole('link', { name: 'Download' }).count()).toBe(0);
    expect(await checkA11y(page)).toEqual([]);
  });

  it('shows an SVG as an image, never inlined', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><rect width="120" height="80" fill="#f80"/><script>window.pwned=1</script></svg>',
    );
    const file = await upload(page, svg, 'image/svg+xml', 'shape.svg', 'Shape');
    await openApp(page, `/test/files/${file.id}`);
    await imageLoaded(page, '.file-zoom__image', 120);
    expect(await page.locator('.file-detail__preview svg').count()).toBe(0);
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  });
});

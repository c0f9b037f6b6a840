import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, checkA11y, openApp, routeOf, startApp, signedIn, type E2eApp } from './helpers';

/** The layouts issue (#12): the cards layout on the demo, and the table's options panel. */
const layoutSelect = '.listing-view-options select[aria-label="Layout"]';
const cardTitles = (page: Page) => page.locator('.octavo-cards__title').allTextContents();
const headers = async (page: Page) =>
  (await page.locator('.octavo-vtable [role="columnheader"]').allTextContents())
    .slice(1)
    .map((text) => text.replace(/[▲▼]/g, '').trim());

async function openInfo(page: Page) {
  if ((await page.locator('.listing-view-options').count()) === 0)
    await page.click('.page-header__info-toggle');
  await page.waitForSelector('.listing-view-options');
}

async function upload(page: Page, title: string, color: string): Promise<number> {
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: color } })
    .png()
    .toBuffer();
  const answer = await api(page, 'POST', 'files', {
    data: `data:image/png;base64,${png.toString('base64')}`,
    filename_download: `${title}.png`,
    title,
  });
  expect(answer.status).toBe(200);
  return answer.data.id;
}

describe('layouts: cards and the table options', () => {
  let app: E2eApp;
  let page: Page;
  beforeAll(async () => {
    app = await startApp();
    page = await signedIn(app, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows the demo authors as cards with the icon fallback, and selects cards for batch actions', async () => {
    await openApp(page, '/test/collections/authors');
    await page.waitForSelector('.octavo-cards__card');
    const authors = (await api(page, 'GET', 'items/authors?fields=name&sort=name&limit=-1')).data;
    expect(await cardTitles(page)).toEqual(authors.map((author: { name: string }) => author.name));
    expect(await page.locator('.octavo-cards__card [data-icon="person"]').count()).toBe(authors.length);
    expect(await page.locator('.octavo-cards__card').first().textContent()).toContain(
      '@octavo-magazine.example',
    );

    await page.getByRole('checkbox', { name: `Select ${authors[0].name}` }).check();
    await expect.poll(() => page.textContent('.listing-count')).toBe('1 selected');
    expect(await page.getByRole('button', { name: 'Batch edit' }).isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: `Select ${authors[1].name}` }).check();
    await expect.poll(() => page.textContent('.listing-count')).toBe('2 selected');
    expect(await page.getByRole('button', { name: 'Batch edit' }).isDisabled()).toBe(false);
    expect(await page.getByRole('button', { name: 'Delete' }).isVisible()).toBe(true);
    expect(await checkA11y(page)).toEqual([]);

    // Enter on a card opens its item.
    await page.getByRole('button', { name: authors[2].name }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /\/collections\/authors\/\d+$/.test(location.hash));
    expect(routeOf(page)).toMatch(/^\/test\/collections\/authors\/\d+$/);
  });

  it('shows files and users as cards with thumbnails from the asset presets', async () => {
    // The demo has no files yet: the library says so.
    await openApp(page, '/test/files');
    await page.waitForSelector('.listing-state[data-state="no-files"]');
    expect(await page.textContent('.listing-state')).toContain('No files yet');

    const first = await upload(page, 'Harbour at dawn', '#3366ff');
    await upload(page, 'Market hall', '#ff8844');
    const me = (await api(page, 'GET', 'users/me?fields=id')).data;
    expect((await api(page, 'PATCH', `users/${me.id}`, { avatar: first })).status).toBe(200);

    await page.reload();
    await page.waitForSelector('.octavo-cards__card img');
    expect(await cardTitles(page)).toEqual(['Harbour at dawn', 'Market hall']);
    const src = await page.locator('.octavo-cards__card img').first().getAttribute('src');
    expect(src).toMatch(/\/test\/assets\/\w+\?key=directus-medium-crop$/);
    // The thumbnail really loads (a broken one would show the broken-image icon instead).
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('.octavo-cards__card img');
      return Boolean(image?.complete && image.naturalWidth === 300);
    });
    expect(await page.locator('[data-icon="broken_image"]').count()).toBe(0);
    expect(await checkA11y(page)).toEqual([]);

    // A thumbnail that fails to load shows the broken-image icon, named for assistive technology.
    const market = (await api(page, 'GET', 'files?fields=private_hash&filter[title][eq]=Market hall'))
      .data[0];
    await page.route(`**/assets/${market.private_hash}?**`, (route) => route.abort());
    await page.reload();
    const broken = page.locator('.octavo-cards__card:has-text("Market hall") [data-icon="broken_image"]');
    await broken.waitFor();
    expect(await broken.getAttribute('aria-label')).toBe('The image could not be loaded');
    expect(await page.locator('.octavo-cards__card:has-text("Harbour at dawn") img').count()).toBe(1);
    await page.unroute(`**/assets/${market.private_hash}?**`);

    await openApp(page, '/test/users');
    await page.waitForSelector('.octavo-cards__card');
    const avatar = page.locator('.octavo-cards__card:has-text("Admin") img');
    await avatar.waitFor();
    expect(await avatar.getAttribute('src')).toMatch(/\/test\/assets\/\w+\?key=directus-medium-crop$/);
    // A user without an avatar gets the preset's icon.
    expect(await page.locator('.octavo-cards__card [data-icon="person"]').count()).toBeGreaterThan(0);
  });

  it('switches articles to cards and back, and restores each from the preset', async () => {
    await openApp(page, '/test/collections/articles');
    await page.waitForSelector('.octavo-vtable [role="row"][aria-rowindex="2"]');
    await openInfo(page);
    const layouts = await page.locator(`${layoutSelect} option`).allTextContents();
    expect(layouts).toEqual(expect.arrayContaining(['Table', 'Cards']));

    await page.selectOption(layoutSelect, 'cards');
    await page.waitForSelector('.octavo-cards__card');
    const newest = (await api(page, 'GET', 'items/articles?fields=title&sort=id&limit=1')).data[0].title;
    expect((await cardTitles(page))[0]).toBe(newest);
    expect(await checkA11y(page)).toEqual([]);

    await page.reload();
    await page.waitForSelector('.octavo-cards__card');
    await openInfo(page);
    expect(await page.inputValue(layoutSelect)).toBe('cards');

    await page.selectOption(layoutSelect, 'tabular');
    await page.waitForSelector('.octavo-vtable [role="row"][aria-rowindex="2"]');
    expect(await headers(page)).toEqual(['Status', 'Title', 'Category', 'Author', 'Published On']);
  });

  it('chooses and orders the columns in the table options, and restores them after a reload', async () => {
    await openInfo(page);
    const columns = page.getByRole('group', { name: 'Columns' });
    await columns.getByRole('checkbox', { name: 'Slug' }).check();
    await expect
      .poll(() => headers(page))
      .toEqual(['Status', 'Title', 'Category', 'Author', 'Published On', 'Slug']);
    // Move Slug up twice from the keyboard, by its drag handle.
    await columns.getByRole('button', { name: /Slug/ }).focus();
    await page.keyboard.press('ArrowUp');
    await expect
      .poll(() => headers(page))
      .toEqual(['Status', 'Title', 'Category', 'Author', 'Slug', 'Published On']);
    await page.keyboard.press('ArrowUp');
    await expect
      .poll(() => headers(page))
      .toEqual(['Status', 'Title', 'Category', 'Slug', 'Author', 'Published On']);
    await columns.getByRole('checkbox', { name: 'Category' }).uncheck();
    await expect.poll(() => headers(page)).toEqual(['Status', 'Title', 'Slug', 'Author', 'Published On']);

    // Sort by title, descending.
    const sort = page.locator('.listing-view-options [data-field="sort"] select');
    await sort.selectOption('title');
    await page.getByRole('button', { name: 'Descending' }).click();
    await expect
      .poll(() => page.getAttribute('[role="columnheader"]:has-text("Title")', 'aria-sort'))
      .toBe('descending');
    expect(await checkA11y(page)).toEqual([]);

    await page.reload();
    await page.waitForSelector('.octavo-vtable [role="row"][aria-rowindex="2"]');
    expect(await headers(page)).toEqual(['Status', 'Title', 'Slug', 'Author', 'Published On']);
    expect(await page.getAttribute('[role="columnheader"]:has-text("Title")', 'aria-sort')).toBe(
      'descending',
    );
    await openInfo(page);
    expect(await page.inputValue('.listing-view-options [data-field="sort"] select')).toBe('title');
    // The widths are kept in the preset but not offered as JSON.
    expect(await page.locator('.listing-view-options [data-field="widths"]').count()).toBe(0);
  });
  it('loads further cards as the end scrolls into view, down to filter_count', async () => {
    await app.server.project.knex('directus_settings').where('key', 'default_limit').update({ value: '24' });
    try {
      const reader = await signedIn(app, ADMIN.email, ADMIN.password);
      const offsets = new Set<number>();
      reader.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.endsWith('/items/articles') && url.searchParams.has('offset'))
          offsets.add(Number(url.searchParams.get('offset')));
      });
      await openApp(reader, '/test/collections/articles');
      await openInfo(reader);
      await reader.selectOption(layoutSelect, 'cards');
      await reader.click('.page-header__info-toggle');
      await reader.waitForSelector('.octavo-cards__card');
      const expected = (await api<unknown[]>(reader, 'GET', 'items/articles?fields=id&limit=-1')).data.length;
      expect(expected).toBeGreaterThan(48);
      expect(await reader.textContent('.listing-count')).toBe(`${expected} items`);
      const cards = () => reader.locator('.octavo-cards__card:not(.octavo-cards__card--placeholder)').count();
      for (let i = 0; i < 20 && (await cards()) < expected; i++) {
        await reader.locator('.octavo-cards').evaluate((element) => {
          element.scrollTop = element.scrollHeight;
        });
        await reader.waitForTimeout(200);
      }
      expect(await cards()).toBe(expected);
      expect([...offsets].sort((a, b) => a - b)).toEqual(
        Array.from({ length: Math.ceil(expected / 24) }, (_, index) => index * 24),
      );
      await reader.close();
    } finally {
      await app.server.project
        .knex('directus_settings')
        .where('key', 'default_limit')
        .update({ value: '200' });
    }
  });
});

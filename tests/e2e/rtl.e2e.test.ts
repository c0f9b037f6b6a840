import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, checkA11y, openApp, signIn, startApp, type E2eApp } from './helpers';

/**
 * Right-to-left (issue 15): with Arabic or Hebrew as the user's locale the page is `dir="rtl"` and the
 * layout mirrors: the navigation sidebar on the right, the table's first column at the right edge, the
 * info sidebar on the left, directional icons flipped. Back in English everything returns.
 */
let app: E2eApp;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  page = await app.newPage({ width: 1440, height: 900 });
  await openApp(page, '/login');
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.waitForSelector('.module-bar');
}, 180_000);
afterAll(async () => {
  await app?.close();
});

const dir = () => page.evaluate(() => document.documentElement.dir);
const box = async (selector: string) => (await page.locator(selector).first().boundingBox())!;

async function useLocale(locale: string, direction: 'ltr' | 'rtl') {
  await api(page, 'PATCH', 'users/me', { locale });
  await page.reload();
  await page.waitForSelector('.module-bar');
  await page.waitForFunction((d) => document.documentElement.dir === d, direction);
}

/** Where the main parts of the shell, the table and the item page are: the numbers the test compares. */
async function positions() {
  await openApp(page, '/test/collections/articles');
  await page.waitForSelector('.octavo-vtable__row');
  const nav = await box('.nav-sidebar');
  const content = await box('.shell__content');
  const table = await box('.octavo-vtable');
  const checkbox = await box('.octavo-vtable__head [role="columnheader"] input[type="checkbox"]');
  const first = await api<{ id: number }[]>(page, 'GET', 'items/articles?fields=id&limit=1&sort=id');
  await openApp(page, `/test/collections/articles/${first.data[0].id}`);
  await page.waitForSelector('.item-page .octavo-form');
  if ((await page.locator('#info-sidebar').count()) === 0) await page.click('.page-header__info-toggle');
  await page.waitForSelector('#info-sidebar');
  const info = await box('#info-sidebar');
  const form = await box('.item-page .octavo-form');
  return { nav, content, table, checkbox, info, form };
}

async function mirroredIcon(): Promise<string> {
  await openApp(page, '/test/settings');
  await page.waitForSelector('.octavo-symbol--mirror');
  return page.evaluate(() => getComputedStyle(document.querySelector('.octavo-symbol--mirror')!).transform);
}

describe('right-to-left locales', () => {
  it('mirrors the layout in Arabic and returns in English', async () => {
    expect(await dir()).not.toBe('rtl');
    const ltr = await positions();
    expect(ltr.nav.x).toBeLessThan(ltr.content.x);
    expect(ltr.checkbox.x - ltr.table.x).toBeLessThan(100);
    expect(ltr.info.x).toBeGreaterThan(ltr.form.x);
    expect(await mirroredIcon()).toBe('none');

    await useLocale('ar-SA', 'rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar-SA');
    const rtl = await positions();
    expect(rtl.nav.x).toBeGreaterThan(rtl.content.x);
    expect(rtl.table.x + rtl.table.width - (rtl.checkbox.x + rtl.checkbox.width)).toBeLessThan(100);
    expect(rtl.info.x).toBeLessThan(rtl.form.x);
    // scaleX(-1)
    expect(await mirroredIcon()).toBe('matrix(-1, 0, 0, 1, 0, 0)');
    expect(await checkA11y(page)).toEqual([]);
    await openApp(page, '/test/collections/articles');
    await page.waitForSelector('.octavo-vtable__row');
    expect(await checkA11y(page)).toEqual([]);

    await useLocale('en-US', 'ltr');
    const back = await positions();
    expect(back.nav.x).toBe(ltr.nav.x);
    expect(back.checkbox.x).toBe(ltr.checkbox.x);
    expect(back.info.x).toBe(ltr.info.x);
    expect(await mirroredIcon()).toBe('none');
  });

  it('keeps English data left to right in Arabic: table cell, page title, breadcrumb and input', async () => {
    const title = 'Hello, world: an English title (2024) that is long enough to be cut at its end';
    const first = await api<{ id: number; title: string }[]>(
      page,
      'GET',
      'items/articles?fields=id,title&limit=1&sort=id',
    );
    const { id, title: before } = first.data[0];
    expect((await api(page, 'PATCH', `items/articles/${id}`, { title })).status).toBe(200);
    await useLocale('ar-SA', 'rtl');
    // Any English title of the demo in the table: its text is laid out left to right from its cell's start
    // side (the first letter visible), and a long one is cut at its end.
    const demoTitles = (await api<{ title: string }[]>(page, 'GET', 'items/articles?fields=title&limit=-1'))
      .data;
    await openApp(page, '/test/collections/articles');
    await page.waitForSelector('.octavo-vtable__row');
    const cells = await page.evaluate(
      (titles) => {
        const known = new Set(titles);
        return [...document.querySelectorAll('.octavo-vtable__body .octavo-vtable__cell')]
          .filter((cell) => known.has(cell.textContent ?? ''))
          .slice(0, 20)
          .map((cell) => {
            const content = cell.firstElementChild!;
            const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT);
            const text = walker.nextNode() as Text;
            const char = (index: number) => {
              const range = document.createRange();
              range.setStart(text, index);
              range.setEnd(text, index + 1);
              return range.getBoundingClientRect();
            };
            const box = cell.getBoundingClientRect();
            const first = char(0);
            return {
              bidi: getComputedStyle(content).unicodeBidi,
              firstVisible: first.left >= box.left - 1 && first.right <= box.right + 1,
              leftToRight: char(1).left >= first.left,
              cut: content.scrollWidth > content.clientWidth,
            };
          });
      },
      demoTitles.map((row) => row.title),
    );
    expect(cells.length).toBeGreaterThan(3);
    expect(cells.filter((cell) => cell.cut).length).toBeGreaterThan(0);
    for (const cell of cells)
      expect(cell).toMatchObject({ bidi: 'plaintext', firstVisible: true, leftToRight: true });
    // The Arabic column headers stay right to left.
    expect(
      await page.evaluate(
        () => getComputedStyle(document.querySelector('.octavo-vtable__header')!).direction,
      ),
    ).toBe('rtl');

    await openApp(page, `/test/collections/articles/${id}`);
    const heading = page.locator('h1.page-header__title');
    await heading.filter({ hasText: title }).waitFor();
    expect(
      await heading.evaluate((element) => [element.getAttribute('dir'), getComputedStyle(element).direction]),
    ).toEqual(['auto', 'ltr']);
    // The Arabic crumb is right to left, the title field's input left to right.
    const crumb = page.locator('.page-header__breadcrumb a').first();
    expect(await crumb.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    const input = page.locator('#field-title');
    expect(await input.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
    await useLocale('en-US', 'ltr');
    await api(page, 'PATCH', `items/articles/${id}`, { title: before });
  });

  it('is right-to-left in Hebrew too', async () => {
    await useLocale('he-IL', 'rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('he-IL');
    const nav = await box('.nav-sidebar');
    const content = await box('.shell__content');
    expect(nav.x).toBeGreaterThan(content.x);
    await useLocale('en-US', 'ltr');
  });
});

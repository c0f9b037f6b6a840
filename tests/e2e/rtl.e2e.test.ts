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

  it('is right-to-left in Hebrew too', async () => {
    await useLocale('he-IL', 'rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('he-IL');
    const nav = await box('.nav-sidebar');
    const content = await box('.shell__content');
    expect(nav.x).toBeGreaterThan(content.x);
    await useLocale('en-US', 'ltr');
  });
});

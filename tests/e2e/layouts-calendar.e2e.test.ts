import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, checkA11y, openApp, routeOf, startApp, signedIn, type E2eApp } from './helpers';

const LISTING = '/test/collections/articles';
type Item = Record<string, any>;

const waitForRoute = (page: Page, pattern: RegExp) =>
  page.waitForFunction(
    (source) => new RegExp(source).test(decodeURIComponent(location.hash)),
    pattern.source,
  );

/** The layout picker and the view options live in the info sidebar. */
async function openViewOptions(page: Page) {
  if ((await page.locator('.listing-view-options').count()) === 0)
    await page.click('.page-header__info-toggle');
  await page.waitForSelector('.listing-view-options');
}

const monthTitle = (page: Page) => page.textContent('.calendar-layout__title');
const cell = (page: Page, day: string) => page.locator(`.calendar-layout [data-day="${day}"]`);

let app: E2eApp;
let admin: Page;
/** A published article with its publication day. */
let article: { id: number; title: string; day: string };

beforeAll(async () => {
  app = await startApp();
  admin = await signedIn(app, ADMIN.email, ADMIN.password);
  const rows = (
    await api<Item[]>(
      admin,
      'GET',
      'items/articles?fields=id,title,published_on&filter[published_on][nnull]=1&sort=published_on&limit=1',
    )
  ).data;
  article = { id: rows[0].id, title: rows[0].title, day: String(rows[0].published_on).slice(0, 10) };
});
afterAll(async () => {
  await app?.close();
});

describe('calendar layout', () => {
  it('shows the articles on their day, moves by month, opens an item and creates on a day', async () => {
    await openApp(admin, LISTING);
    await admin.waitForSelector('.listing [data-state="loaded"]');
    await openViewOptions(admin);
    await admin.selectOption('.listing-view-options select[aria-label="Layout"]', 'calendar');
    await admin.waitForSelector('.calendar-layout__grid[role="grid"]');
    // The date field is chosen in the options, among the collection's date fields.
    await admin.selectOption('#view-options-date', 'published_on');

    // Jump to the article's month: it is on its day, and only that range was asked for.
    const asked = admin.waitForRequest(
      (request) =>
        request.url().includes('/items/articles?') &&
        decodeURIComponent(request.url()).includes(`[published_on][0][gte]=`) &&
        decodeURIComponent(request.url()).includes(article.day.slice(0, 7)),
    );
    await admin.fill('.calendar-layout__goto input', article.day);
    await asked;
    await cell(admin, article.day).locator(`button:has-text("${article.title}")`).waitFor();
    const month = await monthTitle(admin);
    expect(await cell(admin, article.day).textContent()).toMatch(/\d+ items?/);

    // Next and previous month; the article leaves and comes back.
    await admin.click('button[aria-label="Next month"]');
    await admin.waitForFunction(
      (before) => document.querySelector('.calendar-layout__title')?.textContent !== before,
      month,
    );
    expect(await admin.locator(`.calendar-layout button:has-text("${article.title}")`).count()).toBe(0);
    await admin.click('button[aria-label="Previous month"]');
    await cell(admin, article.day).locator(`button:has-text("${article.title}")`).waitFor();
    expect(await monthTitle(admin)).toBe(month);

    // Keyboard: the grid has one day in the tab order, arrows move it.
    await cell(admin, article.day).focus();
    await admin.keyboard.press('ArrowRight');
    const next = await admin.evaluate(() => document.activeElement?.getAttribute('data-day'));
    expect(next).not.toBe(article.day);
    expect(next).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    expect(await checkA11y(admin)).toEqual([]);

    // A click opens the item; back, the calendar is where it was.
    await cell(admin, article.day).locator(`button:has-text("${article.title}")`).click();
    await waitForRoute(admin, new RegExp(`^#${LISTING}/${article.id}$`));
    await admin.waitForSelector('.item-page .octavo-form');
    await admin.goBack();
    await cell(admin, article.day).locator(`button:has-text("${article.title}")`).waitFor();
    expect(await monthTitle(admin)).toBe(month);

    // Create on the day: the new item has the day in its published_on.
    await cell(admin, article.day).hover();
    await cell(admin, article.day).locator('.calendar-layout__create').click();
    await waitForRoute(admin, new RegExp(`^#${LISTING}/\\+\\?published_on=${article.day}$`));
    const dateInput = admin.locator('.octavo-field[data-field="published_on"] input').first();
    await dateInput.waitFor();
    expect(await dateInput.inputValue()).toContain(article.day);
    await admin.locator('.octavo-field[data-field="title"] input').first().fill('Made on the calendar');
    await admin.click('.item-save__main');
    await waitForRoute(admin, new RegExp(`^#${LISTING}$`));
    await cell(admin, article.day).locator('button:has-text("Made on the calendar")').waitFor();
    const created = (
      await api<Item[]>(
        admin,
        'GET',
        'items/articles?fields=id,published_on&filter[title][eq]=Made on the calendar',
      )
    ).data;
    expect(String(created[0].published_on)).toBe(`${article.day} 00:00:00`);
  });

  it('is restored from the preset after a reload', async () => {
    await admin.reload();
    await admin.waitForSelector('.calendar-layout__grid[role="grid"]');
    await openViewOptions(admin);
    expect(await admin.inputValue('.listing-view-options select[aria-label="Layout"]')).toBe('calendar');
    expect(await admin.inputValue('#view-options-date')).toBe('published_on');
    const preset = (
      await api<Item[]>(admin, 'GET', 'collection_presets?filter[collection][eq]=articles&filter[user][eq]=1')
    ).data;
    expect(preset[0].view_type).toBe('calendar');
  });
});

describe('timeline layout', () => {
  // The activity log has its own screen now (tests/e2e/activity.e2e.test.ts); the layout is shown on articles.
  it('groups the articles by day and opens one', async () => {
    await openApp(admin, LISTING);
    await openViewOptions(admin);
    await admin.selectOption('.listing-view-options select[aria-label="Layout"]', 'timeline');
    await admin.selectOption('#view-options-date', 'published_on');
    const entry = admin.locator('.timeline-layout__entry', { hasText: article.title }).first();
    await entry.waitFor();
    expect(await admin.locator('.timeline-layout__day-title').count()).toBeGreaterThan(0);
    expect(await checkA11y(admin)).toEqual([]);

    await entry.locator('button').click();
    await waitForRoute(admin, new RegExp(`^#${LISTING}/${article.id}$`));
    expect(routeOf(admin)).toBe(`${LISTING}/${article.id}`);
  });

  it('is the timeline again after a reload (the preset)', async () => {
    await openApp(admin, LISTING);
    await admin.reload();
    await admin.waitForSelector('.timeline-layout__entry');
    await openViewOptions(admin);
    expect(await admin.inputValue('.listing-view-options select[aria-label="Layout"]')).toBe('timeline');
  });
});

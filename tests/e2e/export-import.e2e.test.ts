import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, checkA11y, openApp, signedIn, startApp, type E2eApp } from './helpers';

const LISTING = '/test/collections/articles';

async function loaded(page: Page) {
  await page.waitForSelector('.listing [data-state="loaded"] [role="row"][aria-rowindex="2"]');
}

/** Every article, whatever its status. */
async function articleCount(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const response = await fetch('/test/items/articles?limit=0&meta=filter_count&status=*', {
      credentials: 'include',
    });
    return (await response.json()).meta.filter_count as number;
  });
}

/** Chooses an entry of the listing's export / import menu. */
async function menu(page: Page, entry: string) {
  await page.click('button:has-text("Export / import")');
  await page.click(`[role="menuitem"]:has-text("${entry}")`);
}

async function download(page: Page, entry: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), menu(page, entry)]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: await readFile(path!, 'utf8') };
}

describe('export and import', () => {
  let app: E2eApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('exports the view as CSV and JSON', async () => {
    const page = await signedIn(app, ADMIN.email, ADMIN.password);
    await openApp(page, LISTING);
    await loaded(page);
    const expected = (await api(page, 'GET', 'items/articles?fields=id,title&limit=-1&sort=-published_on'))
      .data as Array<{ id: number; title: string }>;

    const csv = await download(page, 'Export as CSV');
    expect(csv.name).toMatch(/^articles-\d{4}-\d{2}-\d{2}\.csv$/);
    const parsed = Papa.parse<string[]>(csv.text, { skipEmptyLines: true });
    const [header, ...rows] = parsed.data;
    // The visible columns of the demo's preset, with the primary key first.
    expect(header).toEqual(['id', 'status', 'title', 'category', 'author', 'published_on']);
    expect(rows).toHaveLength(expected.length);
    expect(rows.map((row) => row[2])).toEqual(expected.map((item) => item.title));
    // Related items are written as their keys.
    expect(rows.every((row) => /^\d*$/.test(row[4]))).toBe(true);

    const json = await download(page, 'Export as JSON');
    expect(json.name).toMatch(/^articles-\d{4}-\d{2}-\d{2}\.json$/);
    const items = JSON.parse(json.text) as Array<Record<string, unknown>>;
    expect(items.map((item) => item.id)).toEqual(expected.map((item) => item.id));
    expect(Object.keys(items[0])).toEqual(['id', 'status', 'title', 'category', 'author', 'published_on']);

    // The search narrows the export as it narrows the view.
    const word = expected[0].title.split(/\s+/).sort((a, b) => b.length - a.length)[0];
    const matching = (
      await api(page, 'GET', `items/articles?fields=id&limit=-1&q=${encodeURIComponent(word)}`)
    ).data as unknown[];
    await page.fill('.listing-search input[type="search"]', word);
    await page.waitForFunction(
      (text) => document.querySelector('.listing-count')?.textContent === text,
      `${matching.length} ${matching.length === 1 ? 'item' : 'items'}`,
    );
    const narrowed = JSON.parse((await download(page, 'Export as JSON')).text) as unknown[];
    expect(narrowed).toHaveLength(matching.length);
    await page.close();
  });

  it('imports a CSV: a bad row is reported and nothing is written; fixed, the rows appear', async () => {
    const page = await signedIn(app, ADMIN.email, ADMIN.password);
    await openApp(page, LISTING);
    await loaded(page);
    const before = await articleCount(page);

    await menu(page, 'Import from CSV');
    await page.waitForSelector('[role="dialog"] .octavo-dropzone');
    const csv = (readingTime: string) =>
      Buffer.from(
        [
          'Title,Reading Time,featured,Unknown column',
          'Imported alpha,4,yes,x',
          `"Imported beta, with a comma",${readingTime},no,y`,
          'Imported gamma,,true,z',
        ].join('\n'),
      );
    await page.setInputFiles('[role="dialog"] input[type="file"]', {
      name: 'articles.csv',
      mimeType: 'text/csv',
      buffer: csv('ten'),
    });
    await page.waitForSelector('[role="dialog"] .exchange-import__mapping');
    const dialog = page.locator('[role="dialog"]');
    expect(await dialog.textContent()).toContain('3 rows, 4 columns');
    // Columns matched by name; the unknown one is not imported.
    expect(
      await dialog.locator('select').evaluateAll((s) => s.map((e) => (e as HTMLSelectElement).value)),
    ).toEqual(['title', 'reading_time', 'featured', '']);
    expect(await dialog.textContent()).toContain('Not imported: Unknown column.');
    // The type check of the reading time names the row that is not a number.
    expect(await dialog.locator('.exchange-import__check--bad').textContent()).toBe(
      '1 value is not a whole number (row 2).',
    );
    expect(await checkA11y(page)).toEqual([]);

    await page.click('[role="dialog"] button:has-text("Import 3 rows")');
    await page.waitForSelector('[role="dialog"] .exchange-import__report');
    expect(await dialog.locator('.exchange-import__report').textContent()).toContain(
      'Nothing was imported: 1 of 3 rows was rejected.',
    );
    const rejected = await dialog.locator('.exchange-import__report tbody tr').allTextContents();
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatch(/^2reading_time/);
    expect(await articleCount(page)).toBe(before);
    expect(await checkA11y(page)).toEqual([]);

    // Fixed: the same dialog takes the corrected file.
    await page.click('[role="dialog"] button:has-text("Choose another file")');
    await page.setInputFiles('[role="dialog"] input[type="file"]', {
      name: 'articles.csv',
      mimeType: 'text/csv',
      buffer: csv('12'),
    });
    await page.waitForSelector('[role="dialog"] .exchange-import__mapping');
    expect(await dialog.locator('.exchange-import__check--bad').count()).toBe(0);
    await page.click('[role="dialog"] button:has-text("Check")');
    await page.waitForSelector('[role="dialog"] .exchange-import__report');
    expect(await dialog.locator('.exchange-import__report').textContent()).toContain(
      'All 3 rows can be imported.',
    );
    expect(await articleCount(page)).toBe(before);
    await page.click('[role="dialog"] button:has-text("Import 3 rows")');
    await page.waitForSelector('[role="dialog"]', { state: 'detached' });
    await page.waitForSelector('text=3 items imported');
    expect(await articleCount(page)).toBe(before + 3);

    await page.fill('.listing-search input[type="search"]', 'Imported');
    await page.waitForFunction(() => document.querySelector('.listing-count')?.textContent === '3 items');
    const titles = await page.locator('.listing [role="row"]').allTextContents();
    expect(titles.join(' ')).toContain('Imported beta, with a comma');
    const stored = (
      await api(
        page,
        'GET',
        'items/articles?fields=title,reading_time,featured,status&filter[title][contains]=Imported&sort=title',
      )
    ).data;
    expect(stored).toEqual([
      { title: 'Imported alpha', reading_time: 4, featured: true, status: 'draft' },
      { title: 'Imported beta, with a comma', reading_time: 12, featured: false, status: 'draft' },
      { title: 'Imported gamma', reading_time: null, featured: true, status: 'draft' },
    ]);
    await page.close();
  });
});

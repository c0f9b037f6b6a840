import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVendors } from '../helpers/databases';
import { ADMIN, EDITOR, api, checkA11y, openApp, signedIn, startApp, type E2eApp } from './helpers';

type Item = Record<string, any>;

const hashOf = (page: Page) => page.evaluate(() => decodeURIComponent(location.hash));
const waitForHash = (page: Page, pattern: RegExp) =>
  page.waitForFunction(
    (source) => new RegExp(source).test(decodeURIComponent(location.hash)),
    pattern.source,
  );

const entries = (page: Page) => page.locator('.activity-entry');
const entryOf = (page: Page, action: string, collection: string, key: number) =>
  page.locator(`.activity-entry[data-action="${action}"][data-target="${collection}/${key}"]`);

/** Waits for the timeline to show a new answer: the busy state goes, and every entry satisfies `check`. */
async function waitForEntries(page: Page, check: (entry: { action: string; text: string }) => boolean) {
  await page.waitForSelector('.activity-timeline:not([aria-busy])');
  await expect
    .poll(async () => {
      const all = await entries(page).evaluateAll((nodes) =>
        nodes.map((node) => ({
          action: node.getAttribute('data-action') ?? '',
          text: node.textContent ?? '',
        })),
      );
      return all.length > 0 && all.every(check);
    })
    .toBe(true);
}

/**
 * The activity log (issue #13, spec §2) on each vendor of OCTAVO_TEST_VENDORS (SQLite by default): the
 * date range and the item lookups are SQL on each of them.
 */
describe.each(testVendors)('activity log on %s', (vendor) => {
  let app: E2eApp;
  let admin: Page;
  let editor: Page;
  /** The article the admin creates, edits and comments on; the one the admin deletes; the editor's draft. */
  let kept: number;
  let removed: number;
  let drafted: number;

  beforeAll(async () => {
    app = await startApp({ vendor });
    admin = await signedIn(app, ADMIN.email, ADMIN.password);
    editor = await signedIn(app, EDITOR.email, EDITOR.password);

    const created = await api<Item>(admin, 'POST', 'items/articles', {
      title: 'Activity log article',
      status: 'draft',
    });
    expect(created.status, JSON.stringify(created.error)).toBe(200);
    kept = created.data.id;
    await api(admin, 'PATCH', `items/articles/${kept}`, { title: 'Activity log article, edited' });
    const comment = await api(admin, 'POST', 'activity/comment', {
      collection: 'articles',
      item: kept,
      comment: 'Looks good to me',
    });
    expect(comment.status, JSON.stringify(comment.error)).toBe(200);

    const doomed = await api<Item>(admin, 'POST', 'items/articles', {
      title: 'Short-lived article',
      status: 'draft',
    });
    removed = doomed.data.id;
    const gone = await api(admin, 'DELETE', `items/articles/${removed}`);
    expect(gone.status, JSON.stringify(gone.error)).toBeLessThan(300);

    const draft = await api<Item>(editor, 'POST', 'items/articles', {
      title: 'An editor draft',
      status: 'draft',
    });
    expect(draft.status, JSON.stringify(draft.error)).toBe(200);
    drafted = draft.data.id;
  }, 240_000);
  afterAll(async () => {
    await app?.close();
  });

  describe('the activity log', () => {
    it('shows who did what to which item, by day, with links, "deleted item" and no New button', async () => {
      await openApp(admin, '/test/activity');
      await entryOf(admin, 'update', 'articles', kept).waitFor();

      // Today's entries sit under today's heading.
      const heading = admin.locator('.activity-day__title').first();
      expect(await heading.textContent()).toContain('today');

      // Who, what, which item (a link to it) and which collection, when.
      const updated = entryOf(admin, 'update', 'articles', kept).first();
      expect(await updated.locator('.user-ref__name').textContent()).toBe('Admin User');
      expect(await updated.locator('.activity-entry__action').textContent()).toBe('updated');
      expect(await updated.locator('.activity-entry__collection').textContent()).toBe('in Articles');
      expect(await updated.locator('time').textContent()).toMatch(/now|second|minute/);
      const link = updated.locator('a.activity-entry__item');
      expect(await link.getAttribute('href')).toBe(`#/test/collections/articles/${kept}`);

      // The comment shows its text.
      const commented = entryOf(admin, 'comment', 'articles', kept).first();
      expect(await commented.locator('.activity-entry__comment').textContent()).toBe('Looks good to me');

      // The deleted article: its delete and its creation both say "deleted item", without a link.
      for (const action of ['delete', 'create']) {
        const entry = entryOf(admin, action, 'articles', removed).first();
        await entry.locator('.activity-entry__item--deleted').waitFor();
        expect(await entry.locator('.activity-entry__item').textContent()).toBe('deleted item');
        expect(await entry.locator('a.activity-entry__item').count()).toBe(0);
      }

      // Read-only: nothing to create, select or delete.
      expect(await admin.getByRole('button', { name: /new|create|delete/i }).count()).toBe(0);
      expect(await admin.locator('.activity-log input[type="checkbox"]').count()).toBe(0);
      expect(await checkA11y(admin)).toEqual([]);
      await admin.emulateMedia({ colorScheme: 'dark' });
      expect(await checkA11y(admin)).toEqual([]);
      await admin.emulateMedia({ colorScheme: 'light' });

      // The link opens the item.
      await link.click();
      await waitForHash(admin, new RegExp(`^#/test/collections/articles/${kept}$`));
    });

    it('narrows the list by user, collection and action, in the address and the preset', async () => {
      await openApp(admin, '/test/activity');
      await entryOf(admin, 'create', 'articles', drafted).waitFor();

      await admin.selectOption('#activity-filter-user', { label: 'Elena Marsh' });
      await waitForEntries(admin, (entry) => entry.text.includes('Elena Marsh'));
      expect(await hashOf(admin)).toMatch(/user=\d+/);

      await admin.selectOption('#activity-filter-user', { label: 'Anyone' });
      await admin.selectOption('#activity-filter-collection', 'articles');
      await waitForEntries(admin, (entry) => entry.text.includes('in Articles'));

      await admin.selectOption('#activity-filter-action', 'comment');
      await waitForEntries(admin, (entry) => entry.action === 'comment');
      expect(await hashOf(admin)).toContain('collection=articles&action=comment');
      expect(await admin.textContent('.activity-log__count')).toBe('1 entry');

      // The preset keeps them: the bare address shows the same filters again.
      await expect
        .poll(async () => {
          const rows = await api<Item[]>(
            admin,
            'GET',
            'collection_presets?filter[collection][eq]=directus_activity&filter[user][eq]=1&filter[title][null]=1',
          );
          return JSON.stringify(rows.data[0]?.filters ?? []);
        })
        .toContain('comment');
      await openApp(admin, '/test/activity');
      await admin.reload();
      await waitForEntries(admin, (entry) => entry.action === 'comment');
      expect(await admin.inputValue('#activity-filter-action')).toBe('comment');

      // A date range before today leaves nothing; clearing shows everything again.
      await admin.fill('#activity-filter-to', '2001-01-01');
      await admin.locator('.listing-state[data-state="no-results"]').waitFor();
      await admin.click('.activity-filters__clear');
      await entryOf(admin, 'create', 'articles', drafted).waitFor();
      expect(await hashOf(admin)).toBe('#/test/activity');

      // Today, from its first to its last second in the browser's time zone, holds today's entries.
      const today = await admin.evaluate(() => {
        const now = new Date();
        const pad = (n: number) => String(n).padStart(2, '0');
        return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
      });
      await admin.fill('#activity-filter-from', today);
      await admin.fill('#activity-filter-to', today);
      await waitForEntries(admin, () => true);
      await entryOf(admin, 'create', 'articles', drafted).waitFor();
      expect(await hashOf(admin)).toBe(`#/test/activity?from=${today}&to=${today}`);
      await admin.click('.activity-filters__clear');
      await admin.waitForFunction(() => location.hash === '#/test/activity');

      // The search goes to the server with the filters; the comment's text finds it.
      await admin.fill('input[aria-label="Search the activity"]', 'Looks good');
      await waitForEntries(admin, (entry) => entry.action === 'comment');
      expect(await hashOf(admin)).toBe('#/test/activity?q=Looks+good');
    });

    it('shows an entry with its changed fields, before and after', async () => {
      await openApp(admin, '/test/activity');
      await entryOf(admin, 'update', 'articles', kept).first().locator('a.activity-entry__open').click();
      await waitForHash(admin, /^#\/test\/activity\/\d+$/);
      await admin.waitForSelector('.activity-detail__changes');
      expect(await admin.textContent('.page-header__title')).toBe('Updated · Articles');
      expect(await admin.textContent('[data-fact="who"]')).toContain('Admin User');
      expect(await admin.textContent('[data-fact="ip"]')).not.toBe('');
      expect(await admin.textContent('[data-fact="user_agent"]')).toContain('Mozilla');
      expect(await admin.getAttribute('[data-fact="item"] a', 'href')).toBe(
        `#/test/collections/articles/${kept}`,
      );
      const row = admin.locator('.activity-detail__changes tr[data-field="title"]');
      expect(await row.locator('th').textContent()).toBe('Title');
      expect(await row.locator('.activity-detail__before').textContent()).toBe('Activity log article');
      expect(await row.locator('.activity-detail__after').textContent()).toBe('Activity log article, edited');
      expect(await admin.getByRole('button', { name: /new|save|delete/i }).count()).toBe(0);
      expect(await checkA11y(admin)).toEqual([]);
    });

    it("opens from an item's info sidebar, narrowed to that item", async () => {
      await openApp(admin, `/test/collections/articles/${kept}`);
      const link = admin.locator('#info-sidebar a.item-activity__all');
      await link.waitFor();
      expect(await checkA11y(admin)).toEqual([]);
      await link.click();
      await waitForHash(admin, new RegExp(`^#/test/activity\\?collection=articles&item=${kept}$`));
      await waitForEntries(admin, (entry) => entry.text.includes('in Articles'));
      expect(await entries(admin).count()).toBe(3);
      expect(await admin.textContent('.activity-filters__item')).toContain('Articles');
    });

    it('shows a role that reads only its own activity nothing of the others', async () => {
      // The demo editor reads activity at level mine: the server answers only their own entries.
      await openApp(editor, '/test/activity');
      await entryOf(editor, 'create', 'articles', drafted).waitFor();
      expect(await editor.locator('.activity-entry', { hasText: 'Admin User' }).count()).toBe(0);
    });
  });
});

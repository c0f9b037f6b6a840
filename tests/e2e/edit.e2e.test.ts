import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, EDITOR, openApp, routeOf, signIn, startApp, type E2eApp, api, signedIn } from './helpers';

/** Set E2E_SCREENSHOTS=1 to refresh docs/screenshots/edit.png. */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

type Item = Record<string, any>;

/** Opens an item page and waits for its form. */
async function openItem(page: Page, path: string) {
  await openApp(page, path);
  await page.waitForSelector('.item-page .octavo-form');
}

const waitForRoute = (page: Page, path: string) =>
  page.waitForFunction((expected) => decodeURIComponent(location.hash) === `#${expected}`, path);

/** The item form's own field (a translation tab or a related item's form may hold one of the same name). */
const field = (page: Page, name: string) => page.locator(`.octavo-field[data-field="${name}"]`).first();

async function saveWith(page: Page, label: string) {
  await page.click('button[aria-label="More save options"]');
  await page.click(`[role="menuitem"]:has-text("${label}")`);
}

async function notification(page: Page, text: string) {
  await page.waitForSelector(`text=${text}`);
}

let app: E2eApp;
let admin: Page;
/** Articles that are not soft-deleted (a soft-deleted item is "not found" by id), in id order. */
let live: number[] = [];

beforeAll(async () => {
  app = await startApp();
  admin = await signedIn(app, ADMIN.email, ADMIN.password);
  live = (await api<Item[]>(admin, 'GET', 'items/articles?fields=id&sort=id&limit=20')).data.map(
    (row) => row.id,
  );
});
afterAll(async () => {
  await app?.close();
});

describe('editing items', () => {
  it('creates an article and stays on it', async () => {
    await openItem(admin, '/test/collections/articles/+');
    expect(await admin.textContent('h1')).toBe('Creating item');
    expect(await admin.locator('button:has-text("Delete")').count()).toBe(0);
    await field(admin, 'title').locator('input').fill('A brand new story from the e2e test');
    await saveWith(admin, 'Save and stay');
    await admin.waitForFunction(() => /#\/test\/collections\/articles\/\d+$/.test(location.hash));
    const id = routeOf(admin).split('/').pop();
    await admin.waitForSelector('.item-page .octavo-form');
    expect(await admin.textContent('h1')).toBe('A brand new story from the e2e test');
    const saved = await api<Item>(admin, 'GET', `items/articles/${id}`);
    expect(saved.data).toMatchObject({ title: 'A brand new story from the e2e test', status: 'draft' });
  });

  it('edits an article, asks before losing changes, and saves back to the listing', async () => {
    const id = live[0];
    await openItem(admin, `/test/collections/articles/${id}`);
    const title = field(admin, 'title').locator('input');
    const before = await title.inputValue();
    expect(await admin.textContent('h1')).toBe(before);
    await title.fill(`${before} (edited)`);

    // Leaving through a link asks first; "keep editing" keeps the edit.
    await admin.click('.page-header__breadcrumb a:has-text("Articles")');
    await admin.waitForSelector('[role="alertdialog"]:has-text("Unsaved changes")');
    await admin.click('[role="alertdialog"] button:has-text("Keep editing")');
    expect(await title.inputValue()).toBe(`${before} (edited)`);
    expect(routeOf(admin)).toBe(`/test/collections/articles/${id}`);

    await admin.click('.item-save__main');
    await waitForRoute(admin, '/test/collections/articles');
    await notification(admin, 'Item saved');
    expect((await api<Item>(admin, 'GET', `items/articles/${id}`)).data.title).toBe(`${before} (edited)`);
  });

  it('discards changes when asked to', async () => {
    const id = live[1];
    // Into the item from the listing, inside the app (a same-document step that "back" undoes).
    await openApp(admin, '/test/collections/articles');
    await admin.evaluate((path) => (location.hash = path), `#/test/collections/articles/${id}`);
    await admin.waitForSelector('.item-page .octavo-form');
    const title = field(admin, 'title').locator('input');
    const before = await title.inputValue();
    await title.fill('Never saved');
    // The browser's back button asks too, and keeps the page where it is meanwhile.
    await admin.goBack();
    await admin.waitForSelector('[role="alertdialog"]:has-text("Unsaved changes")');
    expect(routeOf(admin)).toBe(`/test/collections/articles/${id}`);
    await admin.click('[role="alertdialog"] button:has-text("Keep editing")');
    expect(await title.inputValue()).toBe('Never saved');
    await admin.click('.page-header__breadcrumb a:has-text("Articles")');
    await admin.click('[role="alertdialog"] button:has-text("Discard changes")');
    await waitForRoute(admin, '/test/collections/articles');
    expect((await api<Item>(admin, 'GET', `items/articles/${id}`)).data.title).toBe(before);
  });

  it('saves an article as a copy', async () => {
    const source = live[2];
    const original = (await api<Item>(admin, 'GET', `items/articles/${source}`)).data;
    await openItem(admin, `/test/collections/articles/${source}`);
    await field(admin, 'title').locator('input').fill(`${original.title} (copy)`);
    await field(admin, 'slug').locator('input').fill(`${original.slug}-copy`);
    await saveWith(admin, 'Save as copy');
    await admin.waitForFunction(
      (from) =>
        /#\/test\/collections\/articles\/\d+$/.test(location.hash) && !location.hash.endsWith(`/${from}`),
      source,
    );
    const id = Number(routeOf(admin).split('/').pop());
    expect(id).not.toBe(source);
    const copy = (await api<Item>(admin, 'GET', `items/articles/${id}?fields=*.*`)).data;
    expect(copy).toMatchObject({
      title: `${original.title} (copy)`,
      status: original.status,
      summary: original.summary,
    });
    expect(copy.category?.id ?? copy.category).toBe(original.category);
    // The original is untouched.
    expect((await api<Item>(admin, 'GET', `items/articles/${source}`)).data.title).toBe(original.title);
  });

  it('batch-edits two reviews', async () => {
    await openItem(admin, '/test/collections/reviews/1,2');
    expect(await admin.textContent('h1')).toBe('Editing 2 items');
    const comment = field(admin, 'comment').locator('textarea');
    expect(await comment.isDisabled()).toBe(true);
    await admin.click('input[aria-label="Edit Comment"]');
    await comment.fill('Moderated in bulk');
    await admin.click('.item-save__main');
    await waitForRoute(admin, '/test/collections/reviews');
    const rows = (await api<Item[]>(admin, 'GET', 'items/reviews/1,2?fields=id,comment,reviewer_name')).data;
    expect(rows.map((row) => row.comment)).toEqual(['Moderated in bulk', 'Moderated in bulk']);
  });

  it('picks a many-to-one value in the item picker', async () => {
    await openItem(admin, '/test/collections/reviews/3');
    const article = field(admin, 'article');
    await article.locator('button[aria-label="Choose an item"]').click();
    const dialog = admin.locator('[role="dialog"]:has-text("Choose an item")');
    await dialog.locator('.item-picker__choose').first().waitFor();
    await dialog.locator('input[type="search"]').fill('zzzz-no-such-title');
    await dialog.locator('text=No items').waitFor();
    await dialog.locator('input[type="search"]').fill('');
    await dialog.locator('select').selectOption('id');
    await dialog.locator('button[aria-label="Ascending"]').click();
    // Descending by id: the newest article comes first.
    const newest = (await api<Item[]>(admin, 'GET', 'items/articles?sort=-id&limit=1&fields=id,title'))
      .data[0];
    await dialog.getByRole('button', { name: newest.title, exact: true }).first().click();
    await admin.waitForSelector('[role="dialog"]', { state: 'detached' });
    await saveWith(admin, 'Save and stay');
    await notification(admin, 'Item saved');
    await expect
      .poll(async () => (await api<Item>(admin, 'GET', 'items/reviews/3')).data.article)
      .toBe(newest.id);
  });

  it('links an existing article to an author through "add an existing item"', async () => {
    const other = (
      await api<Item[]>(admin, 'GET', 'items/articles?filter[author][neq]=1&fields=id,title,author&limit=1')
    ).data[0];
    await openItem(admin, '/test/collections/authors/1');
    await field(admin, 'articles').getByRole('button', { name: 'Add existing' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('searchbox', { name: 'Search' }).fill(String(other.title));
    await dialog.locator(`button.item-picker__choose[aria-label="${String(other.title)}"]`).click();
    await dialog.waitFor({ state: 'detached' });
    await field(admin, 'articles').getByText(String(other.title)).waitFor();
    await saveWith(admin, 'Save and stay');
    await notification(admin, 'Item saved');
    const linked = await api<Item>(admin, 'GET', `items/articles/${other.id}?fields=id,author`);
    expect(linked.data.author).toBe(1);
  });

  it('deletes a review for good', async () => {
    await openItem(admin, '/test/collections/reviews/4');
    await admin.click('.page-header__actions button:has-text("Delete")');
    await admin.click('[role="alertdialog"] button:has-text("Delete")');
    await waitForRoute(admin, '/test/collections/reviews');
    await notification(admin, 'Item deleted');
    const gone = await api(admin, 'GET', 'items/reviews/4');
    expect(gone.error?.code).toBe(203);
  });

  it('soft-deletes an article (its status becomes "deleted")', async () => {
    const id = live[3];
    await openItem(admin, `/test/collections/articles/${id}`);
    await admin.click('.page-header__actions button:has-text("Delete")');
    expect(await admin.textContent('[role="alertdialog"]')).toContain('deleted');
    await admin.click('[role="alertdialog"] button:has-text("Delete")');
    await waitForRoute(admin, '/test/collections/articles');
    // Soft-deleted items are only found with status=*.
    expect((await api(admin, 'GET', `items/articles/${id}`)).error?.code).toBe(203);
    const [row] = (await api<Item[]>(admin, 'GET', `items/articles?filter[id][eq]=${id}&status=*`)).data;
    expect(row.status).toBe('deleted');
  });

  it('shows "item not found" for a key that does not exist', async () => {
    await openApp(admin, '/test/collections/articles/999999');
    await admin.waitForSelector('.item-state h2:has-text("Item not found")');
    expect(await admin.getAttribute('.item-state a', 'href')).toBe('#/test/collections/articles');
  });

  it('recovers from a server error', async () => {
    let failing = true;
    const id = live[4];
    const itemRequest = new RegExp(`/test/items/articles/${id}(\\?|$)`);
    await admin.route(itemRequest, (route) =>
      failing
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: 11, message: 'Can Not Reach Database' } }),
          })
        : route.continue(),
    );
    await openApp(admin, `/test/collections/articles/${id}`);
    await admin.waitForSelector('.item-state h2:has-text("Server trouble")');
    await notification(admin, 'Something went wrong');
    expect(await admin.textContent('.item-state')).toContain('Can Not Reach Database');
    failing = false;
    await admin.click('button:has-text("Try again")');
    await admin.waitForSelector('.item-page .octavo-form');
    const title = (await api<Item>(admin, 'GET', `items/articles/${id}`)).data.title;
    expect(await field(admin, 'title').locator('input').inputValue()).toBe(title);
    await admin.unroute(itemRequest);
  });

  it('opens system collections through their aliases', async () => {
    const me = (await api<Item>(admin, 'GET', 'users/me')).data;
    await openItem(admin, `/test/users/${me.id}`);
    expect(await field(admin, 'email').locator('input').inputValue()).toBe(ADMIN.email);
    const crumbs = await admin.locator('.page-header__breadcrumb a').allTextContents();
    expect(crumbs).toEqual(['Users']);
  });

  it('screenshot of the edit page', async () => {
    if (!SCREENSHOTS) return;
    const page = await app.newPage({ width: 1400, height: 900 });
    await openApp(page, '/login');
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForSelector('.module-bar');
    await openItem(page, `/test/collections/articles/${live[5]}`);
    // The notifications about interfaces this issue does not ship yet would cover the form.
    const closers = page.locator('.notification__close');
    while ((await closers.count()) > 0) await closers.first().click();
    await page.waitForTimeout(300);
    const dir = join(import.meta.dirname, '..', '..', 'docs', 'screenshots');
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, 'edit.png') });
    await page.close();
  });
});

describe('a field whose interface is missing', () => {
  it('says so once per session, not on every visit, and keeps a stand-in for the value', async () => {
    const created = await api(admin, 'POST', 'collections', {
      collection: 'gadgets',
      fields: [
        { field: 'legacy', type: 'string', datatype: 'VARCHAR', length: 100, interface: 'no-such-widget' },
      ],
    });
    expect(created.status).toBe(200);
    await api(admin, 'POST', 'items/gadgets', { legacy: 'kept' });
    const page = await signedIn(app, ADMIN.email, ADMIN.password);
    // Count every notification that appears, however long each one stays.
    await page.evaluate(() => {
      const seen = ((window as any).__problemToasts = [] as string[]);
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof HTMLElement && /missing or broken/.test(node.textContent ?? ''))
              seen.push(node.textContent ?? '');
      }).observe(document.body, { childList: true, subtree: true });
    });
    for (let visit = 0; visit < 2; visit++) {
      await openApp(page, '/test/collections/gadgets/1');
      await page.waitForSelector('.item-page .octavo-form');
      expect(await field(page, 'legacy').locator('input').inputValue()).toBe('kept');
      await openApp(page, '/test/collections/gadgets');
      await page.waitForSelector('.listing [data-state]');
    }
    await page.waitForSelector('text=missing or broken', { state: 'attached' }).catch(() => {});
    const toasts = await page.evaluate(() => (window as any).__problemToasts as string[]);
    expect(toasts).toHaveLength(1);
    await page.close();
  });
});

describe('a restricted user', () => {
  let editor: Page;
  beforeAll(async () => {
    editor = await signedIn(app, EDITOR.email, EDITOR.password);
  });

  it('sees write-blacklisted fields read-only and no delete button', async () => {
    await openItem(editor, '/test/collections/reviews/1');
    for (const name of ['reviewer_name', 'email']) {
      expect(await field(editor, name).locator('input').isDisabled()).toBe(true);
    }
    expect(await field(editor, 'comment').locator('textarea').isDisabled()).toBe(true);
    expect(await editor.locator('.page-header__actions button:has-text("Delete")').count()).toBe(0);
    // "approved" stays writable, so the item can still be saved.
    expect(await editor.locator('.item-save__main').count()).toBe(1);
  });

  it('reads a published article without being able to change it', async () => {
    const published = (
      await api<Item[]>(editor, 'GET', 'items/articles?filter[status][eq]=published&limit=1&fields=id')
    ).data[0];
    await openItem(editor, `/test/collections/articles/${published.id}`);
    await editor.waitForSelector('text=You can read this item but not change it.');
    expect(await field(editor, 'title').locator('input').isDisabled()).toBe(true);
    expect(await editor.locator('.item-save__main').count()).toBe(0);
    expect(await editor.locator('.page-header__actions button:has-text("Delete")').count()).toBe(0);
  });

  it('offers a new article only the statuses the role may create it in', async () => {
    await openItem(editor, '/test/collections/articles/+');
    const status = field(editor, 'status');
    await status.locator('input').first().waitFor();
    const labels = await status.locator('label').allTextContents();
    expect(labels.join(' ')).toContain('Draft');
    expect(labels.join(' ')).not.toContain('Published');
    await field(editor, 'title').locator('input').fill('An editor draft');
    await saveWith(editor, 'Save and stay');
    await notification(editor, 'Item saved');
  });

  it('does not see the fields hidden from its role', async () => {
    await openItem(editor, '/test/collections/authors/1');
    expect(await field(editor, 'email').count()).toBe(0);
    expect(await field(editor, 'name').count()).toBe(1);
  });
});

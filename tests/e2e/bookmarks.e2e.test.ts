import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, checkA11y, EDITOR, openApp, routeOf, signedIn, startApp, type E2eApp } from './helpers';

const ARTICLES = '/test/collections/articles';
const SEARCH = '.listing-search input[type="search"]';
const ADD = 'button[aria-label="Bookmark this view"]';

async function loaded(page: Page) {
  await page.waitForSelector('.listing [data-state="loaded"] [role="row"][aria-rowindex="2"]');
}

/** Types a search and waits for the list that answers it. */
async function search(page: Page, text: string) {
  const answered = page.waitForResponse((response) =>
    response.url().includes(`q=${encodeURIComponent(text)}`),
  );
  await page.fill(SEARCH, text);
  await answered;
  await page.waitForSelector('.listing [data-state]');
}

/** Saves the current view as a bookmark through the dialog; `audience` is a radio label (admins). */
async function saveBookmark(page: Page, title: string, audience?: string) {
  await page.click(ADD);
  const dialog = page.getByRole('dialog', { name: 'Bookmark this view' });
  await dialog.waitFor();
  if (audience) await dialog.getByRole('radio', { name: audience }).check();
  await dialog.getByLabel('Name').fill(title);
  await dialog.getByRole('button', { name: 'Save bookmark' }).click();
  await page.getByRole('button', { name: `This view is bookmarked as “${title}”` }).waitFor();
  await dialog.waitFor({ state: 'detached' });
}

/** Switches the colour scheme and waits for the colour transitions to end (axe measures what it sees). */
async function scheme(page: Page, colorScheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme });
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

const sidebarLink = (page: Page, title: string) =>
  page.locator('.nav-bookmarks').getByRole('link', { name: title, exact: true });
const groupOf = (page: Page, title: string) =>
  page
    .locator('.nav-bookmarks__group', { has: page.getByRole('link', { name: title, exact: true }) })
    .locator('.nav-bookmarks__title');
const actionsOf = (page: Page, title: string) => page.getByRole('button', { name: `Actions for “${title}”` });

async function bookmarkRows(page: Page): Promise<Record<string, any>[]> {
  return (await api<Record<string, any>[]>(page, 'GET', 'collection_presets?filter[title][nnull]=1&limit=-1'))
    .data;
}

describe('bookmarks', () => {
  let app: E2eApp;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('an administrator saves personal, global and role bookmarks, opens, renames and deletes them', async () => {
    const page = await signedIn(app, ADMIN.email, ADMIN.password);
    await openApp(page, ARTICLES);
    await loaded(page);

    // Personal (the default): the view sorted by title.
    const sorted = page.waitForResponse((response) =>
      /items\/articles\?.*sort=title/.test(decodeURIComponent(response.url())),
    );
    await page.click('.octavo-vtable__sort:has-text("Title")');
    await sorted;
    await saveBookmark(page, 'By title');
    expect(await page.isDisabled('button[aria-label="This view is bookmarked as “By title”"]')).toBe(true);
    expect(await groupOf(page, 'By title').textContent()).toBe('My bookmarks');

    // Another view enables the button again. Global, with a search.
    await search(page, 'the');
    expect(await page.isEnabled(ADD)).toBe(true);
    await page.click(ADD);
    const dialog = page.getByRole('dialog', { name: 'Bookmark this view' });
    await dialog.getByRole('radio', { name: 'Role: Editor' }).waitFor();
    expect(await checkA11y(page)).toEqual([]);
    await scheme(page, 'dark');
    expect(await checkA11y(page)).toEqual([]);
    await scheme(page, 'light');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await saveBookmark(page, 'Everyone: the', 'Everyone (global)');
    expect(await groupOf(page, 'Everyone: the').textContent()).toBe('Everyone');

    // For the Editor role, with another search.
    await search(page, 'of');
    await saveBookmark(page, 'Editors: of', 'Role: Editor');
    expect(await groupOf(page, 'Editors: of').textContent()).toBe('Role: Editor');

    const rows = await bookmarkRows(page);
    const row = (title: string) => rows.find((r) => r.title === title)!;
    expect([row('By title').user, row('By title').role]).toEqual([1, null]);
    expect([row('Everyone: the').user, row('Everyone: the').role]).toEqual([null, null]);
    expect(row('Everyone: the').search_query).toBe('the');
    expect(row('Editors: of').user).toBeNull();
    expect(Number(row('Editors: of').role)).toBeGreaterThan(2);
    for (const title of ['By title', 'Everyone: the', 'Editors: of']) ids[title] = Number(row(title).id);
    expect(await checkA11y(page)).toEqual([]);

    // Open the global one from the sidebar: its search comes back.
    await search(page, 'zzz-nothing');
    await sidebarLink(page, 'Everyone: the').click();
    await page.waitForFunction(
      (id) => location.hash.endsWith(`/collections/articles?b=${id}`),
      ids['Everyone: the'],
    );
    await loaded(page);
    expect(await page.inputValue(SEARCH)).toBe('the');
    // The sidebar marks it as the current page while the view is the bookmark's.
    await page.waitForSelector('.nav-bookmarks a[aria-current="page"]:has-text("Everyone: the")');
    expect(await page.isDisabled('button[aria-label="This view is bookmarked as “Everyone: the”"]')).toBe(
      true,
    );

    await search(page, 'theme');
    await page.waitForSelector('.nav-bookmarks a[aria-current="page"]', { state: 'detached' });

    // And the role one through its route.
    await openApp(page, `/test/bookmarks/articles/${ids['Editors: of']}`);
    await page.waitForFunction(() => location.hash.includes('/collections/articles?b='));
    await loaded(page);
    expect(await page.inputValue(SEARCH)).toBe('of');
    expect(routeOf(page)).toBe(`${ARTICLES}?b=${ids['Editors: of']}`);

    // Rename the personal one (its menu passes axe, light and dark).
    await actionsOf(page, 'By title').click();
    await page.getByRole('menuitem', { name: 'Rename' }).waitFor();
    expect(await checkA11y(page)).toEqual([]);
    await scheme(page, 'dark');
    expect(await checkA11y(page)).toEqual([]);
    await scheme(page, 'light');
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename bookmark' });
    await rename.getByLabel('Name').fill('Alphabetical');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await sidebarLink(page, 'Alphabetical').waitFor();
    expect((await bookmarkRows(page)).find((r) => Number(r.id) === ids['By title'])?.title).toBe(
      'Alphabetical',
    );

    // Delete it: gone from the sidebar and from the server.
    await actionsOf(page, 'Alphabetical').click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.textContent()).toContain('Delete your bookmark “Alphabetical”?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await sidebarLink(page, 'Alphabetical').waitFor({ state: 'detached' });
    expect((await bookmarkRows(page)).some((r) => Number(r.id) === ids['By title'])).toBe(false);
    await page.close();
  });

  it('an editor saves a personal bookmark and cannot change the shared ones', async () => {
    const page = await signedIn(app, EDITOR.email, EDITOR.password);
    await openApp(page, ARTICLES);
    await loaded(page);
    // The global and the Editor role's bookmarks are listed, without actions.
    await sidebarLink(page, 'Everyone: the').waitFor();
    await sidebarLink(page, 'Editors: of').waitFor();
    expect(await actionsOf(page, 'Everyone: the').count()).toBe(0);
    expect(await actionsOf(page, 'Editors: of').count()).toBe(0);

    await search(page, 'a');
    await page.click(ADD);
    const dialog = page.getByRole('dialog', { name: 'Bookmark this view' });
    await dialog.waitFor();
    expect(await dialog.getByRole('radiogroup').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await saveBookmark(page, 'My a');
    expect(await groupOf(page, 'My a').textContent()).toBe('My bookmarks');
    expect(await actionsOf(page, 'My a').count()).toBe(1);

    // The server agrees: the shared ones are not the editor's to change.
    const renamed = await api(page, 'PATCH', `collection_presets/${ids['Everyone: the']}`, {
      title: 'Mine now',
    });
    expect(renamed.status).toBe(403);
    const removed = await api(page, 'DELETE', `collection_presets/${ids['Editors: of']}`);
    expect(removed.status).toBe(403);
    expect(await checkA11y(page)).toEqual([]);
    await page.close();
  });

  it('the delete dialog says whether items are marked deleted or removed for good', async () => {
    const page = await signedIn(app, ADMIN.email, ADMIN.password);

    // Articles have a soft-delete status.
    await openApp(page, ARTICLES);
    await loaded(page);
    const boxes = page.locator('[role="row"] input[aria-label="Select item"]');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.click('.page-header__actions button:has-text("Delete")');
    const soft = page.getByRole('alertdialog');
    expect(await soft.textContent()).toContain('2 items will be marked deleted (status “Deleted”)');
    expect(await checkA11y(page)).toEqual([]);
    await soft.getByRole('button', { name: 'Cancel' }).click();

    // Topics have none: two fresh ones are removed permanently.
    const made = [];
    for (const name of ['Bookmarks e2e one', 'Bookmarks e2e two']) {
      made.push((await api(page, 'POST', 'items/topics', { name })).data.id);
    }
    await openApp(page, '/test/collections/topics');
    await page.waitForSelector('.listing [data-state="loaded"]');
    await search(page, 'Bookmarks e2e');
    await page.waitForFunction(() => document.querySelector('.listing-count')?.textContent === '2 items');
    const topicBoxes = page.locator('[role="row"] input[aria-label="Select item"]');
    await topicBoxes.nth(0).check();
    await topicBoxes.nth(1).check();
    await page.click('.page-header__actions button:has-text("Delete")');
    const hard = page.getByRole('alertdialog');
    expect(await hard.textContent()).toContain('2 items will be removed permanently. This cannot be undone.');
    await hard.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('2 items deleted').waitFor();
    for (const id of made) expect((await api(page, 'GET', `items/topics/${id}`)).status).toBe(404);
    await page.close();
  });
});

import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, EDITOR, api, checkA11y, openApp, signIn, startApp, type E2eApp } from './helpers';

type Item = Record<string, any>;

let app: E2eApp;
let admin: Page;
let article: number;

/** A page of the given width, signed in as `email`. */
async function signedInAt(width: number, email: string, password: string): Promise<Page> {
  const page = await app.newPage({ width, height: 900 });
  await openApp(page, '/login');
  await signIn(page, email, password);
  await page.waitForSelector('.module-bar');
  return page;
}

async function openItem(page: Page, path: string) {
  await openApp(page, path);
  await page.waitForSelector('.item-page .octavo-form');
}

const entries = (page: Page) => page.locator('#info-sidebar .item-activity__entry');

beforeAll(async () => {
  app = await startApp();
  admin = await signedInAt(1440, ADMIN.email, ADMIN.password);
  const drafts = await api<Item[]>(
    admin,
    'GET',
    'items/articles?fields=id&sort=id&limit=1&filter[status][eq]=draft',
  );
  article = drafts.data[0].id;
});
afterAll(async () => {
  await app?.close();
});

describe('the item page sidebar', () => {
  it('previews an older revision with the changed field marked, and reverts it', async () => {
    // Two edits: the first one becomes the older revision.
    await api(admin, 'PATCH', `items/articles/${article}`, { title: 'The first title of the sidebar test' });
    await api(admin, 'PATCH', `items/articles/${article}`, { title: 'The second title of the sidebar test' });

    // At 1440 px the info sidebar opens by itself on an item page.
    await openItem(admin, `/test/collections/articles/${article}`);
    await admin.waitForSelector('#info-sidebar .item-activity__current');
    const latest = entries(admin).first();
    expect(await latest.locator('.item-activity__action').textContent()).toBe('Updated');
    expect(await latest.locator('.item-activity__current').textContent()).toBe('Current version');
    expect(await latest.locator('time').textContent()).toMatch(/now|second|minute/);
    expect(await latest.locator('.user-ref__name').textContent()).toBe('Admin User');

    // The entry before it: the first edit.
    await entries(admin).nth(1).locator('button.item-activity__revision').click();
    const dialog = admin.locator('[role="dialog"]:has-text("Revision of")');
    await dialog.locator('.octavo-field[data-field="title"] input').waitFor();
    expect(await dialog.locator('.octavo-field[data-field="title"] input').inputValue()).toBe(
      'The first title of the sidebar test',
    );
    expect(await dialog.locator('.octavo-field[data-field="title"] input').isDisabled()).toBe(true);
    const marked = await dialog
      .locator('.octavo-field--annotated')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-field')));
    expect(marked).toContain('title');
    const note = dialog.locator('.octavo-field[data-field="title"] .octavo-field__annotation');
    expect(await note.textContent()).toContain('Changed');
    expect(await note.textContent()).toContain('The second title of the sidebar test');
    expect(await checkA11y(admin)).toEqual([]);

    await dialog.locator('button:has-text("Revert to this revision")').click();
    await admin.waitForSelector('text=Item reverted');
    await admin.waitForFunction(
      () =>
        (
          document.querySelector(
            '.item-page .octavo-field[data-field="title"] input',
          ) as HTMLInputElement | null
        )?.value === 'The first title of the sidebar test',
    );
    // The activity reloads with the revert on top, now the current version.
    await admin.waitForFunction(
      () =>
        document.querySelector('#info-sidebar .item-activity__entry .item-activity__action')?.textContent ===
        'Reverted',
    );
    expect(await entries(admin).first().locator('.item-activity__current').count()).toBe(1);
    expect(await admin.locator('h1').textContent()).toBe('The first title of the sidebar test');
    const stored = await api<Item>(admin, 'GET', `items/articles/${article}?fields=title`);
    expect(stored.data.title).toBe('The first title of the sidebar test');
  });

  it('shows the user hover card with the title and company fallbacks', async () => {
    await openItem(admin, `/test/collections/articles/${article}`);
    const name = entries(admin).first().locator('a.user-ref');
    await name.hover();
    const card = admin.locator('.octavo-hover-card');
    await card.waitFor();
    expect(await card.textContent()).toContain('Admin User');
    expect(await card.textContent()).toContain('No Title');
    expect(await card.textContent()).toContain('No Company');
    expect(await name.getAttribute('aria-describedby')).toBe(await card.getAttribute('id'));
    expect(await checkA11y(admin)).toEqual([]);
    await admin.keyboard.press('Escape');
    await card.waitFor({ state: 'detached' });
  });

  it('lets an editor preview but not revert an item it may not update', async () => {
    // The editor gets a picture (a data URL upload), so the avatars show a thumbnail.
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#2e7d32' } })
      .png()
      .toBuffer();
    const file = await api<Item>(admin, 'POST', 'files', {
      data: `data:image/png;base64,${png.toString('base64')}`,
      filename_download: 'elena.png',
    });
    const me = await api<Item>(admin, 'GET', `users?filter[email][eq]=${EDITOR.email}&fields=id`);
    await api(admin, 'PATCH', `users/${me.data[0].id}`, { avatar: file.data.id });
    const editor = await signedInAt(1440, EDITOR.email, EDITOR.password);
    // The editor writes a draft twice, then the admin publishes it: editors may not update published articles.
    const created = await api<Item>(editor, 'POST', 'items/articles', {
      title: 'An editor draft for the sidebar test',
      status: 'draft',
    });
    const id = created.data.id;
    await api(editor, 'PATCH', `items/articles/${id}`, { title: 'An editor draft, second take' });
    await api(admin, 'PATCH', `items/articles/${id}`, { status: 'published' });

    await openItem(editor, `/test/collections/articles/${id}`);
    await editor.waitForSelector('#info-sidebar button.item-activity__revision');
    // The editor's avatar: the small thumbnail of the picture, in the entry and in the card.
    const picture = entries(editor).locator('a.user-ref:has-text("Elena Marsh") img').first();
    await picture.waitFor();
    expect(await picture.getAttribute('src')).toContain('key=directus-small-crop');
    await editor.waitForFunction(
      () =>
        (document.querySelector('#info-sidebar a.user-ref img') as HTMLImageElement | null)?.naturalWidth ===
        64,
    );
    // The card of a user with a title and company.
    const own = entries(editor).locator('a.user-ref:has-text("Elena Marsh")').first();
    await own.focus();
    const card = editor.locator('.octavo-hover-card');
    await card.waitFor();
    expect(await card.textContent()).toContain('Editor');
    expect(await card.textContent()).toContain('Octavo Magazine');
    await editor.keyboard.press('Escape');

    await entries(editor).locator('button.item-activity__revision').first().click();
    const dialog = editor.locator('[role="dialog"]:has-text("Revision of")');
    await dialog.locator('.octavo-field[data-field="title"]').waitFor();
    expect(await dialog.locator('button:has-text("Revert")').count()).toBe(0);
    expect(await dialog.textContent()).toContain("You can't revert this item");
    await dialog.locator('button:has-text("Close")').first().click();
    await editor.close();
  });

  it('opens the info sidebar above 1235 px only, and remembers a manual toggle', async () => {
    const narrow = await signedInAt(1000, ADMIN.email, ADMIN.password);
    await openItem(narrow, `/test/collections/articles/${article}`);
    expect(await narrow.locator('#info-sidebar').count()).toBe(0);
    await narrow.close();

    await openItem(admin, `/test/collections/articles/${article}`);
    await admin.waitForSelector('#info-sidebar');
    await admin.click('.page-header__info-toggle');
    await admin.waitForSelector('#info-sidebar', { state: 'detached' });
    await admin.reload();
    await admin.waitForSelector('.item-page .octavo-form');
    expect(await admin.locator('#info-sidebar').count()).toBe(0);
    expect(await admin.getAttribute('.page-header__info-toggle', 'aria-expanded')).toBe('false');

    await admin.click('.page-header__info-toggle');
    await admin.waitForSelector('#info-sidebar');
    await admin.reload();
    await admin.waitForSelector('#info-sidebar .item-activity__entry');
    expect(await checkA11y(admin)).toEqual([]);
  });
});

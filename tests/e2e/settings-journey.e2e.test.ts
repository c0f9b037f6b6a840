import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVendors } from '../helpers/databases';
import { ADMIN, api, openApp, routeOf, signedIn, startApp, type E2eApp } from './helpers';
import { addField, expectAccessible, go, startReceiver } from './settings-helpers';

/**
 * The settings area's closing journey (issue #14): from an empty project, in the app alone, an
 * administrator designs `authors` and `articles` (status, owner, title, a wysiwyg body, an m2o to
 * authors, an o2m `reviews`, an m2m `topics` with its junction, translations, files, a `notes` field),
 * creates an author and an article, builds an Editor role (reads everything, writes its own drafts,
 * cannot publish or delete, never sees `notes`), creates a user in it, and that user sees and edits
 * exactly that. Then a webhook on new articles delivers to a local receiver and shows in its log.
 * The API is used only to check what was stored and what the server refuses. Runs on each vendor of
 * OCTAVO_TEST_VENDORS (SQLite by default).
 */

type Item = Record<string, any>;
const EDITOR_USER = { email: 'eddie@example.com', password: 'eddie password for the journey' };

/** The item form's own field (a related item's form may hold one of the same name). */
const field = (page: Page, name: string) => page.locator(`.octavo-field[data-field="${name}"]`).first();

async function newCollection(page: Page, name: string, system: string[] = []) {
  await go(page, '/test/settings/collections');
  await page.waitForSelector('button:has-text("New collection")');
  await page.click('button:has-text("New collection")');
  await page.fill('#new-collection-name', name);
  await page.waitForSelector(`text=Will be created as “${name}”.`);
  for (const label of system) await page.check(`label:has-text("${label}") input`);
  await page.click('[data-testid="create-collection"]');
  await page.waitForSelector('[data-testid="designer-fields"] > li[data-field="id"]');
  expect(routeOf(page)).toBe(`/test/settings/collections/${name}`);
}

/** Opens an item page and waits for its form. */
async function openItem(page: Page, path: string) {
  await go(page, path);
  await page.waitForSelector('.item-page .octavo-form');
}

async function saveAndStay(page: Page) {
  await page.click('button[aria-label="More save options"]');
  await page.click('[role="menuitem"]:has-text("Save and stay")');
  await page.waitForSelector('text=Item saved');
}

/** Waits until no CSS transition or animation runs (the theme switch fades colours). */
async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

describe.each(testVendors)(
  'settings journey on %s: from an empty project to a working editorial setup',
  (vendor) => {
    let app: E2eApp;
    let admin: Page;
    let editor: Page;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let roleId = 0;
    let articleId = 0;
    let authorId = 0;
    let draftId = 0;

    beforeAll(async () => {
      receiver = await startReceiver('/journey-hook');
      app = await startApp({ demo: false, vendor });
      admin = await signedIn(app, ADMIN.email, ADMIN.password);
    }, 240_000);
    afterAll(async () => {
      await app?.close();
      await receiver?.close();
    });

    it('designs authors, topics and articles with every kind of field', async () => {
      expect(
        (await api<any[]>(admin, 'GET', 'collections')).data.some((c) => !/^directus_/.test(c.collection)),
      ).toBe(false);
      await openApp(admin, '/test/settings');
      await admin.click('a:has-text("Collections & fields")');
      await admin.waitForSelector('text=No collections yet. Create the first one.');
      await expectAccessible(admin, 'empty collections list');

      await newCollection(admin, 'authors');
      await addField(admin, { interface: 'text-input', name: 'name' });
      await newCollection(admin, 'topics');
      await addField(admin, { interface: 'text-input', name: 'label' });

      await newCollection(admin, 'articles', ['Status (published, draft, deleted)', 'Created by (owner)']);
      await addField(admin, { interface: 'text-input', name: 'title' });
      await addField(admin, { interface: 'wysiwyg', name: 'body' });
      await addField(admin, { interface: 'text-input', name: 'notes' });
      await addField(admin, {
        interface: 'many-to-one',
        name: 'author',
        relation: async (p) => p.selectOption('#wizard-relation-collection_one', 'authors').then(() => {}),
      });
      await addField(admin, {
        interface: 'one-to-many',
        name: 'reviews',
        relation: async (p) => {
          await p.fill('#wizard-relation-collection_many', 'reviews');
          await p.waitForSelector('text=“reviews” will be created.');
        },
      });
      await addField(admin, {
        interface: 'many-to-many',
        name: 'topics',
        relation: async (p) => {
          await p.selectOption('#wizard-relation-collection_one', 'topics');
          expect(await p.inputValue('#wizard-relation-collection_many')).toBe('articles_topics');
          await p.waitForSelector('text=“articles_topics” will be created.');
        },
      });
      await addField(admin, {
        interface: 'translation',
        name: 'translations',
        relation: async (p) => {
          expect(await p.inputValue('#wizard-relation-collection_many')).toBe('articles_translations');
          await p.waitForSelector('text=“articles_translations” will be created.');
        },
      });
      await addField(admin, {
        interface: 'files',
        name: 'attachments',
        relation: async (p) => {
          await p.waitForSelector(
            '[data-testid="wizard-step-relation"] input, [data-testid="wizard-step-relation"] select',
          );
        },
      });
      await expectAccessible(admin, 'articles in the designer');

      // What the server stored: the collections, the fields with their interfaces, the relations.
      const collections = (await api<any[]>(admin, 'GET', 'collections')).data.map((c) => c.collection);
      expect(collections).toEqual(
        expect.arrayContaining([
          'authors',
          'topics',
          'articles',
          'reviews',
          'articles_topics',
          'articles_translations',
        ]),
      );
      const fields = (await api<any[]>(admin, 'GET', 'fields/articles')).data;
      const byName = Object.fromEntries(fields.map((f) => [f.field, f]));
      expect(byName.status.type).toBe('status');
      expect(byName.body.interface).toBe('wysiwyg');
      expect(byName.author.type).toBe('m2o');
      expect(byName.reviews.interface).toBe('one-to-many');
      expect(byName.topics.interface).toBe('many-to-many');
      expect(byName.translations.type).toBe('translation');
      expect(byName.attachments.interface).toBe('files');
      const relations = (await api<any[]>(admin, 'GET', 'relations?limit=-1')).data;
      const rel = (many: string, field: string) =>
        relations.find((r) => r.collection_many === many && r.field_many === field);
      expect(rel('articles', 'author')).toMatchObject({ collection_one: 'authors' });
      expect(rel('reviews', 'articles_id')).toMatchObject({
        collection_one: 'articles',
        field_one: 'reviews',
      });
      expect(rel('articles_topics', 'topics_id')).toMatchObject({ collection_one: 'topics' });
      expect(rel('articles_translations', 'articles_id')).toMatchObject({
        collection_one: 'articles',
        field_one: 'translations',
      });
      expect(rel('articles_directus_files', 'articles_id')).toMatchObject({
        collection_one: 'articles',
        field_one: 'attachments',
        junction_field: 'directus_files_id',
      });
      expect(rel('articles_directus_files', 'directus_files_id')).toMatchObject({
        collection_one: 'directus_files',
      });
      expect(byName.owner.type).toBe('owner');
    }, 300_000);

    it('creates an author and an article through the item pages', async () => {
      await openItem(admin, '/test/collections/authors/+');
      await field(admin, 'name').locator('input').fill('Ada Quill');
      await saveAndStay(admin);
      await expect.poll(async () => (await api<Item[]>(admin, 'GET', 'items/authors')).data.length).toBe(1);
      authorId = (await api<Item[]>(admin, 'GET', 'items/authors')).data[0].id;

      await openItem(admin, '/test/collections/articles/+');
      await expectAccessible(admin, 'new article');
      await field(admin, 'title').locator('input').fill('Harbour lights');
      const body = field(admin, 'body').locator('.ProseMirror');
      await body.click();
      await admin.keyboard.type('The lamps came on at dusk.');
      await field(admin, 'notes').locator('input').fill('Check the quote with the harbour master');
      await field(admin, 'author').locator('button[aria-label="Choose an item"]').click();
      const dialog = admin.locator('[role="dialog"]:has-text("Choose an item")');
      await dialog.locator('.item-picker__choose').first().click();
      await admin.waitForSelector('[role="dialog"]', { state: 'detached' });
      await saveAndStay(admin);
      await expect.poll(async () => (await api<Item[]>(admin, 'GET', 'items/articles')).data.length).toBe(1);
      const [article] = (await api<Item[]>(admin, 'GET', 'items/articles?fields=*')).data;
      articleId = article.id;
      expect(article).toMatchObject({ title: 'Harbour lights', author: authorId, status: 'draft' });
      expect(article.body).toContain('The lamps came on at dusk.');
      expect(Number(article.owner)).toBe(1);
    }, 120_000);

    it('creates an Editor role: reads everything, writes its own drafts, no publish, no delete, no notes', async () => {
      await go(admin, '/test/settings/roles');
      await admin.waitForSelector('button:has-text("New role")');
      await admin.click('button:has-text("New role")');
      await admin.fill('#new-role-name', 'Editor');
      await admin.fill('#new-role-description', 'Writes drafts');
      await admin.click('.octavo-modal button:has-text("Create")');
      await admin.waitForFunction(() => /\/settings\/roles\/\d+$/.test(location.hash));
      roleId = Number(routeOf(admin).split('/').pop());
      await admin.waitForSelector('h1:has-text("Editor")');

      const level = (collection: string, label: string) =>
        admin.locator(`[data-collection="${collection}"] button[aria-label="${label}"]`);
      // Reads everything: the other collections to full (none → full without an owner field).
      for (const [collection, name] of [
        ['authors', 'Authors'],
        ['topics', 'Topics'],
        ['reviews', 'Reviews'],
        ['articles_topics', 'Articles Topics'],
        ['articles_translations', 'Articles Translations'],
        ['articles_directus_files', 'Articles Directus Files'],
      ]) {
        await level(collection, `${name}, Read: None`).click();
        await level(collection, `${name}, Read: Full`).waitFor();
      }
      const cycle = async (row: string, action: string, to: string) => {
        const states = ['None', 'Mine only', 'Role only', 'Full'];
        for (const state of states.slice(0, states.indexOf(to))) {
          await level('articles', `Articles, ${row}, ${action}: ${state}`).click();
        }
        await level('articles', `Articles, ${row}, ${action}: ${to}`).waitFor();
      };
      // New items: may create, never as published or deleted.
      await level('articles', 'Articles, New items, Create: None').click();
      await level('articles', 'Articles, New items, Create: Full').waitFor();
      await cycle('Published', 'Read', 'Full');
      await cycle('Draft', 'Read', 'Full');
      await cycle('Draft', 'Update', 'Mine only');
      const details = async (row: string) =>
        admin.click(`[data-collection="articles"] button[aria-label="Show details of Articles, ${row}"]`);
      await details('New items');
      const statusGroup = (row: string) =>
        admin.getByRole('group', { name: `Statuses Articles, ${row} cannot set` });
      await statusGroup('New items').getByLabel('Published', { exact: true }).check();
      await statusGroup('New items').getByLabel('Deleted', { exact: true }).check();
      await details('Draft');
      await statusGroup('Draft').getByLabel('Published', { exact: true }).check();
      await statusGroup('Draft').getByLabel('Deleted', { exact: true }).check();
      for (const row of ['Draft', 'Published']) {
        if (row === 'Published') await details('Published');
        await admin
          .getByRole('group', { name: `Hidden fields of Articles, ${row}` })
          .getByLabel('notes', { exact: true })
          .check();
      }
      await expectAccessible(admin, 'role with changes');
      await admin.click('.page-header__actions button:has-text("Save")');
      await admin.waitForSelector('.role-page__unsaved:empty', { state: 'attached' });

      const rows = (await api<any[]>(admin, 'GET', `permissions?filter[role][eq]=${roleId}&limit=-1`)).data;
      const row = (status: string) => rows.find((r) => r.collection === 'articles' && r.status === status);
      expect(row('$create')).toMatchObject({ create: 'full' });
      expect(String(row('$create').status_blacklist).split(',').sort()).toEqual(['deleted', 'published']);
      expect(row('draft')).toMatchObject({ read: 'full', update: 'mine', delete: 'none' });
      expect(String(row('draft').status_blacklist).split(',').sort()).toEqual(['deleted', 'published']);
      expect(String(row('draft').read_field_blacklist)).toBe('notes');
      expect(row('published')).toMatchObject({
        read: 'full',
        update: 'none',
        delete: 'none',
        create: 'none',
      });
      expect(String(row('published').read_field_blacklist)).toBe('notes');
      for (const collection of [
        'authors',
        'topics',
        'reviews',
        'articles_topics',
        'articles_translations',
        'articles_directus_files',
      ]) {
        expect(rows.find((r) => r.collection === collection)).toMatchObject({ read: 'full', delete: 'none' });
      }
    }, 180_000);

    it('creates a user in the Editor role from the users page', async () => {
      await openItem(admin, '/test/users/+');
      await field(admin, 'first_name').locator('input').fill('Eddie');
      await field(admin, 'last_name').locator('input').fill('Tor');
      await field(admin, 'email').locator('input').fill(EDITOR_USER.email);
      await field(admin, 'password').locator('input').first().fill(EDITOR_USER.password);
      await admin.getByRole('radio', { name: 'Active', exact: true }).check();
      await field(admin, 'role').locator('select').selectOption({ label: 'Editor' });
      await expectAccessible(admin, 'new user');
      await saveAndStay(admin);
      await expect
        .poll(async () => {
          const users = (await api<Item[]>(admin, 'GET', `users?filter[email][eq]=${EDITOR_USER.email}`))
            .data;
          return users.map((u) => [u.status, Number(u.role)]);
        })
        .toEqual([['active', roleId]]);
    }, 120_000);

    it('signs in as the editor, who sees and edits exactly what the role allows', async () => {
      editor = await signedIn(app, EDITOR_USER.email, EDITOR_USER.password);
      expect(await editor.isVisible('[data-module="settings"]')).toBe(false);
      await openApp(editor, '/test/collections/articles');
      await editor.waitForSelector('text=Harbour lights');
      await expectAccessible(editor, 'articles as the editor');

      // The admin's article: readable, without notes; not the editor's own, so not editable.
      await openItem(editor, `/test/collections/articles/${articleId}`);
      expect(await field(editor, 'title').locator('input').inputValue()).toBe('Harbour lights');
      expect(await editor.locator('.octavo-field[data-field="notes"]').count()).toBe(0);
      expect(await editor.locator('.page-header__actions button:has-text("Delete")').count()).toBe(0);
      await editor.waitForSelector('text=You can read this item but not change it.');
      const read = await api<Item>(editor, 'GET', `items/articles/${articleId}`);
      expect(read.status).toBe(200);
      expect('notes' in read.data).toBe(false);

      // A new draft: only Draft is offered as status.
      await openItem(editor, '/test/collections/articles/+');
      expect(await editor.locator('.octavo-field[data-field="notes"]').count()).toBe(0);
      const statusLabels = (await field(editor, 'status').locator('label').allTextContents()).join(' ');
      expect(statusLabels).toContain('Draft');
      expect(statusLabels).not.toContain('Published');
      await field(editor, 'title').locator('input').fill('Night ferry');
      await saveAndStay(editor);
      await editor.waitForFunction(() => /\/collections\/articles\/\d+$/.test(location.hash));
      draftId = Number(routeOf(editor).split('/').pop());
      expect((await api<Item>(editor, 'GET', `items/articles/${draftId}`)).data).toMatchObject({
        title: 'Night ferry',
        status: 'draft',
      });

      // Its own draft: editable, still no publish and no delete.
      await field(editor, 'title').locator('input').fill('Night ferry, revised');
      await saveAndStay(editor);
      await expect
        .poll(async () => (await api<Item>(editor, 'GET', `items/articles/${draftId}`)).data.title)
        .toBe('Night ferry, revised');
      expect((await field(editor, 'status').locator('label').allTextContents()).join(' ')).not.toContain(
        'Published',
      );
      expect(await editor.locator('.page-header__actions button:has-text("Delete")').count()).toBe(0);
      await editor.emulateMedia({ colorScheme: 'dark' });
      await settled(editor);
      await expectAccessible(editor, "the editor's draft, dark");
      await editor.emulateMedia({ colorScheme: 'light' });

      // And the server refuses what the app does not offer.
      expect((await api(editor, 'PATCH', `items/articles/${draftId}`, { status: 'published' })).status).toBe(
        403,
      );
      expect((await api(editor, 'DELETE', `items/articles/${draftId}`)).status).toBe(403);
      expect((await api(editor, 'PATCH', `items/articles/${articleId}`, { title: 'Not mine' })).status).toBe(
        403,
      );
      expect(
        (await api(editor, 'POST', 'items/articles', { title: 'Live now', status: 'published' })).status,
      ).toBe(403);
      expect((await api(editor, 'DELETE', `items/authors/${authorId}`)).status).toBe(403);
      // No settings area for the role, in the app as on the server.
      // (Admin-only endpoints answer 401 code 3, api-v8 §4.)
      expect((await api(editor, 'POST', 'collections', { collection: 'sneaky', fields: [] })).status).toBe(
        401,
      );
      await openApp(editor, '/test/settings/roles');
      await editor.locator('h1', { hasText: 'Page Not Found' }).waitFor();
      const stored = (await api<Item>(admin, 'GET', `items/articles/${draftId}`)).data;
      expect(stored.status).toBe('draft');
    }, 180_000);

    it('adds a webhook on new articles and sees a delivery at the receiver and in its log', async () => {
      await go(admin, '/test/settings/webhooks');
      await admin.waitForSelector('.listing');
      await go(admin, '/test/settings/webhooks/+');
      const input = (name: string) => admin.locator(`#field-${name}`);
      await input('url').waitFor();
      await input('url').fill(receiver.url);
      await input('http_action').selectOption('post');
      await input('collection').selectOption('articles');
      await input('directus_action').selectOption('item.create:after');
      await admin.getByRole('radio', { name: 'Active', exact: true }).check();
      await admin.getByRole('button', { name: 'Save', exact: true }).click();
      await admin.getByRole('row', { name: new RegExp(receiver.url) }).click();
      await admin.waitForFunction(() => /settings\/webhooks\/\d+$/.test(window.location.hash));
      const deliveries = admin.getByRole('region', { name: 'Deliveries' });
      await deliveries.getByText(/Nothing has been sent yet/).waitFor();
      await expectAccessible(admin, 'webhook page');

      await openItem(admin, '/test/collections/articles/+');
      await field(admin, 'title').locator('input').fill('Tide tables');
      await saveAndStay(admin);
      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
      expect(receiver.received[0].event).toBe('item.create');
      expect(JSON.parse(receiver.received[0].body)).toMatchObject({ title: 'Tide tables' });

      await go(admin, '/test/settings/webhooks');
      await admin.getByRole('row', { name: new RegExp(receiver.url) }).click();
      await deliveries.getByRole('button', { name: 'Refresh' }).click();
      await deliveries.getByRole('cell', { name: 'Delivered (200)' }).first().waitFor();
      await admin.emulateMedia({ colorScheme: 'dark' });
      await settled(admin);
      await expectAccessible(admin, 'webhook deliveries, dark');
    }, 120_000);
  },
);

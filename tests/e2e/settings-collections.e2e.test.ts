import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, openApp, routeOf, signedIn, startApp, type E2eApp } from './helpers';
import { addField, expectAccessible, go } from './settings-helpers';

// The collections and fields designer in the browser, as the admin: create `projects` with status and
// sort, add a text field, a many-to-one to authors, a one-to-many and a many-to-many to topics (the
// junction created with it), reorder by keyboard, then see the listing and the new-item form follow
// without a reload, create an item and delete the collection. axe on every screen and wizard step.

const fieldOrder = (page: Page) =>
  page.$$eval('[data-testid="designer-fields"] > li', (rows) =>
    rows.map((r) => r.getAttribute('data-field')),
  );

describe('settings: collections and fields designer', () => {
  let app: E2eApp;
  let page: Page;

  beforeAll(async () => {
    app = await startApp();
    page = await signedIn(app, ADMIN.email, ADMIN.password);
  }, 240_000);
  afterAll(async () => app?.close());

  it('creates a collection with status and sort from the settings home', async () => {
    await openApp(page, '/test/settings');
    await page.click('a:has-text("Collections & fields")');
    await page.waitForSelector('table.designer-table');
    expect(routeOf(page)).toBe('/test/settings/collections');
    expect(await page.textContent('table.designer-table')).toContain('Authors');
    await expectAccessible(page, 'collections list');

    await page.click('button:has-text("New collection")');
    await page.fill('#new-collection-name', 'Articles');
    await page.waitForSelector('text=A collection “articles” already exists.');
    await page.fill('#new-collection-name', '  Projects! ');
    await page.waitForSelector('text=Will be created as “projects”.');
    await page.check('label:has-text("Status (published, draft, deleted)") input');
    await page.check('label:has-text("Sort (manual ordering)") input');
    await expectAccessible(page, 'new collection dialog');
    await page.click('[data-testid="create-collection"]');
    await page.waitForSelector('[data-testid="designer-fields"] > li[data-field="status"]');
    expect(routeOf(page)).toBe('/test/settings/collections/projects');
    expect(await fieldOrder(page)).toEqual(['id', 'status', 'sort']);
    await expectAccessible(page, 'collection detail');
  }, 120_000);

  it('adds a text field, a many-to-one, a one-to-many and a many-to-many with its junction', async () => {
    await addField(page, {
      interface: 'text-input',
      name: 'title',
      check: true,
      // A text field has no index unless asked; the title is what this list is searched and sorted by.
      schema: async (p) => {
        expect(await p.isChecked('#wizard-index')).toBe(false);
        await p.click('#wizard-index');
        expect(await p.isChecked('#wizard-index')).toBe(true);
      },
    });
    expect((await api<any>(page, 'GET', 'fields/projects/title')).data.index).toBe(true);
    // The sort field the collection was created with is indexed by its type.
    expect((await api<any>(page, 'GET', 'fields/projects/sort')).data.index).toBe(true);
    // The same name again is refused before the server is asked.
    await page.click('button:has-text("Add field")');
    await page.click('button[data-interface="text-input"]');
    await page.click('.octavo-modal button:has-text("Next")');
    await page.fill('#wizard-name', 'Title');
    await page.waitForSelector('text=A field “title” already exists in this collection.');
    await page.click('.octavo-modal button:has-text("Cancel")');
    await page.waitForSelector('.octavo-modal', { state: 'detached' });

    await addField(page, {
      interface: 'many-to-one',
      name: 'author',
      check: true,
      relation: async (p) => {
        await p.selectOption('#wizard-relation-collection_one', 'authors');
      },
    });
    await addField(page, {
      interface: 'one-to-many',
      name: 'milestones',
      relation: async (p) => {
        await p.fill('#wizard-relation-collection_many', 'milestones');
        await p.waitForSelector('text=“milestones” will be created.');
      },
    });
    await addField(page, {
      interface: 'many-to-many',
      name: 'topics',
      relation: async (p) => {
        await p.selectOption('#wizard-relation-collection_one', 'topics');
        expect(await p.inputValue('#wizard-relation-collection_many')).toBe('projects_topics');
        await p.waitForSelector('text=“projects_topics” will be created.');
      },
    });
    const relations = await api<any[]>(page, 'GET', 'relations?limit=-1');
    const rows = relations.data.filter((r) => r.collection_many === 'projects_topics');
    expect(rows.map((r) => [r.field_many, r.collection_one, r.junction_field])).toEqual([
      ['projects_id', 'projects', 'topics_id'],
      ['topics_id', 'topics', 'projects_id'],
    ]);
    expect(await fieldOrder(page)).toEqual([
      'id',
      'status',
      'sort',
      'title',
      'author',
      'milestones',
      'topics',
    ]);
  }, 180_000);

  it('reorders fields by keyboard and saves the order', async () => {
    // One step at a time, as a user watches the field move before pressing again.
    let order = await fieldOrder(page);
    while (order.indexOf('title') > 0) {
      const at = order.indexOf('title');
      const next = [...order];
      [next[at - 1], next[at]] = [next[at], next[at - 1]];
      await page.focus('#field-handle-title');
      await page.keyboard.press('ArrowUp');
      await expect.poll(() => fieldOrder(page)).toEqual(next);
      order = next;
    }
    expect(order).toEqual(['title', 'id', 'status', 'sort', 'author', 'milestones', 'topics']);
    await expect
      .poll(async () => {
        const fields = (await api<any[]>(page, 'GET', 'fields/projects')).data;
        return fields
          .filter((f) => f.sort != null)
          .sort((a, b) => a.sort - b.sort)
          .map((f) => f.field);
      })
      .toEqual(['title', 'id', 'status', 'sort', 'author', 'milestones', 'topics']);
  }, 60_000);

  it('shows the new fields in the listing and the form without a reload, and creates an item', async () => {
    const marker = await page.evaluate(() => ((window as any).__designerMarker = Math.random()));
    await go(page, '/test/collections/projects');
    await page.waitForSelector('h1.page-header__title:has-text("Projects")');
    await page.waitForSelector('text=No items yet');
    await expectAccessible(page, "the new collection's listing");
    await go(page, '/test/collections/projects/+');
    await page.waitForSelector('.octavo-field[data-field="title"]');
    const formOrder = await page.$$eval('.octavo-field[data-field]', (nodes) =>
      nodes.map((n) => n.getAttribute('data-field')),
    );
    expect(formOrder.slice(0, 2)).toEqual(['title', 'status']);
    expect(formOrder).toEqual(expect.arrayContaining(['author', 'milestones', 'topics']));
    expect(formOrder.indexOf('author')).toBeLessThan(formOrder.indexOf('milestones'));
    await page.fill('.octavo-field[data-field="title"] input', 'Moon base');
    await page.click('button:has-text("Save")');
    await expect.poll(async () => (await api<any[]>(page, 'GET', 'items/projects')).data?.length).toBe(1);
    expect(await page.evaluate(() => (window as any).__designerMarker)).toBe(marker);
  }, 90_000);

  it('edits the collection: hidden leaves the navigation at once, the statuses are the default set', async () => {
    await go(page, '/test/settings/collections/projects');
    await page.waitForSelector('#collection-settings');
    const nav = page.locator('.nav-sidebar__body a[href$="/collections/projects"]');
    expect(await nav.count()).toBe(1);
    const statuses = await page.$$eval(
      '.octavo-field[data-field="status_mapping"] .octavo-repeater__title',
      (rows) => rows.map((row) => row.textContent?.trim()),
    );
    expect(statuses.join(' | ')).toMatch(/Published \(published\).*Draft \(draft\).*Deleted \(deleted\)/);
    await page.click('.octavo-field[data-field="hidden"] [role="switch"]');
    await page.click('section:has(#collection-settings) button:has-text("Save")');
    await expect.poll(() => nav.count()).toBe(0);
    expect((await api<any>(page, 'GET', 'collections/projects')).data.hidden).toBe(true);
  }, 60_000);

  it('deletes the collection after a confirmation that names what is lost', async () => {
    await go(page, '/test/settings/collections/projects');
    await page.click('button:has-text("Delete collection")');
    await page.waitForSelector('text=/1 item, 7 fields and \\d+ relations/');
    await expectAccessible(page, 'delete confirmation');
    await page.click('button:has-text("Delete for good")');
    await page.waitForSelector('table.designer-table');
    expect(routeOf(page)).toBe('/test/settings/collections');
    expect(await page.$('a[href$="/settings/collections/projects"]')).toBeNull();
    expect((await api(page, 'GET', 'collections/projects')).status).toBe(404);
  }, 60_000);
});

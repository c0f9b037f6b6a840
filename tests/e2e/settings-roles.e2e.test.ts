import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, api, checkA11y, openApp, routeOf, signedIn, startApp, type E2eApp } from './helpers';

/**
 * Settings → Roles, end to end on the demo project: an administrator creates a role, grants it the
 * published articles without one field, makes the topic links follow their article, saves, previews
 * what the role sees, then a user of the role signs in and sees exactly that; the role is deleted only
 * once its users are moved.
 */
let app: E2eApp;
beforeAll(async () => {
  app = await startApp();
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const knex = () => app.server.project.knex;
const REVIEWER = { email: 'reviewer@example.com', password: 'reviewer password for e2e' };

async function expectAccessible(page: Page) {
  expect(await checkA11y(page)).toEqual([]);
}

describe('Settings → Roles', () => {
  let admin: Page;
  let roleId = 0;

  it('lists the roles with their users and creates "Reviewer"', async () => {
    admin = await signedIn(app, ADMIN.email, ADMIN.password);
    await openApp(admin, '/test/settings');
    await admin.click('a:has-text("Roles and permissions")');
    await admin.waitForSelector('.roles-table a:has-text("Editor")');
    const editorRow = admin.locator('.roles-table tr', { hasText: 'Editor' });
    expect(await editorRow.textContent()).toContain('1 user');
    await expectAccessible(admin);

    await admin.click('button:has-text("New role")');
    await admin.fill('#new-role-name', 'Reviewer');
    await admin.fill('#new-role-description', 'Reads what is published');
    await admin.click('.octavo-modal button:has-text("Create")');
    await admin.waitForFunction(() => /\/settings\/roles\/\d+$/.test(location.hash));
    roleId = Number(routeOf(admin).split('/').pop());
    await admin.waitForSelector('h1:has-text("Reviewer")');
    // A new role gets the default system rows (api-v8 §6.6) and nothing of the content.
    const rows = await knex()('directus_permissions').where('role', roleId);
    expect(rows.some((row) => row.collection === 'directus_files')).toBe(true);
    expect(rows.some((row) => row.collection === 'articles')).toBe(false);
  });

  it('grants published articles without a field, makes topic links follow their article, and saves', async () => {
    const articles = admin.locator('[data-collection="articles"]');
    // Articles have an owner field: the button cycles none → mine only → role only → full.
    const read = (state: string) =>
      articles.locator(`button[aria-label="Articles, Published, Read: ${state}"]`);
    await read('None').click();
    await read('Mine only').click();
    await read('Role only').click();
    await read('Full').waitFor();
    await articles.locator('button[aria-label="Show details of Articles, Published"]').click();
    await admin
      .getByRole('group', { name: 'Hidden fields of Articles, Published' })
      .getByLabel('summary', { exact: true })
      .check();

    const topics = admin.locator('[data-collection="articles_topics"]');
    await topics.locator('button[aria-label="Articles Topics, Read: None"]').click();
    await topics.locator('button[aria-label="Show details of Articles Topics"]').click();
    await topics.locator('select').selectOption('article');
    expect(await topics.textContent()).toContain('follows article');

    // The role's navigation: one group "Reading" with the articles (spec §6, collection_listing).
    await admin.click('button:has-text("Add group")');
    await admin.getByLabel('Group name', { exact: true }).fill('Reading');
    await admin.click('button:has-text("Add collection")');
    await admin.getByLabel('Collection', { exact: true }).selectOption('articles');
    expect(await admin.textContent('.role-page__unsaved')).toBe('4 unsaved changes');
    await expectAccessible(admin);

    await admin.click('.page-header__actions button:has-text("Save")');
    await admin.waitForSelector('.role-page__unsaved:empty', { state: 'attached' });
    const rows = await knex()('directus_permissions')
      .where('role', roleId)
      .whereIn('collection', ['articles', 'articles_topics'])
      .orderBy('id');
    expect(rows.map((row) => [row.collection, row.status, row.read, row.read_field_blacklist])).toEqual([
      ['articles', 'published', 'full', 'summary'],
      ['articles_topics', null, 'full', null],
      ['articles_topics', '$parent:article', 'none', null],
    ]);
    const role = await knex()('directus_roles').where('id', roleId).first('collection_listing');
    expect(JSON.parse(role.collection_listing)).toEqual([
      { group_name: 'Reading', collections: [{ collection: 'articles' }] },
    ]);
  });

  it('previews what the role sees, read-only', async () => {
    await admin.click('button:has-text("Preview what this role sees")');
    const dialog = admin.locator('.octavo-modal');
    await dialog.locator('select').selectOption('articles');
    await dialog.locator('[data-testid="preview-table"]').waitFor();
    const published = Number((await knex()('articles').where('status', 'published').count({ n: '*' }))[0].n);
    expect(await dialog.getByTestId('preview-count').textContent()).toBe(`${published} items visible`);
    const headers = await dialog.locator('th').allTextContents();
    expect(headers).toContain('title');
    expect(headers).not.toContain('summary');
    const statusColumn = headers.indexOf('status');
    const statuses = await dialog.locator(`tbody tr td:nth-child(${statusColumn + 1})`).allTextContents();
    expect(new Set(statuses)).toEqual(new Set(['published']));
    await expectAccessible(admin);

    // Topic links follow their article: only those of published articles.
    await dialog.locator('select').selectOption('articles_topics');
    await admin.waitForFunction(() => document.querySelector('[data-testid="preview-count"]') !== null);
    const linked = Number(
      (
        await knex()('articles_topics')
          .join('articles', 'articles.id', 'articles_topics.article')
          .where('articles.status', 'published')
          .count({ n: '*' })
      )[0].n,
    );
    await expect
      .poll(() => dialog.getByTestId('preview-count').textContent())
      .toBe(`${linked} items visible`);
    const all = Number((await knex()('articles_topics').count({ n: '*' }))[0].n);
    expect(linked).toBeLessThan(all);
    await dialog.locator('button[aria-label="Close"]').first().click();

    // The preview header never writes, even for an administrator.
    const write = await admin.evaluate(async (role) => {
      const response = await fetch('/test/items/categories', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', 'X-Octavo-Preview-Role': String(role) },
        body: JSON.stringify({ name: 'Nope' }),
      });
      return response.status;
    }, roleId);
    expect(write).toBe(403);
  });

  it('a user of the role sees the published articles without the hidden field', async () => {
    const created = await api(admin, 'POST', 'users', {
      email: REVIEWER.email,
      password: REVIEWER.password,
      first_name: 'Rae',
      last_name: 'Viewer',
      role: roleId,
      status: 'active',
    });
    expect(created.status).toBe(200);
    await admin.reload();
    await admin.waitForSelector('.role-users a:has-text("Rae Viewer")');

    const reviewer = await signedIn(app, REVIEWER.email, REVIEWER.password);
    const links = await reviewer.locator('.nav-sidebar .nav-link').allTextContents();
    expect(links).toEqual(['Articles']);
    expect(await reviewer.locator('.nav-group__title').first().textContent()).toBe('Reading');
    expect(await reviewer.isVisible('[data-module="settings"]')).toBe(false);
    const read = await api<Array<Record<string, unknown>>>(reviewer, 'GET', 'items/articles?limit=-1');
    expect(read.status).toBe(200);
    expect(read.data.length).toBeGreaterThan(0);
    expect(read.data.every((row) => row.status === 'published' && !('summary' in row))).toBe(true);
    expect((await api(reviewer, 'GET', 'items/authors')).status).toBe(403);
    await reviewer.close();
  });

  it('deletes the role only once its users are moved', async () => {
    await admin.click('.page-header__actions button:has-text("Delete")');
    const dialog = admin.getByRole('alertdialog');
    expect(await dialog.textContent()).toContain('1 user still has this role');
    await expectAccessible(admin);
    // While the role has users, the dialog deletes only together with moving them…
    expect(await dialog.locator('button:has-text("Delete")').isDisabled()).toBe(true);
    // …and the server refuses a bare delete, saying why.
    const refused = await api(admin, 'DELETE', `roles/${roleId}`);
    expect(refused.status).toBe(422);
    expect(refused.error?.message).toContain('still has 1 user');
    expect(await knex()('directus_roles').where('id', roleId).first('id')).toBeTruthy();

    await dialog.locator('select').selectOption({ label: 'Editor' });
    await dialog.locator('button:has-text("Move users and delete")').click();
    await admin.waitForFunction(() => location.hash.endsWith('/settings/roles'));
    await admin.waitForSelector('.roles-table a:has-text("Editor")');
    expect(await admin.isVisible('.roles-table a:has-text("Reviewer")')).toBe(false);
    expect(await knex()('directus_roles').where('id', roleId).first('id')).toBeUndefined();
    const moved = await knex()('directus_users').where('email', REVIEWER.email).first('role');
    expect(Number(moved.role)).toBe(3);
    expect(await admin.locator('.roles-table tr', { hasText: 'Editor' }).textContent()).toContain('2 users');
    await admin.close();
  });
});

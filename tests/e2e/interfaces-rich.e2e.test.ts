import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, EDITOR, checkA11y, openApp, routeOf, signIn, startApp, type E2eApp, api } from './helpers';

// The rich-text and code family (wysiwyg, markdown, code, json) edited in the browser under the
// app's real content security policy, saved, and read back through the API.

type Item = Record<string, any>;

/** A signed-in page that records CSP violations, page errors and the scripts it loads. */
interface Watched {
  page: Page;
  problems: string[];
  scripts: Map<string, string>;
}

async function watchedPage(app: E2eApp): Promise<Watched> {
  const page = await app.newPage();
  const problems: string[] = [];
  const scripts = new Map<string, string>();
  page.on('console', (message) => {
    if (/content security policy|refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('response', (response: Response) => {
    if (!response.url().endsWith('.js')) return;
    void response
      .text()
      .then((body) => scripts.set(response.url(), body))
      .catch(() => {});
  });
  return { page, problems, scripts };
}

/** Library code that only the editors carry. */
const TIPTAP = 'ProseMirror-';
const CODEMIRROR = '.cm-scroller';
const carries = (scripts: Map<string, string>, marker: string) =>
  [...scripts.values()].some((body) => body.includes(marker));

const field = (page: Page, name: string) => page.locator(`.octavo-field[data-field="${name}"]`);
const tool = (page: Page, name: string, id: string) => field(page, name).locator(`[data-tool="${id}"]`);

async function signedIn(watched: Watched, who: { email: string; password: string }) {
  await openApp(watched.page, '/login');
  await signIn(watched.page, who.email, who.password);
  await watched.page.waitForSelector('.module-bar');
}

async function openNew(page: Page) {
  await openApp(page, '/test/collections/rich_notes/+');
  await page.waitForSelector('.item-page .octavo-form');
  await field(page, 'body').locator('.ProseMirror').waitFor();
  await field(page, 'settings').locator('.cm-content').waitFor();
}

async function saveAndLeave(page: Page) {
  await page.click('.item-save__main');
  await page.waitForSelector('text=Item saved');
}

/** The newest item of the collection, read as an administrator. */
async function newest(page: Page): Promise<Item> {
  const rows = await api<Item[]>(page, 'GET', 'items/rich_notes?sort=-id&limit=1');
  return rows.data[0];
}

// A 2×2 PNG, uploaded to the file library for the image button.
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNkaGBgYGBgZGBgYGBgAAAEjAEBs0iSXQAAAABJRU5ErkJggg==';

let app: E2eApp;
let admin: Watched;

beforeAll(async () => {
  app = await startApp();
  admin = await watchedPage(app);
  await signedIn(admin, ADMIN);
  const text = { type: 'string', datatype: 'TEXT' };
  const created = await api(admin.page, 'POST', 'collections', {
    collection: 'rich_notes',
    fields: [
      { field: 'title', type: 'string', datatype: 'VARCHAR', length: 200, interface: 'text-input', sort: 1 },
      { field: 'body', ...text, interface: 'wysiwyg', sort: 2 },
      { field: 'notes', ...text, interface: 'markdown', sort: 3, options: { rows: 6 } },
      { field: 'snippet', ...text, interface: 'code', sort: 4, options: { language: 'text/javascript' } },
      {
        field: 'config',
        type: 'json',
        datatype: 'TEXT',
        interface: 'code',
        sort: 5,
        options: { language: 'application/json' },
      },
      {
        field: 'settings',
        type: 'json',
        datatype: 'TEXT',
        interface: 'json',
        sort: 6,
        options: { template: { enabled: true } },
      },
    ],
  });
  expect(created.status).toBe(200);
  const plain = await api(admin.page, 'POST', 'collections', {
    collection: 'plain_notes',
    fields: [{ field: 'title', type: 'string', datatype: 'VARCHAR', length: 200, interface: 'text-input' }],
  });
  expect(plain.status).toBe(200);
  await api(admin.page, 'POST', 'items/plain_notes', { title: 'Nothing rich here' });
  // The demo editor's role may work on the new collection.
  const roles = await api<Item[]>(admin.page, 'GET', 'roles?filter[name][eq]=Editor');
  const role = roles.data[0].id;
  const granted = await api(admin.page, 'POST', 'permissions', {
    collection: 'rich_notes',
    role,
    create: 'full',
    read: 'full',
    update: 'full',
    delete: 'none',
  });
  expect(granted.status).toBe(200);
  const file = await api<Item>(admin.page, 'POST', 'files', {
    filename_download: 'dot.png',
    title: 'Dot',
    data: PNG,
  });
  expect(file.status).toBe(200);
  // The administrator's app learns of the new collections on its next load.
  await admin.page.reload();
  await admin.page.waitForSelector('.module-bar');
});

afterAll(async () => {
  await app?.close();
});

describe('loading', () => {
  it('keeps TipTap and CodeMirror out of the login page and of an item page without them', async () => {
    const fresh = await watchedPage(app);
    await openApp(fresh.page, '/login');
    await fresh.page.waitForSelector('#login-email');
    await fresh.page.waitForLoadState('networkidle');
    expect(fresh.scripts.size).toBeGreaterThan(0);
    expect(carries(fresh.scripts, TIPTAP)).toBe(false);
    expect(carries(fresh.scripts, CODEMIRROR)).toBe(false);

    await signIn(fresh.page, ADMIN.email, ADMIN.password);
    await fresh.page.waitForSelector('.module-bar');
    await openApp(fresh.page, '/test/collections/plain_notes/1');
    await field(fresh.page, 'title').locator('input').waitFor();
    await fresh.page.waitForLoadState('networkidle');
    expect(carries(fresh.scripts, TIPTAP)).toBe(false);
    expect(carries(fresh.scripts, CODEMIRROR)).toBe(false);

    // The editors arrive as their own chunks when a form shows them.
    await openNew(fresh.page);
    await fresh.page.waitForLoadState('networkidle');
    expect(carries(fresh.scripts, TIPTAP)).toBe(true);
    expect(carries(fresh.scripts, CODEMIRROR)).toBe(true);
    expect(fresh.problems).toEqual([]);
    await fresh.page.close();
  });
});

describe('as an administrator', () => {
  it('writes rich text with the toolbar, markdown, code and JSON, and saves clean values', async () => {
    const { page } = admin;
    await openNew(page);
    await field(page, 'title').locator('input').fill('Admin note');

    // wysiwyg: a heading, bold text, a list, a link, an image from the file library.
    const body = field(page, 'body');
    expect(await body.locator('[role="toolbar"]').getAttribute('aria-label')).toContain('Body');
    await body.locator('.ProseMirror').click();
    await tool(page, 'body', 'h2').click();
    expect(await tool(page, 'body', 'h2').getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.type('Release notes');
    await page.keyboard.press('Enter');
    await tool(page, 'body', 'bold').click();
    await page.keyboard.type('Important');
    expect(await tool(page, 'body', 'bold').getAttribute('aria-pressed')).toBe('true');
    await tool(page, 'body', 'bold').click();
    await page.keyboard.press('Enter');
    await tool(page, 'body', 'bullist').click();
    await page.keyboard.type('first point');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('See docs');
    await page.keyboard.press('Shift+Home');
    await tool(page, 'body', 'link').click();
    const linkDialog = page.locator('[role="dialog"]');
    await linkDialog.locator('input').first().fill('https://example.com/docs');
    await linkDialog.locator('input').first().press('Enter');
    await linkDialog.waitFor({ state: 'detached' });
    // The caret is back in the text, after the new link.
    await body.locator('.ProseMirror:focus').waitFor();
    await page.keyboard.press('Enter');
    await tool(page, 'body', 'image').click();
    await page.click('[role="dialog"] button:has-text("Choose from the file library")');
    await page.click('.item-picker__choose');
    await body.locator('.ProseMirror img').waitFor();
    // The toolbar is one tab stop: arrow keys move along it.
    await tool(page, 'body', 'bold').focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-tool'))).toBe('italic');

    // markdown: written, then previewed.
    const notes = field(page, 'notes');
    await notes.locator('.cm-content').click();
    await page.keyboard.type('# Plan\n\nShip **soon**');
    await notes.locator('[role="tab"]:has-text("Preview")').click();
    expect(await notes.locator('[role="region"] h1').textContent()).toBe('Plan');
    expect(await notes.locator('[role="region"] strong').textContent()).toBe('soon');

    // code, a string field and a json field.
    await field(page, 'snippet').locator('.cm-content').click();
    await page.keyboard.type('const answer = 42;');
    await field(page, 'config').locator('.cm-content').click();
    await page.keyboard.type('{"retries": [1, 2]}');

    // json: the template, then a mistake shown in place that blocks nothing else.
    const settings = field(page, 'settings');
    await settings.locator('button:has-text("Insert template")').click();
    await settings.locator('.cm-content').click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('{"count": 3');
    const problem = settings.locator('[role="alert"]');
    await problem.waitFor();
    expect(await problem.textContent()).toMatch(/Not valid JSON \(line 1, column 12\)/);
    const content = settings.locator('.cm-content');
    expect(await content.getAttribute('aria-invalid')).toBe('true');
    expect(await content.getAttribute('aria-describedby')).toContain(await problem.getAttribute('id'));
    await field(page, 'title').locator('input').fill('Admin note, edited');
    expect(await page.locator('.item-save__main').isDisabled()).toBe(false);
    expect(await checkA11y(page)).toEqual([]);
    await content.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('}');
    await problem.waitFor({ state: 'detached' });

    await saveAndLeave(page);
    const saved = await newest(page);
    expect(saved.title).toBe('Admin note, edited');
    expect(saved.body).toMatch(
      /^<h2>Release notes<\/h2><p><strong>Important<\/strong><\/p><ul><li><p>first point<\/p><\/li><\/ul><p><a href="https:\/\/example\.com\/docs">See docs<\/a><\/p><img src="[^"]*\/test\/assets\/[^"]+" alt="Dot">$/,
    );
    expect(saved.notes).toBe('# Plan\n\nShip **soon**');
    expect(saved.snippet).toBe('const answer = 42;');
    expect(saved.config).toEqual({ retries: [1, 2] });
    expect(saved.settings).toEqual({ count: 3 });
    expect(admin.problems, admin.problems.join('\n')).toEqual([]);
  });

  it('shows the saved values again, and the listing shows plain-text excerpts', async () => {
    const { page } = admin;
    const saved = await newest(page);
    await openApp(page, `/test/collections/rich_notes/${saved.id}`);
    await field(page, 'body').locator('.ProseMirror h2').waitFor();
    expect(await field(page, 'body').locator('.ProseMirror a').getAttribute('href')).toBe(
      'https://example.com/docs',
    );
    expect(await field(page, 'settings').locator('.cm-content').textContent()).toContain('"count": 3');
    // Emptying the wysiwyg stores null, not an empty paragraph.
    await field(page, 'body').locator('.ProseMirror').click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await saveAndLeave(page);
    expect((await api<Item>(page, 'GET', `items/rich_notes/${saved.id}`)).data.body).toBeNull();
    await api(page, 'PATCH', `items/rich_notes/${saved.id}`, {
      body: '<p>Plain <b>words</b><script>alert(1)</script></p>',
    });
    expect(routeOf(page)).toBe('/test/collections/rich_notes');
    await page.reload();
    await page.waitForSelector('text=Plain words');
    expect(await page.locator('.listing').innerHTML()).not.toContain('<script');
    expect(admin.problems).toEqual([]);
  });
});

describe('as an editor', () => {
  it('edits the rich fields of a collection the role may write', async () => {
    const editor = await watchedPage(app);
    await signedIn(editor, EDITOR);
    const { page } = editor;
    await openNew(page);
    await field(page, 'title').locator('input').fill('Editor note');
    await field(page, 'body').locator('.ProseMirror').click();
    await tool(page, 'body', 'h3').click();
    await page.keyboard.type('From the desk');
    await page.keyboard.press('Enter');
    await tool(page, 'body', 'numlist').click();
    await page.keyboard.type('one');
    await field(page, 'notes').locator('.cm-content').click();
    await page.keyboard.type('- item');
    await field(page, 'settings').locator('.cm-content').click();
    await page.keyboard.type('[1, "two", null]');
    await field(page, 'config').locator('.cm-content').click();
    await page.keyboard.type('7');
    await saveAndLeave(page);
    const saved = await newest(admin.page);
    expect(saved).toMatchObject({
      title: 'Editor note',
      body: '<h3>From the desk</h3><ol><li><p>one</p></li></ol>',
      notes: '- item',
      settings: [1, 'two', null],
      config: 7,
    });
    expect(editor.problems).toEqual([]);
    await page.close();
  });
});

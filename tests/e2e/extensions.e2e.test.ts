import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, checkA11y, openApp, routeOf, signIn, startApp, type E2eApp, api } from './helpers';

/**
 * Custom extensions in a real browser under the app's CSP: the README's worked examples (a JSON-only
 * interface and a JSON + module one), broken ones, a module page, and Settings → Interfaces.
 */

const EXAMPLES = join(import.meta.dirname, '../../docs/examples/extensions');

function writeExtension(root: string, kind: string, id: string, files: Record<string, string>) {
  mkdirSync(join(root, kind, id), { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(join(root, kind, id, name), content);
}

/** The examples plus broken extensions and two module pages, in a folder for the data folder. */
function extensionsFolder(): string {
  const root = mkdtempSync(join(tmpdir(), 'octavo-extensions-'));
  cpSync(EXAMPLES, root, { recursive: true });
  const brokenInterface = (id: string, name: string, source: string) =>
    writeExtension(root, 'interfaces', id, {
      [`${id}.json`]: JSON.stringify({
        id,
        name,
        icon: 'error',
        types: ['string'],
        options: [],
        module: 'input.js',
        binding: { component: id },
      }),
      'input.js': source,
    });
  // Fails to import: it asks for a runtime file that does not exist.
  brokenInterface(
    'broken-import',
    'Broken import',
    "import '../../runtime/nothing.js';\nexport default () => null;\n",
  );
  // Imports, then throws while rendering.
  brokenInterface(
    'broken-render',
    'Broken render',
    "export default function Broken() { throw new Error('kaput'); }\n",
  );
  // Not JSON at all: the server skips it and the app names the file.
  writeExtension(root, 'interfaces', 'broken-json', { 'broken-json.json': '{ "id": "broken-json", ' });
  writeExtension(root, 'modules', 'counter', {
    'counter.json': JSON.stringify({
      id: 'counter',
      name: 'Counter',
      icon: 'exposure_plus_1',
      module: 'module.js',
    }),
    'module.js': [
      "import { useState } from '../../runtime/react.js';",
      "import { jsx } from '../../runtime/jsx-runtime.js';",
      "import { Button } from '../../runtime/octavo.js';",
      'export default function Counter() {',
      '  const [count, setCount] = useState(0);',
      '  return jsx(Button, { onClick: () => setCount(count + 1), children: String(count) });',
      '}',
    ].join('\n'),
  });
  writeExtension(root, 'modules', 'broken-page', {
    'broken-page.json': JSON.stringify({
      id: 'broken-page',
      name: 'Broken page',
      icon: 'error',
      module: 'module.js',
    }),
    'module.js': 'export const nothing = 1;\n',
  });
  return root;
}

/** Clicks the n-th star of a stars interface, as a user does (on the star drawn for the radio). */
async function clickStar(page: Page, scope: string, n: number) {
  await page
    .locator(`${scope} [role="radiogroup"] label`)
    .nth(n - 1)
    .click();
}

const field = (page: Page, name: string) => page.locator(`.octavo-field[data-field="${name}"]`);

let app: E2eApp;
let admin: Page;
let folder: string;

beforeAll(async () => {
  folder = extensionsFolder();
  app = await startApp({ extensions: folder });
  admin = await app.newPage();
  await openApp(admin, '/login');
  await signIn(admin, ADMIN.email, ADMIN.password);
  await admin.waitForSelector('.module-bar');
  const created = await api(admin, 'POST', 'collections', {
    collection: 'gadgets',
    fields: [
      { field: 'code', type: 'string', datatype: 'VARCHAR', length: 12, interface: 'product-code' },
      { field: 'score', type: 'integer', datatype: 'INT', interface: 'stars', options: { max: 5 } },
      { field: 'note_a', type: 'string', datatype: 'VARCHAR', length: 50, interface: 'broken-import' },
      { field: 'note_b', type: 'string', datatype: 'VARCHAR', length: 50, interface: 'broken-render' },
      { field: 'note_c', type: 'string', datatype: 'VARCHAR', length: 50, interface: 'broken-json' },
    ],
  });
  expect(created.status).toBe(200);
  // The app read the schema when it started: start it again to see the new collection.
  await admin.reload();
  await admin.waitForSelector('.module-bar');
});

afterAll(async () => {
  await app?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('custom interfaces in the item form', () => {
  it('edits a field with each custom interface, saves, and reads the values back', async () => {
    await openApp(admin, '/test/collections/gadgets/+');
    await admin.waitForSelector('.item-page .octavo-form');

    const code = field(admin, 'code').locator('input');
    expect(await code.getAttribute('placeholder')).toBe('AB-1234');
    await code.fill('XY-42');

    const stars = field(admin, 'score').getByRole('radiogroup', { name: 'Score' });
    await stars.waitFor();
    expect(await stars.getByRole('radio').count()).toBe(5);
    await clickStar(admin, '.octavo-field[data-field="score"]', 3);
    expect(await stars.getByRole('radio', { name: '3', exact: true }).isChecked()).toBe(true);
    // The keyboard works as in any radio group: one step right.
    await admin.keyboard.press('ArrowRight');
    await admin.waitForSelector('.octavo-field[data-field="score"] [data-stars="4"]');
    expect(await checkA11y(admin)).toEqual([]);

    await admin.click('.item-save__main');
    await admin.waitForFunction(() => location.hash === '#/test/collections/gadgets');
    const saved = await api<Record<string, unknown>[]>(admin, 'GET', 'items/gadgets?fields=code,score');
    expect(saved.data).toEqual([{ code: 'XY-42', score: 4 }]);

    // Read back in the form: the module interface shows the stored value.
    await openApp(admin, '/test/collections/gadgets/1');
    await admin.waitForSelector('.octavo-field[data-field="score"] [data-stars="4"]');
    expect(await field(admin, 'score').getByRole('radio', { name: '4', exact: true }).isChecked()).toBe(true);
    expect(await field(admin, 'code').locator('input').inputValue()).toBe('XY-42');
  });

  it('shows a broken extension with its name and a plain input in its place', async () => {
    await openApp(admin, '/test/collections/gadgets/+');
    await admin.waitForSelector('.item-page .octavo-form');
    const importFailed = field(admin, 'note_a');
    await importFailed.locator('[role="alert"]').waitFor();
    expect(await importFailed.locator('[role="alert"]').textContent()).toContain(
      'The extension "Broken import" (broken-import) failed to load',
    );
    const renderFailed = field(admin, 'note_b');
    await renderFailed.locator('[role="alert"]').waitFor();
    expect(await renderFailed.locator('[role="alert"]').textContent()).toContain(
      'The extension "Broken render" (broken-render) failed: Error: kaput',
    );
    const notJson = field(admin, 'note_c');
    await notJson.locator('[role="alert"]').waitFor();
    expect(await notJson.locator('[role="alert"]').textContent()).toContain(
      'extensions/interfaces/broken-json/broken-json.json: not valid JSON',
    );
    // The fallback inputs still edit the values.
    await importFailed.locator('input').fill('still editable');
    await renderFailed.locator('input').fill('me too');
    await admin.click('.item-save__main');
    await admin.waitForFunction(() => location.hash === '#/test/collections/gadgets');
    const rows = await api<Record<string, unknown>[]>(
      admin,
      'GET',
      'items/gadgets?fields=note_a,note_b&sort=-id&limit=1',
    );
    expect(rows.data).toEqual([{ note_a: 'still editable', note_b: 'me too' }]);
  });
});

describe('Settings → Interfaces', () => {
  it('lists every interface with its origin and finds the custom ones by search', async () => {
    await openApp(admin, '/test/settings');
    await admin.click('a.octavo-card:has-text("Interfaces")');
    await admin.waitForFunction(() => location.hash === '#/test/settings/interfaces');
    await admin.waitForSelector('.interfaces-grid');
    const cards = admin.locator('.interfaces-grid > li');
    expect(await cards.count()).toBeGreaterThan(20);
    expect(await admin.locator('.interfaces-card:has-text("text-input")').textContent()).toContain('Core');

    await admin.fill('#interfaces-search', 'product');
    await admin.waitForFunction(() => document.querySelectorAll('.interfaces-grid > li').length === 1);
    const card = admin.locator('.interfaces-card');
    expect(await card.textContent()).toContain('Product code');
    expect(await card.textContent()).toContain('Custom');
    expect(await card.textContent()).toContain('string');
    await admin.fill('#interfaces-search', 'no such thing');
    await admin.waitForSelector('text=No interface matches');
    await admin.fill('#interfaces-search', 'stars');
    await admin.waitForSelector('.interfaces-card:has-text("Module")');
    expect(await checkA11y(admin)).toEqual([]);
    await admin.click('.interfaces-card:has-text("Stars")');
    await admin.waitForFunction(() => location.hash === '#/test/settings/interfaces/stars');
    expect(routeOf(admin)).toBe('/test/settings/interfaces/stars');
  });

  it('debugs the module interface: live input, emitted JSON, display, options and flags', async () => {
    await openApp(admin, '/test/settings/interfaces/stars');
    const live = admin.locator('[data-testid="debugger-live"]');
    const group = live.getByRole('radiogroup', { name: 'Stars' });
    await group.waitFor();
    await admin.waitForSelector('text=Nothing emitted yet');
    await clickStar(admin, '[data-testid="debugger-live"]', 3);
    await admin.waitForFunction(
      () => document.querySelector('[data-testid="debugger-json"]')?.textContent === '3',
    );
    await admin.waitForSelector('text=JSON type: number');
    await admin.waitForSelector('[data-testid="debugger-display"] [data-stars="3"]');

    // An option changes the live interface.
    await admin.locator('[data-testid="debugger-options"] .octavo-field[data-field="max"] input').fill('7');
    await admin.waitForFunction(
      () => document.querySelectorAll('[data-testid="debugger-live"] input[type=radio]').length === 7,
    );
    // Read-only disables it; the type switch offers the definition's types.
    await admin.locator('label.octavo-toggle:has-text("Read-only")').click();
    await admin.waitForFunction(() =>
      [
        ...document.querySelectorAll<HTMLInputElement>('[data-testid="debugger-live"] input[type=radio]'),
      ].every((input) => input.disabled),
    );
    expect(await admin.locator('#debugger-type option').allTextContents()).toContain('decimal');
    expect(await checkA11y(admin)).toEqual([]);
  });

  it('debugs the JSON-only interface through the core input it binds to', async () => {
    await openApp(admin, '/test/settings/interfaces/product-code');
    const input = admin.locator('[data-testid="debugger-live"] input');
    await input.waitFor();
    expect(await input.getAttribute('placeholder')).toBe('AB-1234');
    await input.fill('AB-77');
    await admin.waitForFunction(
      () => document.querySelector('[data-testid="debugger-json"]')?.textContent === '"AB-77"',
    );
    expect(await admin.locator('[data-testid="debugger-display"]').textContent()).toBe('AB-77');
    // A length of 4 reaches the input as its maxlength.
    await admin.fill('#debugger-length', '4');
    await admin.waitForFunction(
      () => document.querySelector('[data-testid="debugger-live"] input')?.getAttribute('maxlength') === '4',
    );
  });
});

describe('extension modules and the extensions-missing page', () => {
  it('renders a module page with hooks, and a broken one as the extension error', async () => {
    await openApp(admin, '/test/ext/counter');
    const button = admin.locator('.page button:has-text("0")');
    await button.click();
    await admin.waitForSelector('.page button:has-text("1")');
    await openApp(admin, '/test/ext/broken-page');
    await admin.waitForSelector('[role="alert"]:has-text("The extension “Broken page” failed to load")');
  });

  it('shows the extensions-missing page when the server lists no extensions', async () => {
    const page = await app.newPage();
    await page.route(
      (url) => /^\/(test\/)?(interfaces|layouts|modules)$/.test(url.pathname),
      (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: -1, message: 'down' } }),
        }),
    );
    await openApp(page, '/login');
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForSelector('text=Extensions missing');
    expect(await page.locator('.module-bar').count()).toBe(0);
    await page.close();
  });
});

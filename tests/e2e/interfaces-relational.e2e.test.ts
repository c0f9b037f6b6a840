import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, EDITOR, checkA11y, openApp, startApp, type E2eApp, api, signedIn } from './helpers';

/**
 * The relational interfaces as an editor and an administrator use them: many-to-many topics (add existing
 * through the item picker, create new inline, remove), translations (edit one language, create another),
 * file (upload), files (upload two, reorder with the keyboard), checkboxes-relational, user-roles; each saved
 * and read back through the API.
 */

type Item = Record<string, any>;

async function openItem(page: Page, path: string) {
  await openApp(page, path);
  await page.waitForSelector('.item-page .octavo-form');
}

const field = (page: Page, name: string) => page.locator(`.octavo-field[data-field="${name}"]`).first();

async function save(page: Page) {
  await page.keyboard.press('Control+s');
  await page.waitForSelector('text=Item saved');
  await page.locator('text=Item saved').first().waitFor({ state: 'visible' });
}

/** Rows of a related list as the user reads them. */
async function rowLabels(page: Page, name: string): Promise<string[]> {
  return field(page, name).locator('.octavo-related__label').allInnerTexts();
}

/** Chooses an item in the picker: types a search, waits for the debounced answer, clicks the row. */
async function pick(page: Page, label: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('searchbox', { name: 'Search' }).fill(label);
  await dialog.locator(`button.item-picker__choose[aria-label="${label}"]`).click();
  await dialog.waitFor({ state: 'detached' });
}

let app: E2eApp;
let admin: Page;
let editor: Page;

beforeAll(async () => {
  app = await startApp();
  admin = await signedIn(app, ADMIN.email, ADMIN.password);
  editor = await signedIn(app, EDITOR.email, EDITOR.password);
});
afterAll(async () => {
  await app?.close();
});

describe('relational interfaces', () => {
  it('the editor adds an existing topic, removes one and writes two translations', async () => {
    const me = (await api<Item>(editor, 'GET', 'users/me?fields=id')).data.id;
    const drafts = (
      await api<Item[]>(
        editor,
        'GET',
        `items/articles?fields=id,topics.id,topics.topic.name&filter[owner][eq]=${me}&filter[status][eq]=draft&limit=50`,
      )
    ).data;
    const article = drafts.find((row) => row.topics.length >= 1)!;
    expect(article).toBeTruthy();
    const before: string[] = article.topics.map((row: Item) => row.topic.name);
    const allTopics = (await api<Item[]>(editor, 'GET', 'items/topics?fields=id,name&limit=-1')).data;
    const extra = allTopics.find((topic) => !before.includes(topic.name))!;
    const gone = before[0];

    await openItem(editor, `/test/collections/articles/${article.id}`);
    const topics = field(editor, 'topics');
    await topics.locator('.octavo-related__row').first().waitFor();
    expect((await rowLabels(editor, 'topics')).sort()).toEqual([...before].sort());
    // Editors may link topics but not create them (topics are read-only for the role).
    await expect(topics.getByRole('button', { name: 'Create new' }).count()).resolves.toBe(0);

    await topics.getByRole('button', { name: 'Add existing' }).click();
    await pick(editor, extra.name);
    await topics.getByText(extra.name).waitFor();
    await topics.getByRole('button', { name: `Remove ${gone}` }).click();
    await topics.getByText(gone, { exact: true }).waitFor({ state: 'detached' });

    const translations = field(editor, 'translations');
    await translations.getByRole('tab', { name: 'German' }).click();
    await translations.getByRole('textbox', { name: 'Title' }).fill('Ein deutscher Titel');
    await translations.getByRole('tab', { name: 'French' }).click();
    await translations.getByRole('textbox', { name: 'Title' }).fill('Un titre français');
    await translations.getByRole('tab', { name: 'German' }).click();
    expect(await translations.getByRole('textbox', { name: 'Title' }).inputValue()).toBe(
      'Ein deutscher Titel',
    );

    expect(await checkA11y(editor)).toEqual([]);
    await save(editor);

    const saved = (
      await api<Item>(
        admin,
        'GET',
        `items/articles/${article.id}?fields=topics.topic.name,translations.language,translations.title`,
      )
    ).data;
    const names = saved.topics.map((row: Item) => row.topic.name).sort();
    expect(names).toEqual([...before.filter((name) => name !== gone), extra.name].sort());
    const texts = saved.translations.map((row: Item) => `${row.language}:${row.title}`).sort();
    expect(texts).toContain('de-DE:Ein deutscher Titel');
    expect(texts).toContain('fr-FR:Un titre français');

    // Reopened, the German tab edits the stored row (no second German translation).
    await openItem(editor, `/test/collections/articles/${article.id}`);
    const again = field(editor, 'translations');
    await again.getByRole('tab', { name: 'German' }).click();
    await again.getByRole('textbox', { name: 'Title' }).fill('Ein neuer Titel');
    await save(editor);
    const rows = (
      await api<Item[]>(
        admin,
        'GET',
        `items/article_translations?fields=title&filter[article][eq]=${article.id}&filter[language][eq]=de-DE`,
      )
    ).data;
    expect(rows.map((row) => row.title)).toEqual(['Ein neuer Titel']);
  });

  it('the administrator creates a new topic inline', async () => {
    const article = (await api<Item[]>(admin, 'GET', 'items/articles?fields=id&filter[owner][eq]=1&limit=1'))
      .data[0];
    await openItem(admin, `/test/collections/articles/${article.id}`);
    const topics = field(admin, 'topics');
    await topics.getByRole('button', { name: 'Create new' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Urban farming');
    expect(await checkA11y(admin)).toEqual([]);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await topics.getByText('Urban farming').waitFor();
    await save(admin);
    const saved = (await api<Item>(admin, 'GET', `items/articles/${article.id}?fields=topics.topic.name`))
      .data;
    expect(saved.topics.map((row: Item) => row.topic.name)).toContain('Urban farming');
  });

  it('the administrator uploads a file, uploads and reorders files, ticks related checkboxes', async () => {
    // A collection with a file, a sorted files junction and a checkboxes-relational field to topics.
    const int = (name: string) => ({ field: name, type: 'integer', datatype: 'INT', signed: false });
    expect(
      (
        await api(admin, 'POST', 'collections', {
          collection: 'lab',
          fields: [
            { field: 'title', type: 'string', datatype: 'VARCHAR', length: 100, interface: 'text-input' },
            {
              field: 'cover',
              type: 'file',
              datatype: 'INT',
              interface: 'file',
              options: { accept: 'image/*' },
            },
          ],
        })
      ).status,
    ).toBe(200);
    await api(admin, 'POST', 'collections', {
      collection: 'lab_files',
      hidden: true,
      fields: [int('lab'), int('file'), { ...int('sort'), type: 'sort' }],
    });
    await api(admin, 'POST', 'collections', {
      collection: 'lab_topics',
      hidden: true,
      fields: [int('lab'), int('topic')],
    });
    await api(admin, 'POST', 'fields/lab', { field: 'gallery', type: 'o2m', interface: 'files' });
    await api(admin, 'POST', 'fields/lab', {
      field: 'picks',
      type: 'o2m',
      interface: 'checkboxes-relational',
      options: { template: '{{name}}', grid: 2 },
    });
    const relations = await api(admin, 'POST', 'relations', [
      {
        collection_many: 'lab_files',
        field_many: 'lab',
        collection_one: 'lab',
        field_one: 'gallery',
        junction_field: 'file',
      },
      {
        collection_many: 'lab_files',
        field_many: 'file',
        collection_one: 'directus_files',
        junction_field: 'lab',
      },
      {
        collection_many: 'lab_topics',
        field_many: 'lab',
        collection_one: 'lab',
        field_one: 'picks',
        junction_field: 'topic',
      },
      {
        collection_many: 'lab_topics',
        field_many: 'topic',
        collection_one: 'topics',
        junction_field: 'lab',
      },
    ]);
    expect(relations.status).toBe(200);
    const item = (await api<Item>(admin, 'POST', 'items/lab', { title: 'Relational' })).data;

    // The new collections reach the app with a fresh page load (hydration).
    await openApp(admin, `/test/collections/lab/${item.id}`);
    await admin.reload();
    await admin.waitForSelector('.item-page .octavo-form');
    const png = (name: string) => ({
      name,
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    const cover = field(admin, 'cover');
    // `accept` keeps a text file out.
    await cover
      .locator('input[type="file"]')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await cover.getByRole('alert').waitFor();
    await cover.locator('input[type="file"]').setInputFiles(png('cover.png'));
    await cover.locator('.octavo-file-input__title').waitFor();

    const gallery = field(admin, 'gallery');
    await gallery.locator('input[type="file"]').setInputFiles([png('first.png'), png('second.png')]);
    await admin.waitForFunction(
      () => document.querySelectorAll('[data-field="gallery"] .octavo-related__row').length === 2,
    );
    const order = await rowLabels(admin, 'gallery');
    expect([...order].sort()).toEqual(['First', 'Second']);
    // Keyboard sorting: lift the first row, move it down, drop it.
    await gallery.getByRole('button', { name: `Move ${order[0]}`, exact: true }).focus();
    await admin.keyboard.press('Space');
    await gallery.locator('.octavo-related__row--dragging').waitFor();
    await admin.keyboard.press('ArrowDown');
    // The lifted row follows the arrow and the row below makes room (the list knows the drop target).
    await admin.waitForFunction(() => {
      const rows = [...document.querySelectorAll<HTMLElement>('[data-field="gallery"] .octavo-related__row')];
      const lifted = rows.find((row) => row.classList.contains('octavo-related__row--dragging'));
      const other = rows.find((row) => row !== lifted);
      return Boolean(
        lifted &&
        /translate3d\(0px, [1-9]/.test(lifted.style.transform) &&
        other &&
        /translate3d\(0px, -[1-9]/.test(other.style.transform),
      );
    });
    await admin.keyboard.press('Space');
    await admin.waitForFunction(
      (first) =>
        document.querySelector('[data-field="gallery"] .octavo-related__label')?.textContent !== first,
      order[0],
    );
    expect(await rowLabels(admin, 'gallery')).toEqual([order[1], order[0]]);

    const picks = field(admin, 'picks');
    const boxes = picks.getByRole('checkbox');
    await boxes.first().waitFor();
    const topicLabels = await picks.locator('.octavo-checkboxes-relational__choice').allInnerTexts();
    await picks.getByRole('checkbox', { name: topicLabels[0], exact: true }).check();
    await picks.getByRole('checkbox', { name: topicLabels[1], exact: true }).check();

    expect(await checkA11y(admin)).toEqual([]);
    await save(admin);

    const saved = (
      await api<Item>(
        admin,
        'GET',
        `items/lab/${item.id}?fields=cover.filename_download,gallery.sort,gallery.file.filename_download,picks.topic.name`,
      )
    ).data;
    expect(saved.cover.filename_download).toBe('cover.png');
    const gallerySaved = [...saved.gallery].sort((a: Item, b: Item) => a.sort - b.sort);
    // The two uploads run at once and list in the order they finish; the drag swapped that order.
    expect(gallerySaved.map((row: Item) => row.file.filename_download)).toEqual(
      [order[1], order[0]].map((label) => `${label.toLowerCase()}.png`),
    );
    expect(saved.picks.map((row: Item) => row.topic.name).sort()).toEqual(topicLabels.slice(0, 2).sort());
  });

  it("the administrator picks a user's role from the role names", async () => {
    const role = (await api<Item>(admin, 'POST', 'roles', { name: 'Proofreaders' })).data;
    const user = (
      await api<Item>(admin, 'POST', 'users', {
        email: 'proof@example.com',
        password: 'proof reader password',
        first_name: 'Pru',
        last_name: 'Reader',
        status: 'active',
        role: 3,
      })
    ).data;
    await openItem(admin, `/test/users/${user.id}`);
    const select = field(admin, 'role').locator('select');
    await select.waitFor();
    const options = await select.locator('option').allInnerTexts();
    expect(options).toContain('Proofreaders');
    // The Public role is not offered (showPublic is off).
    expect(options).not.toContain('Public');
    await select.selectOption({ label: 'Proofreaders' });
    await save(admin);
    const saved = (await api<Item>(admin, 'GET', `users/${user.id}?fields=role.name,role.id`)).data;
    expect(saved.role).toEqual({ name: 'Proofreaders', id: role.id });
  });
});

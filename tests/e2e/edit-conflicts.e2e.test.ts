import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, EDITOR, api, checkA11y, openApp, signedIn, startApp, type E2eApp } from './helpers';

/*
 * Two people on one article (spec §4, §7, §9): the admin and an editor, each in a browser context
 * of their own. The second to arrive is warned who else is there; a save by one is told to the
 * other at once; a stale save meets the conflict choice, and each choice does what it says.
 * Set E2E_CONFLICT_SHOTS=<folder> to also take screenshots (light and dark, 1440 and 760 px).
 */
const SHOTS = process.env.E2E_CONFLICT_SHOTS;

type Item = Record<string, any>;

let app: E2eApp;
let admin: Page;
let editor: Page;
let id: number;
let path: string;

const title = (page: Page) => page.locator('.octavo-field[data-field="title"]').first().locator('input');
const liveNotice = (page: Page) => page.locator('.editing-together__notice');
const dialog = (page: Page) =>
  page.locator('[role="alertdialog"]:has-text("This item changed since you opened it")');

async function openItem(page: Page) {
  await openApp(page, path);
  await page.waitForSelector('.item-page .octavo-form');
}

/** Save and stay (Ctrl+S), as a user would. */
async function saveAndStay(page: Page) {
  await page.keyboard.press('Control+s');
}

async function storedTitle(): Promise<string> {
  return (await api<Item>(admin, 'GET', `items/articles/${id}?fields=title`)).data.title;
}

/** The admin saves a new title through the form and waits for it to be stored. */
async function adminSaves(text: string) {
  await title(admin).fill(text);
  await saveAndStay(admin);
  await expect.poll(storedTitle).toBe(text);
  await admin.waitForSelector('.item-page .octavo-form');
}

async function shoot(page: Page, name: string, reopen?: () => Promise<void>) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1440, 760]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      if (reopen) await reopen();
      // Colours change through CSS transitions: shoot once they have finished.
      await page.waitForFunction(() =>
        document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
      );
      await page.screenshot({ path: join(SHOTS, `${name}-${width}-${scheme}.png`) });
    }
  }
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

beforeAll(async () => {
  app = await startApp();
  admin = await signedIn(app, ADMIN.email, ADMIN.password);
  editor = await signedIn(app, EDITOR.email, EDITOR.password);
  // A draft of the editor's own, which the editor may change (update: mine) and the admin too.
  const created = await api<Item>(editor, 'POST', 'items/articles', {
    title: 'Two people, one article',
    status: 'draft',
  });
  expect(created.status, JSON.stringify(created.error)).toBe(200);
  id = created.data.id;
  path = `/test/collections/articles/${id}`;
});
afterAll(async () => {
  await app?.close();
});

describe('editing one article together', () => {
  it('warns the second to arrive who else is on the page', async () => {
    await openItem(admin);
    // The admin's page is tracked on navigation.
    await expect
      .poll(async () => (await api<Item>(admin, 'GET', 'users/me?fields=last_page')).data.last_page)
      .toBe(path);
    await openItem(editor);
    const warning = editor.locator('.notification--warning:has-text("Someone else has this item open")');
    await warning.waitFor();
    expect(await warning.textContent()).toContain('Admin User opened this item in the last five minutes');
    // The admin, who came first, is not warned about themself.
    expect(await admin.locator('.notification--warning').count()).toBe(0);
    await shoot(editor, 'presence-warning', async () => {
      await editor.reload();
      await editor.waitForSelector('.notification--warning:has-text("Someone else has this item open")');
    });
  });

  it('tells the other at once when one saves, and reloads in one click without edits', async () => {
    await adminSaves('Saved by the admin, first');
    const notice = liveNotice(editor);
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Admin User saved this item');
    expect(await notice.textContent()).toContain('You are looking at an older version');
    // One's own save is no news.
    expect(await liveNotice(admin).count()).toBe(0);
    await shoot(editor, 'live-notice');
    expect(await title(editor).inputValue()).toBe('Two people, one article');
    await notice.locator('button:has-text("Reload")').click();
    await expect.poll(() => title(editor).inputValue()).toBe('Saved by the admin, first');
    expect(await liveNotice(editor).count()).toBe(0);
  });

  it('a stale save gets the conflict choice; cancel keeps my edits', async () => {
    await adminSaves('Saved by the admin, second');
    await liveNotice(editor).waitFor();
    await title(editor).fill('The editor’s stale edit');
    // With edits of one's own, the notice says they would conflict.
    await editor.waitForSelector(
      '.editing-together__notice:has-text("saving them would conflict with their version")',
    );
    await shoot(editor, 'live-notice-with-edits');
    await saveAndStay(editor);
    await dialog(editor).waitFor();
    expect(await dialog(editor).textContent()).toContain('Admin User saved this item after you loaded it');
    expect(await checkA11y(editor)).toEqual([]);
    await shoot(editor, 'conflict-dialog');
    // Cancel is focused first (the safe answer).
    expect(await editor.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await dialog(editor).locator('button:has-text("Cancel")').click();
    await expect.poll(() => dialog(editor).count()).toBe(0);
    expect(await title(editor).inputValue()).toBe('The editor’s stale edit');
    expect(await storedTitle()).toBe('Saved by the admin, second');
  });

  it('"reload their version" discards mine and shows theirs', async () => {
    await saveAndStay(editor);
    await dialog(editor).waitFor();
    await dialog(editor).locator('button:has-text("Reload their version")').click();
    await expect.poll(() => title(editor).inputValue()).toBe('Saved by the admin, second');
    expect(await dialog(editor).count()).toBe(0);
    expect(await storedTitle()).toBe('Saved by the admin, second');
    // Now up to date: the next save of the editor passes.
    await title(editor).fill('The editor, up to date');
    await saveAndStay(editor);
    await editor.waitForSelector('.notification--success:has-text("Item saved")');
    expect(await storedTitle()).toBe('The editor, up to date');
    // And the admin hears of it.
    await liveNotice(admin).waitFor();
    expect(await liveNotice(admin).textContent()).toContain('saved this item');
    await liveNotice(admin).locator('button:has-text("Reload")').click();
    await expect.poll(() => title(admin).inputValue()).toBe('The editor, up to date');
  });

  it('"overwrite with mine" saves my version over theirs', async () => {
    await adminSaves('Saved by the admin, third');
    await liveNotice(editor).waitFor();
    await title(editor).fill('The editor insists');
    await saveAndStay(editor);
    await dialog(editor).waitFor();
    await dialog(editor).locator('button:has-text("Overwrite with mine")').click();
    await expect.poll(storedTitle).toBe('The editor insists');
    await expect.poll(() => dialog(editor).count()).toBe(0);
    await expect.poll(() => title(editor).inputValue()).toBe('The editor insists');
    expect(await liveNotice(editor).count()).toBe(0);
  });
});

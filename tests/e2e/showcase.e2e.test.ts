import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, EDITOR, checkA11y, openApp, signedIn, startApp, type E2eApp } from './helpers';

/**
 * The demo's interface showcase: every core interface on real data. Opening an item must find every
 * interface (no missing-interface notice), change nothing by itself (the save button stays disabled:
 * no interface emits a value on mount), and saving one edit must leave every other value as it was.
 */

let app: E2eApp;

async function getItem(page: Page, id: number): Promise<Record<string, unknown>> {
  return page.evaluate(async (id) => {
    const response = await fetch(`/test/items/interface_showcase/${id}`, { credentials: 'include' });
    return (await response.json()).data;
  }, id);
}

const saveButton = (page: Page) => page.locator('.page-header__actions button:has-text("Save")').first();

beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

describe('the interface showcase', () => {
  it('opens with every interface found and nothing staged, light and dark', async () => {
    const page = await signedIn(app, ADMIN.email, ADMIN.password);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await openApp(page, '/test/collections/interface_showcase/1');
      await page.waitForSelector('.item-page .octavo-form');
      // The lazy editors have arrived: rich text, code, the repeater's rows, the related lists.
      await page.locator('[data-field="wysiwyg"] .ProseMirror').waitFor();
      await page.locator('[data-field="code"] .cm-content').waitFor();
      await page.locator('[data-field="repeater"]').getByText('Newsletter').waitFor();
      await page.locator('[data-field="many_to_many"]').getByText(/\w/).first().waitFor();
      expect(await page.locator('.octavo-field__problem').count()).toBe(0);
      expect(await page.getByText('missing or broken').count()).toBe(0);
      expect(await saveButton(page).isDisabled()).toBe(true);
      expect(await checkA11y(page)).toEqual([]);
    }
    await page.context().close();
  });

  it('the editor changes one field; every other value stays as it was', async () => {
    const page = await signedIn(app, EDITOR.email, EDITOR.password);
    const before = await getItem(page, 2);
    await openApp(page, '/test/collections/interface_showcase/2');
    await page.waitForSelector('.item-page .octavo-form');
    await page.locator('[data-field="wysiwyg"] .ProseMirror').waitFor();
    // The text area: the title would also move the slug that mirrors it.
    await page.locator('.octavo-field[data-field="textarea"] textarea').first().fill('Edited by the editor.');
    await page.click('button[aria-label="More save options"]');
    await page.click('[role="menuitem"]:has-text("Save and stay")');
    await expect.poll(async () => (await getItem(page, 2)).textarea).toBe('Edited by the editor.');
    const after = await getItem(page, 2);
    const { textarea: _a, modified_on: _b, modified_by: _c, ...rest } = after;
    const { textarea: _d, modified_on: _e, modified_by: _f, ...restBefore } = before;
    expect(rest).toEqual(restBefore);
    await page.context().close();
  });
});

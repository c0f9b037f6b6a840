import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, EDITOR, api, checkA11y, openApp, signIn, signedIn, startApp, type E2eApp } from './helpers';

/** The login page's language and the dates of a signed-in user's locale (issue #15). */
describe('languages', () => {
  let app: E2eApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("shows the login page in the browser's language", async () => {
    const page = await app.newPage(undefined, { locale: 'de-DE' });
    await openApp(page, '/login');
    await page.waitForSelector('form button[type=submit]:has-text("Anmelden")');
    expect(await page.getAttribute('html', 'lang')).toBe('de-DE');
    expect(await checkA11y(page)).toEqual([]);
    await page.context().close();
  });

  it("uses the project's default_locale when the browser's language has no catalog", async () => {
    const admin = await signedIn(app, ADMIN.email, ADMIN.password);
    const setting = (await api(admin, 'GET', 'settings?filter[key][eq]=default_locale')).data[0];
    expect((await api(admin, 'PATCH', `settings/${setting.id}`, { value: 'fr-FR' })).status).toBe(200);

    const page = await app.newPage(undefined, { locale: 'sw-KE' });
    await openApp(page, '/login');
    await page.waitForSelector('form button[type=submit]:has-text("Se connecter")');
    await page.context().close();

    // A language with a catalog still wins over the project's.
    const german = await app.newPage(undefined, { locale: 'de-AT' });
    await openApp(german, '/login');
    await german.waitForSelector('form button[type=submit]:has-text("Anmelden")');
    await german.context().close();
    await admin.context().close();
  });

  it('writes the dates of the articles table in the signed-in user’s locale', async () => {
    const admin = await signedIn(app, ADMIN.email, ADMIN.password);
    const editor = (await api(admin, 'GET', `users?filter[email][eq]=${encodeURIComponent(EDITOR.email)}`))
      .data[0];
    expect((await api(admin, 'PATCH', `users/${editor.id}`, { locale: 'ja-JP' })).status).toBe(200);
    await admin.context().close();

    const page = await app.newPage(undefined, { locale: 'de-DE' });
    await openApp(page, '/login');
    await signIn(page, EDITOR.email, EDITOR.password);
    await page.waitForSelector('.module-bar');
    await openApp(page, '/test/collections/articles');
    await page.waitForSelector('.listing [data-state="loaded"] [role="row"][aria-rowindex="2"]');
    await page.waitForFunction(() => document.documentElement.lang === 'ja-JP');
    const times = await page.locator('.listing [role="row"][aria-rowindex="2"] time').allTextContents();
    expect(times.length).toBeGreaterThan(0);
    // Japanese order and a 24-hour clock: 2024/8/21 18:30:00.
    for (const text of times) expect(text).toMatch(/^\d{4}\/\d{1,2}\/\d{1,2}( \d{1,2}:\d{2}:\d{2})?$/);
    expect(await checkA11y(page)).toEqual([]);
    await page.context().close();
  });
});

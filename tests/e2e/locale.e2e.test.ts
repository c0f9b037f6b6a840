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

  it("shows the login page in the browser's language, without English first", async () => {
    const page = await app.newPage(undefined, { locale: 'de-DE' });
    // Every moment the English heading is visible before the German catalogue arrives is recorded.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { englishSeen: string[] }).englishSeen = seen;
      new MutationObserver(() => {
        const panel = document.querySelector('.public__panel');
        const style = panel ? getComputedStyle(panel) : null;
        const shown = style !== null && style.visibility === 'visible' && style.opacity !== '0';
        if (panel && shown && /Sign in/.test(panel.textContent ?? '')) seen.push(panel.textContent ?? '');
      }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await openApp(page, '/login');
    await page.waitForSelector('.public:not(.public--settling) #login-email');
    // Shown at last, in German from its first visible moment, with the email field focused.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-email');
    expect(await page.locator('form button[type=submit]').innerText()).toBe('Anmelden');
    expect(await page.evaluate(() => (window as unknown as { englishSeen: string[] }).englishSeen)).toEqual(
      [],
    );
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

  it('shows a created-on cell in the profile’s time zone, and in the new zone once My profile changes it', async () => {
    const admin = await signedIn(app, ADMIN.email, ADMIN.password);
    const editor = (await api(admin, 'GET', `users?filter[email][eq]=${encodeURIComponent(EDITOR.email)}`))
      .data[0];
    expect(
      (await api(admin, 'PATCH', `users/${editor.id}`, { locale: 'en-US', timezone: 'Europe/Berlin' }))
        .status,
    ).toBe(200);
    // The editor's own view of articles: the title and when each was created.
    const preset = await api(admin, 'POST', 'collection_presets', {
      collection: 'articles',
      user: editor.id,
      view_type: 'tabular',
      view_query: { tabular: { fields: 'title,created_on', sort: 'id' } },
    });
    expect(preset.status).toBe(200);
    const first = (await api(admin, 'GET', 'items/articles?sort=id&limit=1&fields=id,created_on')).data[0];
    await admin.context().close();
    // A created-on value is an instant (ISO with an offset).
    expect(first.created_on).toMatch(/(Z|[+-]\d{2}:?\d{2})$/);

    const page = await app.newPage(undefined, { locale: 'en-US' });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openApp(page, '/login');
    await signIn(page, EDITOR.email, EDITOR.password);
    await page.waitForSelector('.module-bar');
    const cell = page.locator('.listing [role="row"][aria-rowindex="2"] time');
    const writtenIn = (zone: string) =>
      page.evaluate(
        ([iso, timeZone]) => new Date(iso).toLocaleString('en-US', { timeZone }),
        [first.created_on as string, zone],
      );
    const berlin = await writtenIn('Europe/Berlin');
    const newYork = await writtenIn('America/New_York');
    expect(berlin).not.toBe(newYork);

    await openApp(page, '/test/collections/articles');
    await page.waitForSelector('.listing [data-state="loaded"] [role="row"][aria-rowindex="2"]');
    await page.waitForFunction(
      (text) => document.querySelector('.listing [role="row"][aria-rowindex="2"] time')?.textContent === text,
      berlin,
    );

    await openApp(page, '/test/me');
    await page.locator('#profile-timezone').waitFor();
    await page.selectOption('#profile-timezone', 'America/New_York');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Your profile was saved').first().waitFor();

    await openApp(page, '/test/collections/articles');
    await page.waitForSelector('.listing [data-state="loaded"] [role="row"][aria-rowindex="2"]');
    await page.waitForFunction(
      (text) => document.querySelector('.listing [role="row"][aria-rowindex="2"] time')?.textContent === text,
      newYork,
    );
    expect(await cell.textContent()).toBe(newYork);
    await page.context().close();
  });

  it('gives a signed-in user without a locale the project’s default_locale', async () => {
    const admin = await signedIn(app, ADMIN.email, ADMIN.password);
    const setting = (await api(admin, 'GET', 'settings?filter[key][eq]=default_locale')).data[0];
    expect((await api(admin, 'PATCH', `settings/${setting.id}`, { value: 'de-DE' })).status).toBe(200);
    const editor = (await api(admin, 'GET', `users?filter[email][eq]=${encodeURIComponent(EDITOR.email)}`))
      .data[0];
    expect((await api(admin, 'PATCH', `users/${editor.id}`, { locale: null })).status).toBe(200);
    await admin.context().close();

    // An unsupported browser language: the login page speaks the project's default already.
    const page = await app.newPage(undefined, { locale: 'sw-KE' });
    await openApp(page, '/login');
    await page.waitForSelector('form button[type=submit]:has-text("Anmelden")');
    await signIn(page, EDITOR.email, EDITOR.password);
    await page.waitForSelector('.module-bar');
    await page.waitForFunction(() => document.documentElement.lang === 'de-DE');
    await page.context().close();
  });

  it('has every string of the listing and the item page on first render, in en-US and in de-DE', async () => {
    for (const locale of ['en-US', 'de-DE']) {
      const admin = await signedIn(app, ADMIN.email, ADMIN.password);
      const me = (await api(admin, 'GET', 'users/me')).data;
      expect((await api(admin, 'PATCH', `users/${me.id}`, { locale })).status).toBe(200);
      await admin.context().close();

      const page = await app.newPage(undefined, { locale });
      const missing: string[] = [];
      page.on('console', (message) => {
        if (message.text().includes('[i18n] missing message')) missing.push(message.text());
      });
      // A key shown before its catalogue arrives would be caught by this observer even if replaced later.
      await page.addInitScript(() => {
        const keys =
          /\b(browse|edit|sidebar|bookmarks|conflicts|interfaces|layouts)\.[a-z0-9_]+\.[a-z0-9_.]+/;
        const seen: string[] = [];
        (window as unknown as { __keysSeen: string[] }).__keysSeen = seen;
        new MutationObserver(() => {
          const found = keys.exec(document.body?.innerText ?? '');
          if (found) seen.push(found[0]);
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      await openApp(page, '/login');
      await signIn(page, ADMIN.email, ADMIN.password);
      await page.waitForSelector('.module-bar');
      await page.waitForFunction((wanted) => document.documentElement.lang === wanted, locale);
      await openApp(page, '/test/collections/articles');
      await page.waitForSelector('.listing [data-state="loaded"] [role="row"][aria-rowindex="2"]');
      await openApp(page, '/test/collections/articles/1');
      await page.waitForSelector('.item-page .octavo-form');
      await page.waitForLoadState('networkidle');
      expect(missing).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { __keysSeen: string[] }).__keysSeen)).toEqual(
        [],
      );
      await page.context().close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, EDITOR, openApp, routeOf, signIn, startApp, type E2eApp } from './helpers';

describe('the shell', () => {
  let app: E2eApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows the module bar, the collections and tracks the page', async () => {
    const page = await app.newPage();
    await openApp(page, '/login');
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForSelector('.module-bar');
    expect(await page.isVisible('[data-module="collections"]')).toBe(true);
    expect(await page.isVisible('[data-module="users"]')).toBe(true);
    expect(await page.isVisible('[data-module="files"]')).toBe(true);
    expect(await page.isVisible('[data-module="settings"]')).toBe(true);
    const links = await page.locator('.nav-sidebar .nav-link').allTextContents();
    expect(links).toContain('Articles');
    expect(links).toEqual([...links].sort((a, b) => a.localeCompare(b)));
    await page.click('.nav-sidebar .nav-link:has-text("Articles")');
    await page.waitForFunction(() => location.hash === '#/test/collections/articles');
    await expect
      .poll(
        async () =>
          (await app.server.project.knex('directus_users').where('email', ADMIN.email).first('last_page'))
            .last_page,
      )
      .toBe('/test/collections/articles');
    // The latency ping one second after navigation lights the signal.
    await page.waitForSelector('.signal__bar--on', { timeout: 5000 });
    await page.close();
  });

  it('hides admin settings from an editor', async () => {
    const page = await app.newPage();
    await openApp(page, '/login');
    await signIn(page, EDITOR.email, EDITOR.password);
    await page.waitForSelector('.module-bar');
    expect(await page.isVisible('[data-module="settings"]')).toBe(false);
    await page.close();
  });

  it('shows the not-found page with "No settings" in the info sidebar', async () => {
    const page = await app.newPage();
    await openApp(page, '/login');
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForSelector('.module-bar');
    await openApp(page, '/test/no/such/page/here');
    await page.waitForSelector('h1:has-text("Page Not Found")');
    await page.click('[aria-controls="info-sidebar"]');
    expect(await page.textContent('#info-sidebar')).toContain('No settings');
    // Sidebars close on navigation.
    await page.click('[data-module="collections"]');
    await page.waitForFunction(() => location.hash === '#/test/collections');
    expect(await page.isVisible('#info-sidebar')).toBe(false);
    expect(routeOf(page)).toBe('/test/collections');
    await page.close();
  });

  it('opens the statechart viewer for admins', async () => {
    const page = await app.newPage();
    await openApp(page, '/login');
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForSelector('.module-bar');
    await openApp(page, '/statecharts');
    await page.waitForSelector('.shell__viewer');
    await page.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, checkA11y, EDITOR, openApp, routeOf, signIn, startApp, type E2eApp } from './helpers';

/** One server and browser for the shell and the design system checks. */
let app: E2eApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

describe('the shell', () => {
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

/** Switches the signed-in page's theme the way the app does (a class on body). */
async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => {
    document.body.classList.remove('theme-auto', 'theme-light', 'theme-dark');
    document.body.classList.add(`theme-${value}`);
  }, theme);
}

describe('the design system in the browser', () => {
  async function signedIn(who = ADMIN) {
    const page = await app.newPage();
    await openApp(page, '/login');
    await signIn(page, who.email, who.password);
    await page.waitForSelector('.module-bar');
    return page;
  }

  it('draws icons as glyphs of the self-hosted Material Symbols font', async () => {
    const page = await signedIn();
    await page.waitForFunction(async () => {
      await document.fonts.ready;
      return document.fonts.check('24px "Material Symbols Outlined"');
    });
    const sizes = await page.$$eval('.module-bar .octavo-symbol', (icons) =>
      icons.map((icon) => {
        const box = icon.getBoundingClientRect();
        return {
          width: box.width,
          font: parseFloat(getComputedStyle(icon).fontSize),
          name: icon.dataset.icon,
        };
      }),
    );
    expect(sizes.length).toBeGreaterThan(3);
    for (const size of sizes) expect(Math.abs(size.width - size.font)).toBeLessThanOrEqual(2);
    // The glyph itself is one em wide: a name drawn as text would be many times wider.
    const drawn = await page.$eval('[data-module="settings"] .octavo-symbol', (icon) => {
      const probe = document.createElement('span');
      probe.className = icon.className;
      probe.style.cssText = 'position:absolute;width:auto;height:auto;overflow:visible;font-size:24px';
      probe.dataset.icon = 'settings_backup_restore';
      document.body.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      return width;
    });
    expect(drawn).toBeLessThan(30);
    await page.close();
  });

  it('shows the users status badge in readable colours', async () => {
    const page = await signedIn();
    await openApp(page, '/test/users');
    // The users are listed as cards (the system preset); the status badge is a column of the table.
    await page.waitForSelector('.octavo-cards__card');
    if ((await page.locator('.listing-view-options').count()) === 0)
      await page.click('.page-header__info-toggle');
    await page.selectOption('.listing-view-options select[aria-label="Layout"]', 'tabular');
    const badge = page.locator('.octavo-badge').first();
    await badge.waitFor();
    const colours = await badge.evaluate((el) => {
      const style = getComputedStyle(el);
      return { text: style.color, background: style.backgroundColor };
    });
    expect(colours.background).not.toBe('rgba(0, 0, 0, 0)');
    expect(colours.background).not.toBe('transparent');
    expect(colours.text).not.toBe(colours.background);
    await page.close();
  });

  it('opens the settings home from the gear for an admin', async () => {
    const page = await signedIn();
    await page.click('[data-module="settings"]');
    await page.waitForSelector('h1:has-text("Settings")');
    expect(await page.isVisible('text=Page Not Found')).toBe(false);
    expect(await page.textContent('.settings-facts')).toContain('test');
    await page.click('a.octavo-card:has-text("UI Gallery")');
    await page.waitForSelector('h1:has-text("UI Gallery")');
    await page.close();
  });

  it('keeps the settings home and the gallery from an editor', async () => {
    const page = await signedIn(EDITOR);
    expect(await page.isVisible('[data-module="settings"]')).toBe(false);
    await openApp(page, '/test/settings');
    await page.waitForSelector('h1:has-text("Page Not Found")');
    await openApp(page, '/gallery');
    await page.waitForSelector('h1:has-text("Page Not Found")');
    await page.close();
  });

  it('passes axe on the gallery and the settings home, light and dark', async () => {
    const page = await signedIn();
    for (const theme of ['light', 'dark'] as const) {
      await openApp(page, '/test/settings');
      await page.waitForSelector('.settings-facts');
      await setTheme(page, theme);
      expect(await checkA11y(page), `settings home, ${theme}`).toEqual([]);
      await openApp(page, '/gallery');
      await page.waitForSelector('#gallery-inputs');
      await page.selectOption('#gallery-theme', theme);
      await page.waitForFunction((value) => document.body.classList.contains(`theme-${value}`), theme);
      expect(await checkA11y(page), `gallery, ${theme}`).toEqual([]);
    }
    await page.close();
  });
});

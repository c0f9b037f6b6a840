import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accent } from '../../app/i18n/pseudo';
import { ADMIN, api, openApp, signIn, startApp, type E2eApp } from './helpers';
import { audit, dataStrings, technicalNames, timeZoneTexts, type Finding } from './pseudo-audit';

/**
 * The app in the pseudo-locale (issue 15; `app/i18n/pseudo.ts`): a user whose locale is `en-XA` sees every
 * catalogue message accented, 40 % longer and wrapped in ⟦…⟧. The test walks the main screens at 1440 and
 * 760 px and fails on any visible text that is neither a message nor data, and on a message that a fixed
 * width clips without an ellipsis and a title. The rules are in `pseudo-audit.ts`.
 */
const PSEUDO = 'en-XA';
const WIDTHS = [1440, 760];

let app: E2eApp;
let page: Page;
let allowed: string[];

beforeAll(async () => {
  app = await startApp();
  page = await app.newPage({ width: 1440, height: 900 });
  await openApp(page, '/login');
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.waitForSelector('.module-bar');
  expect((await api(page, 'PATCH', 'users/me', { locale: PSEUDO })).status).toBe(200);
  await page.reload();
  await page.waitForFunction((tag) => document.documentElement.lang === tag, PSEUDO);
  await page.waitForSelector('.module-bar');
  allowed = [...(await dataStrings(page)), ...(await technicalNames()), ...(await timeZoneTexts(page))];
}, 180_000);
afterAll(async () => {
  await app?.close();
});

/** Waits until the screen has drawn: its own element, and no spinner left. */
async function settle(target: Page, selector: string) {
  await target.waitForSelector(selector);
  await target.waitForFunction(() => !document.querySelector('.octavo-spinner'));
}

const describeFindings = (findings: Finding[]) =>
  findings.map((f) => `${f.rest ? `"${f.rest}" in ` : ''}"${f.text}" at ${f.where}`);

/** Opens a screen at each width and returns what the audit finds, labelled with the width. */
async function walk(path: string, selector: string, then?: () => Promise<void>) {
  const untranslated: string[] = [];
  const clipped: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // A fresh load each time (the same hash route again would not reload the page).
    await page.goto('about:blank');
    await openApp(page, path);
    await settle(page, selector);
    if (then) await then();
    const found = await audit(page, allowed);
    untranslated.push(...describeFindings(found.untranslated).map((line) => `${width}px: ${line}`));
    clipped.push(...describeFindings(found.clipped).map((line) => `${width}px: ${line}`));
  }
  return { untranslated, clipped };
}

describe('the pseudo-locale', () => {
  it('is in effect: the page says en-XA and the messages are marked', async () => {
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(PSEUDO);
    const label = await page.locator('.module-bar [aria-label]').first().getAttribute('aria-label');
    expect(label).toMatch(/^⟦.+⟧$/);
  });

  it('finds an unmarked text, an unmarked label and a clipped message (the checks can fail)', async () => {
    await openApp(page, '/test/collections');
    await settle(page, '.page-main');
    await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.id = 'pseudo-probe';
      probe.innerHTML =
        '<p>Plain words</p><button aria-label="Close it">⟦x⟧</button>' +
        '<div style="width: 60px; overflow: hidden; white-space: nowrap">⟦Ţëẋţ ţöö ļöñĝ ţö ƒíţ ļöŕëɱ⟧</div>' +
        '<div style="width: 60px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis" title="⟦Ţ⟧">' +
        '⟦Ţëẋţ ţöö ļöñĝ ţö ƒíţ, çüţ ŵíţĥ áñ ëļļíþšíš⟧</div>';
      document.querySelector('.page-main')!.append(probe);
    });
    const found = await audit(page, allowed);
    await page.evaluate(() => document.getElementById('pseudo-probe')?.remove());
    expect(found.untranslated.map((f) => f.rest)).toEqual(['Plain words', 'Close it']);
    expect(found.clipped.map((f) => f.text)).toEqual(['Ţëẋţ ţöö ļöñĝ ţö ƒíţ ļöŕëɱ']);
  });

  const screens: [string, string, string][] = [
    ['the listing of a demo collection', '/test/collections/articles', '.octavo-vtable__row'],
    ['an item page', '/test/collections/articles/1', '.item-page .octavo-form'],
    ['a new item', '/test/collections/articles/+', '.item-page .octavo-form'],
    ['the settings home', '/test/settings', '.settings-section'],
    ["a collection's fields", '/test/settings/collections/articles', '[data-testid="designer-fields"]'],
    ['the roles', '/test/settings/roles', '.roles-table'],
    ['a role page', '/test/settings/roles/3', '.role-page__section-head'],
    ['the project settings', '/test/settings/global', '.settings-form .octavo-form'],
    ['the file library', '/test/files', '.page-main'],
    ['the users', '/test/users', '.page-main'],
    ['the activity', '/test/activity', '.activity-entry'],
    ['my profile', '/test/me', '.octavo-form'],
  ];
  for (const [name, path, selector] of screens) {
    it(`shows only marked messages and data on ${name}, unclipped`, async () => {
      const found = await walk(path, selector);
      expect(found.untranslated).toEqual([]);
      expect(found.clipped).toEqual([]);
    });
  }

  it('shows only marked messages and data in the field wizard, unclipped', async () => {
    allowed.push('pseudo_note', 'Pseudo Note');
    const steps: string[] = [];
    const found = await walk(
      '/test/settings/collections/articles',
      '[data-testid="designer-fields"]',
      async () => {
        await page.click('.designer-section__head button');
        await settle(page, '[data-testid="wizard-step-interface"]');
        const first = await audit(page, allowed);
        steps.push(...describeFindings([...first.untranslated, ...first.clipped]));
        await page.click('button[data-interface="text-input"]');
        await page.locator('.octavo-modal button', { hasText: accent('Next') }).click();
        await settle(page, '[data-testid="wizard-step-schema"]');
        const second = await audit(page, allowed);
        steps.push(...describeFindings([...second.untranslated, ...second.clipped]));
        // The name typed here is data.
        await page.fill('#wizard-name', 'pseudo_note');
        await page.locator('.octavo-modal button', { hasText: accent('Next') }).click();
        // The options step is audited by `walk` itself.
        await settle(page, '[data-testid="wizard-step-options"]');
      },
    );
    expect(steps).toEqual([]);
    expect(found.untranslated).toEqual([]);
    expect(found.clipped).toEqual([]);
  });

  it('shows only marked messages and data on the login page of a browser in the pseudo-locale', async () => {
    for (const width of WIDTHS) {
      const visitor = await app.newPage({ width, height: 900 }, { locale: PSEUDO });
      await openApp(visitor, '/login');
      await visitor.waitForFunction((tag) => document.documentElement.lang === tag, PSEUDO);
      await settle(visitor, '#login-email');
      await visitor.waitForSelector('.public__footer:has-text("⟦")');
      const found = await audit(visitor, allowed);
      expect(describeFindings(found.untranslated), `${width}px`).toEqual([]);
      expect(describeFindings(found.clipped), `${width}px`).toEqual([]);
      await visitor.context().close();
    }
  });

  it('is not offered to a browser in English: the login page stays en-US', async () => {
    const visitor = await app.newPage({ width: 1440, height: 900 }, { locale: 'en-GB' });
    await openApp(visitor, '/login');
    await visitor.waitForSelector('#login-email');
    await visitor.waitForFunction(() => document.documentElement.lang === 'en-GB');
    expect(await visitor.locator('.public__footer').textContent()).not.toContain('⟦');
    await visitor.context().close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, openApp, signIn, signedIn, startApp, type E2eApp } from './helpers';
import { expectAccessible } from './settings-helpers';

/**
 * The definitions' text and the server's errors in the user's language (issue #15): a de-DE
 * administrator sees the field wizard's interface picker and an option's label in German, and a
 * server error with the catalogue's German message (the server's own words beside it).
 */
describe('definitions and errors in German', () => {
  let app: E2eApp;
  beforeAll(async () => {
    app = await startApp();
    const admin = await signedIn(app, ADMIN.email, ADMIN.password);
    const me = (await api(admin, 'GET', 'users/me')).data;
    expect((await api(admin, 'PATCH', `users/${me.id}`, { locale: 'de-DE' })).status).toBe(200);
    await admin.context().close();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows the interface picker and the options form of the field wizard in German', async () => {
    const page = await app.newPage(undefined, { locale: 'en-US' });
    await openApp(page, '/login');
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForSelector('.module-bar');
    await openApp(page, '/test/settings/collections/articles');
    await page.waitForFunction(() => document.documentElement.lang === 'de-DE');
    await page.click('button:has-text("Feld hinzufügen")');
    await page.waitForSelector('[data-testid="wizard-step-interface"]');
    // The picker's names come from the de-DE definitions catalogue.
    await page.waitForSelector('button[data-interface="text-input"]:has-text("Texteingabe")');
    await page.waitForSelector('button[data-interface="slider"]:has-text("Schieberegler")');
    expect(await page.locator('button[data-interface="text-input"]').textContent()).not.toContain(
      'Text input',
    );
    // Searching finds an interface by its German name.
    await page.fill('#wizard-interface-search', 'schiebe');
    await page.waitForSelector('button[data-interface="slider"]');
    expect(await page.locator('button[data-interface="text-input"]').count()).toBe(0);
    await page.fill('#wizard-interface-search', '');
    await page.click('button[data-interface="text-input"]');
    await page.click('.octavo-modal button:has-text("Weiter")');
    await page.waitForSelector('[data-testid="wizard-step-schema"]');
    await page.fill('#wizard-name', 'untertitel');
    await page.click('.octavo-modal button:has-text("Weiter")');
    await page.waitForSelector('[data-testid="wizard-step-options"]');
    // An option's label and another's in German, not the definition's English.
    await page.waitForSelector('[data-testid="wizard-step-options"] label:has-text("Platzhalter")');
    await page.waitForSelector('[data-testid="wizard-step-options"] label:has-text("Leerzeichen entfernen")');
    expect(await page.locator('[data-testid="wizard-step-options"]').textContent()).not.toContain(
      'Placeholder',
    );
    await expectAccessible(page, 'wizard options in German');
    await page.context().close();
  });

  it("shows a server error with the catalogue's German message and the server's detail", async () => {
    const page = await app.newPage(undefined, { locale: 'en-US' });
    await openApp(page, '/login');
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForSelector('.module-bar');
    await openApp(page, '/test/settings/collections');
    await page.click('button:has-text("Neue Sammlung")');
    await page.waitForSelector('#new-collection-name');
    // Someone else creates the collection meanwhile: this page's schema does not know it yet.
    const other = await signedIn(app, ADMIN.email, ADMIN.password);
    expect(
      (
        await api(other, 'POST', 'collections', {
          collection: 'race_demo',
          fields: [
            {
              field: 'id',
              type: 'integer',
              datatype: 'INT',
              interface: 'primary-key',
              primary_key: true,
              auto_increment: true,
            },
          ],
        })
      ).status,
    ).toBe(200);
    await other.context().close();
    await page.fill('#new-collection-name', 'race_demo');
    await page.click('[data-testid="create-collection"]');
    const notice = page.locator('.octavo-modal [role="alert"]');
    await notice.waitFor();
    const text = (await notice.textContent()) ?? '';
    expect(text).toContain('Die Sammlung existiert bereits');
    // The server's more specific words stay visible beside the translation.
    expect(text).toContain('race_demo');
    await expectAccessible(page, 'error in German');
    await page.context().close();
  });
});

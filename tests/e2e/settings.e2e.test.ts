import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, EDITOR, openApp, signedIn, startApp, type E2eApp } from './helpers';
import { expectAccessible as noSeriousViolations, startReceiver } from './settings-helpers';

describe('the settings area', () => {
  let app: E2eApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  it('lets an administrator change the project settings, which the shell shows at once', async () => {
    const page = await signedIn(app, ADMIN.email, ADMIN.password);
    await openApp(page, '/test/settings');
    await page.getByRole('link', { name: /Project settings/ }).click();
    const name = page.locator('#settings-project_name');
    await name.waitFor();
    await noSeriousViolations(page);

    await name.fill('Harbour Gazette');
    await page.locator('#settings-default_limit').fill('40');
    const logoTile = page.locator('.module-bar__logo');
    const before = await logoTile.evaluate((node) => getComputedStyle(node).backgroundColor);
    await page.locator('#settings-project_color').fill('#aa3311');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Settings saved').waitFor();

    const rows = (await api<Array<{ key: string; value: unknown }>>(page, 'GET', 'settings?limit=-1')).data;
    const value = (key: string) => rows.find((row) => row.key === key)?.value;
    expect(value('project_name')).toBe('Harbour Gazette');
    expect(value('default_limit')).toBe(40);
    expect(String(value('project_color')).toLowerCase()).toBe('#aa3311');
    // The module bar's tile takes the project colour without a reload.
    await page.waitForFunction(
      (previous) =>
        getComputedStyle(document.querySelector('.module-bar__logo')!).backgroundColor !== previous,
      before,
    );
    expect(await logoTile.evaluate((node) => getComputedStyle(node).backgroundColor)).toBe(
      'rgb(170, 51, 17)',
    );

    // Unsaved changes ask before leaving.
    await name.fill('Half typed');
    await page.locator('.page-header__breadcrumb').getByRole('link', { name: 'Settings' }).click();
    await page.getByText('Leave without saving?').waitFor();
    await page.getByRole('button', { name: 'Keep editing' }).click();
    expect(await name.inputValue()).toBe('Half typed');
    await page.close();
  });

  it('creates a webhook, sends a test and shows each delivery in its log', async () => {
    const page = await signedIn(app, ADMIN.email, ADMIN.password);
    await openApp(page, '/test/settings');
    await page.getByRole('link', { name: /Webhooks/ }).click();
    await page.waitForSelector('.listing');
    await openApp(page, '/test/settings/webhooks/+');
    const field = (name: string) => page.locator(`#field-${name}`);
    await field('url').waitFor();
    await field('url').fill(receiver.url);
    await field('http_action').selectOption('post');
    await field('collection').selectOption('articles');
    await field('directus_action').selectOption('item.update:after');
    await page.getByRole('radio', { name: 'Active', exact: true }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // Saving a new item returns to the listing; the webhook's page holds its deliveries.
    await page.getByRole('row', { name: new RegExp(receiver.url) }).click();
    await page.waitForFunction(() => /settings\/webhooks\/\d+$/.test(window.location.hash));
    const deliveries = page.getByRole('region', { name: 'Deliveries' });
    await deliveries.getByText(/Nothing has been sent yet/).waitFor();
    await noSeriousViolations(page);

    await deliveries.getByRole('button', { name: 'Send test' }).click();
    await page.getByText('Test delivered: the receiver answered 200').waitFor();
    await deliveries.getByRole('cell', { name: 'Delivered (200)' }).first().waitFor();
    expect(receiver.received.map((hit) => hit.event)).toEqual(['test']);

    // A real event: an article updated through the API reaches the receiver and the log.
    await api(page, 'PATCH', 'items/articles/1', { title: 'Updated for the webhook' });
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
    expect(JSON.parse(receiver.received[1].body)).toMatchObject({ id: 1, title: 'Updated for the webhook' });
    await deliveries.getByRole('button', { name: 'Refresh' }).click();
    await deliveries.getByRole('cell', { name: 'Updated item 1' }).waitFor();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await noSeriousViolations(page);
    await page.close();
  });

  it('keeps every settings route from non-administrators', async () => {
    const page = await signedIn(app, EDITOR.email, EDITOR.password);
    for (const path of ['/test/settings', '/test/settings/global', '/test/settings/webhooks']) {
      await openApp(page, path);
      await page.locator('h1', { hasText: 'Page Not Found' }).waitFor();
    }
    const answer = await api(page, 'GET', 'webhooks/1/deliveries');
    expect(answer.status).toBe(401);
    await page.close();
  });
});

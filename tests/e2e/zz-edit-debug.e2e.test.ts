import { it } from 'vitest';
import { ADMIN, openApp, signIn, startApp } from './helpers';

it('debug', async () => {
  const app = await startApp();
  try {
    const page = await app.newPage();
    page.on('dialog', (d) => { console.log('DIALOG', d.type()); void d.dismiss(); });
    page.on('console', (m) => console.log('CONSOLE', m.text()));
    page.on('framenavigated', (f) => console.log('NAV', f.url()));
    await openApp(page, '/login');
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForSelector('.module-bar');
    await openApp(page, '/test/collections/articles');
    await page.evaluate(() => (location.hash = '#/test/collections/articles/7'));
    await page.waitForSelector('.item-page .octavo-form');
    await page.fill('.octavo-field[data-field="title"] input', 'Edited title');
    await page.waitForTimeout(300);
    console.log('SAVE disabled?', await page.isDisabled('.item-save__main'));
    await page.evaluate(() => {
      window.addEventListener('hashchange', (e) => console.log('hashchange seen', e.oldURL, e.newURL), true);
      window.addEventListener('popstate', () => console.log('popstate', location.hash));
    });
    await page.goBack();
    await page.waitForTimeout(1000);
    console.log('HASH', await page.evaluate(() => location.hash), await page.locator('[role=dialog]').count());
  } finally {
    await app.close();
  }
});

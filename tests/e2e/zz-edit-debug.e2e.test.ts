import { it } from 'vitest';
import { ADMIN, openApp, signIn, startApp } from './helpers';

it('debug', async () => {
  const app = await startApp();
  try {
    const page = await app.newPage();
    await openApp(page, '/login');
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForSelector('.module-bar');
    await openApp(page, '/test/collections/articles/7');
    await page.waitForSelector('.item-page .octavo-form');
    await page.waitForTimeout(500);
    await page.screenshot({ path: '/tmp/dbg/full.png', fullPage: true });
    await page.locator('.octavo-field[data-field="title"]').hover();
    await page.click('button[aria-label="More save options"]');
    await page.screenshot({ path: '/tmp/dbg/menu.png' });
    await page.keyboard.press('Escape');
    await openApp(page, '/test/collections/reviews/3');
    await page.waitForSelector('.item-page .octavo-form');
    await page.click('.octavo-field[data-field="article"] button[aria-label="Choose an item"]');
    await page.waitForSelector('.item-picker__choose');
    await page.screenshot({ path: '/tmp/dbg/picker.png' });
  } finally {
    await app.close();
  }
});

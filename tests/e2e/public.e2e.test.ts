import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, generateSecret } from 'otplib';
import { ADMIN, EDITOR, SUPER_ADMIN_TOKEN, openApp, routeOf, signIn, startApp, type E2eApp } from './helpers';

describe('public pages', () => {
  let app: E2eApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('loads the login page with less than 120 KB of gzipped JavaScript', async () => {
    const page = await app.newPage();
    const scripts: Promise<{ body: Buffer; encoding?: string; sent: number }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const encoding = response.headers()['content-encoding'];
      scripts.push(
        Promise.all([response.body(), response.request().sizes()]).then(([body, sizes]) => ({
          body,
          encoding,
          sent: sizes.responseBodySize,
        })),
      );
    });
    await openApp(page, '/login');
    await page.waitForSelector('#login-email');
    await page.waitForLoadState('networkidle');
    const loaded = await Promise.all(scripts);
    const gzipped = loaded.reduce((sum, { body }) => sum + gzipSync(body, { level: 9 }).length, 0);
    expect(gzipped).toBeLessThan(120 * 1024);
    // The server sends the build's brotli copies (all but scripts too small to gain from one), so what
    // crosses the network is smaller still.
    const large = loaded.filter(({ body }) => body.length >= 1024);
    expect(large.length).toBeGreaterThan(0);
    expect(large.map(({ encoding }) => encoding)).toEqual(large.map(() => 'br'));
    expect(loaded.reduce((sum, { sent }) => sum + sent, 0)).toBeLessThan(gzipped);
    await page.close();
  });

  it('sends a visitor to /login with the original path, then there after signing in', async () => {
    const page = await app.newPage();
    await openApp(page, '/test/collections/articles');
    await page.waitForSelector('#login-email');
    expect(routeOf(page)).toBe('/login?redirect=/test/collections/articles');
    await signIn(page, ADMIN.email, 'not the password');
    const alert = page.locator('[role=alert][data-code="100"]');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Incorrect Email/Password');
    // 100 focuses and selects the password.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-password');
    await page.fill('#login-password', ADMIN.password);
    await page.click('form button[type=submit]');
    await page.waitForSelector('.module-bar');
    expect(routeOf(page)).toBe('/test/collections/articles');
    await page.close();
  });

  it('asks for the one-time code of a user with 2FA and signs in with it', async () => {
    const secret = generateSecret();
    await app.server.project
      .knex('directus_users')
      .where('email', EDITOR.email)
      .update({ '2fa_secret': secret });
    const page = await app.newPage();
    await openApp(page, '/login');
    await signIn(page, EDITOR.email, EDITOR.password);
    await page.waitForSelector('#login-otp');
    expect(await page.locator('[role=alert]').textContent()).toBe('Enter One-Time Password');
    const code = await generate({ secret });
    await page.fill('#login-otp', code);
    expect(await page.inputValue('#login-otp')).toBe(`${code.slice(0, 3)}-${code.slice(3)}`);
    await page.fill('#login-password', EDITOR.password);
    await page.click('form button[type=submit]');
    await page.waitForSelector('.module-bar');
    expect(routeOf(page)).toBe('/test/collections');
    await page.close();
  });

  it('shows the error query parameter, then removes it', async () => {
    const page = await app.newPage();
    await openApp(page, '/login?error=1&code=107');
    const alert = page.locator('[role=alert][data-code="107"]');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('User Not Found');
    await page.waitForFunction(() => !location.hash.includes('error='));
    expect(routeOf(page)).toBe('/login');
    await page.close();
  });

  it('signs out from the module bar after confirming, and lands on /login', async () => {
    const page = await app.newPage();
    await openApp(page, '/login');
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForSelector('.module-bar');
    // Sign-out asks first (spec §4): Cancel keeps the session, Sign out ends it.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign out?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(routeOf(page)).not.toBe('/login');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await dialog.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForSelector('#login-email');
    await page.waitForFunction(() => location.hash === '#/login');
    expect(routeOf(page)).toBe('/login');
    // The session is gone: a private route goes back to /login.
    await openApp(page, '/test/collections');
    await page.waitForSelector('#login-email');
    expect(routeOf(page)).toBe('/login?redirect=/test/collections');
    await page.close();
  });

  it('requests a password reset link', async () => {
    const page = await app.newPage();
    await openApp(page, '/login');
    await page.click('text=Forgot password');
    await page.waitForSelector('#reset-email');
    expect(routeOf(page)).toMatch(/^\/reset-password/);
    await page.close();
  });

  it('keeps wrong install tokens in place', async () => {
    const page = await app.newPage();
    await openApp(page, '/install');
    await page.fill('#install-project', 'second');
    await page.click('button[type=submit]');
    await page.click('button[type=submit]');
    await page.fill('#install-user_email', 'second@example.com');
    await page.fill('#install-user_password', 'second password');
    await page.click('button[type=submit]');
    await page.fill('#install-super_admin_token', `${SUPER_ADMIN_TOKEN}-wrong`);
    await page.click('button[type=submit]');
    const alert = page.locator('[role=alert]');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Wrong super admin password');
    expect(await page.isVisible('#install-super_admin_token')).toBe(true);
    await page.close();
  });
});

describe('install wizard on a server without projects', () => {
  let app: E2eApp;
  beforeAll(async () => {
    app = await startApp({ install: false });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('goes to /install, installs a SQLite project and signs in to it', async () => {
    const page = await app.newPage();
    await openApp(page, '/');
    await page.waitForSelector('#install-project');
    expect(routeOf(page)).toBe('/install');
    // Errors in place: the key is required.
    await page.click('button[type=submit]');
    expect(await page.textContent('#install-project-error')).toBe('Required');
    await page.fill('#install-project', 'fresh');
    await page.fill('#install-project_name', 'Fresh project');
    await page.click('button[type=submit]');
    expect(await page.inputValue('#install-db_vendor')).toBe('sqlite');
    await page.click('button[type=submit]');
    await page.fill('#install-user_email', 'owner@example.com');
    await page.fill('#install-user_password', 'owner password 1');
    await page.click('button[type=submit]');
    await page.fill('#install-super_admin_token', SUPER_ADMIN_TOKEN);
    await page.click('button[type=submit]');
    await page.waitForSelector('text=The project fresh is installed');
    await page.click('text=Go to sign in');
    await signIn(page, 'owner@example.com', 'owner password 1');
    await page.waitForSelector('.module-bar');
    expect(routeOf(page)).toBe('/fresh/collections');
    await page.close();
  });
});

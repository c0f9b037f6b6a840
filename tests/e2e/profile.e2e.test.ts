import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { ADMIN, EDITOR, api, checkA11y, openApp, signIn, signedIn, startApp, type E2eApp } from './helpers';

/**
 * My profile (issue 13): reached from the avatar by keyboard; theme and locale take effect at once
 * and after a reload; the password change needs the current one; 2FA on with a computed code, sign
 * in with a code, off again; sessions of two browsers and "sign out everywhere"; sign-out asks first.
 */
describe('my profile', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startApp();
  }, 180_000);
  afterAll(async () => {
    await app?.close();
  });

  const now = () => Math.floor(Date.now() / 1000);

  /** Tabs from the top of the page until the module bar's avatar link has the focus, then Enter. */
  async function openProfileByKeyboard(page: Page): Promise<void> {
    await page.locator('body').click({ position: { x: 600, y: 5 } });
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.classList.contains('module-bar__avatar'))) break;
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('#/test/me');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.hash === '#/test/me');
    await page.getByRole('heading', { name: 'My profile', level: 1 }).waitFor();
    await page.locator('#profile-first_name').waitFor();
  }

  const save = async (page: Page) => {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Your profile was saved').first().waitFor();
  };

  it('opens from the module bar by keyboard; the theme applies at once and after a reload', async () => {
    const page = await signedIn(app, EDITOR.email, EDITOR.password);
    await openProfileByKeyboard(page);
    expect(await page.locator('.module-bar__avatar').getAttribute('aria-current')).toBe('page');
    await page.getByRole('radio', { name: 'Dark' }).check();
    // At once, before saving.
    await page.waitForFunction(() => document.body.classList.contains('theme-dark'));
    await save(page);
    await page.reload();
    await page.locator('#profile-first_name').waitFor();
    expect(await page.evaluate(() => document.body.className)).toContain('theme-dark');
    expect(await checkA11y(page)).toEqual([]);
    await page.getByRole('radio', { name: 'Auto' }).check();
    await page.waitForFunction(() => document.body.classList.contains('theme-auto'));
    await save(page);
    await page.close();
  });

  it('uploads an avatar through the file interface; the module bar shows it after saving', async () => {
    const page = await signedIn(app, EDITOR.email, EDITOR.password);
    await openApp(page, '/test/me');
    await page.locator('#profile-first_name').waitFor();
    // A 1×1 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    // Save is enabled once the upload has answered (a click waits for that).
    await save(page);
    await page.locator('.module-bar__avatar img').waitFor();
    const me = await api(page, 'GET', 'users/me?fields=avatar.filename_download');
    expect(me.data.avatar.filename_download).toBe('me.png');
    await page.close();
  });

  it('follows the user’s locale: its catalogue at once, a variant of English keeps its lang, a language without one falls back', async () => {
    const page = await signedIn(app, EDITOR.email, EDITOR.password);
    // A locale the sign-in loads (spec §4): English of Britain, with en-US messages.
    expect((await api(page, 'PATCH', 'users/me', { locale: 'en-GB' })).status).toBe(200);
    await openApp(page, '/test/me');
    await page.reload();
    await page.locator('#profile-first_name').waitFor();
    await page.waitForFunction(() => document.documentElement.lang === 'en-GB');

    // Picked and saved in the form: the language switches at once.
    const pick = async (search: string, option: RegExp) => {
      await page.fill('#profile-locale', search);
      await page.getByRole('option', { name: option }).click();
      await save(page);
    };
    await pick('fr-FR', /fr-FR|French/);
    // French has its catalogue: the page speaks French at once.
    await page.waitForFunction(() => document.documentElement.lang === 'fr-FR');
    await page.getByRole('heading', { name: 'Mon profil', level: 1 }).waitFor();
    expect(await page.getByRole('heading', { name: 'Mot de passe' }).isVisible()).toBe(true);

    // A language without a catalogue (Esperanto): en-US messages, nothing broken.
    expect((await api(page, 'PATCH', 'users/me', { locale: 'eo' })).status).toBe(200);
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'en-US');
    await page.getByRole('heading', { name: 'My profile', level: 1 }).waitFor();
    expect(await page.getByRole('heading', { name: 'Password' }).isVisible()).toBe(true);

    expect((await api(page, 'PATCH', 'users/me', { locale: 'en-GB' })).status).toBe(200);
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'en-GB');
    await pick('en-US', /en-US|English/);
    await page.waitForFunction(() => document.documentElement.lang === 'en-US');
    await page.close();
  });

  it('changes the password only with the right current one, then signs in with the new one', async () => {
    const page = await signedIn(app, EDITOR.email, EDITOR.password);
    await openApp(page, '/test/me');
    const form = page.locator('form.profile__password');
    await form.waitFor();
    const fill = async (current: string, next: string, repeat = next) => {
      await form.locator('input[name=current]').fill(current);
      await form.locator('input[name=new]').fill(next);
      await form.locator('input[name=repeat]').fill(repeat);
    };
    await fill(EDITOR.password, 'brand new password 1', 'something else');
    await form.getByText('The two new passwords are not the same.').waitFor();
    expect(await form.getByRole('button', { name: 'Change password' }).isDisabled()).toBe(true);

    await fill('not my password', 'brand new password 1');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByRole('alert').getByText('The current password is not correct.').waitFor();

    await fill(EDITOR.password, 'brand new password 1');
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password was changed').first().waitFor();
    // Still signed in here.
    expect((await api(page, 'GET', 'users/me?fields=id')).status).toBe(200);

    const other = await app.newPage();
    await openApp(other, '/login');
    await signIn(other, EDITOR.email, EDITOR.password);
    await other.locator('[role=alert]').first().waitFor();
    await other.fill('#login-password', 'brand new password 1');
    await other.click('form button[type=submit]');
    await other.waitForSelector('.module-bar');
    // Back to the demo's password through the same path, for the other tests.
    const back = await api(other, 'POST', 'users/me/password', {
      current_password: 'brand new password 1',
      password: EDITOR.password,
    });
    expect(back.status).toBe(204);
    await other.close();
    await page.close();
  });

  it('turns 2FA on with a computed code, signs in with a code, and turns it off', async () => {
    const page = await signedIn(app, EDITOR.email, EDITOR.password);
    await openApp(page, '/test/me');
    const section = page.locator('section', { has: page.getByRole('heading', { name: /Two-factor/ }) });
    await section.getByRole('button', { name: 'Turn on' }).click();
    await section.getByRole('img', { name: 'QR code of the authenticator key' }).waitFor();
    const secret = (await section.locator('[data-secret]').getAttribute('data-secret'))!;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.fill('#profile-tfa-code', await generate({ secret, epoch: now() }));
    await section.getByRole('button', { name: 'Confirm and turn on' }).click();
    await page.getByText('Two-factor authentication is on').first().waitFor();
    await section.getByText('On: signing in asks for a code').waitFor();

    // Another browser: the password alone is not enough; a code (of the next step: each code works once) is.
    const other = await app.newPage();
    await openApp(other, '/login');
    await signIn(other, EDITOR.email, EDITOR.password);
    await other.waitForSelector('#login-otp');
    await other.fill('#login-otp', await generate({ secret, epoch: now() + 30 }));
    await other.click('form button[type=submit]');
    await other.waitForSelector('.module-bar');
    await other.close();

    await section.getByRole('button', { name: 'Turn off' }).click();
    await page.fill('#profile-tfa-password', 'not my password');
    await section.getByRole('button', { name: 'Turn off' }).click();
    await section.getByText('The password is not correct.').waitFor();
    await page.fill('#profile-tfa-password', EDITOR.password);
    await section.getByRole('button', { name: 'Turn off' }).click();
    await page.getByText('Two-factor authentication is off').first().waitFor();
    await section.getByText('Off: signing in asks only for your password.').waitFor();
    await page.close();
  });

  it('lists the sessions of two browsers; "sign out everywhere" ends both and returns to login', async () => {
    const first = await signedIn(app, ADMIN.email, ADMIN.password);
    const second = await signedIn(app, ADMIN.email, ADMIN.password);
    await openApp(first, '/test/me');
    const rows = first.locator('.profile-sessions__row');
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    expect(await first.locator('.profile-sessions__row', { hasText: 'This session' }).count()).toBe(1);
    expect(await checkA11y(first)).toEqual([]);

    await first.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = first.getByRole('alertdialog', { name: 'Sign out everywhere?' });
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await first.waitForSelector('#login-email');
    await first.waitForFunction(() => location.hash === '#/login');
    // The other browser's session ended too.
    const answer = await api(second, 'GET', 'users/me?fields=id');
    expect(answer.status).toBe(401);
    await first.close();
    await second.close();
  });

  it('signs out one other session from the list', async () => {
    const second = await signedIn(app, ADMIN.email, ADMIN.password);
    const first = await signedIn(app, ADMIN.email, ADMIN.password);
    await openApp(first, '/test/me');
    // The sign-in may have returned to the last page, the profile, before the second session existed.
    await first.reload();
    await first.locator('.profile-sessions__row').nth(1).waitFor();
    await first.getByRole('button', { name: /^Sign out the session on/ }).click();
    await first.getByText('The session was signed out').first().waitFor();
    await first.waitForFunction(() => document.querySelectorAll('.profile-sessions__row').length === 1);
    expect(await first.locator('.profile-sessions__row', { hasText: 'This session' }).count()).toBe(1);
    expect((await api(second, 'GET', 'users/me?fields=id')).status).toBe(401);
    expect((await api(first, 'GET', 'users/me?fields=id')).status).toBe(200);
    await first.close();
    await second.close();
  });

  it('asks before signing out from the module bar', async () => {
    const page = await signedIn(app, EDITOR.email, EDITOR.password);
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign out?' });
    await dialog.waitFor();
    expect(await checkA11y(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect((await api(page, 'GET', 'users/me?fields=id')).status).toBe(200);
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await dialog.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForSelector('#login-email');
    expect((await api(page, 'GET', 'users/me?fields=id')).status).toBe(401);
    await page.close();
  });
});

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQuotedPrintable, startTestSmtp, type TestSmtp } from '../helpers/smtp';
import { ADMIN, api, openApp, signIn, signedIn, startApp, type E2eApp } from './helpers';
import { expectAccessible, go } from './settings-helpers';

/** The user directory (#13): invite through a local SMTP server, accept, change a role, suspend. */
const INVITEE = 'new.writer@example.com';
const INVITEE_PASSWORD = 'a fresh password for the invitee';

/** The app route of the invitation link in a received message (`#/accept-invite?token=…&project=…`). */
function acceptRouteIn(raw: string): string {
  const text = decodeQuotedPrintable(raw).replace(/&amp;/g, '&');
  const match = /https?:\/\/[^\s"<>]+#(\/accept-invite\?[^\s"<>]+)/.exec(text);
  if (!match) throw new Error('no invitation link in the message');
  return match[1];
}

async function userId(page: Page, email: string): Promise<number> {
  const answer = await api<Array<{ id: number }>>(
    page,
    'GET',
    `users?filter[email][eq]=${encodeURIComponent(email)}&fields=id&status=*`,
  );
  return answer.data[0].id;
}

async function openUser(page: Page, id: number) {
  await go(page, `/test/users/${id}`);
  await page.waitForSelector('.user-panel');
  await page.waitForSelector('.item-page .octavo-form');
}

describe('the user directory', () => {
  let app: E2eApp;
  let smtp: TestSmtp;
  let admin: Page;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    app = await startApp({
      config: { mail: { smtpUrl: smtp.url, from: 'Octavo <octavo@example.com>' }, loginRateLimit: 10_000 },
    });
    admin = await signedIn(app, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('lists users as cards with their role and status, and as a table', async () => {
    await go(admin, '/test/users');
    const editorCard = admin.locator('.octavo-cards__card', { hasText: 'Elena Marsh' });
    await editorCard.waitFor();
    expect(await editorCard.locator('.octavo-cards__subtitle').textContent()).toBe(
      'Editor · Octavo Magazine',
    );
    expect(await editorCard.locator('.octavo-cards__content').textContent()).toBe(
      'Editor · editor@example.com',
    );
    expect(await editorCard.locator('.octavo-cards__status').textContent()).toBe('Active');
    await expectAccessible(admin, 'the directory as cards');

    await admin.fill('.listing-toolbar input[type="search"]', 'Elena');
    await expect.poll(() => admin.locator('.octavo-cards__card').count()).toBe(1);
    await admin.fill('.listing-toolbar input[type="search"]', '');
    await expect.poll(() => admin.locator('.octavo-cards__card').count()).toBeGreaterThan(1);

    // The table, a layout away: the preset's columns.
    if ((await admin.locator('.listing-view-options').count()) === 0)
      await admin.click('.page-header__info-toggle');
    await admin.selectOption('.listing-view-options select[aria-label="Layout"]', 'tabular');
    const row = admin.locator('.octavo-vtable [role="row"]', { hasText: 'editor@example.com' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Elena');
    await expectAccessible(admin, 'the directory as a table');
    await admin.selectOption('.listing-view-options select[aria-label="Layout"]', 'cards');
    await admin.locator('.octavo-cards__card').first().waitFor();
  });

  it('invites a user with a role; the mailed link sets their password and they sign in', async () => {
    await go(admin, '/test/users');
    await admin.getByRole('button', { name: 'Invite' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Invite people' });
    await dialog.waitFor();
    await expectAccessible(admin, 'the invite dialog');
    // A typo is named before anything is sent.
    await dialog.getByLabel('Email addresses').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('Not an email address: not-an-email').waitFor();
    expect(smtp.messages).toHaveLength(0);

    await dialog.getByLabel('Email addresses').fill(INVITEE);
    await dialog.getByLabel('Role').selectOption({ label: 'Editor' });
    const mail = smtp.next(10_000);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await admin.waitForSelector(`text=Invitation sent to ${INVITEE}`);
    const message = await mail;
    expect(message.to).toEqual([INVITEE]);
    // The directory shows them, invited, in the role.
    const card = admin.locator('.octavo-cards__card', { hasText: INVITEE });
    await card.waitFor();
    expect(await card.locator('.octavo-cards__status').textContent()).toBe('Invited');

    const invitee = await app.newPage();
    await openApp(invitee, acceptRouteIn(message.raw));
    await invitee.waitForSelector('#accept-password');
    await expectAccessible(invitee, 'the accept page');
    expect(await invitee.textContent('.public')).toContain('You have been invited to');
    await invitee.fill('#accept-password', INVITEE_PASSWORD);
    await invitee.fill('#accept-confirm', 'something else');
    await invitee.click('form button[type=submit]');
    await invitee.waitForSelector('#accept-mismatch');
    await invitee.fill('#accept-confirm', INVITEE_PASSWORD);
    await invitee.click('form button[type=submit]');
    await invitee.waitForSelector('text=Your account is ready');
    await invitee.getByRole('link', { name: 'Sign in' }).click();
    await signIn(invitee, INVITEE, INVITEE_PASSWORD);
    await invitee.waitForSelector('.module-bar');
    const me = await api(invitee, 'GET', 'users/me?fields=email,status,role');
    expect(me.data).toMatchObject({ email: INVITEE, status: 'active', role: 3 });
    await invitee.context().close();
  });

  it('creates a user directly with the New button', async () => {
    await go(admin, '/test/users');
    await admin.getByRole('button', { name: 'New', exact: true }).click();
    await admin.waitForFunction(() => location.hash.endsWith('/test/users/+'));
    await admin.waitForSelector('.item-page .octavo-form');
    await admin.fill('#field-first_name', 'Dora');
    await admin.fill('#field-last_name', 'Direct');
    await admin.fill('#field-email', 'dora@example.com');
    await admin.fill('#field-password', 'dora chose a password');
    await admin.selectOption('#field-role', { label: 'Editor' });
    await admin.locator('.octavo-field[data-field="status"]').getByText('Active', { exact: true }).click();
    await admin.click('.item-save__main');
    await admin.waitForSelector('text=Item saved');
    const created = await api(admin, 'GET', 'users?filter[email][eq]=dora@example.com&fields=status,role');
    expect(created.data).toEqual([{ status: 'active', role: 3 }]);
    const dora = await signedIn(app, 'dora@example.com', 'dora chose a password');
    await dora.context().close();
  });

  it("changes a user's role on their page, and the change persists", async () => {
    const id = await userId(admin, INVITEE);
    await openUser(admin, id);
    // They gave no name yet: the page is titled by their email.
    expect(await admin.textContent('h1')).toBe(INVITEE);
    await expectAccessible(admin, 'a user page');
    expect(await admin.textContent('.user-panel__facts')).toContain('Active');
    await admin.selectOption('#field-role', { label: 'Administrator' });
    await admin.click('.item-save__main');
    await admin.waitForSelector('text=Item saved');
    // Saved (and back at the directory): a fresh load of the page shows the new role.
    await admin.reload();
    await admin.waitForSelector('.module-bar');
    await openUser(admin, id);
    await expect.poll(() => admin.locator('#field-role').inputValue()).toBe('1');
    expect((await api(admin, 'GET', `users/${id}?fields=role`)).data.role).toBe(1);
    await api(admin, 'PATCH', `users/${id}`, { role: 3 });
  });

  it('sets a password for a user and signs them out everywhere', async () => {
    const id = await userId(admin, INVITEE);
    const other = await signedIn(app, INVITEE, INVITEE_PASSWORD);
    await openUser(admin, id);
    await admin.getByRole('button', { name: 'User actions' }).click();
    await admin.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    await admin.waitForSelector('text=is signed out everywhere');
    expect((await api(other, 'GET', 'users/me?fields=id')).status).toBe(401);
    await other.context().close();

    await admin.getByRole('button', { name: 'User actions' }).click();
    await admin.getByRole('menuitem', { name: 'Set password' }).click();
    const dialog = admin.getByRole('dialog', { name: /Set a password/ });
    await dialog.getByLabel('New password', { exact: true }).fill('the admin chose this one');
    await dialog.getByLabel('Repeat the password').fill('the admin chose this one');
    await dialog.getByRole('button', { name: 'Set password' }).click();
    await admin.waitForSelector('text=The password of');
    const again = await signedIn(app, INVITEE, 'the admin chose this one');
    await again.context().close();
    await api(admin, 'PATCH', `users/${id}`, { password: INVITEE_PASSWORD });
  });

  it('suspends a user, who then cannot sign in, and reactivates them', async () => {
    const id = await userId(admin, INVITEE);
    await openUser(admin, id);
    await admin.getByRole('button', { name: 'Suspend' }).click();
    const confirm = admin.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Suspend' }).click();
    await admin.waitForSelector('text=is suspended');
    await admin.getByRole('button', { name: 'Reactivate' }).waitFor();
    expect((await api(admin, 'GET', `users/${id}?fields=status`)).data.status).toBe('suspended');

    const locked = await app.newPage();
    await openApp(locked, '/login');
    await signIn(locked, INVITEE, INVITEE_PASSWORD);
    await locked.waitForSelector('text=User Suspended');
    expect(await locked.locator('.module-bar').count()).toBe(0);
    await locked.context().close();

    await admin.getByRole('button', { name: 'Reactivate' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Reactivate' }).click();
    await admin.waitForSelector('text=is active again');
    expect((await api(admin, 'GET', `users/${id}?fields=status`)).data.status).toBe('active');
  });
});

// @vitest-environment jsdom
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FieldDefinition } from '../../../engine/types';
import { ApiRequestError } from '../../api/client';
import { buildPermissions } from '../../permissions/rows';
import type { Schema } from '../../state/types';
import { appData, fakeApi, renderInApp } from '../item/test-harness';
import { InviteDialog } from './InviteDialog';
import { isEmail, parseEmails } from './invite-emails';
import UserPanel from './UserPanel';

afterEach(cleanup);
configure({ asyncUtilTimeout: 5000 });

const STATUSES = {
  active: { name: 'Active', value: 'active', background_color: 'success' },
  suspended: { name: 'Suspended', value: 'suspended', background_color: 'warning' },
  invited: { name: 'Invited', value: 'invited', background_color: 'blue' },
};
const fields: FieldDefinition[] = [
  { collection: 'directus_users', field: 'id', type: 'integer', primary_key: true },
  {
    collection: 'directus_users',
    field: 'status',
    type: 'status',
    interface: 'status',
    options: { status_mapping: STATUSES },
  },
  { collection: 'directus_users', field: 'role', type: 'm2o', interface: 'user-roles' },
  { collection: 'directus_users', field: 'password', type: 'hash' },
  { collection: 'directus_users', field: 'first_name', type: 'string' },
];
const schema: Schema = { collections: {}, fields: { directus_users: fields }, relations: [] };
const grace = {
  id: 5,
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.com',
  status: 'active',
  role: { id: 3, name: 'Editor' },
};

describe('the invite dialog', () => {
  it('splits and checks addresses as the server does', () => {
    expect(parseEmails('a@x.io, b@x.io;\nA@x.io  c@y')).toEqual(['a@x.io', 'b@x.io', 'c@y']);
    expect(['a@x.io', 'c@y', 'nope', 'a b@x.io', 'a@@x.io'].map(isEmail)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('names addresses that are not emails, then sends the rest with the chosen role', async () => {
    const { api, calls } = fakeApi({
      'GET roles': () => [
        { id: 1, name: 'Administrator' },
        { id: 3, name: 'Editor' },
      ],
      'POST users/invite': () => [
        { email: 'ada@example.com', status: 'invited' },
        { email: 'grace@example.com', status: 'active' },
      ],
    });
    const onInvited = vi.fn();
    const onClose = vi.fn();
    const { tree, notify } = renderInApp(
      appData({ api, schema }),
      '/demo/users',
      <InviteDialog open onClose={onClose} onInvited={onInvited} />,
    );
    render(tree);
    const dialog = screen.getByRole('dialog', { name: 'Invite people' });
    // The addresses are where typing starts (no close button before them; Escape and Cancel close).
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByLabelText('Email addresses')),
    );
    await userEvent.type(within(dialog).getByLabelText('Email addresses'), 'ada@example.com, oops');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send 2 invitations' }));
    expect(await within(dialog).findByText('Not an email address: oops')).toBeTruthy();
    expect(calls.some((call) => call.path === 'users/invite')).toBe(false);

    await userEvent.clear(within(dialog).getByLabelText('Email addresses'));
    await userEvent.type(
      within(dialog).getByLabelText('Email addresses'),
      'ada@example.com grace@example.com',
    );
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'Editor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send 2 invitations' }));
    await waitFor(() => expect(onInvited).toHaveBeenCalled());
    expect(calls.find((call) => call.path === 'users/invite')?.body).toEqual({
      email: ['ada@example.com', 'grace@example.com'],
      role: 3,
    });
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Invitation sent to ada@example.com' }),
    );
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'grace@example.com already has an account; no invitation was sent' }),
    );
    expect(onClose).toHaveBeenCalled();
  });

  it('says so when the server has no mail', async () => {
    const { api } = fakeApi({
      'GET roles': () => [],
      'POST users/invite': () => {
        throw new ApiRequestError(500, 500, 'Mail is not configured on this server');
      },
    });
    const { tree } = renderInApp(
      appData({ api, schema }),
      '/demo/users',
      <InviteDialog open onClose={() => {}} onInvited={() => {}} />,
    );
    render(tree);
    await userEvent.type(screen.getByLabelText('Email addresses'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(
      await screen.findByText(/Mail is not configured on this server, so invitations cannot be sent/),
    ).toBeTruthy();
  });
});

describe('the user panel', () => {
  it('shows the status badge and role, and suspends after asking', async () => {
    const { api, calls } = fakeApi({ 'PATCH users/5': () => ({ id: 5 }) });
    const onChanged = vi.fn();
    const { tree, notify } = renderInApp(
      appData({ api, schema }),
      '/demo/users/5',
      <UserPanel api={api} user={grace} onChanged={onChanged} />,
    );
    render(tree);
    const panel = screen.getByRole('region', { name: 'Grace Hopper' });
    expect(within(panel).getByText('Active')).toBeTruthy();
    expect(within(panel).getByText('Editor')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Suspend' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Suspend Grace Hopper?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'patch')?.body).toEqual({ status: 'suspended' });
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ title: 'Grace Hopper is suspended' }));
  });

  it('resets 2FA and signs out everywhere for administrators; offers a manager only suspend', async () => {
    const { api, calls } = fakeApi({
      'PATCH users/5': () => ({ id: 5 }),
      'POST auth/logout/5': () => null,
    });
    const { tree } = renderInApp(
      appData({ api, schema }),
      '/demo/users/5',
      <UserPanel api={api} user={grace} onChanged={() => {}} />,
    );
    render(tree);
    await userEvent.click(screen.getByRole('button', { name: 'User actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Reset two-factor sign-in' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'patch')).toBe(true));
    expect(calls.find((call) => call.method === 'patch')?.body).toEqual({ '2fa_secret': null });
    await userEvent.click(screen.getByRole('button', { name: 'User actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign out everywhere' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls.some((call) => call.path === 'auth/logout/5')).toBe(true));
    cleanup();

    const manager = renderInApp(
      appData({
        api,
        schema,
        userId: 7,
        permissions: buildPermissions([
          { collection: 'directus_users', status: null, read: 'full', update: 'full' },
        ]),
      }),
      '/demo/users/5',
      <UserPanel api={api} user={grace} onChanged={() => {}} />,
    );
    render(manager.tree);
    expect(screen.getByRole('button', { name: 'Suspend' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'User actions' })).toBeNull();
  });
});

// @vitest-environment jsdom
import '../../shell/catalog'; // the signed-in app's messages, as PrivateApp registers them
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FieldDefinition } from '../../../engine/types';
import { createCoreRegistry } from '../../../engine/registry/core-registry';
import type { Schema } from '../../state/types';
import { ItemInfo, type RevisionSupport } from './ItemInfo';
import { appData, fakeApi, renderInApp, type Call } from './test-harness';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const fields: FieldDefinition[] = [
  { collection: 'articles', field: 'id', type: 'integer', interface: 'primary-key', primary_key: 1 },
  { collection: 'articles', field: 'title', type: 'string', interface: 'text-input' },
  { collection: 'articles', field: 'summary', type: 'string', interface: 'text-input' },
  { collection: 'articles', field: 'owner', type: 'owner', interface: 'owner' },
  { collection: 'articles', field: 'created_on', type: 'datetime_created', interface: 'datetime-created' },
  { collection: 'articles', field: 'modified_by', type: 'user_updated', interface: 'user-updated' },
  { collection: 'articles', field: 'modified_on', type: 'datetime_updated', interface: 'datetime-updated' },
];

const schema: Schema = {
  collections: {
    articles: { collection: 'articles', hidden: false, managed: true, single: false, note: null, icon: null },
  },
  fields: { articles: fields },
  relations: [],
};

const item = {
  id: 7,
  title: 'Spring issue',
  summary: 'All about spring',
  owner: { id: 3, first_name: 'Elena', last_name: 'Marsh' },
  created_on: '2023-02-14 14:30:00',
  modified_by: 5,
  modified_on: null,
};

const ELENA = { id: 3, first_name: 'Elena', last_name: 'Marsh' };
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function setup(options: { canComment?: boolean; revisions?: Partial<RevisionSupport> | false } = {}) {
  let activity: Record<string, unknown>[] = [
    { id: 12, action: 'update', action_on: minutesAgo(5), comment: null, action_by: ELENA },
    { id: 11, action: 'comment', action_on: minutesAgo(60), comment: 'Check the #title', action_by: 9 },
    { id: 10, action: 'update', action_on: minutesAgo(60 * 24 * 3), comment: null, action_by: ELENA },
    { id: 9, action: 'create', action_on: minutesAgo(60 * 24 * 5), comment: null, action_by: ELENA },
  ];
  const { api, calls } = fakeApi({
    'GET activity': () => activity,
    'GET revisions': () => [
      { id: 102, activity: 12 },
      { id: 100, activity: 10 },
      { id: 99, activity: 9 },
    ],
    'GET revisions/99': () => ({
      id: 99,
      activity: 9,
      data: { id: 7, title: 'A first title', summary: null, owner: 3 },
      delta: null,
    }),
    'GET revisions/100': () => ({
      id: 100,
      activity: 10,
      data: { id: 7, title: 'Winter issue', summary: 'All about spring', owner: 3 },
      delta: { title: 'Winter issue' },
    }),
    'PATCH items/articles/7/revert/100': () => ({ ...item, title: 'Winter issue' }),
    'GET users/9': () => ({ id: 9, first_name: 'Rosa', last_name: 'Diaz', title: null, company: null }),
    'GET users/5': () => ({ id: 5, first_name: 'Max', last_name: 'Roth' }),
    'POST activity/comment': (call) => {
      const body = call.body as { comment: string };
      activity = [
        { id: 13, action: 'comment', action_on: minutesAgo(0), comment: body.comment, action_by: ELENA },
        ...activity,
      ];
      return activity[0];
    },
  });
  const onReverted = vi.fn();
  const revisions: RevisionSupport | undefined =
    options.revisions === false
      ? undefined
      : {
          registry: createCoreRegistry(),
          fields,
          permissions: null,
          mayRevert: () => true,
          dirty: false,
          onReverted,
          ...options.revisions,
        };
  const { tree, notify } = renderInApp(
    appData({ api, schema }),
    '/demo/collections/articles/7',
    <ItemInfo
      api={api}
      collection="articles"
      collectionLabel="Articles"
      fields={fields}
      item={item}
      primaryKey="7"
      canReadActivity
      canComment={options.canComment ?? true}
      version={1}
      revisions={revisions}
    />,
  );
  render(tree);
  return { calls, notify, onReverted, user: userEvent.setup() };
}

const entries = () => [...document.querySelectorAll('.item-activity__entry')] as HTMLElement[];

describe('ItemInfo', () => {
  it('shows who created and changed the item, and when', async () => {
    setup();
    const list = document.querySelector('.item-info__list')!;
    // No modification date yet: no "Updated" row.
    expect([...list.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual([
      'Collection',
      'Primary key',
      'Created',
      'Created by',
      'Updated by',
    ]);
    expect(list.textContent).toContain('Created byEMElena Marsh');
    expect(list.textContent).toMatch(/Created.*2023/);
    // A bare user id is looked up for its name.
    await waitFor(() => expect(list.textContent).toContain('Updated byMRMax Roth'));
  });

  it('lists each entry with the avatar, name, action and a relative time with the date in a tooltip', async () => {
    setup();
    await waitFor(() => expect(entries()).toHaveLength(4));
    const [update, comment, older] = entries();
    expect(within(update).getByRole('link', { name: 'Elena Marsh' })).toBeTruthy();
    expect(update.querySelector('.octavo-avatar')?.textContent).toBe('EM');
    expect(update.querySelector('.item-activity__action')?.textContent).toBe('Updated');
    expect(update.querySelector('time')?.textContent).toBe('5 minutes ago');
    expect(older.querySelector('time')?.textContent).toBe('3 days ago');
    // The comment's author came as a bare id: looked up by id.
    expect(await within(comment).findByRole('link', { name: 'Rosa Diaz' })).toBeTruthy();
    expect(comment.querySelector('.item-activity__text')?.textContent).toBe('Check the title');
    const time = update.querySelector('time')!;
    expect(time.getAttribute('aria-label')).toMatch(/\d{4}/);
    fireEvent.focus(time);
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', time.getAttribute('aria-label'));
  });

  it('offers the preview on revisions that are not the latest, after a 1500 ms hint', async () => {
    setup();
    await waitFor(() => expect(document.querySelector('.item-activity__current')).not.toBeNull());
    const [update, comment, older] = entries();
    expect(update.querySelector('.item-activity__current')?.textContent).toBe('Current version');
    expect(within(update).queryByRole('button')).toBeNull();
    // A comment records no revision.
    expect(within(comment).queryByRole('button')).toBeNull();
    const preview = within(older).getByRole('button', { name: /Preview the revision of/ });
    vi.useFakeTimers();
    fireEvent.pointerEnter(preview.parentElement!);
    act(() => vi.advanceTimersByTime(1499));
    expect(screen.queryByText('See the item as it was after this change')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip').textContent).toBe('See the item as it was after this change');
  });

  it('previews a revision read-only with the changed fields marked, and reverts it', async () => {
    const { calls, user, onReverted, notify } = setup();
    const older = await waitFor(() => {
      const entry = entries()[2];
      expect(within(entry).getByRole('button', { name: /Preview/ })).toBeTruthy();
      return entry;
    });
    await user.click(within(older).getByRole('button', { name: /Preview/ }));
    const dialog = await screen.findByRole('dialog', { name: /Revision of/ });
    const title = await within(dialog).findByRole('textbox', { name: 'Title' });
    expect(title).toHaveProperty('value', 'Winter issue');
    expect(title).toHaveProperty('disabled', true);
    // The snapshot lacks the stamps (as the server leaves out what the caller may not read): said so.
    expect(
      within(dialog).getByText(
        /1 field differs from the current item\. Fields this revision doesn't show you/,
      ),
    ).toBeTruthy();
    const marked = [...dialog.querySelectorAll('.octavo-field--annotated')].map((el) =>
      el.getAttribute('data-field'),
    );
    expect(marked).toEqual(['title']);
    const note = dialog.querySelector('[data-field="title"] .octavo-field__annotation')!;
    expect(note.textContent).toContain('Changed');
    expect(note.textContent).toContain('Spring issue');
    await user.click(within(dialog).getByRole('button', { name: 'Revert to this revision' }));
    await waitFor(() => expect(onReverted).toHaveBeenCalledTimes(1));
    expect(
      calls.some((call: Call) => call.method === 'patch' && call.path === 'items/articles/7/revert/100'),
    ).toBe(true);
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Item reverted', color: 'success' }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('steps to older and newer revisions in the preview', async () => {
    const { user } = setup();
    await waitFor(() => expect(within(entries()[2]).getByRole('button', { name: /Preview/ })).toBeTruthy());
    await user.click(within(entries()[2]).getByRole('button', { name: /Preview/ }));
    const dialog = await screen.findByRole('dialog', { name: /Revision of/ });
    expect(await within(dialog).findByDisplayValue('Winter issue')).toBeTruthy();
    // The newest previewable revision: nothing newer but the item itself.
    expect(within(dialog).getByRole('button', { name: 'Newer' })).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('button', { name: 'Older' }));
    expect(await within(dialog).findByDisplayValue('A first title')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Older' })).toHaveProperty('disabled', true);
    // Two fields differ from the current item now: the title and the emptied summary.
    expect(within(dialog).getByText(/2 fields differ/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Newer' }));
    expect(await within(dialog).findByDisplayValue('Winter issue')).toBeTruthy();
  });

  it('asks before a revert throws unsaved changes away', async () => {
    const { calls, user, onReverted } = setup({ revisions: { dirty: true } });
    await waitFor(() => expect(within(entries()[2]).getByRole('button', { name: /Preview/ })).toBeTruthy());
    await user.click(within(entries()[2]).getByRole('button', { name: /Preview/ }));
    const dialog = await screen.findByRole('dialog', { name: /Revision of/ });
    await within(dialog).findByRole('textbox', { name: 'Title' });
    await user.click(within(dialog).getByRole('button', { name: 'Revert to this revision' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(calls.some((call) => call.method === 'patch')).toBe(false);
    const again = await screen.findByRole('dialog', { name: /Revision of/ });
    await within(again).findByRole('textbox', { name: 'Title' });
    await user.click(within(again).getByRole('button', { name: 'Revert to this revision' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard and revert' }),
    );
    await waitFor(() => expect(onReverted).toHaveBeenCalled());
  });

  it('offers no revert without update permission', async () => {
    const { user } = setup({ revisions: { mayRevert: () => false } });
    await waitFor(() => expect(within(entries()[2]).getByRole('button', { name: /Preview/ })).toBeTruthy());
    await user.click(within(entries()[2]).getByRole('button', { name: /Preview/ }));
    const dialog = await screen.findByRole('dialog', { name: /Revision of/ });
    await within(dialog).findByRole('textbox', { name: 'Title' });
    expect(within(dialog).queryByRole('button', { name: 'Revert to this revision' })).toBeNull();
    expect(within(dialog).getByText(/You can't revert this item/)).toBeTruthy();
  });

  it('loads the item activity newest first and posts a comment with Ctrl+Enter', async () => {
    const { calls, user } = setup();
    await waitFor(() => expect(entries()).toHaveLength(4));
    const load = calls.find((call) => call.path === 'activity')!;
    expect(load.params).toMatchObject({
      'filter[collection][eq]': 'articles',
      'filter[item][eq]': '7',
      sort: '-action_on,-id',
    });
    expect(String(load.params?.fields)).toContain('action_by.title');
    // "See all activity" opens the log narrowed to this item (spec §2).
    expect(screen.getByRole('link', { name: 'See all activity' }).getAttribute('href')).toMatch(
      /\/activity\?collection=articles&item=7$/,
    );
    const box = screen.getByRole('textbox', { name: 'Leave a comment…' });
    const submit = screen.getByRole('button', { name: 'Comment' });
    await user.type(box, '   ');
    expect(submit).toHaveProperty('disabled', true);
    await user.type(box, 'Looks good #ship');
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(calls.some((call) => call.method === 'post')).toBe(true));
    expect(calls.find((call) => call.method === 'post')?.body).toEqual({
      collection: 'articles',
      item: '7',
      comment: 'Looks good #ship',
    });
    // Shown with '#' stripped, after the list reloads.
    expect(await screen.findByText('Looks good ship')).toBeTruthy();
    expect(box).toHaveProperty('value', '');
  });

  it('hides the comment box without comment permission, and revisions without revision support', async () => {
    const { calls } = setup({ canComment: false, revisions: false });
    expect(screen.queryByRole('textbox', { name: 'Leave a comment…' })).toBeNull();
    await waitFor(() => expect(entries()).toHaveLength(4));
    expect(calls.some((call) => call.path === 'revisions')).toBe(false);
  });
});

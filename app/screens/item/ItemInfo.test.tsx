// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FieldDefinition } from '../../../engine/types';
import { ItemInfo } from './ItemInfo';
import { fakeApi } from './test-harness';

afterEach(cleanup);

const fields: FieldDefinition[] = [
  { field: 'id', type: 'integer', primary_key: 1 },
  { field: 'owner', type: 'owner' },
  { field: 'created_on', type: 'datetime_created' },
  { field: 'modified_by', type: 'user_updated' },
  { field: 'modified_on', type: 'datetime_updated' },
];

const item = {
  id: 7,
  owner: { id: 3, first_name: 'Elena', last_name: 'Marsh' },
  created_on: '2023-02-14 14:30:00',
  modified_by: 5,
  modified_on: null,
};

function setup(canComment = true) {
  let activity: Record<string, unknown>[] = [
    {
      id: 2,
      action: 'update',
      action_on: '2023-02-16 23:30:00',
      comment: null,
      action_by: { id: 3, first_name: 'Elena', last_name: 'Marsh' },
    },
  ];
  const { api, calls } = fakeApi({
    'GET activity': () => activity,
    'POST activity/comment': (call) => {
      const body = call.body as { comment: string };
      activity = [
        {
          id: 3,
          action: 'comment',
          action_on: '2023-02-17 08:00:00',
          comment: body.comment,
          action_by: { id: 1, first_name: 'Ada', last_name: 'Admin' },
        },
        ...activity,
      ];
      return activity[0];
    },
  });
  render(
    <ItemInfo
      api={api}
      collection="articles"
      collectionLabel="Articles"
      fields={fields}
      item={item}
      primaryKey="7"
      canReadActivity
      canComment={canComment}
      version={1}
    />,
  );
  return { calls, user: userEvent.setup() };
}

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
    expect(list.textContent).toContain('Created byElena Marsh');
    expect(list.textContent).toContain('Updated by#5');
    expect(list.textContent).toMatch(/Created.*2023/);
    await screen.findByText('Updated', { selector: '.item-activity__head span' });
  });

  it('loads the item activity newest first and posts a comment with Ctrl+Enter', async () => {
    const { calls, user } = setup();
    await screen.findByText('Updated', { selector: '.item-activity__head span' });
    expect(calls[0].params).toMatchObject({
      'filter[collection][eq]': 'articles',
      'filter[item][eq]': '7',
      sort: '-action_on',
    });
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

  it('hides the comment box without comment permission', () => {
    setup(false);
    expect(screen.queryByRole('textbox', { name: 'Leave a comment…' })).toBeNull();
  });
});

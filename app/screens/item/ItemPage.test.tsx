// @vitest-environment jsdom
import '../../shell/catalog'; // the signed-in app's messages, as PrivateApp registers them
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'wouter';
import { ApiRequestError } from '../../api/client';
import type { CollectionPermission, Schema } from '../../state/types';
import type { FieldDefinition } from '../../../engine/types';
import ItemPage from './ItemPage';
import { FULL_PERMISSION, appData, fakeApi, renderInApp, type Call } from './test-harness';

afterEach(cleanup);

const STATUS_MAPPING = {
  draft: { name: 'Draft', value: 'draft', soft_delete: false },
  published: { name: 'Published', value: 'published', soft_delete: false },
  deleted: { name: 'Deleted', value: 'deleted', soft_delete: true },
};

const articleFields: FieldDefinition[] = [
  {
    collection: 'articles',
    field: 'id',
    type: 'integer',
    interface: 'primary-key',
    primary_key: 1,
    hidden_detail: 1,
  },
  {
    collection: 'articles',
    field: 'status',
    type: 'status',
    interface: 'status',
    default_value: 'draft',
    options: { status_mapping: STATUS_MAPPING },
  },
  { collection: 'articles', field: 'title', type: 'string', interface: 'text-input', required: 1 },
  { collection: 'articles', field: 'summary', type: 'string', interface: 'text-input' },
  { collection: 'articles', field: 'owner', type: 'owner', interface: 'owner', readonly: 1 },
  {
    collection: 'articles',
    field: 'created_on',
    type: 'datetime_created',
    interface: 'datetime-created',
    readonly: 1,
  },
];

const noteFields: FieldDefinition[] = [
  {
    collection: 'notes',
    field: 'id',
    type: 'integer',
    interface: 'primary-key',
    primary_key: 1,
    hidden_detail: 1,
  },
  { collection: 'notes', field: 'body', type: 'string', interface: 'text-input' },
];

const schema: Schema = {
  collections: {
    articles: { collection: 'articles', hidden: false, managed: true, single: false, note: null, icon: null },
    notes: { collection: 'notes', hidden: false, managed: true, single: false, note: null, icon: null },
    settings_page: {
      collection: 'settings_page',
      hidden: false,
      managed: true,
      single: true,
      note: null,
      icon: null,
    },
  },
  fields: { articles: articleFields, notes: noteFields, settings_page: noteFields },
  relations: [],
};

const article = {
  id: 1,
  status: 'draft',
  title: 'Hello',
  summary: 'First',
  owner: 1,
  created_on: '2024-01-02 10:00:00',
};

function setup(options: {
  collection?: string;
  primaryKey?: string;
  handlers?: Record<string, (call: Call) => unknown>;
  permissions?: Record<string, CollectionPermission> | null;
  userId?: number;
}) {
  const collection = options.collection ?? 'articles';
  const primaryKey = options.primaryKey ?? '1';
  const { api, calls } = fakeApi({
    'GET items/articles/1': () => article,
    'GET items/notes/7': () => ({ id: 7, body: 'Note' }),
    'GET items/settings_page/1': () => ({ id: 1, body: 'Site' }),
    'GET activity': () => [],
    ...options.handlers,
  });
  const data = appData({ api, schema, permissions: options.permissions, userId: options.userId });
  const { tree, location, notify } = renderInApp(
    data,
    `/demo/collections/${collection}/${primaryKey}`,
    <>
      <Link href="/demo/collections/notes">Elsewhere</Link>
      <ItemPage collection={collection} primaryKey={primaryKey} />
    </>,
  );
  render(tree);
  return { calls, location, notify, user: userEvent.setup() };
}

const writes = (calls: Call[]) => calls.filter((call) => call.method !== 'get');
const lastPath = (location: { history: string[] }) => location.history.at(-1);

async function editTitle(user: ReturnType<typeof userEvent.setup>, text: string) {
  const input = await screen.findByRole('textbox', { name: 'Title' });
  await user.clear(input);
  await user.type(input, text);
}

async function saveWith(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(screen.getByRole('button', { name: 'More save options' }));
  await user.click(screen.getByRole('menuitem', { name: new RegExp(label) }));
}

describe('ItemPage: save modes', () => {
  it('keeps Save disabled until something is staged, and unstaging disables it again', async () => {
    const { user } = setup({});
    const input = await screen.findByRole('textbox', { name: 'Title' });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    await user.type(input, '!');
    expect(save).toHaveProperty('disabled', false);
    await user.type(input, '{Backspace}');
    expect(save).toHaveProperty('disabled', true);
  });

  it('"save and stay" patches only the changed fields, reloads and stays', async () => {
    const { user, calls, location, notify } = setup({
      handlers: { 'PATCH items/articles/1': (call) => ({ ...article, ...(call.body as object) }) },
    });
    await editTitle(user, 'Hello again');
    await saveWith(user, 'Save and stay');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(expect.objectContaining({ title: 'Item saved' })),
    );
    expect(writes(calls)).toEqual([
      { method: 'patch', path: 'items/articles/1', body: { title: 'Hello again' }, params: undefined },
    ]);
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'items/articles/1' && c.method === 'get')).toHaveLength(2),
    );
    expect(location.history).toEqual(['/demo/collections/articles/1']);
  });

  it('the main Save button saves and returns to the listing', async () => {
    const { user, calls, location } = setup({
      handlers: { 'PATCH items/articles/1': () => article },
    });
    await editTitle(user, 'Bye');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastPath(location)).toBe('/demo/collections/articles'));
    expect(writes(calls)[0]).toMatchObject({ method: 'patch', body: { title: 'Bye' } });
  });

  it('"save and add new" goes to a blank new item', async () => {
    const { user, location } = setup({ handlers: { 'PATCH items/articles/1': () => article } });
    await editTitle(user, 'Next');
    await saveWith(user, 'Save and add new');
    await waitFor(() => expect(lastPath(location)).toBe('/demo/collections/articles/+'));
  });

  it('"save as copy" posts the item with its edits, without key, owner or timestamps, and opens the copy', async () => {
    const { user, calls, location } = setup({
      handlers: { 'POST items/articles': (call) => ({ ...(call.body as object), id: 42 }) },
    });
    await editTitle(user, 'Copy of hello');
    await saveWith(user, 'Save as copy');
    await waitFor(() => expect(lastPath(location)).toBe('/demo/collections/articles/42'));
    expect(writes(calls)).toEqual([
      {
        method: 'post',
        path: 'items/articles',
        body: { status: 'draft', title: 'Copy of hello', summary: 'First' },
        params: undefined,
      },
    ]);
  });

  it('a new item sends its defaults with the edits and opens the created item', async () => {
    const { user, calls, location } = setup({
      primaryKey: '+',
      handlers: { 'POST items/articles': () => ({ id: 9, title: 'Fresh' }) },
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Creating item');
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    await editTitle(user, 'Fresh');
    await saveWith(user, 'Save and stay');
    await waitFor(() => expect(lastPath(location)).toBe('/demo/collections/articles/9'));
    expect(writes(calls)[0]).toMatchObject({
      method: 'post',
      path: 'items/articles',
      body: { status: 'draft', title: 'Fresh' },
    });
  });

  it('a failed save keeps the edits and shows the server message', async () => {
    const { user, notify } = setup({
      handlers: {
        'PATCH items/articles/1': () => {
          throw new ApiRequestError(4, 422, 'title: This value is too long.');
        },
      },
    });
    await editTitle(user, 'Way too long');
    await saveWith(user, 'Save and stay');
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith({
        title: 'Something went wrong',
        // The catalogue's message for code 4, the server's more specific words after it.
        details: 'Invalid request: title: This value is too long.',
        color: 'danger',
      }),
    );
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveProperty('value', 'Way too long');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
  });

  it('Ctrl+S saves and stays', async () => {
    const { user, calls } = setup({ handlers: { 'PATCH items/articles/1': () => article } });
    await editTitle(user, 'Keyboard');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
  });
});

describe('ItemPage: leaving with unsaved changes', () => {
  it('asks before following a link; keep editing stays, discard leaves', async () => {
    const { user, location } = setup({});
    await editTitle(user, 'Unsaved');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Unsaved changes' });
    expect(location.history).toEqual(['/demo/collections/articles/1']);
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveProperty('value', 'Unsaved');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(lastPath(location)).toBe('/demo/collections/notes');
  });

  it('undoes a back/forward hash change and asks first', async () => {
    const { user, location } = setup({});
    await editTitle(user, 'Unsaved');
    const here = window.location.href;
    act(() => {
      // What the back button does: the URL changes, then popstate and hashchange arrive.
      window.history.pushState(null, '', '#/demo/collections/notes');
      window.dispatchEvent(new PopStateEvent('popstate'));
      window.dispatchEvent(new HashChangeEvent('hashchange', { oldURL: here, newURL: window.location.href }));
    });
    expect(screen.getByRole('alertdialog', { name: 'Unsaved changes' })).toBeTruthy();
    expect(window.location.href).toBe(here);
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(lastPath(location)).toBe('/demo/collections/notes');
  });

  it('follows links without asking when nothing changed', async () => {
    const { user, location } = setup({});
    await screen.findByRole('textbox', { name: 'Title' });
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(lastPath(location)).toBe('/demo/collections/notes');
  });
});

describe('ItemPage: delete', () => {
  it('soft-deletes where the status mapping has a soft-delete status', async () => {
    const { user, calls, location, notify } = setup({
      handlers: { 'PATCH items/articles/1': () => undefined },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete item' });
    expect(dialog.textContent).toContain('deleted');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(lastPath(location)).toBe('/demo/collections/articles'));
    expect(writes(calls)).toEqual([
      { method: 'patch', path: 'items/articles/1', body: { status: 'deleted' }, params: undefined },
    ]);
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ title: 'Item deleted', color: 'success' }));
  });

  it('deletes for real elsewhere; cancel does nothing', async () => {
    const { user, calls, location } = setup({
      collection: 'notes',
      primaryKey: '7',
      handlers: { 'DELETE items/notes/7': () => undefined },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(writes(calls)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(lastPath(location)).toBe('/demo/collections/notes'));
    expect(writes(calls)).toEqual([{ method: 'delete', path: 'items/notes/7', params: undefined }]);
  });

  it('has no delete button on a single collection', async () => {
    setup({ collection: 'settings_page', primaryKey: '1' });
    await screen.findByRole('textbox', { name: 'Body' });
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describe('ItemPage: permissions', () => {
  const readOnly: CollectionPermission = { ...FULL_PERMISSION, update: 'none', delete: 'none' };

  it('is read-only without update permission: disabled fields, no save, no delete', async () => {
    setup({ permissions: { articles: readOnly, directus_activity: FULL_PERMISSION } });
    const input = await screen.findByRole('textbox', { name: 'Title' });
    expect(input).toHaveProperty('disabled', true);
    expect(screen.getByRole('textbox', { name: 'Summary' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByText('You can read this item but not change it.')).toBeTruthy();
  });

  it('"mine" allows editing only the caller\'s own items, and follows the status row', async () => {
    const mine: CollectionPermission = {
      ...FULL_PERMISSION,
      update: 'mine',
      delete: 'none',
      write_field_blacklist: ['summary'],
      statuses: {
        draft: { ...FULL_PERMISSION, update: 'mine', delete: 'none', write_field_blacklist: ['summary'] },
      },
    };
    setup({ permissions: { articles: mine }, userId: 1 });
    const input = await screen.findByRole('textbox', { name: 'Title' });
    expect(input).toHaveProperty('disabled', false);
    expect(screen.getByRole('textbox', { name: 'Summary' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    cleanup();

    setup({ permissions: { articles: mine }, userId: 2 });
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('ItemPage: status blacklist', () => {
  it('offers only the statuses the role may set, keeping the current one', async () => {
    const limited: CollectionPermission = { ...FULL_PERMISSION, status_blacklist: ['published', 'draft'] };
    setup({ permissions: { articles: limited } });
    await screen.findByRole('textbox', { name: 'Title' });
    expect(screen.getByRole('radio', { name: 'Draft' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Deleted' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Published' })).toBeNull();
  });
});

describe('ItemPage: statuses of a new item', () => {
  it('offers only the statuses the role may create items in (no 403 after picking Published)', async () => {
    const none = {
      ...FULL_PERMISSION,
      create: 'none' as const,
      update: 'none' as const,
      delete: 'none' as const,
    };
    const editor: CollectionPermission = {
      ...FULL_PERMISSION,
      statuses: {
        draft: { ...FULL_PERMISSION, update: 'mine', delete: 'none', status_blacklist: ['published'] },
        published: none,
        deleted: { ...none, read: 'none' },
      },
    };
    setup({ primaryKey: '+', permissions: { articles: editor } });
    await screen.findByRole('textbox', { name: 'Title' });
    expect(screen.getByRole('radio', { name: 'Draft' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Published' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Deleted' })).toBeNull();
  });
});

describe('ItemPage: batch edit', () => {
  it('sends only the activated fields to every selected item at once', async () => {
    const { user, calls, location } = setup({
      primaryKey: '1,2',
      handlers: { 'PATCH items/articles/1,2': () => [article, { ...article, id: 2 }] },
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Editing 2 items');
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(title).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('checkbox', { name: 'Edit Title' }));
    await user.type(title, 'Same for all');
    await user.click(screen.getByRole('checkbox', { name: 'Edit Summary' }));
    await user.type(screen.getByRole('textbox', { name: 'Summary' }), 'dropped');
    await user.click(screen.getByRole('checkbox', { name: 'Edit Summary' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(lastPath(location)).toBe('/demo/collections/articles'));
    expect(writes(calls)).toEqual([
      { method: 'patch', path: 'items/articles/1,2', body: { title: 'Same for all' }, params: undefined },
    ]);
    // Nothing is loaded for a batch edit.
    expect(calls.filter((call) => call.method === 'get' && call.path.startsWith('items/'))).toEqual([]);
  });
});

describe('ItemPage: load failures', () => {
  it('shows "item not found" for code 203', async () => {
    setup({
      primaryKey: '5',
      handlers: {
        'GET items/articles/5': () => {
          throw new ApiRequestError(203, 404, 'Item "5" not found');
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Item not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the list' }).getAttribute('href')).toBe(
      '/demo/collections/articles',
    );
  });

  it('shows the server-trouble screen with a notification, and retry recovers', async () => {
    let fail = true;
    const { user, notify } = setup({
      handlers: {
        'GET items/articles/1': () => {
          if (fail) throw new ApiRequestError(11, 503, 'Can Not Reach Database');
          return article;
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Server trouble' })).toBeTruthy();
    expect(screen.getByText(/Can Not Reach Database/)).toBeTruthy();
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Something went wrong', color: 'danger' }),
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveProperty('value', 'Hello');
  });
});

describe('ItemPage: picker through the many-to-one field', () => {
  it('opens the picker and sets the key of the chosen item', async () => {
    const withAuthor: Schema = {
      ...schema,
      fields: {
        ...schema.fields,
        articles: [
          ...articleFields,
          {
            collection: 'articles',
            field: 'author',
            type: 'm2o',
            interface: 'many-to-one',
            options: { template: '{{name}}', threshold: 2 },
          },
        ],
        authors: [
          { collection: 'authors', field: 'id', type: 'integer', interface: 'primary-key', primary_key: 1 },
          { collection: 'authors', field: 'name', type: 'string', interface: 'text-input' },
        ],
      },
      relations: [
        {
          id: 1,
          collection_many: 'articles',
          field_many: 'author',
          collection_one: 'authors',
          field_one: null,
          junction_field: null,
        },
      ],
    };
    const authors = [
      { id: 1, name: 'Ann' },
      { id: 2, name: 'Bob' },
      { id: 3, name: 'Cy' },
    ];
    const { api, calls } = fakeApi({
      'GET items/articles/1': () => ({ ...article, author: { id: 1, name: 'Ann' } }),
      'GET items/authors': (call) => authors.slice(0, Number(call.params?.limit)),
      'PATCH items/articles/1': () => article,
      'GET activity': () => [],
    });
    const { tree } = renderInApp(
      appData({ api, schema: withAuthor }),
      '/demo/collections/articles/1',
      <ItemPage collection="articles" primaryKey="1" />,
    );
    render(tree);
    const user = userEvent.setup();
    // Three authors and a threshold of two: the picker replaces the dropdown.
    // The harness has no i18n provider: engine strings show their catalogue ids.
    await user.click(await screen.findByRole('button', { name: 'Choose an item' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose an item' });
    await user.click(await within(dialog).findByRole('button', { name: 'Cy' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('[data-field="author"]')?.textContent).toContain('Cy');
    await saveWith(user, 'Save and stay');
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body).toEqual({ author: 3 });
    await act(async () => {});
  });
});

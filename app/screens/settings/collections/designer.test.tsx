// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FieldDefinition } from '../../../../engine/types';
import { appData, fakeApi, renderInApp } from '../../item/test-harness';
import { FieldList } from './FieldList';
import { FieldWizard } from './FieldWizard';
import { CollectionDetail } from './CollectionDetail';

// The collection's icon field loads the icon list; a worktree's linked node_modules lies outside
// Vite's allowed folders, so `?raw` is read from disk here (as the pickers' test does).
vi.mock('material-symbols/index.d.ts?raw', async () => {
  const { readFileSync } = await import('node:fs');
  const { createRequire } = await import('node:module');
  const path = createRequire(import.meta.url).resolve('material-symbols/index.d.ts');
  return { default: readFileSync(path, 'utf8') };
});

afterEach(cleanup);

const FIELDS: FieldDefinition[] = [
  { field: 'notes', type: 'string', interface: 'textarea', sort: null },
  { field: 'title', type: 'string', interface: 'text-input', sort: 2, width: 'half' },
  { field: 'id', type: 'integer', interface: 'primary-key', sort: 1, primary_key: true },
  { field: 'summary', type: 'string', interface: 'text-input', sort: 3, width: 'half' },
];

function setup(handlers = {}) {
  const fake = fakeApi(handlers);
  const data = appData({
    api: fake.api,
    schema: {
      collections: {
        projects: {
          collection: 'projects',
          hidden: false,
          managed: true,
          single: false,
          note: null,
          icon: null,
        },
      },
      fields: { projects: FIELDS.map((f) => ({ ...f, collection: 'projects' })) },
      relations: [],
    },
  });
  return { data, calls: fake.calls };
}

const order = () =>
  [...document.querySelectorAll('[data-testid="designer-fields"] > li')].map((li) =>
    li.getAttribute('data-field'),
  );

describe('the fields of a collection', () => {
  it('lists them in form order, laid out by width, and saves a keyboard move as sort', async () => {
    const { data, calls } = setup({ 'PATCH fields/projects': () => [] });
    render(
      renderInApp(data, '/demo/settings/collections/projects', <FieldList collection="projects" />).tree,
    );
    expect(order()).toEqual(['id', 'title', 'summary', 'notes']);
    const title = document.querySelector('li[data-field="title"]')!;
    const summary = document.querySelector('li[data-field="summary"]')!;
    expect(title.className).toContain('designer-field--half-left');
    expect(summary.className).toContain('designer-field--half-right');

    const handle = screen.getByRole('button', { name: 'Move summary' });
    handle.focus();
    await userEvent.setup().keyboard('{ArrowUp}');
    expect(order()).toEqual(['id', 'summary', 'title', 'notes']);
    await waitFor(() => expect(calls.some((c) => c.method === 'patch')).toBe(true));
    expect(calls.find((c) => c.method === 'patch')!.body).toEqual([
      { field: 'summary', sort: 2 },
      { field: 'title', sort: 3 },
      { field: 'notes', sort: 4 },
    ]);
  });
});

describe('the field wizard', () => {
  it('walks interface → schema → options, checks the name and length, and creates the field in one request', async () => {
    const { data, calls } = setup({ 'POST fields/projects': () => ({}) });
    const onClose = vi.fn();
    render(
      renderInApp(
        data,
        '/demo/settings/collections/projects',
        <FieldWizard collection="projects" field={null} onClose={onClose} />,
      ).tree,
    );
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('Search interfaces'), 'text input');
    await user.click(document.querySelector('button[data-interface="text-input"]')!);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const name = screen.getByLabelText('Field name');
    await user.type(name, 'Title');
    expect(screen.getByText('A field “title” already exists in this collection.')).toBeTruthy();
    await user.clear(name);
    await user.type(name, 'Sub Title!');
    expect(screen.getByText('Will be created as “sub_title”.')).toBeTruthy();

    expect((screen.getByLabelText('Database type') as HTMLSelectElement).value).toBe('VARCHAR');
    const length = screen.getByLabelText('Length') as HTMLInputElement;
    expect(length.value).toBe('200');
    await user.clear(length);
    await user.type(length, '70000');
    expect(screen.getByText('The length must be between 1 and 65535.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    await user.selectOptions(screen.getByLabelText('Database type'), 'CHAR');
    expect(length.value).toBe('50');
    expect(screen.getByText('Default 50, at most 255.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(document.querySelector('[data-testid="wizard-step-options"]')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create field' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'post')!;
    expect(post.body).toMatchObject({
      field: 'sub_title',
      type: 'string',
      interface: 'text-input',
      datatype: 'CHAR',
      length: '50',
      sort: 4,
    });
  });

  it('shows the server’s refusal and stays open', async () => {
    const { data } = setup({
      'POST fields/projects': () => {
        throw new Error('Field "x" already exists in collection "projects"');
      },
    });
    const onClose = vi.fn();
    render(
      renderInApp(
        data,
        '/demo/settings/collections/projects',
        <FieldWizard collection="projects" field={null} onClose={onClose} />,
      ).tree,
    );
    const user = userEvent.setup();
    await user.click(document.querySelector('button[data-interface="switch"]')!);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByLabelText('Field name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Create field' }));
    expect(await screen.findByText('Field "x" already exists in collection "projects"')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('edits a field from its schema step and sends only what changed', async () => {
    const { data, calls } = setup({ 'PATCH fields/projects/title': () => ({}) });
    const onClose = vi.fn();
    const title = { ...FIELDS[1]!, datatype: 'VARCHAR', length: 200, collection: 'projects' };
    render(
      renderInApp(
        data,
        '/demo/settings/collections/projects',
        <FieldWizard collection="projects" field={title} onClose={onClose} />,
      ).tree,
    );
    const user = userEvent.setup();
    const length = screen.getByLabelText('Length') as HTMLInputElement;
    expect(length.value).toBe('200');
    await user.clear(length);
    await user.type(length, '120');
    await user.click(screen.getByRole('button', { name: 'Save field' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'patch').map((c) => c.body)).toEqual([{ length: '120' }]);
  });

  it('edits a primary key: the name and the key cannot change', async () => {
    const { data } = setup();
    render(
      renderInApp(
        data,
        '/demo/settings/collections/projects',
        <FieldWizard
          collection="projects"
          field={{ ...FIELDS[2]!, datatype: 'INTEGER' }}
          onClose={() => {}}
        />,
      ).tree,
    );
    expect((screen.getByLabelText('Field name') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('A primary key cannot be disabled.')).toBeTruthy();
  });
});

describe('a collection’s page', () => {
  it('saves its settings in one request and names what a delete loses', async () => {
    const { data, calls } = setup({
      'PATCH collections/projects': () => ({}),
      'GET items/projects': () => [],
    });
    render(
      renderInApp(data, '/demo/settings/collections/projects', <CollectionDetail collection="projects" />)
        .tree,
    );
    const user = userEvent.setup();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('switch', { name: 'Hidden' }));
    await user.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === 'patch')).toBe(true));
    expect(calls.find((c) => c.method === 'patch')!.body).toEqual({ hidden: true });

    await user.click(screen.getByRole('button', { name: 'Delete collection' }));
    expect(await screen.findByText(/4 fields and no relations/)).toBeTruthy();
  });
});

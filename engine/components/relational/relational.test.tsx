// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { FieldDefinition } from '../../types';
import { createCoreRegistry } from '../../registry/core-registry';
import { FormRegistryContext, FormServicesContext, type FormServices, type RelationInfo } from '../contract';
import RelatedList from './RelatedList';
import Translation from './Translation';
import CheckboxesRelational from './CheckboxesRelational';
import { accepts } from './FileInput';
import { RoleSelect } from './index';

afterEach(cleanup);

const topicFields: FieldDefinition[] = [
  { field: 'id', type: 'integer', primary_key: 1, hidden_detail: 1, interface: 'primary-key' },
  { field: 'name', type: 'string', interface: 'text-input' },
];
const junctionFields: FieldDefinition[] = [
  { field: 'id', type: 'integer', primary_key: 1, hidden_detail: 1 },
  { field: 'article', type: 'm2o' },
  { field: 'topic', type: 'm2o' },
];
const allowAll = { create: true, update: true, delete: true, createFar: true, updateFar: true };

function m2m(may: Partial<RelationInfo['may']> = {}, sortField: string | null = null): RelationInfo {
  return {
    kind: 'm2m',
    collection: 'articles_topics',
    primaryKey: 'id',
    fields: junctionFields,
    backLink: 'article',
    junctionField: 'topic',
    far: { collection: 'topics', primaryKey: 'id', fields: topicFields },
    sortField,
    may: { ...allowAll, ...may },
  };
}

const registry = createCoreRegistry();

/** Holds the field's value the way the item page does, and reports each change. */
function Host(props: {
  Component: typeof RelatedList;
  services: FormServices;
  initial: unknown;
  field?: FieldDefinition;
  extra?: Record<string, unknown>;
  onValue: (value: unknown) => void;
}) {
  const [value, setValue] = useState(props.initial);
  const field = props.field ?? { field: 'topics', type: 'o2m' };
  return (
    <FormServicesContext.Provider value={props.services}>
      <FormRegistryContext.Provider value={registry}>
        <props.Component
          id="f"
          field={field}
          value={value}
          values={{}}
          newItem={false}
          required={false}
          disabled={false}
          onChange={(next) => {
            setValue(next);
            props.onValue(next);
          }}
          template="{{name}}"
          {...props.extra}
        />
      </FormRegistryContext.Provider>
    </FormServicesContext.Provider>
  );
}

const stored = [
  { id: 1, article: { id: 7 }, topic: { id: 3, name: 'Energy' } },
  { id: 2, article: { id: 7 }, topic: { id: 4, name: 'Water' } },
];

describe('many-to-many list', () => {
  it('adds an existing item through the picker and removes a stored one as a junction delete', async () => {
    const onValue = vi.fn();
    const pickFrom = vi.fn().mockResolvedValue({ item: { id: 5, name: 'Books' }, primaryKey: 'id' });
    render(
      <Host
        Component={RelatedList}
        services={{ relation: () => m2m(), pickFrom }}
        initial={stored}
        onValue={onValue}
      />,
    );
    expect(screen.getByText('Energy')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'interfaces.relational.add_existing' }));
    expect(pickFrom).toHaveBeenCalledWith('topics', { template: '{{name}}' });
    await screen.findByText('Books');
    await userEvent.click(screen.getByRole('button', { name: /remove_named.*Water/ }));
    const last = onValue.mock.calls.at(-1)![0] as Record<string, unknown>[];
    expect(last.find((row) => row.id === 2)).toMatchObject({ id: 2, $delete: true });
    expect(last.find((row) => (row.topic as { id?: number }).id === 5)).toBeTruthy();
    expect(screen.queryByText('Water')).toBeNull();
  });

  it('creates a new far item inline in a nested form', async () => {
    const onValue = vi.fn();
    render(
      <Host Component={RelatedList} services={{ relation: () => m2m() }} initial={[]} onValue={onValue} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'interfaces.relational.create_new' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(dialog.querySelector('input')!, 'Night life');
    await userEvent.click(screen.getByRole('button', { name: 'interfaces.relational.done' }));
    await screen.findByText('Night life');
    expect(onValue.mock.calls.at(-1)![0]).toEqual([
      { topic: { name: 'Night life' }, $key: expect.any(String) },
    ]);
  });

  it('offers only what the caller may do', () => {
    render(
      <Host
        Component={RelatedList}
        services={{
          relation: () => m2m({ createFar: false, delete: false, updateFar: false }),
          pickFrom: vi.fn(),
        }}
        initial={stored}
        onValue={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: 'interfaces.relational.create_new' })).toBeNull();
    expect(screen.queryByRole('button', { name: /remove_named/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /edit_named/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'interfaces.relational.add_existing' })).toBeTruthy();
  });

  it('shows drag handles only with a sort field, in the sort order', () => {
    const rows = [
      { id: 1, sort: 2, topic: { id: 3, name: 'Second' } },
      { id: 2, sort: 1, topic: { id: 4, name: 'First' } },
    ];
    render(
      <Host
        Component={RelatedList}
        services={{ relation: () => m2m({}, 'sort') }}
        initial={rows}
        onValue={vi.fn()}
      />,
    );
    const labels = [...document.querySelectorAll('.octavo-related__label')].map((el) => el.textContent);
    expect(labels).toEqual(['First', 'Second']);
    expect(screen.getAllByRole('button', { name: /reorder/ })).toHaveLength(2);
  });
});

describe('one-to-many list', () => {
  const o2m: RelationInfo = {
    kind: 'o2m',
    collection: 'articles',
    primaryKey: 'id',
    fields: [
      { field: 'id', type: 'integer', primary_key: 1, hidden_detail: 1 },
      { field: 'name', type: 'string', interface: 'text-input' },
      { field: 'author', type: 'm2o' },
    ],
    backLink: 'author',
    junctionField: null,
    far: null,
    sortField: null,
    may: allowAll,
  };
  it.each([
    ['relation', { id: 1, $unlink: true }],
    ['item', { id: 1, $delete: true }],
  ])('removes per delete_mode %s', async (mode, marker) => {
    const onValue = vi.fn();
    render(
      <Host
        Component={RelatedList}
        services={{ relation: () => o2m }}
        initial={[{ id: 1, name: 'Child', author: 4 }]}
        extra={{ deleteMode: mode }}
        onValue={onValue}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /remove_named/ }));
    expect(onValue.mock.calls.at(-1)![0][0]).toMatchObject(marker);
  });
});

describe('translation tabs', () => {
  const translation: RelationInfo = {
    kind: 'translation',
    collection: 'article_translations',
    primaryKey: 'id',
    fields: [
      { field: 'id', type: 'integer', primary_key: 1, hidden_detail: 1 },
      { field: 'article', type: 'm2o' },
      { field: 'language', type: 'lang' },
      { field: 'title', type: 'string', interface: 'text-input' },
    ],
    backLink: 'article',
    junctionField: null,
    far: null,
    languages: null,
    sortField: null,
    may: allowAll,
  };
  it('edits the stored row of a language and creates the row of another', async () => {
    const onValue = vi.fn();
    render(
      <Host
        Component={Translation}
        field={{ field: 'translations', type: 'translation' }}
        services={{ relation: () => translation }}
        initial={[{ id: 9, language: 'de-DE', title: 'Hallo' }]}
        extra={{ languageField: 'language', languages: { 'de-DE': 'German', 'fr-FR': 'French' } }}
        onValue={onValue}
      />,
    );
    const title = () => screen.getByRole('textbox');
    expect((title() as HTMLInputElement).value).toBe('Hallo');
    await userEvent.type(title(), '!');
    expect(onValue.mock.calls.at(-1)![0]).toEqual([
      { id: 9, language: 'de-DE', title: 'Hallo!', $edited: ['title'] },
    ]);
    await userEvent.click(screen.getByRole('tab', { name: 'French' }));
    await userEvent.type(title(), 'S');
    expect(onValue.mock.calls.at(-1)![0][1]).toEqual({ language: 'fr-FR', title: 'S' });
  });
});

describe('checkboxes-relational', () => {
  it('ticks add junction rows, unticking a stored one deletes it', async () => {
    const onValue = vi.fn();
    const loadItems = vi.fn().mockResolvedValue({
      items: [
        { id: 3, name: 'Energy' },
        { id: 5, name: 'Books' },
      ],
      primaryKey: 'id',
    });
    render(
      <Host
        Component={CheckboxesRelational}
        services={{ relation: () => m2m(), loadItems }}
        initial={[stored[0]]}
        onValue={onValue}
      />,
    );
    const books = await screen.findByRole('checkbox', { name: 'Books' });
    const energy = screen.getByRole('checkbox', { name: 'Energy' }) as HTMLInputElement;
    expect(energy.checked).toBe(true);
    await userEvent.click(books);
    expect(onValue.mock.calls.at(-1)![0][1]).toEqual({ topic: { id: 5, name: 'Books' } });
    await userEvent.click(energy);
    expect(onValue.mock.calls.at(-1)![0][0]).toMatchObject({ id: 1, $delete: true });
    // Two columns by default.
    await waitFor(() =>
      expect((screen.getByRole('group') as HTMLElement).style.gridTemplateColumns).toContain('repeat(2'),
    );
  });
});

describe('user roles and files', () => {
  it('lists role names without the Public role unless showPublic', async () => {
    const loadItems = vi.fn().mockResolvedValue({
      items: [
        { id: 1, name: 'Administrator' },
        { id: 2, name: 'Public' },
        { id: 3, name: 'Editor' },
      ],
      primaryKey: 'id',
    });
    const onValue = vi.fn();
    render(
      <Host
        Component={RoleSelect}
        field={{ field: 'role', type: 'm2o' }}
        services={{ loadItems }}
        initial={{ id: 3, name: 'Editor' }}
        onValue={onValue}
      />,
    );
    await screen.findByRole('option', { name: 'Administrator' });
    expect(screen.queryByRole('option', { name: 'Public' })).toBeNull();
    await userEvent.selectOptions(screen.getByRole('combobox'), 'Administrator');
    expect(onValue).toHaveBeenLastCalledWith(1);
  });

  it('accept lists match MIME types, wildcards and extensions', () => {
    expect(accepts('image/*', { name: 'a.png', type: 'image/png' })).toBe(true);
    expect(accepts('image/*', { name: 'a.txt', type: 'text/plain' })).toBe(false);
    expect(accepts('.pdf, image/png', { name: 'A.PDF', type: 'application/pdf' })).toBe(true);
    expect(accepts(null, { name: 'a', type: '' })).toBe(true);
  });
});

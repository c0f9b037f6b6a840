// @vitest-environment jsdom
import '../../../app/shell/catalog'; // the signed-in app's messages, as PrivateApp registers them
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FieldDefinition } from '../../types';
import { renderForm, setTranslate } from '../structured/test-host';
import { enUS, makeIntl } from '../../../app/i18n';
import { parseSort } from './LayoutSort';

afterEach(cleanup);

const layoutFields: FieldDefinition[] = [
  { collection: 'articles', field: 'id', type: 'integer', interface: 'primary-key', primary_key: true },
  { collection: 'articles', field: 'title', type: 'string', interface: 'text-input' },
  { collection: 'articles', field: 'status', type: 'status', interface: 'status' },
  { collection: 'articles', field: 'cover', type: 'file', interface: 'file' },
  { collection: 'articles', field: 'divider', type: 'alias', interface: 'divider' },
  { collection: 'articles', field: 'comments', type: 'o2m', interface: 'one-to-many' },
  { collection: 'articles', field: 'secret', type: 'string', hidden_browse: true },
];
const services = { layoutFields };

const field = (name: string, type: string, iface: string, options?: Record<string, unknown>) =>
  ({ field: name, name, type, interface: iface, options }) as FieldDefinition;

const intl = makeIntl('en-US', enUS);
setTranslate((id, values) => intl.formatMessage({ id }, values));

describe('layout-fields: the columns', () => {
  it('lists the browsable fields, ticked ones first in order, and stores ticks as a list', async () => {
    const { user, latest } = renderForm(
      [field('fields', 'array', 'layout-fields')],
      { fields: 'status,title' },
      { services },
    );
    const group = await screen.findByRole('group', { name: 'fields' }, { timeout: 5000 });
    const names = within(group)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')!.textContent);
    // No dividers, no hidden_browse fields; the stored CSV of a Directus 8 preset is read as the order.
    expect(names).toEqual(['Status', 'Title', 'Id', 'Cover', 'Comments']);
    await user.click(within(group).getByRole('checkbox', { name: 'Cover' }));
    expect(latest().fields).toEqual(['status', 'title', 'cover']);
  });

  it('reorders the ticked columns from the keyboard', async () => {
    const { user, latest } = renderForm(
      [field('fields', 'array', 'layout-fields')],
      { fields: ['status', 'title'] },
      { services },
    );
    const handle = await screen.findByRole('button', { name: /Status/ }, { timeout: 5000 });
    handle.focus();
    await user.keyboard('{ArrowDown}');
    expect(latest().fields).toEqual(['title', 'status']);
  });
});

describe('layout-sort: field and direction', () => {
  it('offers the sortable fields and stores the direction with a leading -', async () => {
    const { user, latest } = renderForm(
      [field('sort', 'string', 'layout-sort')],
      { sort: null },
      { services },
    );
    const select = (await screen.findByRole('combobox')) as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Primary key',
      'Id',
      'Title',
      'Status',
      'Cover',
      'Secret',
    ]);
    expect((screen.getByRole('button', { name: 'Descending' }) as HTMLButtonElement).disabled).toBe(true);
    await user.selectOptions(select, 'title');
    expect(latest().sort).toBe('title');
    await user.click(screen.getByRole('button', { name: 'Descending' }));
    expect(latest().sort).toBe('-title');
    expect(screen.getByRole('button', { name: 'Descending' }).getAttribute('aria-pressed')).toBe('true');
    await user.selectOptions(select, 'status');
    expect(latest().sort).toBe('-status');
    await user.selectOptions(select, '');
    expect(latest().sort).toBeNull();
  });

  it('reads a stored sort', () => {
    expect(parseSort('-published_on')).toEqual({ field: 'published_on', descending: true });
    expect(parseSort('title')).toEqual({ field: 'title', descending: false });
    expect(parseSort(null)).toEqual({ field: null, descending: false });
  });
});

describe('layout-field and layout-template: the card options', () => {
  it('offers only file fields and many-to-ones to directus_files for an image', async () => {
    const withRelations = {
      layoutFields: [
        ...layoutFields,
        { collection: 'articles', field: 'hero', type: 'm2o', interface: 'many-to-one' },
        { collection: 'articles', field: 'author', type: 'm2o', interface: 'many-to-one' },
      ],
      layoutRelated: (target: FieldDefinition) => (target.field === 'hero' ? 'directus_files' : 'authors'),
    };
    const { user, latest } = renderForm(
      [field('src', 'string', 'layout-field', { kind: 'image' })],
      {},
      { services: withRelations },
    );
    const select = (await screen.findByRole('combobox')) as HTMLSelectElement;
    expect([...select.options].map((option) => option.value)).toEqual(['', 'cover', 'hero']);
    await user.selectOptions(select, 'cover');
    expect(latest().src).toBe('cover');
  });

  it('inserts fields into a template, turning a bare field name into one', async () => {
    const { user, latest } = renderForm(
      [field('title', 'string', 'layout-template')],
      { title: 'title' },
      { services },
    );
    const insert = await screen.findByRole('combobox', { name: 'Insert a field…' });
    await user.selectOptions(insert, 'status');
    expect(latest().title).toBe('{{ title }} {{ status }}');
    const input = screen.getByRole('textbox');
    fireEvent.change(input, { target: { value: '' } });
    await waitFor(() => expect(latest().title).toBeNull());
  });
});

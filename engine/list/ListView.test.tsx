// @vitest-environment jsdom
import '../../app/shell/catalog'; // the signed-in app's messages, as PrivateApp registers them
import { render, screen, cleanup, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FieldDefinition } from '../types';
import { createCoreRegistry } from '../registry/core-registry';
import { I18nProvider } from '../../app/i18n';
import { ListView } from './ListView';

afterEach(cleanup);

const fields: FieldDefinition[] = [
  { field: 'id', type: 'integer', interface: 'primary-key', primary_key: 1 },
  { field: 'title', type: 'string', interface: 'text-input' },
  { field: 'status', type: 'status', interface: 'status' },
  { field: 'featured', type: 'boolean', interface: 'switch' },
  { field: 'owner', type: 'owner', interface: 'owner' },
];
const items = [
  {
    id: 1,
    title: 'First',
    status: 'published',
    featured: true,
    owner: { id: 1, first_name: 'Ada', last_name: 'L' },
  },
  { id: 2, title: 'Second', status: 'draft', featured: false, owner: null },
];

describe('ListView with the tabular layout', () => {
  it('renders columns from the view query and cells with each interface display', () => {
    render(
      <ListView
        registry={createCoreRegistry()}
        fields={fields}
        items={items}
        viewType="tabular"
        viewQuery={{ tabular: { fields: 'title,status,featured,owner', sort: '-title' } }}
        viewOptions={{ tabular: { widths: { title: 300 } } }}
      />,
      { wrapper: I18nProvider },
    );
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Title ▼',
      'Status',
      'Featured',
      'Owner',
    ]);
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]).getByText('Published')).toBeTruthy();
    expect(within(rows[0]).getByRole('img', { name: 'Yes' })).toBeTruthy();
    expect(within(rows[0]).getByText('Ada L')).toBeTruthy();
    expect(within(rows[1]).getByText('Draft')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Title/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('falls back to the table for an unknown layout and asks for a new sort on header click', async () => {
    const onQueryChange = vi.fn();
    const onProblem = vi.fn();
    render(
      <ListView
        registry={createCoreRegistry()}
        fields={fields}
        items={items}
        viewType="kanban"
        onQueryChange={onQueryChange}
        onProblem={onProblem}
      />,
    );
    expect(onProblem).toHaveBeenCalledWith('Missing layout "kanban"');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Title' }));
    expect(onQueryChange).toHaveBeenCalledWith({ sort: 'title' });
  });
});

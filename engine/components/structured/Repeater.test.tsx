// @vitest-environment jsdom
import '../../../app/shell/catalog'; // the signed-in app's messages, as PrivateApp registers them
import { cleanup, screen, within } from '@testing-library/react';
import type { FieldDefinition } from '../../types';
import { rowsOf, valueOf } from './Repeater';
import { enUS, makeIntl } from '../../../app/i18n';
import { renderForm, setTranslate } from './test-host';

const intl = makeIntl('en-US', enUS);
setTranslate((id, values) => intl.formatMessage({ id }, values));

afterEach(cleanup);

const links: FieldDefinition = {
  field: 'links',
  name: 'Links',
  type: 'json',
  interface: 'repeater',
  options: {
    template: '{{ label }}',
    createItemText: 'Add link',
    limit: 3,
    duplicable: true,
    fields: [
      { field: 'label', type: 'string', interface: 'text-input', width: 'half' },
      { field: 'visits', type: 'integer', interface: 'numeric', width: 'half', default: 1 },
    ],
  },
};

describe('repeater values', () => {
  it('reads and writes arrays and objects keyed by the structure key', () => {
    const rows = rowsOf({ draft: { name: 'Draft' }, live: { name: 'Live', value: 'live' } }, 'value');
    expect(rows).toEqual([
      { name: 'Draft', value: 'draft' },
      { name: 'Live', value: 'live' },
    ]);
    expect(valueOf(rows, 'value')).toEqual({ draft: rows[0], live: rows[1] });
    expect(valueOf([{ value: '' }], 'value')).toEqual({});
    expect(valueOf([], undefined)).toBeNull();
    expect(rowsOf([{ a: 1 }, 'junk'], undefined)).toEqual([{ a: 1 }, {}]);
  });
});

describe('Repeater', () => {
  it('adds rows with their defaults, edits them in a nested form and keeps JSON types', async () => {
    const { user, latest } = renderForm([links]);
    await user.click(await screen.findByRole('button', { name: 'Add link' }));
    expect(latest().links).toEqual([{ label: null, visits: 1 }]);
    await user.type(screen.getByRole('textbox', { name: 'Label' }), 'Docs');
    expect(latest().links).toEqual([{ label: 'Docs', visits: 1 }]);
    // The collapsed row is titled by the template.
    const toggle = screen.getByRole('button', { name: 'Docs' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(screen.queryByRole('textbox', { name: 'Label' })).toBeNull();
  });

  it('moves a row with the arrow keys on its handle, duplicates, removes and stops at the limit', async () => {
    const { user, latest } = renderForm([links], {
      links: [
        { label: 'One', visits: 1 },
        { label: 'Two', visits: 2 },
      ],
    });
    const handle = await screen.findByRole('button', { name: 'Move One' });
    handle.focus();
    await user.keyboard('{ArrowDown}');
    expect(latest().links).toEqual([
      { label: 'Two', visits: 2 },
      { label: 'One', visits: 1 },
    ]);
    expect(await screen.findByText('One moved to position 2 of 2.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Duplicate Two' }));
    expect((latest().links as unknown[]).length).toBe(3);
    expect((screen.getByRole('button', { name: 'Add link' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /^Duplicate/ })).toBeNull();
    const rows = screen.getAllByRole('listitem');
    await user.click(within(rows[0]).getByRole('button', { name: 'Remove Two' }));
    expect(latest().links).toEqual([
      { label: 'Two', visits: 2 },
      { label: 'One', visits: 1 },
    ]);
  });

  it('is read-only when the field is', async () => {
    renderForm([{ ...links, readonly: true }], { links: [{ label: 'One' }] });
    await screen.findByRole('button', { name: 'One' });
    expect(screen.queryByRole('button', { name: 'Add link' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove One' })).toBeNull();
  });
});

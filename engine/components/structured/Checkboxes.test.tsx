// @vitest-environment jsdom
import '../../../app/shell/catalog'; // the signed-in app's messages, as PrivateApp registers them
import { cleanup, screen } from '@testing-library/react';
import type { FieldDefinition } from '../../types';
import { entriesOf } from './Checkboxes';
import { enUS, makeIntl } from '../../../app/i18n';
import { renderForm, setTranslate } from './test-host';

const intl = makeIntl('en-US', enUS);
setTranslate((id, values) => intl.formatMessage({ id }, values));

afterEach(cleanup);

const choices = { red: 'Red', green: 'Green', blue: 'Blue' };
const colours = (options: Record<string, unknown>, type = 'array'): FieldDefinition => ({
  field: 'colours',
  name: 'Colours',
  type,
  interface: 'checkboxes',
  options: { choices, ...options },
});

describe('checkbox entries', () => {
  it('puts the checked values first, in their order, when draggable', () => {
    const list = [
      { value: 'a', label: 'A' },
      { value: 'b', label: 'B' },
    ];
    expect(entriesOf(list, ['b', 'x'], true).map((entry) => entry.value)).toEqual(['b', 'x', 'a']);
    expect(entriesOf(list, ['b', 'x'], false).map((entry) => entry.value)).toEqual(['a', 'b', 'x']);
  });
});

describe('Checkboxes', () => {
  it('checks values in the order they are ticked', async () => {
    const { user, latest } = renderForm([colours({})]);
    await user.click(await screen.findByRole('checkbox', { name: 'Blue' }));
    await user.click(screen.getByRole('checkbox', { name: 'Red' }));
    expect(latest().colours).toEqual(['blue', 'red']);
    expect(screen.queryByRole('button', { name: /^Move/ })).toBeNull();
  });

  it('reorders the checked values by keyboard when draggable, and keeps the order', async () => {
    const { user, latest } = renderForm([colours({ draggable: true })], { colours: ['red', 'blue'] });
    (await screen.findByRole('button', { name: 'Move Blue' })).focus();
    await user.keyboard('{ArrowUp}');
    expect(latest().colours).toEqual(['blue', 'red']);
    expect(screen.queryByRole('button', { name: 'Move Green' })).toBeNull();
  });

  it('adds another value, and stores wrapped text in string fields', async () => {
    const { user, latest } = renderForm([colours({ allow_other: true, wrap: true }, 'string')], {
      colours: ',red,',
    });
    await user.type(await screen.findByRole('textbox', { name: 'Another value' }), 'teal{Enter}');
    expect(latest().colours).toBe(',red,teal,');
    expect((screen.getByRole('checkbox', { name: 'teal' }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows raw values without formatting', async () => {
    renderForm([colours({ formatting: false })]);
    expect(await screen.findByRole('checkbox', { name: 'green' })).toBeTruthy();
  });
});

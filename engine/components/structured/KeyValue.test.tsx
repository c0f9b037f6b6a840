// @vitest-environment jsdom
import '../../../app/shell/catalog'; // the signed-in app's messages, as PrivateApp registers them
import { cleanup, screen } from '@testing-library/react';
import type { FieldDefinition } from '../../types';
import { duplicateRows, objectOf } from './KeyValue';
import { enUS, makeIntl } from '../../../app/i18n';
import { renderForm, setTranslate } from './test-host';

const intl = makeIntl('en-US', enUS);
setTranslate((id, values) => intl.formatMessage({ id }, values));

afterEach(cleanup);

const metadata: FieldDefinition = {
  field: 'metadata',
  name: 'Metadata',
  type: 'json',
  interface: 'key-value',
  // The directus_files seed spells the types keyDataType / valueDataType (schema-v8 §2.5).
  options: { keyInterface: 'text-input', valueInterface: 'numeric', valueDataType: 'integer' },
};

describe('key-value values', () => {
  it('keeps the first of two equal keys and skips empty keys', () => {
    const pairs = [
      { key: 'a', value: 1 },
      { key: '', value: 2 },
      { key: 'a', value: 3 },
    ];
    expect(objectOf(pairs)).toEqual({ a: 1 });
    expect([...duplicateRows(pairs)]).toEqual([2]);
    expect(objectOf([])).toBeNull();
  });
});

describe('KeyValue', () => {
  it('adds pairs drawn by the named interfaces, with numbers kept as numbers', async () => {
    const { user, latest } = renderForm([metadata], { metadata: { width: 800 } });
    expect(((await screen.findByLabelText('Value 1')) as HTMLInputElement).value).toBe('800');
    await user.click(screen.getByRole('button', { name: 'Add a key' }));
    await user.type(screen.getByRole('textbox', { name: 'Key 2' }), 'height');
    await user.type(screen.getByLabelText('Value 2'), '600');
    expect(latest().metadata).toEqual({ width: 800, height: 600 });
  });

  it('flags a repeated key in place and keeps both rows on screen', async () => {
    const { user, latest } = renderForm([metadata], { metadata: { width: 800 } });
    await user.click(await screen.findByRole('button', { name: 'Add a key' }));
    await user.type(screen.getByRole('textbox', { name: 'Key 2' }), 'width');
    expect(screen.getByRole('alert').textContent).toContain('“width” is used twice');
    expect(screen.getByRole('textbox', { name: 'Key 2' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(latest().metadata).toEqual({ width: 800 });
    await user.click(screen.getAllByRole('button', { name: 'Remove width' })[1]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sorts pairs by keyboard', async () => {
    const { user, latest } = renderForm([metadata], { metadata: { a: 1, b: 2 } });
    (await screen.findByRole('button', { name: 'Move b' })).focus();
    await user.keyboard('{ArrowUp}');
    expect(Object.keys(latest().metadata as object)).toEqual(['b', 'a']);
  });
});

import type { FieldDefinition } from '../types';
import {
  fieldActionState,
  formFields,
  isOn,
  isReadonly,
  layoutWidths,
  optionsWithDefaults,
  parseDefaultValue,
} from './rules';

const f = (field: string, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  field,
  type: 'string',
  ...extra,
});

describe('flags and defaults', () => {
  it('reads readonly/required flags as true, 1 or "1"', () => {
    expect([true, 1, '1'].map(isOn)).toEqual([true, true, true]);
    expect([false, 0, '0', null, undefined, 'true'].map(isOn)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('splits array defaults on commas and reads boolean defaults', () => {
    expect(parseDefaultValue(f('tags', { type: 'array', default_value: 'a, b,,c' }))).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(parseDefaultValue(f('tags', { type: 'array', default_value: ['x'] }))).toEqual(['x']);
    for (const on of [1, '1', 'true', true])
      expect(parseDefaultValue(f('b', { type: 'boolean', default_value: on }))).toBe(true);
    for (const off of [0, '0', 'false', false])
      expect(parseDefaultValue(f('b', { type: 'boolean', default_value: off }))).toBe(false);
    expect(parseDefaultValue(f('n', { type: 'integer', default_value: '12' }))).toBe(12);
    expect(parseDefaultValue(f('j', { type: 'json', default_value: '{"a":1}' }))).toEqual({ a: 1 });
    expect(parseDefaultValue(f('s'))).toBeNull();
  });

  it('fills interface options with their defaults under the stored ones', () => {
    const definition = { options: [f('trim', { type: 'boolean', default_value: true }), f('placeholder')] };
    expect(optionsWithDefaults(definition, { placeholder: 'Name' })).toEqual({
      trim: true,
      placeholder: 'Name',
    });
  });
});

describe('which fields a form shows', () => {
  it('leaves out hidden_detail and read-blacklisted fields, sorted by sort with NULL last', () => {
    const fields = [
      f('c'),
      f('b', { sort: 2 }),
      f('hidden', { hidden_detail: '1' }),
      f('a', { sort: 1 }),
      f('secret'),
    ];
    expect(formFields(fields, { read_field_blacklist: 'secret' }).map((x) => x.field)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(formFields(fields, { read_field_blacklist: ['c', 'secret'] }).map((x) => x.field)).toEqual([
      'a',
      'b',
    ]);
  });

  it('makes a field read-only by its flag or the write blacklist', () => {
    expect(isReadonly(f('a', { readonly: 1 }))).toBe(true);
    expect(isReadonly(f('a', { readonly: '1' }))).toBe(true);
    expect(isReadonly(f('a'), { write_field_blacklist: 'x,a' })).toBe(true);
    expect(isReadonly(f('a', { readonly: 0 }), { write_field_blacklist: ['x'] })).toBe(false);
  });

  it('pairs two adjacent halves into left and right; a lone half stays left', () => {
    const widths = layoutWidths([
      f('a', { width: 'half' }),
      f('b', { width: 'half' }),
      f('c', { width: 'half' }),
      f('d', { width: 'full' }),
      f('e', { width: 'half' }),
      f('g'),
    ]);
    expect(Object.fromEntries(widths)).toEqual({
      a: 'half-left',
      b: 'half-right',
      c: 'half-left',
      d: 'full',
      e: 'half-left',
      g: 'full',
    });
  });
});

describe('field actions', () => {
  it('disables each action when it would change nothing', () => {
    expect(fieldActionState(null, null, null)).toEqual({ clear: false, reset: false, undo: false });
    expect(fieldActionState('x', 'x', 'y')).toEqual({ clear: true, reset: false, undo: true });
    expect(fieldActionState(['a'], ['a'], ['a'])).toEqual({ clear: true, reset: false, undo: false });
  });
});

import { describe, expect, it } from 'vitest';
import type { FieldInfo } from '../schema/types';
import { castValue } from './cast-value';

const field = (type: string | null, storage: FieldInfo['storage']): FieldInfo =>
  ({ type, storage }) as FieldInfo;

describe('castValue', () => {
  it('numbers, booleans, json and arrays', () => {
    expect(castValue(field('integer', 'integer'), '42')).toBe(42);
    expect(castValue(field('integer', 'bigint'), '9223372036854775807')).toBe('9223372036854775807');
    expect(castValue(field('decimal', 'decimal'), '4.50')).toBe(4.5);
    expect(castValue(field('boolean', 'integer'), 1)).toBe(true);
    expect(castValue(field('boolean', 'boolean'), false)).toBe(false);
    expect(castValue(field('json', 'string'), '{"a":[1]}')).toEqual({ a: [1] });
    expect(castValue(field('json', 'string'), 'not json')).toBeNull();
    expect(castValue(field('json', 'string'), '')).toBeNull();
    expect(castValue(field('array', 'string'), ',a,b,')).toEqual(['a', 'b']);
    expect(castValue(field('array', 'string'), null)).toEqual([]);
  });

  it('dates and times in the v8 formats', () => {
    expect(castValue(field('datetime', 'datetime'), '2021-01-02 03:04:05')).toBe('2021-01-02 03:04:05');
    expect(castValue(field('datetime', 'datetime'), new Date(2021, 0, 2, 3, 4, 5))).toBe(
      '2021-01-02 03:04:05',
    );
    expect(castValue(field('datetime', 'datetimetz'), new Date(Date.UTC(2021, 0, 2, 3, 4, 5)))).toBe(
      '2021-01-02 03:04:05',
    );
    expect(castValue(field('datetime', 'datetime'), '0000-00-00 00:00:00')).toBeNull();
    expect(castValue(field('datetime_created', 'datetime'), '2021-01-02 03:04:05')).toBe(
      '2021-01-02T03:04:05+00:00',
    );
    expect(castValue(field('date', 'date'), new Date(2021, 5, 7))).toBe('2021-06-07');
    expect(castValue(field('time', 'time'), '06:30:00.000')).toBe('06:30:00');
    expect(castValue(field('binary', 'binary'), Buffer.from('hi'))).toBe('aGk=');
  });
});

import { Random } from './random';

/** Strings an attacker or a broken client sends: SQL, encodings, control characters, sizes. */
export const HOSTILE_STRINGS: readonly string[] = [
  "' OR 1=1 --",
  '"; DROP TABLE directus_users; --',
  '1; SELECT pg_sleep(10) --',
  "1' AND SLEEP(10)#",
  "') UNION SELECT password FROM directus_users --",
  '`id`',
  '\\',
  '%',
  '_',
  '\\%',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uFFFF',
  'ü🙂',
  '𝕏𝕐ℤ',
  '\u202Egnp.exe',
  '',
  ' ',
  ',',
  ',,',
  '*',
  '-1',
  '0',
  '1.5',
  '-0',
  '1e309',
  '9'.repeat(40),
  '2147483648',
  '0x10',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  '\r\nX-Injected: 1',
  '2021-02-31',
  '2021-01-01T25:00:00Z',
  '0000-00-00 00:00:00',
  'now',
  'x'.repeat(256),
  'é'.repeat(300),
];

const HUGE_STRING = 'x'.repeat(70_000);

export function hostileString(r: Random): string {
  if (r.chance(0.03)) return HUGE_STRING;
  if (r.chance(0.1)) return randomText(r, r.int(1, 40));
  return r.pick(HOSTILE_STRINGS);
}

/** Characters from every plane, control characters included. */
export function randomText(r: Random, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) {
    const kind = r.int(0, 5);
    const code =
      kind === 0
        ? r.int(0, 31)
        : kind === 1
          ? r.int(0x80, 0x7ff)
          : kind === 2
            ? r.int(0xd800, 0xdfff)
            : r.int(32, 126);
    out += String.fromCharCode(code);
  }
  return out;
}

/** Any JSON value of the wrong kind for most fields. */
export function hostileValue(r: Random, depth = 0): unknown {
  const kind = r.int(0, depth > 2 ? 6 : 10);
  switch (kind) {
    case 0:
    case 1:
    case 2:
      return hostileString(r);
    case 3:
      return r.pick([-1, 0, 1, 1.5, -0.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, 123456789012]);
    case 4:
      return r.pick([true, false]);
    case 5:
      return null;
    case 6:
      return r.pick([[], {}, '']);
    case 7:
      return Array.from({ length: r.int(1, 3) }, () => hostileValue(r, depth + 1));
    case 8:
      // `__proto__` rarely: the JSON parser refuses the whole body for it, hiding the other fields.
      return {
        [r.chance(0.1) ? '__proto__' : r.pick(['constructor', 'toString', 'a', 'id', ''])]: hostileValue(
          r,
          depth + 1,
        ),
      };
    case 9:
      return nested(r.int(5, 40));
    default:
      return { key: hostileValue(r, depth + 1), value: hostileValue(r, depth + 1) };
  }
}

/** `[[[…]]]` or `{"a":{"a":…}}`, `depth` levels. */
export function nested(depth: number, object = false): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = object ? { a: value } : [value];
  return value;
}

/** Field kinds the generator knows how to fill plausibly. */
export type Kind =
  | 'string'
  | 'text'
  | 'int'
  | 'id'
  | 'number'
  | 'bool'
  | 'json'
  | 'array'
  | 'email'
  | 'url'
  | 'datetime'
  | 'date'
  | 'time'
  | readonly string[];

export function plausible(r: Random, kind: Kind): unknown {
  if (Array.isArray(kind)) return r.pick(kind);
  switch (kind) {
    case 'string':
      return r.pick(['Fuzz', 'fz_value', 'Ünïcødé 🙂', 'a']) + r.int(0, 999);
    case 'text':
      return r.pick(['Some text', '<p>html</p>', 'line\nbreak']);
    case 'int':
      return r.int(0, 200);
    case 'id':
      return r.int(1, 12);
    case 'number':
      return r.pick([0, 1.25, 42, -3]);
    case 'bool':
      return r.pick([true, false, 0, 1]);
    case 'json':
      return r.pick([{}, { a: 1 }, [1, 2], { nested: { ok: true } }]);
    case 'array':
      return r.pick([[], ['a', 'b'], 'a,b']);
    case 'email':
      return `fz${r.int(0, 9999)}@example.com`;
    case 'url':
      return r.pick(['http://127.0.0.1:9/hook', 'http://localhost:9/x', 'https://[::1]:9/', 'ftp://x/y']);
    case 'datetime':
      return r.pick(['2021-01-05 10:00:00', '2021-01-05T10:00:00Z', '2030-12-31 23:59:59']);
    case 'date':
      return r.pick(['2021-01-05', '1970-01-01']);
    case 'time':
      return r.pick(['10:00:00', '23:59']);
    default:
      return null;
  }
}

/** A JSON object for the fields: plausible values, some fields replaced by hostile ones. */
export function body(r: Random, fields: Record<string, Kind>, hostility: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const names = Object.keys(fields);
  // Often every known field (so a create can succeed and each field meets a wrong type), else some.
  for (const name of r.chance(0.4) ? names : r.some(names, 1, names.length)) {
    out[name] = r.chance(hostility) ? hostileValue(r) : plausible(r, fields[name]);
  }
  if (r.chance(0.1)) out[r.pick(['nope', 'id', '__proto__x', 'x'.repeat(300), ''])] = hostileValue(r);
  return out;
}

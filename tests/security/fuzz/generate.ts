import qs from 'qs';
import { FAMILIES, ITEM_FIELDS, POOLS, type Family, type Method, type RouteSpec } from './families';
import { Random } from './random';
import { body, hostileString, hostileValue, nested, plausible } from './values';

/** Who sends a request; `bad` carries a broken token or cookie, picked by `badAuth`. */
export type Actor = 'admin' | 'editor' | 'public' | 'bad';

export interface FuzzRequest {
  family: string;
  seed: number;
  index: number;
  actor: Actor;
  /** For the `bad` actor: the kind of broken credential. */
  badAuth?: string;
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What the generator did to the request (for the report and the known-issue markers). */
  tags: string[];
  /** The route template it was built from. */
  route: string;
}

const METHODS: readonly Method[] = ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'];
const WRITE = new Set<Method>(['POST', 'PATCH', 'PUT', 'DELETE']);
export const isWrite = (method: string) => WRITE.has(method as Method);

const BAD_AUTH = [
  'garbage-bearer',
  'empty-bearer',
  'alg-none',
  'tampered',
  'huge-bearer',
  'basic',
  'garbage-cookie',
  'garbage-query-token',
  'two-schemes',
] as const;

/** Path parameters a broken or hostile client puts in the URL (already URL-encoded). */
const HOSTILE_PATH = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '99999999999999999999',
  '2147483648',
  'abc',
  'me',
  ',',
  '1,,2',
  ',1',
  '1,abc',
  '1,1,1',
  '%00',
  'a%00b',
  '%E2%82',
  '%',
  '%25',
  '%2F',
  '..',
  '%2e%2e',
  encodeURIComponent('ü🙂'),
  encodeURIComponent("' OR 1=1 --"),
  encodeURIComponent('"; DROP TABLE x; --'),
  '__proto__',
  'constructor',
  'x'.repeat(90),
  '*',
  'null',
  'true',
];

/** A comma list of keys longer than 100 characters (issue 16 item 7). */
const LONG_KEY_LIST = Array.from({ length: 40 }, (_, i) => 1000 + i).join(',');

function pathValue(r: Random, pool: string, write: boolean): { value: string; tags: string[] } {
  const roll = r.next();
  const choices = POOLS[pool] ?? { read: ['1'], write: ['1'] };
  if (roll < 0.6)
    return { value: encodeURIComponent(r.pick(write ? choices.write : choices.read)), tags: [] };
  if (roll < 0.63) return { value: LONG_KEY_LIST, tags: ['long-key-list'] };
  if (roll < 0.65) return { value: 'x'.repeat(r.pick([300, 3000])), tags: ['huge-path-param'] };
  if (roll < 0.68) return { value: '', tags: ['empty-path-param'] };
  return { value: r.pick(HOSTILE_PATH), tags: ['hostile-path-param'] };
}

const READ_FIELDS = [
  '*',
  'id',
  'id,title',
  '*.*',
  '*.*.*',
  'author.*',
  'role.*',
  'avatar.*',
  '-id',
  'nope',
  'id.id',
];
const FILTER_FIELDS = [
  'id',
  'title',
  'status',
  'email',
  'collection',
  'author',
  'author.name',
  'role',
  'nope',
  '',
];
const OPERATORS = [
  'eq',
  'neq',
  'lt',
  'gte',
  'in',
  'nin',
  'null',
  'nnull',
  'contains',
  'like',
  'rlike',
  'between',
  'empty',
  'has',
  'all',
  '__proto__',
  'constructor',
  'nope',
  '',
];

function filter(r: Random, depth = 0): unknown {
  const kind = r.int(0, depth > 3 ? 2 : 5);
  if (kind === 0) return hostileValue(r);
  if (kind <= 2) {
    const out: Record<string, unknown> = {};
    for (let i = r.int(1, 3); i > 0; i--) {
      const field = r.chance(0.8) ? r.pick(FILTER_FIELDS) : hostileString(r);
      out[field] = r.chance(0.3)
        ? hostileValue(r)
        : { [r.pick(OPERATORS)]: r.chance(0.5) ? hostileValue(r) : r.pick(['1', '1,2', 'a', 'now', '+']) };
    }
    return out;
  }
  if (kind === 3) return { _or: [filter(r, depth + 1), filter(r, depth + 1)] };
  if (kind === 4) return { _and: [filter(r, depth + 1)] };
  return nested(r.int(5, 25), true);
}

/** The read query: mostly plausible parameters, some hostile. */
function readQuery(r: Random): Record<string, unknown> {
  const q: Record<string, unknown> = {};
  const bad = () => (r.chance(0.5) ? hostileString(r) : hostileValue(r));
  if (r.chance(0.5))
    q.fields = r.chance(0.7) ? r.pick(READ_FIELDS) : r.chance(0.5) ? r.some(READ_FIELDS, 1) : bad();
  if (r.chance(0.4)) q.filter = filter(r);
  if (r.chance(0.3)) q.sort = r.chance(0.6) ? r.pick(['id', '-id', '?', 'title,-id', 'nope', '-']) : bad();
  if (r.chance(0.3)) q.limit = r.chance(0.6) ? r.pick(['1', '-1', '0', '100', '1000000', '1e3']) : bad();
  if (r.chance(0.2)) q.offset = r.chance(0.6) ? r.pick(['0', '5', '-1', '1e20']) : bad();
  if (r.chance(0.2)) q.page = r.chance(0.6) ? r.pick(['1', '0', '-3']) : bad();
  if (r.chance(0.3))
    q.meta = r.chance(0.6) ? r.pick(['*', 'total_count', 'filter_count,result_count', 'nope']) : bad();
  if (r.chance(0.2)) q.q = r.chance(0.5) ? r.pick(['a', '%', '_', 'ü']) : bad();
  if (r.chance(0.15)) q.deep = r.chance(0.5) ? { author: { _limit: r.pick(['1', '-1', 'x']) } } : bad();
  if (r.chance(0.1)) q.single = r.pick(['1', 'true', '0', '']);
  if (r.chance(0.1)) q.status = r.pick(['*', 'published', 'draft,nope', '']);
  if (r.chance(0.05)) q.lang = r.pick(['*', 'en', 'de', 'nope']);
  if (r.chance(0.05)) q.groups = bad();
  return q;
}

/** Query strings no library would build. */
const RAW_QUERIES = [
  'filter[',
  'filter]]=1',
  'filter[id][eq=1',
  '&&&',
  '=',
  '==&=',
  'fields',
  'fields[]=',
  'fields[0][1][2]=id',
  'limit=1&limit=2',
  'filter=1&filter[id]=2',
  'filter[id][_or][0]=1',
  '%',
  '%zz',
  'a=%E0%A4%A',
  'meta[]=*&meta[a]=b',
  'sort[__proto__]=x',
  '__proto__[admin]=1',
  'constructor[prototype][admin]=1',
  `${'a['.repeat(30)}b${']'.repeat(30)}=1`,
  'filter' + '[_or][0]'.repeat(15) + '[id][eq]=1',
  'q=%00',
  'fields=%00',
];

function queryString(r: Random, spec: RouteSpec, tags: string[]): string {
  const parts: string[] = [];
  if (spec.query && r.chance(0.7))
    parts.push(qs.stringify(readQuery(r), { encodeValuesOnly: r.chance(0.5) }));
  if (spec.params && r.chance(0.7)) {
    const params: Record<string, unknown> = {};
    for (const [name, kind] of Object.entries(spec.params)) {
      if (r.chance(0.5)) params[name] = r.chance(0.7) ? plausible(r, kind) : hostileValue(r);
    }
    parts.push(qs.stringify(params));
  }
  if (r.chance(0.08)) {
    parts.push(r.pick(RAW_QUERIES));
    tags.push('raw-query');
  }
  if (r.chance(0.01)) {
    parts.push(Array.from({ length: 2500 }, (_, i) => `p${i}=1`).join('&'));
    tags.push('query-flood');
  }
  const text = parts.filter(Boolean).join('&');
  return text ? `?${text}` : '';
}

interface Body {
  payload?: string | Buffer;
  contentType?: string;
}

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '{"a":1}}',
  "{'a':1}",
  '{"a":1,}',
  '\u0000',
  '{"a":"\\uZZZZ"}',
  '01',
  'NaN',
  '{"a" 1}',
  ' ',
];
const BAD_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
  'application/json, text/plain',
  'application/jsonx',
  'image/png',
  ';;;',
  'text/csv',
];

const BOUNDARY = '----octavofuzz';
function multipart(r: Random, tags: string[]): Body {
  const part = (name: string, value: string, filename?: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n` +
    `${filename === undefined ? '' : 'Content-Type: text/plain\r\n'}\r\n${value}\r\n`;
  const full =
    part('title', String(plausible(r, 'string'))) +
    part(
      r.pick(['file', 'data', '__proto__']),
      'hello fuzz',
      r.pick(['a.txt', '../../x.txt', '', 'a\u0000b.txt', 'ü.txt']),
    ) +
    `--${BOUNDARY}--\r\n`;
  const kind = r.pick([
    'no-boundary',
    'truncated',
    'wrong-boundary',
    'empty',
    'well-formed',
    'fields-only',
  ] as const);
  tags.push(`multipart-${kind}`);
  switch (kind) {
    case 'no-boundary':
      return { payload: full, contentType: 'multipart/form-data' };
    case 'truncated':
      return {
        payload: full.slice(0, r.int(10, full.length - 10)),
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      };
    case 'wrong-boundary':
      return { payload: full, contentType: 'multipart/form-data; boundary=other' };
    case 'empty':
      return { payload: '', contentType: `multipart/form-data; boundary=${BOUNDARY}` };
    case 'fields-only':
      return {
        payload: part('title', 'x') + `--${BOUNDARY}--\r\n`,
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      };
    default:
      return { payload: full, contentType: `multipart/form-data; boundary=${BOUNDARY}` };
  }
}

function jsonBody(r: Random, spec: RouteSpec, tags: string[]): Body {
  const fields = spec.body ?? { name: 'string' };
  const json = 'application/json';
  const shape = r.weighted([
    [40, 'object'],
    [spec.batch ? 8 : 2, 'array'],
    [7, 'proto'],
    [7, 'malformed'],
    [5, 'deep'],
    [5, 'primitive'],
    [7, 'empty-json'],
    [7, 'bad-content-type'],
    [4, 'form'],
    [spec.multipart ? 12 : 3, 'multipart'],
    [3, 'huge'],
    [0.5, 'over-limit'],
    [4, 'none'],
  ] as const);
  tags.push(`body-${shape}`);
  switch (shape) {
    case 'object':
      return { payload: JSON.stringify(body(r, fields, r.pick([0, 0.3, 0.7, 1]))), contentType: json };
    case 'array':
      return {
        payload: JSON.stringify(Array.from({ length: r.int(0, 3) }, () => body(r, fields, r.pick([0, 0.5])))),
        contentType: json,
      };
    case 'proto': {
      const base = JSON.stringify(body(r, fields, 0.3)).slice(1, -1);
      const poison = r.pick([
        '"__proto__":{"admin":true,"role":1}',
        '"constructor":{"prototype":{"admin":true}}',
        '"options":{"__proto__":{"x":1}}',
        '"__proto__":[]',
      ]);
      return { payload: `{${poison}${base ? `,${base}` : ''}}`, contentType: json };
    }
    case 'malformed':
      return { payload: r.pick(MALFORMED_JSON), contentType: json };
    case 'deep': {
      const depth = r.pick([30, 200, 5000, 100_000]);
      return { payload: `${'['.repeat(depth)}${']'.repeat(depth)}`, contentType: json };
    }
    case 'primitive':
      return {
        payload: r.pick(['null', '1', '"x"', 'true', '[]', '{}', '[null]', '[[]]']),
        contentType: json,
      };
    case 'empty-json':
      return { payload: r.pick(['', '']), contentType: r.pick([json, 'application/json; charset=utf-8']) };
    case 'bad-content-type':
      return { payload: JSON.stringify(body(r, fields, 0.3)), contentType: r.pick(BAD_CONTENT_TYPES) };
    case 'form':
      return {
        payload: r.chance(0.8)
          ? qs.stringify(body(r, fields, 0.5))
          : r.pick(['a=%zz', '&&=', `${'a['.repeat(40)}=1`]),
        contentType: 'application/x-www-form-urlencoded',
      };
    case 'multipart':
      return multipart(r, tags);
    case 'huge': {
      const name = r.pick(Object.keys(fields));
      return {
        payload: JSON.stringify({ [name]: 'x'.repeat(r.pick([300, 70_000, 300_000])) }),
        contentType: json,
      };
    }
    case 'over-limit':
      return { payload: JSON.stringify({ a: 'x'.repeat(1_100_000) }), contentType: json };
    default:
      return { contentType: r.chance(0.5) ? json : undefined };
  }
}

function authFor(r: Random): { actor: Actor; badAuth?: string } {
  const actor = r.weighted([
    [50, 'admin'],
    [20, 'editor'],
    [15, 'public'],
    [15, 'bad'],
  ] as const);
  return actor === 'bad' ? { actor, badAuth: r.pick(BAD_AUTH) } : { actor };
}

/** The families by name (`--family` takes a comma list). */
export function familiesNamed(names?: string): Family[] {
  if (!names) return [...FAMILIES];
  const wanted = names.split(',').map((n) => n.trim());
  const unknown = wanted.filter((n) => !FAMILIES.some((f) => f.name === n));
  if (unknown.length)
    throw new Error(`Unknown family ${unknown.join(', ')}; known: ${FAMILIES.map((f) => f.name).join(', ')}`);
  return FAMILIES.filter((f) => wanted.includes(f.name));
}

/** Request `index` of run `seed`, from one of `families` (round robin, so each gets its share). */
export function generateRequest(seed: number, index: number, families: readonly Family[]): FuzzRequest {
  const r = Random.forRequest(seed, index);
  const family = families[index % families.length];
  let spec = r.pick(family.routes);
  const tags: string[] = [];
  let method: Method = r.pick(spec.methods);
  if (r.chance(0.1)) {
    method = r.pick(METHODS);
    if (!spec.methods.includes(method)) tags.push('wrong-method');
  }
  const write = isWrite(method);
  let collection = '';
  let url = spec.path.replace(/:([a-zA-Z]+)/g, (_, pool: string) => {
    const { value, tags: more } = pathValue(r, pool, write);
    tags.push(...more);
    if (pool === 'itemCollection') collection = value;
    return value;
  });
  if (spec.itemBody && ITEM_FIELDS[collection]) spec = { ...spec, body: ITEM_FIELDS[collection] };
  url += queryString(r, spec, tags);
  const headers: Record<string, string> = {};
  let payload: string | Buffer | undefined;
  if (write || r.chance(0.05)) {
    const b = write ? jsonBody(r, spec, tags) : { payload: '{"a":1}', contentType: 'application/json' };
    payload = b.payload;
    if (b.contentType) headers['content-type'] = b.contentType;
  }
  if (r.chance(0.05)) {
    headers[r.pick(['x-directus-project', 'x-octavo-preview-role', 'origin', 'accept', 'x-forwarded-for'])] =
      r.pick(['nope', '3', 'http://evil.example', '*/*;q=0', 'a'.repeat(2000)]);
    tags.push('odd-header');
  }
  const auth = authFor(r);
  if (auth.badAuth === 'garbage-query-token') url += `${url.includes('?') ? '&' : '?'}access_token=garbage`;
  return { family: family.name, seed, index, ...auth, method, url, headers, payload, tags, route: spec.path };
}

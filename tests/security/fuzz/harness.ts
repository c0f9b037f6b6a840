import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Knex } from 'knex';
import type { Vendor } from '../../../server/config';
import { seedDemo, DEMO_EDITOR_EMAIL } from '../../../server/database/demo';
import errorCatalog from '../../../schemas/errors.json';
import { ADMIN, startTestServer, type TestServer } from '../../helpers/server';
import { startTestSmtp } from '../../helpers/smtp';
import type { Family } from './families';
import { generateRequest, isWrite, type FuzzRequest } from './generate';

export const EDITOR = { email: DEMO_EDITOR_EMAIL, password: 'editor pass phrase for fuzzing' };

/** Driver, SQL and stack text: none of it may reach a caller. */
export const LEAK =
  /SQLITE_|\bER_[A-Z_]{3,}|syntax error at|\bknex\b|\bat \/|\.ts:\d|node_modules|Undefined binding|duplicate key value|Duplicate entry|violates [a-z ]*constraint|no such (table|column)|Data too long|Incorrect [a-z]+ value|invalid input syntax|relation "[^"]*" does not exist|column "[^"]*" (of relation "[^"]*" )?does not exist|value too long for type|out of range for type|Out of range value|Unknown column|ECONNREFUSED|TypeError|ReferenceError|Cannot read propert/;

export const ANSWER_LIMIT_MS = 5000;
const CODES = new Set(errorCatalog.errors.map((e) => e.code));

/**
 * Refused requests that may still write, by design: a failed sign-in records an activity row for
 * an existing account (the lockout's evidence).
 */
const MAY_WRITE_WHEN_REFUSED: Array<{ route: RegExp; tables: string[] }> = [
  { route: /\/auth\/authenticate$/, tables: ['directus_activity'] },
];

/** Tables written asynchronously or by every request, left out of the fingerprint. */
const VOLATILE_TABLES = new Set([
  'octavo_webhook_deliveries',
  'octavo_migrations',
  'octavo_migrations_lock',
  'sqlite_sequence',
]);
/** Append-only logs: compared by row count and highest id (fast), not row by row. */
const LOG_TABLES = new Set(['directus_activity', 'directus_revisions']);
const VOLATILE_COLUMNS = new Set(['last_access_on']);

export interface Outcome {
  request: FuzzRequest;
  status: number;
  ms: number;
  failures: string[];
  /** Issue-16 item whose known answer this was (skipped until the fix is merged). */
  known?: number;
}

/**
 * Cases a parallel fix covers, skipped only while unfixed; none is left (issue 16's items are all
 * fixed). Add a line here, with the issue, only while its fix is on its way.
 */
export function knownIssue(request: FuzzRequest, status: number, body: string): number | undefined {
  void request;
  void status;
  void body;
  return undefined;
}

export interface FuzzServer {
  server: TestServer;
  vendor: Vendor;
  headersFor(request: FuzzRequest): Record<string, string>;
  /** Signs the callers in again if an accepted request ended their session. */
  refreshActors(): Promise<void>;
  fingerprint(): Promise<Map<string, string>>;
  close(): Promise<void>;
}

/** A project on a fresh database of the vendor with the demo content, two files, and the callers. */
export async function startFuzzServer(vendor: Vendor): Promise<FuzzServer> {
  // Mail goes to a local receiver, so invitations and password resets run to the end.
  const smtp = await startTestSmtp();
  const server = await startTestServer(vendor, {
    config: { loginRateLimit: 100_000, mail: { smtpUrl: smtp.url, from: 'Octavo <octavo@example.com>' } },
  });
  const knex = server.project.knex;
  await seedDemo(knex, { editorPassword: EDITOR.password });
  const tokens = { admin: await server.login(), editor: await server.login(EDITOR.email, EDITOR.password) };
  // Two files, so asset and file routes reach their storage.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  for (const [name, data] of [
    ['dot.png', png],
    ['note.txt', Buffer.from('hello')],
  ] as const) {
    const res = await server.inject({
      method: 'POST',
      url: '/test/files',
      headers: { authorization: `Bearer ${tokens.admin}` },
      payload: { filename_download: name, data: data.toString('base64') },
    });
    if (res.statusCode !== 200) throw new Error(`fixture upload failed: ${res.statusCode} ${res.body}`);
  }
  const storageRoot = join(server.config.dataDir ?? server.database.dataDir, 'uploads');
  const tables = async () => listTables(knex, vendor);

  const headersFor = (request: FuzzRequest): Record<string, string> => {
    const headers = { ...request.headers };
    if (request.actor === 'admin' || request.actor === 'editor')
      headers.authorization = `Bearer ${tokens[request.actor]}`;
    if (request.actor === 'bad') {
      const t = tokens.admin;
      switch (request.badAuth) {
        case 'garbage-bearer':
          headers.authorization = 'Bearer garbage';
          break;
        case 'empty-bearer':
          headers.authorization = 'Bearer ';
          break;
        case 'alg-none':
          headers.authorization =
            'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJpZCI6MSwidHlwZSI6ImF1dGgiLCJrZXkiOiJ0ZXN0In0.';
          break;
        case 'tampered':
          headers.authorization = `Bearer ${t.slice(0, -2)}${t.endsWith('AA') ? 'BB' : 'AA'}`;
          break;
        case 'huge-bearer':
          headers.authorization = `Bearer ${'a'.repeat(8000)}`;
          break;
        case 'basic':
          headers.authorization = 'Basic YWRtaW46YWRtaW4=';
          break;
        case 'garbage-cookie':
          headers.cookie = 'directus-test-session=garbage%00; other=1';
          break;
        case 'two-schemes':
          headers.authorization = `Bearer ${t}, Bearer garbage`;
          break;
        default:
          break;
      }
    }
    return headers;
  };

  const signedIn = async (token: string) =>
    (
      await server.inject({
        method: 'GET',
        url: '/test/users/me?fields=id',
        headers: { authorization: `Bearer ${token}` },
      })
    ).statusCode === 200;

  return {
    server,
    vendor,
    headersFor,
    async refreshActors() {
      if (!(await signedIn(tokens.admin))) tokens.admin = await server.login();
      if (!(await signedIn(tokens.editor))) tokens.editor = await server.login(EDITOR.email, EDITOR.password);
    },
    async fingerprint() {
      const out = new Map<string, string>();
      const { schema, names } = await tables();
      out.set('(schema)', schema);
      await Promise.all(
        names.map(async (table) => {
          if (VOLATILE_TABLES.has(table)) return;
          if (LOG_TABLES.has(table)) {
            const [row] = await knex(table).count({ n: '*' }).max({ m: 'id' });
            out.set(table, `${row.n}/${row.m}`);
            return;
          }
          const rows = (await knex(table).select('*')) as Array<Record<string, unknown>>;
          const lines = rows
            .map((row) =>
              JSON.stringify(
                Object.entries(row).filter(([k]) => !VOLATILE_COLUMNS.has(k)),
                replacer,
              ),
            )
            .sort();
          out.set(table, createHash('sha1').update(lines.join('\n')).digest('hex'));
        }),
      );
      out.set('(storage)', listFiles(storageRoot).join('\n'));
      return out;
    },
    async close() {
      await server.close();
      await smtp.close();
    },
  };
}

function replacer(_key: string, value: unknown) {
  if (typeof value === 'bigint') return String(value);
  if (value && typeof value === 'object' && (value as { type?: string }).type === 'Buffer')
    return createHash('sha1').update(JSON.stringify(value)).digest('hex');
  return value;
}

function listFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of entries) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(`${path.slice(root.length)}:${statSync(path).size}`);
    }
  };
  walk(root);
  return out.sort();
}

/** Table names and a digest of every column's definition, in one query per vendor. */
async function listTables(knex: Knex, vendor: Vendor): Promise<{ schema: string; names: string[] }> {
  let rows: Array<Record<string, unknown>>;
  if (vendor === 'sqlite') {
    rows = await knex.raw(
      "select m.name as t, p.name as c, p.type as ty, p.[notnull] as n, p.dflt_value as d from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table' order by 1, 2",
    );
  } else if (vendor === 'mysql') {
    [rows] = await knex.raw(
      'select table_name as t, column_name as c, column_type as ty, is_nullable as n, column_default as d from information_schema.columns where table_schema = database() order by 1, 2',
    );
  } else {
    ({ rows } = await knex.raw(
      'select table_name as t, column_name as c, data_type as ty, is_nullable as n, column_default as d from information_schema.columns where table_schema = current_schema() order by 1, 2',
    ));
  }
  const names = [...new Set(rows.map((r) => String(r.t)))];
  return { schema: createHash('sha1').update(JSON.stringify(rows)).digest('hex'), names };
}

/**
 * 5xx answers kept on purpose: removing or deactivating the last active administrator answers
 * 500 code 216 as v8's code does (api-v8 §4.3, its docs say 403; tests/server/system-users.test.ts).
 */
function deliberate5xx(status: number, body: string): boolean {
  return status === 500 && /^\{"error":\{"code":216,/.test(body);
}

/** The checks every answer must pass; `changed` lists the tables a refused write changed. */
function check(
  request: FuzzRequest,
  status: number,
  body: string,
  contentType: string,
  ms: number,
): string[] {
  const failures: string[] = [];
  if (status >= 500 && !deliberate5xx(status, body)) failures.push(`HTTP ${status}`);
  const checkText = status >= 400 || /json/.test(contentType);
  const leak = checkText ? LEAK.exec(body) : null;
  if (leak) failures.push(`leaks "${leak[0]}"`);
  if (ms > ANSWER_LIMIT_MS) failures.push(`answered in ${ms} ms`);
  if (status >= 400 && status < 500 && request.method !== 'HEAD' && status !== 429) {
    let code: unknown;
    try {
      code = (JSON.parse(body) as { error?: { code?: unknown } }).error?.code;
    } catch {
      code = undefined;
    }
    if (typeof code !== 'number' || !CODES.has(code))
      failures.push(`HTTP ${status} without an error code of schemas/errors.json`);
  }
  return failures;
}

export interface FamilyFigures {
  requests: number;
  statuses: Record<string, number>;
  failures: Outcome[];
  known: Record<string, number>;
  ms: number;
}

export interface RunResult {
  vendor: Vendor;
  seed: number;
  count: number;
  families: Record<string, FamilyFigures>;
  ms: number;
}

/** Sends `count` generated requests one after another and checks each answer. */
export async function runFuzz(
  fuzz: FuzzServer,
  options: {
    seed: number;
    count: number;
    families: readonly Family[];
    start?: number;
    onProgress?: (done: number) => void;
  },
): Promise<RunResult> {
  const started = performance.now();
  const result: RunResult = {
    vendor: fuzz.vendor,
    seed: options.seed,
    count: options.count,
    families: {},
    ms: 0,
  };
  let before: Map<string, string> | null = null;
  const start = options.start ?? 0;
  for (let index = start; index < start + options.count; index++) {
    const request = generateRequest(options.seed, index, options.families);
    const figures = (result.families[request.family] ??= {
      requests: 0,
      statuses: {},
      failures: [],
      known: {},
      ms: 0,
    });
    const t0 = performance.now();
    const write = isWrite(request.method);
    if (write && !before) before = await fuzz.fingerprint();
    const sent = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const answer = await Promise.race([
      fuzz.server.app
        .inject({
          method: request.method,
          url: request.url,
          headers: fuzz.headersFor(request),
          payload: request.payload,
          remoteAddress: '198.51.100.7',
        })
        .then((res) => ({
          status: res.statusCode,
          body: res.body,
          type: String(res.headers['content-type'] ?? ''),
        })),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), ANSWER_LIMIT_MS * 4);
      }),
    ]);
    clearTimeout(timer);
    const ms = Math.round(performance.now() - sent);
    const status = answer?.status ?? 0;
    const failures = answer
      ? check(request, status, answer.body, answer.type, ms)
      : [`no answer in ${ms} ms`];
    if (write && answer) {
      if (status >= 400 && status < 500) {
        const after = await fuzz.fingerprint();
        const allowed = MAY_WRITE_WHEN_REFUSED.filter((a) => a.route.test(request.route)).flatMap(
          (a) => a.tables,
        );
        const changed = [...new Set([...before!.keys(), ...after.keys()])].filter(
          (k) => before!.get(k) !== after.get(k) && !allowed.includes(k),
        );
        if (changed.length) failures.push(`refused (${status}) but wrote ${changed.join(', ')}`);
        before = after;
      } else {
        before = null;
      }
    }
    const known = failures.length && answer ? knownIssue(request, status, answer.body) : undefined;
    figures.requests++;
    figures.statuses[String(status)] = (figures.statuses[String(status)] ?? 0) + 1;
    if (known !== undefined)
      figures.known[`#16 item ${known}`] = (figures.known[`#16 item ${known}`] ?? 0) + 1;
    else if (failures.length)
      figures.failures.push({
        request,
        status,
        ms,
        failures: [...failures, `body: ${answer?.body.slice(0, 300) ?? ''}`],
      });
    if ((request.actor === 'admin' || request.actor === 'editor') && status === 401) {
      // Signing in again writes a session and an activity row.
      await fuzz.refreshActors();
      before = null;
    }
    figures.ms += performance.now() - t0;
    if (options.onProgress && (index - start + 1) % 500 === 0) options.onProgress(index - start + 1);
  }
  result.ms = performance.now() - started;
  return result;
}

/** How to send a failing request again, for the report. */
export function describeRequest(request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : ` body(${request.payload.length}): ${JSON.stringify(String(request.payload).slice(0, 200))}`;
  const headers = Object.keys(request.headers).length
    ? ` headers: ${JSON.stringify(request.headers).slice(0, 200)}`
    : '';
  return `[seed ${request.seed} index ${request.index}] ${request.actor}${request.badAuth ? `(${request.badAuth})` : ''} ${request.method} ${request.url.slice(0, 300)}${headers}${payload}`;
}

export { ADMIN };

/**
 * The server side of the items benchmark, run in a process of its own so the load generator does
 * not share its event loop:
 *   octavo: the real server (buildServer) on the benchmark's data folder, at the default log level;
 *   floor:  the same reads straight from the database driver (`GET /floor/<statement>?v=<value>`,
 *           statements in floor.ts) — prepared statements and JSON.stringify on node:http, no
 *           framework — the ceiling Octavo is compared to.
 * Prints `ready <port>` once listening.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { DatabaseConfig } from '../server/config';
import { loadConfig } from '../server/config';
import { buildServer } from '../server/http';
import { floorStatements, numbered } from './floor';

const [mode, dataDir, dbJson] = process.argv.slice(2);
const database = JSON.parse(dbJson) as DatabaseConfig;

type Reader = (name: string, value: string) => Promise<{ rows: unknown[]; count?: number }>;

async function floorReader(): Promise<Reader> {
  const statements = floorStatements(database.vendor);
  const statement = (name: string) => {
    const found = statements[name];
    if (!found) throw new Error(`no floor statement ${name}`);
    return found;
  };
  if (database.vendor === 'sqlite') {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(join(dataDir, database.filename!), { readonly: true });
    db.pragma('journal_mode = WAL');
    // Prepared on first use: the scenario's field exists only once the benchmark has created it.
    const prepared = new Map<string, ReturnType<typeof db.prepare>>();
    const prepare = (sql: string) => {
      let found = prepared.get(sql);
      if (!found) prepared.set(sql, (found = db.prepare(sql)));
      return found;
    };
    return async (name, value) => {
      const s = statement(name);
      const rows = prepare(s.sql).all(...(s.params(value) as [number]));
      if (!s.count) return { rows };
      return {
        rows,
        count: Number((prepare(s.count).get(...([] as unknown as [number])) as { count: number }).count),
      };
    };
  }
  if (database.vendor === 'postgres') {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ ...database, user: database.user, max: 10 } as any);
    return async (name, value) => {
      const s = statement(name);
      const { rows } = await pool.query({ name, text: numbered(s.sql), values: s.params(value) });
      if (!s.count) return { rows };
      const counted = await pool.query({ name: `${name}-count`, text: s.count });
      return { rows, count: Number(counted.rows[0].count) };
    };
  }
  const mysql = await import('mysql2/promise');
  const { vendor: _vendor, ...connection } = database as DatabaseConfig & Record<string, unknown>;
  const pool = mysql.createPool({ ...(connection as any), dateStrings: true, connectionLimit: 10 });
  return async (name, value) => {
    const s = statement(name);
    const rows = (await pool.execute(s.sql, s.params(value) as any[]))[0] as unknown[];
    if (!s.count) return { rows };
    const counted = (await pool.execute(s.count))[0] as Array<{ count: number }>;
    return { rows, count: Number(counted[0].count) };
  };
}

async function startFloor(): Promise<number> {
  const read = await floorReader();
  const send = (res: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://floor');
    const match = /^\/floor\/([a-z]+)$/.exec(url.pathname);
    if (!match) return send(res, 404, { error: { code: 1 } });
    const one = match[1] === 'one';
    read(match[1], url.searchParams.get('v') ?? '').then(
      ({ rows, count }) => {
        if (one) return send(res, rows.length ? 200 : 404, { data: rows[0] });
        send(res, 200, count === undefined ? { data: rows } : { meta: { total_count: count }, data: rows });
      },
      (error: Error) => send(res, 500, { error: { code: null, message: error.message } }),
    );
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

async function startOctavo(): Promise<number> {
  const config = loadConfig(process.env, { dataDir, port: 0 });
  const app = await buildServer(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}

const port = mode === 'floor' ? await startFloor() : await startOctavo();
process.send?.({ ready: port });
process.on('SIGTERM', () => process.exit(0));

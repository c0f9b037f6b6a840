/**
 * The server side of the items benchmark, run in a process of its own so the load generator does
 * not share its event loop:
 *   octavo: the real server (buildServer) on the benchmark's data folder, at the default log level;
 *   floor:  the same list and one-item reads straight from the database driver — one prepared
 *           statement and JSON.stringify on node:http, no framework — the ceiling Octavo is compared to.
 * Prints `ready <port>` once listening.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { DatabaseConfig } from '../server/config';
import { loadConfig } from '../server/config';
import { buildServer } from '../server/http';

const [mode, dataDir, dbJson] = process.argv.slice(2);
const database = JSON.parse(dbJson) as DatabaseConfig;

/** The columns the benchmark role may read (its read blacklist hides `owner`). */
const COLUMNS = 'id, status, title, body, rating, author, published_on';
// What the role's status blacklist and the soft-delete status leave visible, as Octavo's list reads it.
const LIST_SQL = `SELECT ${COLUMNS} FROM articles WHERE status NOT IN ('deleted') AND (status NOT IN ('deleted') OR status IS NULL) ORDER BY id LIMIT 100`;
const ONE_SQL = `SELECT ${COLUMNS} FROM articles WHERE id = $1 AND status NOT IN ('deleted')`;

type Reader = { list(): Promise<unknown[]>; one(id: number): Promise<unknown> };

async function floorReader(): Promise<Reader> {
  if (database.vendor === 'sqlite') {
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(join(dataDir, database.filename!), { readonly: true });
    db.pragma('journal_mode = WAL');
    const list = db.prepare(LIST_SQL);
    const one = db.prepare(ONE_SQL.replace('$1', '?'));
    return { list: async () => list.all(), one: async (id) => one.get(id) };
  }
  if (database.vendor === 'postgres') {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ ...database, user: database.user, max: 10 } as any);
    return {
      list: async () => (await pool.query({ name: 'list', text: LIST_SQL })).rows,
      one: async (id) => (await pool.query({ name: 'one', text: ONE_SQL, values: [id] })).rows[0],
    };
  }
  const mysql = await import('mysql2/promise');
  const { vendor: _vendor, ...connection } = database as DatabaseConfig & Record<string, unknown>;
  const pool = mysql.createPool({ ...(connection as any), dateStrings: true, connectionLimit: 10 });
  return {
    list: async () => (await pool.execute(LIST_SQL))[0] as unknown[],
    one: async (id) => ((await pool.execute(ONE_SQL.replace('$1', '?'), [id]))[0] as unknown[])[0],
  };
}

async function startFloor(): Promise<number> {
  const reader = await floorReader();
  const send = (res: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0];
    const match = /^\/bench\/items\/articles(?:\/(\d+))?$/.exec(path);
    if (!match) return send(res, 404, { error: { code: 1 } });
    const work = match[1]
      ? reader.one(Number(match[1])).then((data) => ({ data }))
      : reader.list().then((data) => ({ data }));
    work.then(
      (body) => send(res, body.data === undefined ? 404 : 200, body),
      () => send(res, 500, { error: { code: null } }),
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

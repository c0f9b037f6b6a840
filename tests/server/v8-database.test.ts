import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import mysql from 'mysql2/promise';
import { startTestServer, type TestServer } from '../helpers/server';
import { testVendors, MYSQL } from '../helpers/databases';
import { verifyPassword } from '../../server/services/passwords';
import { SYSTEM_TABLES } from '../../server/database/migrations/20261121000000_system_tables';

/**
 * An existing Directus 8.8.1 MySQL database (tests/fixtures/v8-mysql.sql) opened as a project: the
 * migrations must leave every v8 table as it is, and its users must sign in with their bcrypt
 * (`$2y$`) passwords.
 */
const FIXTURE = fileURLToPath(new URL('../fixtures/v8-mysql.sql', import.meta.url));
const ADMIN = { email: 'admin@v8.example.com', password: 'v8 fixture password' };
const EDITOR = { email: 'editor@v8.example.com', password: 'editor fixture password' };

const runs = testVendors.includes('mysql');

interface Snapshot {
  tables: string[];
  columns: unknown[];
  indexes: unknown[];
  counts: Record<string, number>;
}

async function snapshot(connection: mysql.Connection, database: string): Promise<Snapshot> {
  const [tables] = await connection.query<mysql.RowDataPacket[]>(
    `SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME`,
    [database],
  );
  const [columns] = await connection.query<mysql.RowDataPacket[]>(
    `SELECT TABLE_NAME, COLUMN_NAME, ORDINAL_POSITION, COLUMN_TYPE, IS_NULLABLE, COLUMN_DEFAULT,
            CHARACTER_SET_NAME, COLLATION_NAME, EXTRA
       FROM information_schema.COLUMNS
      WHERE TABLE_SCHEMA = ? AND (TABLE_NAME LIKE 'directus\\_%' OR TABLE_NAME = 'articles')
      ORDER BY TABLE_NAME, ORDINAL_POSITION`,
    [database],
  );
  const [indexes] = await connection.query<mysql.RowDataPacket[]>(
    `SELECT TABLE_NAME, INDEX_NAME, NON_UNIQUE, SEQ_IN_INDEX, COLUMN_NAME
       FROM information_schema.STATISTICS
      WHERE TABLE_SCHEMA = ? AND (TABLE_NAME LIKE 'directus\\_%' OR TABLE_NAME = 'articles')
      ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX`,
    [database],
  );
  const counts: Record<string, number> = {};
  for (const table of [...SYSTEM_TABLES.map((t) => t.name), 'articles']) {
    const [rows] = await connection.query<mysql.RowDataPacket[]>(`SELECT COUNT(*) AS n FROM \`${table}\``);
    counts[table] = Number(rows[0].n);
  }
  return { tables: tables.map((t) => t.name as string), columns, indexes, counts };
}

describe.skipIf(!runs)('an existing Directus 8 MySQL database', () => {
  let server: TestServer;
  let connection: mysql.Connection;
  let database: string;
  let before: Snapshot;
  let storedHashes: Array<{ email: string; password: string }>;

  beforeAll(async () => {
    server = await startTestServer('mysql', { install: false });
    database = server.database.config.database!;
    connection = await mysql.createConnection({
      ...MYSQL,
      database,
      multipleStatements: true,
      charset: 'utf8mb4',
    });
    await connection.query(readFileSync(FIXTURE, 'utf8'));
    before = await snapshot(connection, database);
    const [rows] = await connection.query<mysql.RowDataPacket[]>(
      'SELECT email, password FROM directus_users ORDER BY id',
    );
    storedHashes = rows.map((row) => ({ email: String(row.email), password: String(row.password) }));
    await server.app.registry.create({
      key: 'v8',
      database: server.database.config,
      existing: true,
      adminEmail: 'unused@example.com',
      adminPassword: 'not used: the database keeps its users',
    });
  });

  afterAll(async () => {
    await connection?.end();
    await server?.close();
  });

  it('loads as a Directus 8.8 database', () => {
    expect(before.tables).toEqual(expect.arrayContaining(SYSTEM_TABLES.map((t) => t.name)));
    expect(before.counts).toMatchObject({
      directus_fields: 179,
      directus_migrations: 79,
      directus_roles: 3,
      directus_users: 2,
      directus_settings: 23,
      articles: 3,
    });
  });

  it('leaves the v8 tables, columns, indexes and rows as they were', async () => {
    const after = await snapshot(connection, database);
    expect(after.columns).toEqual(before.columns);
    expect(after.indexes).toEqual(before.indexes);
    expect(after.counts).toEqual(before.counts);
    // Only Octavo's own bookkeeping tables were added.
    expect(after.tables.filter((name) => !before.tables.includes(name)).sort()).toEqual([
      'octavo_migrations',
      'octavo_migrations_lock',
      'octavo_row_counts',
      'octavo_webhook_deliveries',
    ]);
    const [users] = await connection.query<mysql.RowDataPacket[]>(
      'SELECT email FROM directus_users WHERE email = ?',
      ['unused@example.com'],
    );
    expect(users).toHaveLength(0);
  });

  it('verifies the PHP bcrypt hashes the database holds', async () => {
    const [admin, editor] = storedHashes;
    expect(storedHashes.map((row) => row.password.slice(0, 7))).toEqual(['$2y$10$', '$2y$10$']);
    expect(await verifyPassword(admin.password, ADMIN.password)).toBe(true);
    expect(await verifyPassword(editor.password, EDITOR.password)).toBe(true);
    expect(await verifyPassword(admin.password, EDITOR.password)).toBe(false);
  });

  it('signs a v8 user in over HTTP and answers /users/me', async () => {
    const login = await server.inject({
      method: 'POST',
      url: '/v8/auth/authenticate',
      payload: { email: EDITOR.email, password: EDITOR.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().data.token as string;
    expect(token).toEqual(expect.any(String));

    const me = await server.inject({
      method: 'GET',
      url: '/v8/users/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode, me.body).toBe(200);
    const user = me.json().data;
    expect(user).toMatchObject({ id: 2, email: EDITOR.email, first_name: 'Erika', last_name: 'Editor' });
    expect(user.password).toBeUndefined();

    const wrong = await server.inject({
      method: 'POST',
      url: '/v8/auth/authenticate',
      payload: { email: ADMIN.email, password: EDITOR.password },
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error.code).toBe(100);

    // Whatever the sign-in did to the stored hash (it may upgrade it), the password keeps working.
    const again = await server.inject({
      method: 'POST',
      url: '/v8/auth/authenticate',
      payload: { email: EDITOR.email, password: EDITOR.password },
    });
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe.skipIf(runs)('an existing Directus 8 MySQL database', () => {
  it.skip('needs MySQL: run with OCTAVO_TEST_VENDORS including mysql', () => {});
});

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { fileURLToPath } from 'node:url';
import { verifyPassword } from '../../server/services/passwords';
import { createConnection } from '../../server/database/connection';
import type { DatabaseConfig } from '../../server/config';
import { createTestDatabase, testVendors } from '../helpers/databases';
// @ts-expect-error -- plain JavaScript without type declarations
import { ROOT, sourceDigest } from '../../bin/server-build.js';

const BIN = fileURLToPath(new URL('../../bin/octavo.js', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment of a child: this process's, without any OCTAVO_* setting, plus the given ones. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('OCTAVO_')));
  return { ...base, OCTAVO_LOG_LEVEL: 'warn', OCTAVO_BUILD_APP: 'false', ...env };
}

function octavo(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: childEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Starts `octavo start` and resolves once it printed "Ready", with what it printed so far. */
function startOctavo(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; output: () => string; exited: Promise<number | null> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'start'], {
      env: childEnv({ OCTAVO_PORT: '0', ...env }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      if (/Ready in \d+ ms/.test(stdout)) resolve({ child, output: () => stdout, exited });
    });
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    exited.then((code) =>
      reject(new Error(`octavo start exited (${code}) before it was ready:\n${stdout}\n${stderr}`)),
    );
  });
}

async function withKnex<T>(
  database: DatabaseConfig,
  dataDir: string,
  work: (knex: Knex) => Promise<T>,
): Promise<T> {
  const knex = createConnection(database, dataDir);
  try {
    return await work(knex);
  } finally {
    await knex.destroy();
  }
}

/** Each child process loads the compiled server (built on first use); on a busy two-core machine that takes seconds. */
const SLOW = 300_000;

const folders: string[] = [];
function dataFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'octavo-cli-'));
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('octavo command line', () => {
  test(
    'prints help and the version, and rejects unknown commands and options with exit code 2',
    async () => {
      const data = dataFolder();
      const help = await octavo(['--help'], { OCTAVO_DATA: data });
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(/Usage: octavo <command>/);
      expect(help.stdout).toMatch(/user password/);
      const initHelp = await octavo(['init', '--help'], { OCTAVO_DATA: data });
      expect(initHelp.stdout).toMatch(/--admin-password/);
      expect(initHelp.stdout).toMatch(/OCTAVO_INIT_DB_NAME/);
      expect((await octavo(['--version'], {})).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
      // The command runs the compiled server, built from the current sources, not a fallback.
      expect(help.stderr).not.toMatch(/running from the sources/);
      const builds = readdirSync(join(ROOT, 'dist', 'server')).filter((name) => !name.startsWith('.'));
      expect(builds).toContain(sourceDigest(ROOT));
      expect(existsSync(join(ROOT, 'dist', 'server', sourceDigest(ROOT), 'cli.mjs'))).toBe(true);
      // The sources still run as they are when asked.
      const fromSource = await octavo(['--version'], { OCTAVO_FROM_SOURCE: '1' });
      expect(fromSource.code).toBe(0);
      expect(fromSource.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);

      const unknown = await octavo(['frobnicate'], { OCTAVO_DATA: data });
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toMatch(/Unknown command "frobnicate"/);
      const badFlag = await octavo(['init', '--key', 'x', '--colour', 'red'], { OCTAVO_DATA: data });
      expect(badFlag.code).toBe(2);
      expect(badFlag.stderr).toMatch(/--colour/);
      expect(existsSync(join(data, 'projects'))).toBe(false);
    },
    SLOW,
  );

  test(
    'bad configuration names the setting and exits with code 1',
    async () => {
      const data = dataFolder();
      const port = await octavo(['start'], { OCTAVO_DATA: data, OCTAVO_PORT: 'eighty' });
      expect(port.code).toBe(1);
      expect(port.stderr).toMatch(/OCTAVO_PORT: "eighty" is not a whole number/);
      const portFlag = await octavo(['start', '--port', '70000'], { OCTAVO_DATA: data });
      expect(portFlag.code).toBe(1);
      expect(portFlag.stderr).toMatch(/OCTAVO_PORT \(--port\)/);
      const level = await octavo(['migrate'], { OCTAVO_DATA: data, OCTAVO_LOG_LEVEL: 'loud' });
      expect(level.code).toBe(1);
      expect(level.stderr).toMatch(/OCTAVO_LOG_LEVEL/);
      writeFileSync(join(data, 'octavo.json'), '{ not json');
      const file = await octavo(['migrate'], { OCTAVO_DATA: data });
      expect(file.code).toBe(1);
      expect(file.stderr).toMatch(/octavo\.json: not valid JSON/);
      expect(existsSync(join(data, 'demo.sqlite'))).toBe(false);
    },
    SLOW,
  );

  test(
    'init, migrate, user create and user password on SQLite',
    async () => {
      const data = dataFolder();
      const env = { OCTAVO_DATA: data };

      const missing = await octavo(['init', '--key', 'blog'], env);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toMatch(/--admin-password.*OCTAVO_ADMIN_PASSWORD/);
      expect((await octavo(['init', '--key', 'blog', '--vendor', 'oracle'], env)).code).toBe(2);
      const noName = await octavo(
        ['init', '--key', 'blog', '--vendor', 'postgres', '--admin-password', 'x'],
        env,
      );
      expect(noName.code).toBe(2);
      expect(noName.stderr).toMatch(/--database/);
      expect((await octavo(['init', '--key', 'no spaces', '--admin-password', 'x'], env)).code).toBe(2);

      const init = await octavo(
        ['init', '--key', 'blog', '--name', 'The Blog', '--admin-email', 'chief@example.com'],
        { ...env, OCTAVO_ADMIN_PASSWORD: 'first secret' },
      );
      expect(init.stderr).toBe('');
      expect(init.code).toBe(0);
      expect(init.stdout).toMatch(/Created the project "blog"/);
      expect(init.stdout).not.toContain('first secret');
      const token = JSON.parse(readFileSync(join(data, 'octavo.json'), 'utf8')).super_admin_token;
      expect(init.stdout).toContain(token);
      const config = JSON.parse(readFileSync(join(data, 'projects', 'blog.json'), 'utf8'));
      expect(config.database).toEqual({ vendor: 'sqlite', filename: 'blog.sqlite' });

      const again = await octavo(['init', '--key', 'blog', '--admin-password', 'x'], env);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/already exists/);

      const migrate = await octavo(['migrate'], env);
      expect(migrate.code).toBe(0);
      expect(migrate.stdout.trim()).toBe('blog: up to date');
      const unknownProject = await octavo(['migrate', '--project', 'nope'], env);
      expect(unknownProject.code).toBe(1);
      expect(unknownProject.stderr).toMatch(/No project "nope".*blog/);

      const create = await octavo(
        [
          'user',
          'create',
          '--email',
          // Stored trimmed and in lower case, as every email (unique in any spelling).
          ' Bea@Example.COM',
          '--password',
          'bea secret',
          '--first-name',
          'Bea',
          '--role',
          '2',
        ],
        env,
      );
      expect(create.stderr).toBe('');
      expect(create.code).toBe(0);
      expect(create.stdout).toMatch(
        /Created the user bea@example\.com \(#2, role 2 Public\) in the project "blog"/,
      );
      const duplicate = await octavo(
        ['user', 'create', '--project', 'blog', '--email', 'BEA@example.com', '--password', 'x'],
        env,
      );
      expect(duplicate.code).toBe(1);
      const noRole = await octavo(
        ['user', 'create', '--email', 'cy@example.com', '--password', 'x', '--role', '9'],
        env,
      );
      expect(noRole.code).toBe(1);
      expect(noRole.stderr).toMatch(/No role 9.*1 Administrator/);
      const noPassword = await octavo(['user', 'create', '--email', 'cy@example.com'], env);
      expect(noPassword.code).toBe(2);
      expect(noPassword.stderr).toMatch(/--password.*OCTAVO_USER_PASSWORD/);

      const change = await octavo(['user', 'password', '--project', 'blog', '--email', 'chief@example.com'], {
        ...env,
        OCTAVO_USER_PASSWORD: 'second secret',
      });
      expect(change.code).toBe(0);
      const unknownUser = await octavo(
        ['user', 'password', '--email', 'ghost@example.com', '--password', 'x'],
        env,
      );
      expect(unknownUser.code).toBe(1);
      expect(unknownUser.stderr).toMatch(/No user with the email ghost@example\.com/);

      await withKnex(config.database, data, async (knex) => {
        const chief = await knex('directus_users').where('email', 'chief@example.com').first();
        expect(Number(chief.role)).toBe(1);
        expect(await verifyPassword(chief.password, 'second secret')).toBe(true);
        expect(await verifyPassword(chief.password, 'first secret')).toBe(false);
        const bea = await knex('directus_users').where('email', 'bea@example.com').first();
        expect(bea).toMatchObject({ first_name: 'Bea', status: 'active' });
        expect(Number(bea.role)).toBe(2);
        expect(await verifyPassword(bea.password, 'bea secret')).toBe(true);
        expect(await knex('directus_settings').where('key', 'project_name').first('value')).toEqual({
          value: 'The Blog',
        });
      });

      // Two projects: user commands must be told which one.
      const second = await octavo(['init', '--key', 'shop', '--demo'], {
        ...env,
        OCTAVO_ADMIN_PASSWORD: 'x',
        OCTAVO_EDITOR_PASSWORD: 'editor secret',
      });
      expect(second.code).toBe(0);
      expect(second.stdout).toMatch(/Demo magazine and interface showcase: \d+ items in 15 collections/);
      expect(second.stdout).not.toContain('Super-admin token');
      const which = await octavo(
        ['user', 'password', '--email', 'chief@example.com', '--password', 'x'],
        env,
      );
      expect(which.code).toBe(2);
      expect(which.stderr).toMatch(/--project.*blog, shop/);
      const all = await octavo(['migrate'], env);
      expect(all.stdout.trim().split('\n')).toEqual(['blog: up to date', 'shop: up to date']);
    },
    SLOW,
  );

  test.each(testVendors.filter((v) => v !== 'sqlite'))(
    'init and user create on %s',
    async (vendor) => {
      const database = await createTestDatabase(vendor);
      const data = dataFolder();
      try {
        const db = database.config;
        const init = await octavo(
          [
            'init',
            '--key',
            'prod',
            '--vendor',
            vendor,
            '--host',
            db.host!,
            '--port',
            String(db.port),
            '--user',
            db.user!,
            '--database',
            db.database!,
            '--admin-password',
            'prod secret',
          ],
          { OCTAVO_DATA: data },
        );
        expect(init.stderr).toBe('');
        expect(init.code).toBe(0);
        expect(JSON.parse(readFileSync(join(data, 'projects', 'prod.json'), 'utf8')).database).toMatchObject({
          vendor,
          database: db.database,
        });
        const create = await octavo(
          ['user', 'create', '--email', 'ops@example.com', '--password', 'ops secret'],
          {
            OCTAVO_DATA: data,
          },
        );
        expect(create.code).toBe(0);
        expect((await octavo(['migrate', '--project', 'prod'], { OCTAVO_DATA: data })).stdout.trim()).toBe(
          'prod: up to date',
        );
        await withKnex(db, data, async (knex) => {
          const users = await knex('directus_users').orderBy('id').select('email', 'password');
          expect(users.map((u) => u.email)).toEqual(['admin@example.com', 'ops@example.com']);
          expect(await verifyPassword(users[1].password, 'ops secret')).toBe(true);
        });

        // An existing Directus 8 database keeps its tables and users.
        const reopen = await octavo(
          [
            'init',
            '--key',
            'again',
            '--vendor',
            vendor,
            '--port',
            String(db.port),
            '--user',
            db.user!,
            '--database',
            db.database!,
            '--existing',
          ],
          { OCTAVO_DATA: data },
        );
        expect(reopen.code).toBe(0);
        expect(reopen.stdout).toMatch(/Kept the existing system tables/);
      } finally {
        await database.drop();
      }
    },
    SLOW,
  );

  test(
    'start creates the demo once, answers requests and stops on SIGTERM',
    async () => {
      const data = dataFolder();
      const first = await startOctavo({ OCTAVO_DATA: data });
      let url: string;
      try {
        const out = first.output();
        url = out.match(/Sign in: +(http:\/\/127\.0\.0\.1:\d+\/)admin\//)![1];
        expect(out).toContain(`API:      ${url}demo/`);
        expect(out).toMatch(/Created the project "demo"/);
        const admin = out.match(/admin@example\.com +password: (\S+)/)![1];
        const editor = out.match(/editor@example\.com +password: (\S+)/)![1];
        expect(out).toMatch(/Super-admin token .*: \S+/);

        expect(await (await fetch(`${url}server/ping`)).text()).toBe('pong');
        // The compiled server finds the folders it reads at run time (interface definitions).
        const signIn = await fetch(`${url}demo/auth/authenticate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@example.com', password: admin }),
        });
        const interfaces = await fetch(`${url}interfaces`, {
          headers: {
            authorization: `Bearer ${(await signIn.json()).data.token}`,
            'x-directus-project': 'demo',
          },
        });
        expect(interfaces.status, await interfaces.clone().text()).toBe(200);
        expect((await interfaces.json()).data.map((i: { id: string }) => i.id)).toContain('text-input');
        const info = await fetch(`${url}demo/`);
        expect(info.status).toBe(200);
        expect((await info.json()).data.api.project_name).toBe('Octavo Magazine (demo)');

        await withKnex({ vendor: 'sqlite', filename: 'demo.sqlite' }, data, async (knex) => {
          const users = await knex('directus_users').orderBy('id').select('email', 'password');
          expect(await verifyPassword(users[0].password, admin)).toBe(true);
          expect(await verifyPassword(users[1].password, editor)).toBe(true);
        });
      } finally {
        first.child.kill('SIGTERM');
      }
      expect(await first.exited).toBe(0);

      const second = await startOctavo({ OCTAVO_DATA: data });
      try {
        const out = second.output();
        expect(out).not.toMatch(/password:|Created the project|Super-admin token/);
        expect(out).toMatch(/Sign in: +http:\/\/127\.0\.0\.1:\d+\/admin\//);
        const api = out.match(/API: +(\S+)/)![1];
        expect((await fetch(api)).status).toBe(200);
        await withKnex({ vendor: 'sqlite', filename: 'demo.sqlite' }, data, async (knex) => {
          expect(Number((await knex('articles').count({ n: '*' }))[0].n)).toBe(100);
          expect(Number((await knex('directus_users').count({ n: '*' }))[0].n)).toBe(2);
        });
      } finally {
        second.child.kill('SIGINT');
      }
      expect(await second.exited).toBe(0);
    },
    SLOW,
  );
});

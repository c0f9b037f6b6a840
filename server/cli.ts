import { parseArgs, type ParseArgsConfig } from 'node:util';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import {
  ConfigError,
  loadConfig,
  PROJECT_KEY,
  VENDORS,
  type DatabaseConfig,
  type ServerConfig,
  type Vendor,
} from './config';
import type { ProjectRegistry } from './services/projects';
import type { StartedServer } from './start';
import pkg from '../package.json' with { type: 'json' };

// The server, the database drivers and argon2 load only for the commands that use them, so that
// help, version and command-line mistakes answer at once.
const load = {
  registry: async (config: ServerConfig) => new (await import('./services/projects')).ProjectRegistry(config),
  start: () => import('./start'),
  instance: () => import('./services/instance'),
  passwords: () => import('./services/passwords'),
  demo: () => import('./database/demo'),
  errors: () => import('./errors'),
  rowCounts: async () => ({
    ...(await import('./services/row-counts')),
    schemaCache: (await import('./schema/cache')).schemaCache,
  }),
  /** Other nodes hear of what a command changes (with OCTAVO_REDIS_URL). */
  invalidation: async (config: ServerConfig) =>
    (await import('./database/invalidation')).connectInvalidation(config.redisUrl, 2000),
};
const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

/**
 * `octavo start | init | migrate | user create | user password | search-index build|status|drop |
 * counts recompute|check`.
 * Exit codes: 0 done, 1 failed (configuration, database, unknown user…), 2 bad command line.
 */

type Env = Record<string, string | undefined>;
type Output = { out: (line: string) => void; err: (line: string) => void };

/** A mistake on the command line (exit code 2). */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly command?: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A failure while doing what was asked (exit code 1). */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

const COMMON = `Common options:
  --data <dir>        Data folder (OCTAVO_DATA, default ./data)
  -h, --help          Show help for the command`;

export const HELP: Record<string, string> = {
  main: `Octavo ${pkg.version}: an admin app and API server for Directus 8 databases.

Usage: octavo <command> [options]

Commands:
  start               Start the server (the default command)
  init                Create a project (its database tables and first administrator)
  migrate             Run pending database migrations
  user create         Add a user to a project
  user password       Set a user's password
  search-index        Build, list or drop the indexes behind search (q)
  counts recompute    Recount the row counters of total_count (after writes outside the API)
  counts check        Compare the row counters with the tables

Run "octavo <command> --help" for the options of a command.
Every setting can also come from the environment (OCTAVO_*) or <data>/octavo.json.
Exit codes: 0 success, 1 failure, 2 invalid command line.`,

  start: `Usage: octavo start [options]

Starts the API server and the admin app. On an empty data folder it first creates the project
"demo" on SQLite (<data>/demo.sqlite) with an administrator and, unless OCTAVO_DEMO=false, a demo
magazine and an editor account; generated passwords are printed once. Pending migrations of every
project run before the server listens.

Options:
  --host <host>       Address to listen on (OCTAVO_HOST, default 127.0.0.1)
  --port <port>       Port to listen on; 0 picks a free one (OCTAVO_PORT, default 8080)
  --no-demo           Do not add demo content to a new demo project (OCTAVO_DEMO=false)
  --no-build          Do not build the admin app even when it is missing or stale (OCTAVO_BUILD_APP=false)
${COMMON}

Environment for the first start:
  OCTAVO_ADMIN_EMAIL     Administrator email (default admin@example.com)
  OCTAVO_ADMIN_PASSWORD  Administrator password (default: generated and printed once)
  OCTAVO_EDITOR_PASSWORD Demo editor password (default: generated and printed once)
Stop with Ctrl+C or SIGTERM: open requests finish, then the server and database pools close.`,

  init: `Usage: octavo init --key <key> [options]

Creates a project: writes <data>/projects/<key>.json, creates the system tables and the first
administrator. With --existing, opens an existing Directus 8 database as it is.

Options:
  --key <key>               Project key: letters, digits, "_" and "-" (OCTAVO_INIT_KEY)
  --name <name>             Project name shown in the app (OCTAVO_INIT_NAME, default: the key)
  --vendor <vendor>         sqlite, mysql or postgres (OCTAVO_INIT_VENDOR, default sqlite)
  --filename <file>         SQLite file, relative to the data folder (OCTAVO_INIT_DB_FILENAME,
                            default <key>.sqlite)
  --host <host>             Database host (OCTAVO_INIT_DB_HOST, default 127.0.0.1)
  --port <port>             Database port (OCTAVO_INIT_DB_PORT, default 3306 / 5432)
  --user <user>             Database user (OCTAVO_INIT_DB_USER, default root / postgres)
  --password <password>     Database password (OCTAVO_INIT_DB_PASSWORD)
  --database <name>         Database name, required for mysql and postgres (OCTAVO_INIT_DB_NAME)
  --admin-email <email>     First administrator (OCTAVO_ADMIN_EMAIL, default admin@example.com)
  --admin-password <pw>     Their password (OCTAVO_ADMIN_PASSWORD; asked for when omitted on a terminal)
  --existing                Keep the system tables of an existing Directus 8 database
  --demo                    Add the demo magazine and the editor account (OCTAVO_EDITOR_PASSWORD,
                            or a generated password printed once)
  --private                 Leave the project out of GET /server/projects
${COMMON}`,

  migrate: `Usage: octavo migrate [--project <key>]

Runs the pending migrations of one project, or of every project, and prints what ran. Several
nodes may run it at once: knex's lock table makes the others wait.

Options:
  --project <key>     Only this project (OCTAVO_PROJECT)
${COMMON}`,

  counts: `Usage: octavo counts <recompute|check> [--project <key>] [--collection <name>]

The API answers meta=total_count from a row counter per collection, kept exact by its own writes.
Rows inserted or deleted by other means (SQL, another tool) leave it behind until a schema change
or this command: "check" compares each counter with its table and exits with 1 when one differs
(a count taken while the API writes may differ by those writes); "recompute" counts the tables
again (safe while the API writes).

Options:
  --project <key>       Only this project (OCTAVO_PROJECT); required when there are several
  --collection <name>   Only this collection (default: every user collection)
${COMMON}`,

  user: `Usage: octavo user <create|password> [options]

  user create         Add a user to a project
  user password       Set the password of an existing user

Run "octavo user create --help" or "octavo user password --help" for the options.`,

  'user create': `Usage: octavo user create --email <email> [options]

Options:
  --project <key>       Project (OCTAVO_PROJECT; may be left out when there is only one)
  --email <email>       Email address, used to sign in
  --password <pw>       Password (OCTAVO_USER_PASSWORD; asked for when omitted on a terminal)
  --role <id>           Role id: 1 Administrator (default), 2 Public, 3+ your roles
  --first-name <name>   First name
  --last-name <name>    Last name
${COMMON}`,

  'search-index': `Usage: octavo search-index <build|status|drop> [options]

The indexes that make search (q) fast: SQLite an FTS5 trigram table per collection kept in step by
triggers; PostgreSQL a pg_trgm GIN index per searched text column. Collections made through the API
get them at once; an existing database gets them from "build", which runs while the server serves
(PostgreSQL builds with CREATE INDEX CONCURRENTLY). MySQL and MariaDB have none: search scans.

  build               Create the missing indexes (and rebuild those whose columns changed)
  status              List each collection's searched columns and what is indexed
  drop                Drop the indexes (search scans again)

A running server uses an index made by "build" at its next schema change or restart (at once on
PostgreSQL). After "drop" on SQLite, restart the server.

Options:
  --project <key>         Project (OCTAVO_PROJECT; may be left out when there is only one)
  --collection <name>     Only this collection (build and drop)
${COMMON}`,

  'user password': `Usage: octavo user password --email <email> [options]

Sets a user's password and signs them out of their sessions.

Options:
  --project <key>       Project (OCTAVO_PROJECT; may be left out when there is only one)
  --email <email>       The user's email address
  --password <pw>       New password (OCTAVO_USER_PASSWORD; asked for when omitted on a terminal)
${COMMON}`,
};

const commonOptions = {
  data: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

function parse<O extends NonNullable<ParseArgsConfig['options']>>(
  command: string,
  args: string[],
  options: O,
) {
  try {
    return parseArgs({
      args,
      options: { ...commonOptions, ...options },
      allowPositionals: false,
      strict: true,
    }).values as Record<string, string | boolean | undefined>;
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/\. To specify a positional.*$/s, '.'), command);
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** A value from a flag, else from the environment; `name` is how the error names it. */
function pick(
  values: Record<string, unknown>,
  flag: string,
  env: Env,
  variable?: string,
): string | undefined {
  const raw = values[flag];
  if (typeof raw === 'string' && raw !== '') return raw;
  const fromEnv = variable ? env[variable] : undefined;
  return fromEnv === undefined || fromEnv === '' ? undefined : fromEnv;
}

const FLAG_FOR_SETTING: Record<string, string> = {
  OCTAVO_HOST: '--host',
  OCTAVO_PORT: '--port',
  OCTAVO_DATA: '--data',
};

/** Loads the instance configuration with flags taking the place of their environment variables. */
function configFrom(
  values: Record<string, unknown>,
  env: Env,
  flags: Record<string, string> = {},
): ServerConfig {
  const merged: Env = { ...env };
  const used: string[] = [];
  for (const [flag, variable] of Object.entries({ data: 'OCTAVO_DATA', ...flags })) {
    if (typeof values[flag] === 'string') {
      merged[variable] = values[flag] as string;
      used.push(variable);
    }
  }
  try {
    return loadConfig(merged);
  } catch (error) {
    const setting = Object.keys(FLAG_FOR_SETTING).find(
      (name) => used.includes(name) && (error as Error).message.includes(` ${name}:`),
    );
    if (error instanceof ConfigError && setting) {
      throw new ConfigError(
        `${setting} (${FLAG_FOR_SETTING[setting]})`,
        (error as Error).message.split(': ').slice(1).join(': '),
      );
    }
    throw error;
  }
}

/** Reads a line from the terminal without echoing it. */
export function readSecret(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stderr.write(prompt);
    let value = '';
    const finish = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish();
        if (char === '\u0003') return finish(new CliError('Cancelled.'));
        if (char === '\u007f' || char === '\b') value = [...value].slice(0, -1).join('');
        else if (char >= ' ') value += char;
      }
    };
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

/**
 * A password from its flag or variable; on a terminal it is asked for (twice, when new), elsewhere
 * its absence is an error that names both.
 */
async function passwordFrom(
  values: Record<string, unknown>,
  flag: string,
  env: Env,
  variable: string,
  command: string,
  label: string,
): Promise<string> {
  const given = pick(values, flag, env, variable);
  if (given) return given;
  if (!process.stdin.isTTY) {
    throw new UsageError(`Missing ${label}: pass --${flag} or set ${variable}.`, command);
  }
  const first = await readSecret(`${label[0].toUpperCase()}${label.slice(1)}: `);
  if (!first) throw new UsageError(`The ${label} cannot be empty.`, command);
  const second = await readSecret('Repeat it: ');
  if (first !== second) throw new CliError('The two entries differ; nothing was changed.');
  return first;
}

function projectKey(
  values: Record<string, unknown>,
  env: Env,
  registry: ProjectRegistry,
  command: string,
): string {
  const given = pick(values, 'project', env, 'OCTAVO_PROJECT');
  const keys = registry.keys(true);
  if (given) {
    if (!registry.exists(given)) {
      throw new CliError(
        `No project "${given}" in ${registry.folder}` +
          (keys.length ? ` (projects: ${keys.join(', ')}).` : '.'),
      );
    }
    return given;
  }
  if (keys.length === 1) return keys[0];
  if (keys.length === 0)
    throw new CliError(`There is no project in ${registry.folder} yet; run "octavo init" first.`);
  throw new UsageError(
    `Which project? Pass --project or set OCTAVO_PROJECT (projects: ${keys.join(', ')}).`,
    command,
  );
}

function credentialLine(role: string, email: string, password: string | undefined, variable: string): string {
  return `  ${role.padEnd(14)} ${email.padEnd(24)} ${password ? `password: ${password}` : `(password from ${variable})`}`;
}

async function runStart(args: string[], env: Env, io: Output): Promise<number> {
  const values = parse('start', args, {
    host: { type: 'string' },
    port: { type: 'string' },
    'no-demo': { type: 'boolean' },
    'no-build': { type: 'boolean' },
  });
  if (values.help) return help('start', io);
  const config = configFrom(values, env, { host: 'OCTAVO_HOST', port: 'OCTAVO_PORT' });
  if (values['no-demo']) config.demo = false;

  if (!values['no-build'] && env.OCTAVO_BUILD_APP !== 'false') {
    const { ensureAppBuilt } = await import('./app-build');
    await ensureAppBuilt((message) => io.out(message));
  }
  const { startServer } = await load.start();
  let started: StartedServer;
  try {
    started = await startServer(config, {
      editorPassword: env.OCTAVO_EDITOR_PASSWORD || undefined,
      warn: (message) => io.err(`Warning: ${message}`),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new CliError(
        `Port ${config.port} on ${config.host} is in use: set OCTAVO_PORT (or --port) to another port.`,
      );
    }
    if (code === 'EACCES' || code === 'EADDRNOTAVAIL') {
      throw new CliError(
        `Cannot listen on ${config.host}:${config.port} (${code}): check OCTAVO_HOST and OCTAVO_PORT.`,
      );
    }
    throw error;
  }

  io.out(`Octavo ${pkg.version} (data folder: ${config.dataDir})`);
  const boot = started.bootstrap;
  if (boot) {
    const items = boot.demo ? Object.values(boot.demo.items).reduce((a, b) => a + b, 0) : 0;
    io.out(
      `Created the project "${boot.project}" on SQLite (${join(config.dataDir, boot.filename)})` +
        (boot.demo
          ? ` with the demo magazine: ${items} items in ${Object.keys(boot.demo.items).length} collections.`
          : '.'),
    );
    io.out(
      credentialLine(
        'Administrator',
        boot.admin.email,
        boot.admin.generatedPassword,
        'OCTAVO_ADMIN_PASSWORD',
      ),
    );
    if (boot.editor) {
      io.out(
        credentialLine('Editor', boot.editor.email, boot.editor.generatedPassword, 'OCTAVO_EDITOR_PASSWORD'),
      );
    }
    if (boot.admin.generatedPassword || boot.editor?.generatedPassword) {
      io.out('  Generated passwords are shown only this once: note them, or change them after signing in.');
    }
  }
  if (started.createdSuperAdminToken) {
    io.out(
      `Super-admin token (for creating projects; shown once, kept in ${join(config.dataDir, 'octavo.json')}): ` +
        started.createdSuperAdminToken,
    );
  }
  for (const [key, ran] of Object.entries(started.migrations)) {
    if (ran.length) io.out(`Migrated "${key}": ${ran.join(', ')}`);
  }
  io.out(`Sign in:  ${started.url}admin/`);
  if (started.projects.length === 0) io.out(`API:      ${started.url} (no project yet: run "octavo init")`);
  for (const key of started.projects) io.out(`API:      ${started.url}${key}/`);
  io.out(`Ready in ${started.startupMs} ms`);

  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) {
        io.err(`Received ${signal} again: exiting without waiting.`);
        process.exit(1);
      }
      stopping = true;
      io.err(`Received ${signal}: finishing open requests, then closing…`);
      const force = setTimeout(() => {
        io.err('Still busy after 10 s: exiting.');
        process.exit(1);
      }, 10_000);
      force.unref();
      started.close().then(
        () => {
          clearTimeout(force);
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          resolve(0);
        },
        (error) => {
          io.err(`Error while closing: ${(error as Error).message}`);
          resolve(1);
        },
      );
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

async function runInit(args: string[], env: Env, io: Output): Promise<number> {
  const values = parse('init', args, {
    key: { type: 'string' },
    name: { type: 'string' },
    vendor: { type: 'string' },
    filename: { type: 'string' },
    host: { type: 'string' },
    port: { type: 'string' },
    user: { type: 'string' },
    password: { type: 'string' },
    database: { type: 'string' },
    'admin-email': { type: 'string' },
    'admin-password': { type: 'string' },
    existing: { type: 'boolean' },
    demo: { type: 'boolean' },
    private: { type: 'boolean' },
  });
  if (values.help) return help('init', io);
  const config = configFrom(values, env);

  const key = pick(values, 'key', env, 'OCTAVO_INIT_KEY');
  if (!key) throw new UsageError('Missing the project key: pass --key or set OCTAVO_INIT_KEY.', 'init');
  if (!PROJECT_KEY.test(key)) {
    throw new UsageError(
      `The project key "${key}" (--key) may contain only letters, digits, "_" and "-".`,
      'init',
    );
  }
  const vendor = (pick(values, 'vendor', env, 'OCTAVO_INIT_VENDOR') ?? 'sqlite') as Vendor;
  if (!VENDORS.includes(vendor)) {
    throw new UsageError(
      `--vendor (OCTAVO_INIT_VENDOR): "${vendor}" is not one of ${VENDORS.join(', ')}.`,
      'init',
    );
  }
  const portText = pick(values, 'port', env, 'OCTAVO_INIT_DB_PORT');
  const port = portText === undefined ? undefined : Number(portText);
  if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535)) {
    throw new UsageError(`--port (OCTAVO_INIT_DB_PORT): "${portText}" is not a TCP port.`, 'init');
  }
  let database: DatabaseConfig;
  if (vendor === 'sqlite') {
    database = {
      vendor,
      filename: pick(values, 'filename', env, 'OCTAVO_INIT_DB_FILENAME') ?? `${key}.sqlite`,
    };
  } else {
    const name = pick(values, 'database', env, 'OCTAVO_INIT_DB_NAME');
    if (!name)
      throw new UsageError(
        `Missing the database name for ${vendor}: pass --database or set OCTAVO_INIT_DB_NAME.`,
        'init',
      );
    database = {
      vendor,
      host: pick(values, 'host', env, 'OCTAVO_INIT_DB_HOST') ?? '127.0.0.1',
      port,
      user: pick(values, 'user', env, 'OCTAVO_INIT_DB_USER'),
      password: pick(values, 'password', env, 'OCTAVO_INIT_DB_PASSWORD'),
      database: name,
    };
  }

  const existing = Boolean(values.existing);
  const adminEmail = pick(values, 'admin-email', env, 'OCTAVO_ADMIN_EMAIL') ?? DEFAULT_ADMIN_EMAIL;
  if (!EMAIL.test(adminEmail))
    throw new UsageError(`--admin-email: "${adminEmail}" is not an email address.`, 'init');
  const registry = await load.registry(config);
  if (registry.exists(key))
    throw new CliError(`A project named "${key}" already exists (${registry.folder}/${key}.json).`);
  const adminPassword = existing
    ? ''
    : await passwordFrom(
        values,
        'admin-password',
        env,
        'OCTAVO_ADMIN_PASSWORD',
        'init',
        'administrator password',
      );

  try {
    const project = await registry.create({
      key,
      database,
      projectName: pick(values, 'name', env, 'OCTAVO_INIT_NAME') ?? key,
      adminEmail,
      adminPassword,
      existing,
      private: Boolean(values.private),
    });
    const where =
      vendor === 'sqlite'
        ? `SQLite: ${join(config.dataDir, database.filename!)}`
        : `${vendor}: database "${database.database}" on ${database.host}${port ? `:${port}` : ''}`;
    io.out(`Created the project "${key}" (${where}).`);
    if (!existing) io.out(`  Administrator  ${adminEmail}`);
    else io.out('  Kept the existing system tables and users.');
    if (values.demo) {
      const { seedDemo, DEMO_EDITOR_EMAIL } = await load.demo();
      const editorPassword = env.OCTAVO_EDITOR_PASSWORD || (await load.start()).generatePassword();
      const demo = await seedDemo(project.knex, { editorPassword });
      if (demo) {
        const items = Object.values(demo.items).reduce((a, b) => a + b, 0);
        io.out(
          `  Demo magazine and interface showcase: ${items} items in ${Object.keys(demo.items).length} collections.`,
        );
        io.out(
          credentialLine(
            'Editor',
            DEMO_EDITOR_EMAIL,
            env.OCTAVO_EDITOR_PASSWORD || !demo.editor.created ? undefined : editorPassword,
            'OCTAVO_EDITOR_PASSWORD',
          ),
        );
      } else {
        io.out('  The demo content was already there.');
      }
    }
    const { ensureSuperAdminToken } = await load.instance();
    const hadToken = ensureSuperAdminToken(config, false);
    const token = ensureSuperAdminToken(config, true);
    if (!hadToken)
      io.out(`Super-admin token (shown once, kept in ${join(config.dataDir, 'octavo.json')}): ${token}`);
    io.out(`API (after "octavo start"): ${config.publicUrl}${key}/`);
    return 0;
  } finally {
    await registry.closeAll();
  }
}

async function runMigrate(args: string[], env: Env, io: Output): Promise<number> {
  const values = parse('migrate', args, { project: { type: 'string' } });
  if (values.help) return help('migrate', io);
  const config = configFrom(values, env);
  const registry = await load.registry(config);
  const { migrateProjects } = await load.start();
  const leave = await load.invalidation(config);
  try {
    const only = pick(values, 'project', env, 'OCTAVO_PROJECT');
    const keys = only ? [projectKey(values, env, registry, 'migrate')] : registry.keys(true);
    if (keys.length === 0) {
      io.out(`There is no project in ${registry.folder}: nothing to migrate.`);
      return 0;
    }
    const { ran, failed } = await migrateProjects(registry, keys);
    for (const key of keys) {
      if (failed[key]) io.err(`${key}: failed: ${failed[key].message}`);
      else if (ran[key].length === 0) io.out(`${key}: up to date`);
      else io.out(`${key}: ran ${ran[key].length} migration(s): ${ran[key].join(', ')}`);
    }
    return Object.keys(failed).length ? 1 : 0;
  } finally {
    await registry.closeAll();
    await leave();
  }
}

async function runCounts(args: string[], env: Env, io: Output): Promise<number> {
  const [action, ...rest] = args;
  if (!action || action === '--help' || action === '-h' || action === 'help') return help('counts', io);
  if (action !== 'recompute' && action !== 'check') {
    throw new UsageError(`Unknown command "counts ${action}".`, 'counts');
  }
  const command = `counts ${action}`;
  const values = parse(command, rest, { project: { type: 'string' }, collection: { type: 'string' } });
  if (values.help) return help('counts', io);
  const config = configFrom(values, env);
  const registry = await load.registry(config);
  const { checkCounter, countable, schemaCache } = await load.rowCounts();
  try {
    const key = projectKey(values, env, registry, 'counts');
    const project = (await registry.get(key))!;
    const schema = await schemaCache.get(project);
    const only = typeof values.collection === 'string' ? values.collection : undefined;
    const infos = [...schema.collections.values()].filter(
      (info) => countable(info) && (only === undefined || info.collection === only),
    );
    if (only !== undefined && infos.length === 0) {
      throw new CliError(`No user collection "${only}" in the project "${key}".`);
    }
    let differ = 0;
    for (const info of infos) {
      const result = await checkCounter(project.knex, project.dialect, info, action === 'recompute');
      const stored = result.stored === null ? 'no counter' : String(result.stored);
      if (action === 'recompute') {
        io.out(`${key}/${info.collection}: ${result.actual} rows (counter was ${stored})`);
      } else if (result.stored === null) {
        io.out(`${key}/${info.collection}: ${result.actual} rows, no counter yet`);
      } else if (result.stored === result.actual) {
        io.out(`${key}/${info.collection}: ${result.actual} rows, counter exact`);
      } else {
        differ++;
        io.out(`${key}/${info.collection}: ${result.actual} rows, counter says ${result.stored}`);
      }
    }
    if (differ > 0) io.err(`${differ} counter(s) differ: run "octavo counts recompute".`);
    return differ > 0 ? 1 : 0;
  } finally {
    await registry.closeAll();
  }
}

function processTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

async function runUser(args: string[], env: Env, io: Output): Promise<number> {
  const [action, ...rest] = args;
  if (!action || action === '--help' || action === '-h' || action === 'help') return help('user', io);
  if (action !== 'create' && action !== 'password') {
    throw new UsageError(`Unknown command "user ${action}".`, 'user');
  }
  const command = `user ${action}`;
  const values = parse(command, rest, {
    project: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    ...(action === 'create'
      ? { role: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' } }
      : {}),
  });
  if (values.help) return help(command, io);
  const config = configFrom(values, env);
  // Stored and matched as every email is: trimmed and lower case.
  const email = pick(values, 'email', env)?.trim().toLowerCase();
  if (!email) throw new UsageError('Missing --email.', command);
  if (!EMAIL.test(email)) throw new UsageError(`--email: "${email}" is not an email address.`, command);
  const registry = await load.registry(config);
  const { hashPassword } = await load.passwords();
  const leave = await load.invalidation(config);
  try {
    const key = projectKey(values, env, registry, command);
    let role = 1;
    if (action === 'create' && values.role !== undefined) {
      role = Number(values.role);
      if (!Number.isInteger(role) || role < 1)
        throw new UsageError(`--role: "${values.role}" is not a role id.`, command);
    }
    const password = await passwordFrom(values, 'password', env, 'OCTAVO_USER_PASSWORD', command, 'password');
    const project = (await registry.get(key))!;
    const knex = project.knex;
    const user = await knex('directus_users')
      .whereRaw('lower(??) = ?', ['email', email.toLowerCase()])
      .first('id', 'email');

    if (action === 'password') {
      if (!user) throw new CliError(`No user with the email ${email} in the project "${key}".`);
      const hash = await hashPassword(password);
      await knex.transaction(async (trx) => {
        // A new password revokes the static token and ends the sessions that the old one opened.
        await trx('directus_users').where('id', user.id).update({ password: hash, token: null });
        await trx('directus_user_sessions').where('user', user.id).delete();
      });
      io.out(`Changed the password of ${user.email} (user #${user.id}) in the project "${key}".`);
      return 0;
    }

    if (user)
      throw new CliError(
        `A user with the email ${email} already exists in the project "${key}" (#${user.id}).`,
      );
    const roleRow = await knex('directus_roles').where('id', role).first('id', 'name');
    if (!roleRow) {
      const roles = await knex('directus_roles').orderBy('id').select('id', 'name');
      throw new CliError(
        `No role ${role} in the project "${key}" (roles: ${roles.map((r: { id: number; name: string }) => `${r.id} ${r.name}`).join(', ')}).`,
      );
    }
    const hash = await hashPassword(password);
    await knex('directus_users').insert({
      status: 'active',
      role,
      first_name: pick(values, 'first-name', env) ?? null,
      last_name: pick(values, 'last-name', env) ?? null,
      email,
      password: hash,
      timezone: processTimezone(),
      locale: 'en-US',
    });
    const created = await knex('directus_users').where('email', email).first('id');
    io.out(
      `Created the user ${email} (#${created.id}, role ${role} ${roleRow.name}) in the project "${key}".`,
    );
    return 0;
  } finally {
    await registry.closeAll();
    await leave();
  }
}

async function runSearchIndex(args: string[], env: Env, io: Output): Promise<number> {
  const [action, ...rest] = args;
  if (!action || action === '--help' || action === '-h' || action === 'help') return help('search-index', io);
  if (action !== 'build' && action !== 'status' && action !== 'drop') {
    throw new UsageError(`Unknown command "search-index ${action}".`, 'search-index');
  }
  const values = parse('search-index', rest, { project: { type: 'string' }, collection: { type: 'string' } });
  if (values.help) return help('search-index', io);
  const config = configFrom(values, env);
  const registry = await load.registry(config);
  const indexes = await import('./services/search-indexes');
  const leave = await load.invalidation(config);
  try {
    const key = projectKey(values, env, registry, 'search-index');
    const project = (await registry.get(key))!;
    const only = typeof values.collection === 'string' ? [values.collection] : undefined;
    if (action === 'status') {
      for (const s of await indexes.searchIndexStatus(project.knex, project.vendor)) {
        const detail =
          s.state === 'none'
            ? project.vendor === 'mysql'
              ? 'no index on this vendor, search scans'
              : 'nothing to index'
            : `searched ${s.wanted.join(', ')}; indexed ${s.indexed.join(', ') || 'nothing'}`;
        io.out(`${s.collection}: ${s.state} (${detail})`);
      }
      return 0;
    }
    if (action === 'build') {
      const started = Date.now();
      for (const r of await indexes.buildSearchIndexes(project.knex, project.vendor, only)) {
        const parts = [
          r.created.length ? `created ${r.created.join(', ')}` : '',
          r.dropped.length ? `dropped ${r.dropped.join(', ')}` : '',
          r.skipped ? `skipped: ${r.skipped}` : '',
        ].filter(Boolean);
        io.out(`${r.collection}: ${parts.join('; ') || 'up to date'}`);
      }
      io.out(`${key}: done in ${Date.now() - started} ms`);
      return 0;
    }
    for (const r of await indexes.dropSearchIndexes(project.knex, project.vendor, only)) {
      io.out(`${r.collection}: ${r.dropped.length ? `dropped ${r.dropped.join(', ')}` : 'no index'}`);
    }
    return 0;
  } finally {
    await registry.closeAll();
    await leave();
  }
}

function help(command: string, io: Output): number {
  io.out(HELP[command] ?? HELP.main);
  return 0;
}

/** Runs the command line; resolves with the exit code (for `start`, once the server has stopped). */
export async function main(argv: string[], env: Env = process.env, io?: Partial<Output>): Promise<number> {
  const output: Output = {
    out: io?.out ?? ((line) => process.stdout.write(line + '\n')),
    err: io?.err ?? ((line) => process.stderr.write(line + '\n')),
  };
  const [first, ...rest] = argv;
  const command = first && !first.startsWith('-') ? first : 'start';
  const args = first && !first.startsWith('-') ? rest : argv;
  try {
    if (first === '--version' || first === '-v') {
      output.out(pkg.version);
      return 0;
    }
    if (command === 'help') return help(rest.join(' ') || 'main', output);
    if ((first === '--help' || first === '-h') && args.length === 1) return help('main', output);
    switch (command) {
      case 'start':
        return await runStart(args, env, output);
      case 'init':
        return await runInit(args, env, output);
      case 'migrate':
        return await runMigrate(args, env, output);
      case 'user':
        return await runUser(args, env, output);
      case 'search-index':
        return await runSearchIndex(args, env, output);
      case 'counts':
        return await runCounts(args, env, output);
      default:
        throw new UsageError(`Unknown command "${command}".`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      output.err(`Error: ${error.message}`);
      output.err(`Run "octavo ${error.command ?? ''}${error.command ? ' ' : ''}--help" for usage.`);
      return 2;
    }
    if (error instanceof ConfigError || error instanceof CliError) {
      output.err(`Error: ${error.message}`);
      return 1;
    }
    if ((await load.errors()).isApiError(error)) {
      output.err(`Error: ${error.message}`);
      return 1;
    }
    const err = error as Error;
    output.err(`Error: ${err.message}`);
    if (env.OCTAVO_LOG_LEVEL === 'debug' || env.OCTAVO_LOG_LEVEL === 'trace') output.err(err.stack ?? '');
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}

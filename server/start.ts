import { closeSync, existsSync, mkdirSync, openSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { ServerConfig } from './config';
import { buildServer } from './http';
import { ProjectRegistry } from './services/projects';
import { ensureSuperAdminToken } from './services/instance';
import { migrateToLatest } from './database/migrate';
import { seedDemo, DEMO_EDITOR_EMAIL, type DemoSeedResult } from './database/demo';
import { connectInvalidation } from './database/invalidation';

export const DEMO_PROJECT = 'demo';
export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

export interface Credentials {
  email: string;
  /** Only when this start generated it; a password the operator chose is never echoed. */
  generatedPassword?: string;
}

export interface BootstrapResult {
  project: string;
  /** The SQLite file, relative to the data folder. */
  filename: string;
  admin: Credentials;
  /** The demo editor, when demo content was added. */
  editor?: Credentials;
  demo: DemoSeedResult | null;
}

export interface StartOptions {
  /** Password for the demo editor (OCTAVO_EDITOR_PASSWORD); random and reported once when absent. */
  editorPassword?: string;
  /** Create the `demo` project when the data folder has no project (default true). */
  bootstrap?: boolean;
  /** Where warnings about single projects go (a project that cannot be migrated does not stop the start). */
  warn?: (message: string) => void;
}

export interface StartedServer {
  app: FastifyInstance;
  /** The root of the API, e.g. `http://127.0.0.1:8080/`. */
  url: string;
  /** The project keys served, private ones included. */
  projects: string[];
  /** Set when this start created the demo project. */
  bootstrap: BootstrapResult | null;
  /** Set when this start created the instance's super-admin token (it is shown once). */
  createdSuperAdminToken?: string;
  /** Migrations this start ran, per project. */
  migrations: Record<string, string[]>;
  /** Milliseconds from process start until the server listened. */
  startupMs: number;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A password for generated accounts: 18 random bytes, URL-safe, no ambiguous punctuation. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * Runs the pending migrations of one database. Knex's lock table makes a second node that starts
 * at the same moment fail with MigrationLocked; it waits for the first to finish instead (and then
 * finds nothing left to run). Other errors get two more tries, for the race on creating the
 * bookkeeping tables themselves.
 */
export async function migrateWithLock(knex: Knex, timeoutMs = 120_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  let failures = 0;
  for (;;) {
    try {
      return await migrateToLatest(knex);
    } catch (error) {
      const locked = (error as Error).name === 'MigrationLocked';
      if (!locked) failures++;
      if (Date.now() > deadline || failures > 2) {
        if (locked) {
          throw new Error(
            `Migrations are locked (another node is running them, or one crashed while it did: ` +
              `then set is_locked = 0 in octavo_migrations_lock). ${(error as Error).message}`,
            { cause: error },
          );
        }
        throw error;
      }
      await sleep(locked ? 250 : 500 + Math.random() * 500);
    }
  }
}

/** Runs pending migrations on the given projects (default all); a failing project is reported, not thrown. */
export async function migrateProjects(
  registry: ProjectRegistry,
  keys = registry.keys(true),
): Promise<{ ran: Record<string, string[]>; failed: Record<string, Error> }> {
  const ran: Record<string, string[]> = {};
  const failed: Record<string, Error> = {};
  for (const key of keys) {
    try {
      const project = await registry.get(key);
      if (!project) throw new Error(`Unknown project "${key}"`);
      ran[key] = await migrateWithLock(project.knex);
    } catch (error) {
      failed[key] = error as Error;
    }
  }
  return { ran, failed };
}

/**
 * Holds `<data>/.bootstrap.lock` while the first project is created, so that nodes sharing a data
 * folder do not create it twice. A lock older than ten minutes is left from a crash and is taken over.
 */
async function withBootstrapLock<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, '.bootstrap.lock');
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      closeSync(openSync(path, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let age: number;
      try {
        age = Date.now() - statSync(path).mtimeMs;
      } catch {
        continue; // released between the two calls
      }
      const stale = age > 10 * 60_000;
      if (stale || Date.now() > deadline) rmSync(path, { force: true });
      else await sleep(200);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(path, { force: true });
  }
}

/**
 * On a data folder without projects: creates `demo` on SQLite (`<data>/demo.sqlite`), its first
 * administrator and, when `config.demo` is on, the demo content with its editor. Returns null when
 * a project exists already.
 */
export async function bootstrapDemo(
  config: ServerConfig,
  registry: ProjectRegistry,
  options: Pick<StartOptions, 'editorPassword'> = {},
): Promise<BootstrapResult | null> {
  if (registry.keys(true).length > 0) return null;
  return withBootstrapLock(config.dataDir, async () => {
    if (registry.keys(true).length > 0) return null;
    const filename = `${DEMO_PROJECT}.sqlite`;
    if (existsSync(join(config.dataDir, filename))) {
      // Left by an interrupted first start, or by hand; either way it is not ours to delete.
      throw new Error(
        `${join(config.dataDir, filename)} exists but no project uses it. Delete it to start afresh, or ` +
          `register it: octavo init --key ${DEMO_PROJECT} --vendor sqlite --filename ${filename} --existing`,
      );
    }
    const adminPassword = config.adminPassword ?? generatePassword();
    const admin: Credentials = {
      email: config.adminEmail ?? DEFAULT_ADMIN_EMAIL,
      ...(config.adminPassword ? {} : { generatedPassword: adminPassword }),
    };
    const project = await registry.create({
      key: DEMO_PROJECT,
      database: { vendor: 'sqlite', filename },
      projectName: config.demo ? 'Octavo Magazine (demo)' : 'Octavo',
      adminEmail: admin.email,
      adminPassword,
    });
    let demo: DemoSeedResult | null = null;
    let editor: Credentials | undefined;
    if (config.demo) {
      const editorPassword = options.editorPassword ?? generatePassword();
      demo = await seedDemo(project.knex, { editorPassword });
      editor = {
        email: DEMO_EDITOR_EMAIL,
        ...(options.editorPassword ? {} : { generatedPassword: editorPassword }),
      };
    }
    return { project: DEMO_PROJECT, filename, admin, editor, demo };
  });
}

/** The address to show for a listening host: wildcard hosts are reached through the loopback. */
function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Starts the instance: creates the demo project on a fresh data folder, makes sure the super-admin
 * token exists, runs pending migrations of every project, then listens on config.host:config.port
 * (port 0 picks a free port; `url` has the real one).
 */
export async function startServer(config: ServerConfig, options: StartOptions = {}): Promise<StartedServer> {
  const registry = new ProjectRegistry(config);
  const warn = options.warn ?? (() => {});
  let app: FastifyInstance | undefined;
  // Joined before the migrations, so the nodes already running hear of what they change (the
  // server built below holds its own reference to the link).
  const leaveInvalidation = await connectInvalidation(config.redisUrl);
  try {
    const bootstrap = options.bootstrap === false ? null : await bootstrapDemo(config, registry, options);

    const hadToken = ensureSuperAdminToken(config, false);
    const token = ensureSuperAdminToken(config, true);
    const createdSuperAdminToken = hadToken ? undefined : token;

    const { ran, failed } = await migrateProjects(registry);
    for (const [key, error] of Object.entries(failed)) {
      warn(`Project "${key}" could not be migrated: ${error.message}`);
    }

    app = await buildServer(config, registry);
    await app.listen({ host: config.host, port: config.port });
    const address = app.server.address();
    const port = address && typeof address === 'object' ? address.port : config.port;
    const url = `http://${displayHost(config.host)}:${port}/`;
    // With port 0 the default public URL named a port nobody listens on.
    if (config.publicUrl === `http://${config.host}:${config.port}/`) config.publicUrl = url;
    config.port = port;

    const server = app;
    let closing: Promise<void> | undefined;
    return {
      app,
      url,
      projects: registry.keys(true),
      bootstrap,
      createdSuperAdminToken,
      migrations: ran,
      startupMs: Math.round(performance.now()),
      close: () => (closing ??= server.close().then(() => undefined)),
    };
  } catch (error) {
    if (app) await app.close().catch(() => {});
    else await registry.closeAll().catch(() => {});
    throw error;
  } finally {
    await leaveInvalidation();
  }
}

import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  ConfigError,
  PROJECT_KEY,
  validateProjectConfig,
  type DatabaseConfig,
  type ProjectConfig,
  type ServerConfig,
} from '../config';
import { createConnection, checkConnection } from '../database/connection';
import { dialectFor } from '../database/dialects';
import { migrateToLatest } from '../database/migrate';
import { announce, TOPICS, watchWrites } from '../database/invalidation';
import { installSystemData, hasSystemTables } from '../database/install';
import { ApiError } from '../errors';
import type { ProjectContext } from '../context';

export interface CreateProjectInput {
  key: string;
  database: DatabaseConfig;
  projectName?: string;
  appUrl?: string;
  adminEmail: string;
  adminPassword: string;
  adminToken?: string;
  private?: boolean;
  /** Replace an existing configuration with the same key. */
  force?: boolean;
  /** Use system tables already in the database (an existing Directus 8 database) as they are. */
  existing?: boolean;
  sso?: ProjectConfig['auth']['sso'];
}

/**
 * The projects of this instance: one JSON file each in `<data>/projects/`, read on demand so that
 * several nodes sharing the data folder see the same set. Connection pools are opened lazily and
 * kept per node.
 */
export class ProjectRegistry {
  private readonly open = new Map<string, Promise<ProjectContext>>();
  /** When each open project's file was last seen to exist (checked at most once a second). */
  private readonly seen = new Map<string, number>();

  constructor(readonly server: ServerConfig) {}

  get folder(): string {
    return join(this.server.dataDir, 'projects');
  }

  private file(key: string): string {
    return join(this.folder, `${key}.json`);
  }

  /** Keys of the configured projects, private ones only when asked. */
  keys(includePrivate = false): string[] {
    if (!existsSync(this.folder)) return [];
    return readdirSync(this.folder)
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -5))
      .filter((key) => PROJECT_KEY.test(key))
      .filter((key) => includePrivate || !this.readConfig(key)?.private)
      .sort();
  }

  exists(key: string): boolean {
    return PROJECT_KEY.test(key) && existsSync(this.file(key));
  }

  readConfig(key: string): ProjectConfig | undefined {
    if (!this.exists(key)) return undefined;
    const path = this.file(key);
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new ConfigError(path, `not valid JSON (${(error as Error).message})`);
    }
    return validateProjectConfig(path, parsed);
  }

  /** The project's context, or undefined when no such project is configured. */
  async get(key: string): Promise<ProjectContext | undefined> {
    let pending = this.open.get(key);
    // A project removed by another node (its file deleted) is noticed within a second.
    const now = Date.now();
    if (!pending || now - (this.seen.get(key) ?? 0) > 1000) {
      if (!this.exists(key)) {
        await this.close(key);
        return undefined;
      }
      this.seen.set(key, now);
    }
    if (!pending) {
      pending = (async () => {
        const config = this.readConfig(key)!;
        const knex = createConnection(config.database, this.server.dataDir);
        watchWrites(knex, key);
        const dialect = dialectFor(knex);
        return { key, config, knex, vendor: dialect.vendor, dialect, server: this.server };
      })();
      this.open.set(key, pending);
      pending.catch(() => this.open.delete(key));
    }
    return pending;
  }

  /** Creates the configuration, the system tables and the first administrator. */
  async create(input: CreateProjectInput): Promise<ProjectContext> {
    if (!PROJECT_KEY.test(input.key)) {
      throw new ApiError('INVALID_REQUEST', 'project: must contain only letters, digits, "_" and "-"');
    }
    if (this.exists(input.key) && !input.force) {
      throw new ApiError('PROJECT_ALREADY_EXISTS', `A project named "${input.key}" already exists.`);
    }
    const config: ProjectConfig = {
      key: input.key,
      private: input.private || undefined,
      database: input.database,
      auth: {
        secret_key: randomBytes(32).toString('base64url'),
        public_key: randomUUID(),
        ...(input.sso ? { sso: input.sso } : {}),
      },
      cookie: { same_site: 'Lax', secure: 'auto' },
    };
    validateProjectConfig(`project ${input.key}`, config);
    const knex = createConnection(input.database, this.server.dataDir);
    try {
      try {
        await checkConnection(knex);
      } catch (error) {
        throw new ApiError(
          'INVALID_DATABASE_CONNECTION',
          `Cannot connect to the database: ${(error as Error).message}`,
        );
      }
      const existing = await hasSystemTables(knex);
      if (existing && !input.existing && !input.force) {
        throw new ApiError(
          'INTERNAL',
          'The database already contains system tables; use "existing" to keep them.',
        );
      }
      await migrateToLatest(knex);
      if (!existing || input.force) {
        await installSystemData(knex, {
          projectName: input.projectName ?? input.key,
          appUrl: input.appUrl,
          adminEmail: input.adminEmail,
          adminPassword: input.adminPassword,
          adminToken: input.adminToken,
        });
      }
    } finally {
      await knex.destroy();
    }
    mkdirSync(this.folder, { recursive: true });
    const path = this.file(input.key);
    writeFileSync(`${path}.tmp`, JSON.stringify(config, null, 2) + '\n', { mode: 0o600 });
    renameSync(`${path}.tmp`, path);
    await this.close(input.key);
    // Whatever was kept of a project once known under this key is not about this database.
    announce(input.key, TOPICS);
    return (await this.get(input.key))!;
  }

  /** Removes the project's configuration; its database is left as it is. */
  async remove(key: string): Promise<void> {
    if (!this.exists(key)) throw new ApiError('NOT_FOUND', `Unknown Project: ${key}`);
    await this.close(key);
    rmSync(this.file(key));
    announce(key, TOPICS);
  }

  async close(key: string): Promise<void> {
    const pending = this.open.get(key);
    this.open.delete(key);
    this.seen.delete(key);
    if (pending) await (await pending.catch(() => undefined))?.knex.destroy();
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.open.keys()].map((key) => this.close(key)));
  }
}

export type { Knex };

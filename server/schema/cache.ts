import type { ProjectContext } from '../context';
import { onInvalidate } from '../database/invalidation';
import { loadSchema } from './load-schema';
import type { SchemaModel } from './types';

interface Entry {
  version: number;
  /** The connection the model was read through: a project re-created under the same key is another database. */
  knex: ProjectContext['knex'];
  model: Promise<SchemaModel>;
}

/**
 * The schema model of each project, loaded once and shared by every request until a schema change
 * calls `invalidate`. Concurrent first requests share one load; a failed load is not cached.
 */
export class SchemaCache {
  private readonly entries = new Map<string, Entry>();
  private readonly versions = new Map<string, number>();

  constructor(private readonly load: typeof loadSchema = loadSchema) {}

  get(project: Pick<ProjectContext, 'key' | 'knex' | 'vendor'>): Promise<SchemaModel> {
    const version = this.versions.get(project.key) ?? 1;
    const cached = this.entries.get(project.key);
    if (cached && cached.version === version && cached.knex === project.knex) return cached.model;
    const model = this.load(project.knex, project.vendor, version);
    const entry = { version, knex: project.knex, model };
    this.entries.set(project.key, entry);
    model.catch(() => {
      if (this.entries.get(project.key) === entry) this.entries.delete(project.key);
    });
    return model;
  }

  /** Drops the project's model; the next `get` reloads it with a higher version number. */
  invalidate(projectKey: string): void {
    this.versions.set(projectKey, (this.versions.get(projectKey) ?? 1) + 1);
    this.entries.delete(projectKey);
  }

  /** The version the next (or current) model of the project carries. */
  version(projectKey: string): number {
    return this.versions.get(projectKey) ?? 1;
  }
}

/** The cache the server shares between requests; dropped when metadata or structure changes on any node. */
export const schemaCache = new SchemaCache();
onInvalidate('schema', (projectKey) => schemaCache.invalidate(projectKey));

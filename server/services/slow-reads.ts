import type { ProjectContext } from '../context';
import type { FilterNode, Query } from '../query/types';

/** The part of a pino/Fastify logger the slow-read log uses. */
export interface SlowReadLogger {
  warn(details: object, message: string): void;
}

/** What one slow list read is reported with: enough for an operator to pick the index to add. */
export interface SlowRead {
  project: string;
  collection: string;
  ms: number;
  /** The fields the filter tests (dot paths through relations), sorted, without repeats. */
  filter: string[];
  /** The sort, as the query gave it (`-published_on`). */
  sort: string[];
  search: boolean;
  /** Filtered and sorted fields of the collection itself whose column has no index of its own. */
  unindexed: string[];
}

/** Columns with an index of their own (plain, unique or the key), per table; read at most once a minute. */
const INDEX_TTL_MS = 60_000;
const indexCache = new WeakMap<ProjectContext, Map<string, { at: number; columns: Promise<Set<string>> }>>();

async function indexedColumns(
  project: ProjectContext,
  table: string,
  primaryKey: string,
): Promise<Set<string>> {
  let perProject = indexCache.get(project);
  if (!perProject) indexCache.set(project, (perProject = new Map()));
  const cached = perProject.get(table);
  if (cached && Date.now() - cached.at < INDEX_TTL_MS) return cached.columns;
  const columns = project.dialect.tableExtras(project.knex, table).then((all) => {
    const extras = all.get(table);
    return new Set([primaryKey, ...(extras?.indexed ?? []), ...(extras?.unique ?? [])]);
  });
  perProject.set(table, { at: Date.now(), columns });
  // A failed catalogue read is not cached (and not the request's problem).
  columns.catch(() => perProject!.delete(table));
  return columns;
}

function filterPaths(node: FilterNode | null, out = new Set<string>()): Set<string> {
  if (!node) return out;
  if (node.kind === 'condition') out.add(node.path.join('.'));
  else for (const child of node.children) filterPaths(child, out);
  return out;
}

/** The fields a slow read filtered and sorted by, and which of them have no index. */
export async function describeSlowRead(
  project: ProjectContext,
  collection: string,
  primaryKey: string,
  query: Query,
  ms: number,
): Promise<SlowRead> {
  const filter = [...filterPaths(query.filter)].sort();
  const sort = (query.sort ?? []).map((spec) =>
    'random' in spec ? '?' : `${spec.order === 'desc' ? '-' : ''}${spec.field}`,
  );
  const own = [
    ...filter.filter((path) => !path.includes('.')),
    ...(query.sort ?? []).flatMap((spec) => ('random' in spec ? [] : [spec.field])),
  ];
  let unindexed: string[] = [];
  if (own.length) {
    try {
      const indexed = await indexedColumns(project, collection, primaryKey);
      unindexed = [...new Set(own)].filter((field) => !indexed.has(field)).sort();
    } catch {
      unindexed = [];
    }
  }
  return {
    project: project.key,
    collection,
    ms: Math.round(ms),
    filter,
    sort,
    search: !!query.q,
    unindexed,
  };
}

/**
 * Times a list read and, when it took longer than the configured threshold
 * (`OCTAVO_SLOW_QUERY_MS`; 0 turns the log off), logs one warning naming the collection, the
 * filtered and sorted fields and those of them without an index. Never fails the read.
 */
export async function timedRead<T>(
  project: ProjectContext,
  log: SlowReadLogger | undefined,
  read: { collection: string; primaryKey: string; query: Query },
  run: () => Promise<T>,
): Promise<T> {
  const threshold = project.server.slowQueryMs;
  if (!log || !threshold) return run();
  const started = performance.now();
  const result = await run();
  const ms = performance.now() - started;
  if (ms >= threshold) {
    void describeSlowRead(project, read.collection, read.primaryKey, read.query, ms).then(
      (details) =>
        log.warn(
          { slowRead: details },
          details.unindexed.length
            ? `slow read of "${details.collection}" (${details.ms} ms): no index on ${details.unindexed.join(', ')}`
            : `slow read of "${details.collection}" (${details.ms} ms)`,
        ),
      () => undefined,
    );
  }
  return result;
}

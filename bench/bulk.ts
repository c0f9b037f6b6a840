/**
 * The large PostgreSQL data set (`--million`, or `--items N --vendor postgres --bulk`): the same
 * collections, metadata, role and indexes as dataset.ts, but the rows are generated inside the
 * database by `INSERT … SELECT` over `generate_series` (no rows cross the wire, no API, no
 * parameters), which fills a million articles, a million comments and three million tag links in
 * well under two minutes. Titles and bodies come from a pool of 4,096 random sentences of the same
 * words as the smaller data set, so searches find the same kind of text.
 *
 * With `reuse`, the database and the data folder have fixed names (`octavo_bench_bulk_<N>`,
 * `dist/bench/bulk-<N>/`) and are kept after the run; the next run finds them (the `articles`
 * table's comment records the size and the generator's version) and starts at once.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Knex } from 'knex';
import type { DatabaseConfig } from '../server/config';
import { loadConfig } from '../server/config';
import { ProjectRegistry } from '../server/services/projects';
import {
  ADMIN,
  createIndexes,
  createTables,
  PROJECT,
  SERVER_DB,
  serverAdmin,
  TAGS,
  WORDS,
  writeAccess,
  writeMetadata,
  type Dataset,
} from './dataset';

/** Bumped when the generated data changes, so a kept database from an older generator is rebuilt. */
const VERSION = 1;
const POOL = 4096;

export async function createBulkDataset(
  items: number,
  options: { reuse: boolean },
  log: (line: string) => void,
): Promise<Dataset> {
  const name = options.reuse
    ? `octavo_bench_bulk_${items}`
    : `octavo_bench_bulk_${process.pid}_${Date.now().toString(36)}`;
  const dataDir = join(import.meta.dirname, '..', 'dist', 'bench', options.reuse ? `bulk-${items}` : name);
  const database = { vendor: 'postgres', ...SERVER_DB.postgres, database: name } as DatabaseConfig;
  const authors = Math.max(10, Math.round(items / 100));
  const marker = `octavo bench ${items} v${VERSION}`;
  const dropAll = async () => {
    const admin = serverAdmin('postgres');
    try {
      await admin.raw(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await admin.destroy();
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const dataset: Dataset = {
    vendor: 'postgres',
    dataDir,
    database,
    items,
    authors,
    drop: options.reuse ? async () => log(`kept database ${name} for the next --reuse run`) : dropAll,
  };

  if (options.reuse && existsSync(join(dataDir, 'projects')) && (await markerOf(name)) === marker) {
    log(`data: reusing ${name} (${items} articles)`);
    return dataset;
  }
  await dropAll();
  const admin = serverAdmin('postgres');
  try {
    await admin.raw(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.destroy();
  }
  mkdirSync(dataDir, { recursive: true });
  const config = loadConfig({}, { dataDir, logLevel: 'silent', port: 0 });
  const registry = new ProjectRegistry(config);
  try {
    const project = await registry.create({
      key: PROJECT,
      database,
      projectName: 'Benchmark',
      adminEmail: ADMIN.email,
      adminPassword: ADMIN.password,
    });
    const knex = project.knex;
    const started = Date.now();
    await createTables(knex);
    await writeMetadata(knex);
    await writeAccess(knex);
    await knex.transaction((trx) => fill(trx, items, authors, log));
    log(`  rows in ${((Date.now() - started) / 1000).toFixed(1)} s; indexes…`);
    // One connection, with room to sort each index in memory.
    await knex.transaction(async (trx) => {
      await trx.raw("SET LOCAL maintenance_work_mem = '512MB'");
      await createIndexes(trx);
    });
    await knex.raw('ANALYZE');
    await knex.raw(`COMMENT ON TABLE articles IS '${marker}'`);
    log(
      `data: ${items} articles, ${authors} authors, ${items} comments, ${TAGS} tags, ${items * 3} tag links ` +
        `on postgres (bulk) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    await registry.closeAll();
    await dropAll();
    throw error;
  }
  await registry.closeAll();
  return dataset;
}

async function markerOf(name: string): Promise<string | null> {
  const admin = serverAdmin('postgres');
  try {
    const found = await admin.raw('SELECT 1 FROM pg_database WHERE datname = ?', [name]);
    if (found.rows.length === 0) return null;
  } finally {
    await admin.destroy();
  }
  const { default: knexFactory } = await import('knex');
  const db = knexFactory({ client: 'pg', connection: { ...SERVER_DB.postgres, database: name } });
  try {
    const result = await db.raw("SELECT obj_description(to_regclass('articles'), 'pg_class') AS comment");
    return result.rows[0]?.comment ?? null;
  } catch {
    return null;
  } finally {
    await db.destroy();
  }
}

async function fill(trx: Knex, items: number, authors: number, log: (line: string) => void) {
  const words = `ARRAY[${WORDS.map((w) => `'${w}'`).join(',')}]`;
  const step = async (label: string, sql: string, bindings: number[] = []) => {
    const t = Date.now();
    await trx.raw(sql, bindings);
    log(`  ${label} ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };
  // Foreign keys are not checked row by row (their triggers are what make a bulk insert slow): every
  // generated reference points at a row generated before it. Needs a superuser, as the local
  // `postgres` user is.
  await trx.raw('SET LOCAL session_replication_role = replica');
  await trx.raw('SELECT setseed(0.42)');
  // The sentence pool: `generate_series(1, n + 0 * p)` refers to the outer row, so every sentence
  // draws its own words.
  await step(
    'sentence pool',
    `CREATE TEMPORARY TABLE bench_pool ON COMMIT DROP AS
     SELECT p AS id,
       (SELECT string_agg((${words})[1 + floor(random() * ${WORDS.length})::int], ' ')
          FROM generate_series(1, 4 + 0 * p)) AS title,
       (SELECT string_agg((${words})[1 + floor(random() * ${WORDS.length})::int], ' ')
          FROM generate_series(1, 30 + 0 * p)) AS body,
       (SELECT string_agg((${words})[1 + floor(random() * ${WORDS.length})::int], ' ')
          FROM generate_series(1, 8 + 0 * p)) AS short
     FROM generate_series(0, ${POOL - 1}) p`,
  );
  await trx.raw('CREATE INDEX ON bench_pool (id)');
  await step(
    'authors',
    `INSERT INTO authors (name, email)
     SELECT 'Author ' || g, 'author' || g || '@example.com' FROM generate_series(1, ?::int) g`,
    [authors],
  );
  // Titles and bodies pick pool sentences by two different strides, so they do not pair up.
  await step(
    'articles',
    `INSERT INTO articles (status, title, body, rating, author, owner, published_on)
     SELECT CASE WHEN s.r < 0.7 THEN 'published' WHEN s.r < 0.95 THEN 'draft' ELSE 'deleted' END,
       t.title, b.body, 1 + floor(random() * 5)::int, 1 + floor(random() * ?::int)::int, 1,
       timestamp '2020-01-01 00:00:00' + (s.g - 1) * interval '1 minute'
     FROM (SELECT g, random() AS r FROM generate_series(1, ?::int) g) s
     JOIN bench_pool t ON t.id = (s.g::bigint * 7919) % ${POOL}
     JOIN bench_pool b ON b.id = (s.g::bigint * 104729 + 17) % ${POOL}`,
    [authors, items],
  );
  await step(
    'comments',
    `INSERT INTO comments (article, body)
     SELECT 1 + floor(random() * ?::int)::int, p.short
     FROM generate_series(1, ?::int) g JOIN bench_pool p ON p.id = (g::bigint * 31337) % ${POOL}`,
    [items, items],
  );
  await step('tags', `INSERT INTO tags (name) SELECT 'tag ' || g FROM generate_series(1, ${TAGS}) g`);
  await step(
    'tag links',
    `INSERT INTO articles_tags (article, tag)
     SELECT s.a, 1 + ((s.f + k * 7) % ${TAGS})
     FROM (SELECT a, floor(random() * ${TAGS})::int AS f FROM generate_series(1, ?::int) a) s,
       generate_series(0, 2) k`,
    [items],
  );
}

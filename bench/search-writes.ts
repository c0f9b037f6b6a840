import type { Knex } from 'knex';
import type { Vendor } from '../server/config';
import { buildSearchIndexes, dropSearchIndexes } from '../server/services/search-indexes';

const TABLE = 'bench_search_writes';
const ROWS = 5000;

/**
 * What the search index costs writes: 5,000 comment bodies copied into a table of their own, then
 * each of them updated, then deleted, in one statement each, without an index and with the one
 * Octavo builds for it (SQLite FTS5 and its triggers, PostgreSQL trigram GIN, MySQL the trigram
 * table and its triggers). Printed per 1,000 rows.
 */
export async function searchWritesBenchmark(db: Knex, vendor: Vendor): Promise<void> {
  const time = async (run: () => Promise<unknown>) => {
    const started = process.hrtime.bigint();
    await run();
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  const [{ n }] = await db('comments').where('id', '<=', ROWS).count({ n: '*' });
  const [{ chars }] = await db('comments')
    .where('id', '<=', ROWS)
    .select(db.raw(`avg(${vendor === 'sqlite' ? 'length' : 'char_length'}(body)) as chars`));
  console.log(
    `\nsearch index, cost to writes on ${vendor}: ${n} rows of ${Math.round(Number(chars))} characters, ` +
      'one statement each, ms per 1,000 rows',
  );
  console.log(`${''.padEnd(12)} ${'insert'.padStart(8)} ${'update'.padStart(8)} ${'delete'.padStart(8)}`);
  const per = (ms: number) => ((ms * 1000) / Number(n)).toFixed(1).padStart(8);
  for (const indexed of [false, true]) {
    await db.schema.dropTableIfExists(TABLE);
    await db.schema.createTable(TABLE, (t) => {
      t.integer('id').primary();
      t.text('body');
    });
    if (indexed) await buildSearchIndexes(db, vendor, [TABLE]);
    const insert = await time(() =>
      db.raw(`INSERT INTO ${TABLE} (id, body) SELECT id, body FROM comments WHERE id <= ${ROWS}`),
    );
    const update = await time(() =>
      db(TABLE).update({ body: db.raw(vendor === 'mysql' ? "CONCAT(body, ' x')" : "body || ' x'") }),
    );
    const remove = await time(() => db(TABLE).delete());
    console.log(
      `${(indexed ? 'indexed' : 'no index').padEnd(12)} ${per(insert)} ${per(update)} ${per(remove)}`,
    );
    if (indexed) await dropSearchIndexes(db, vendor, [TABLE]);
  }
  await db.schema.dropTableIfExists(TABLE);
}

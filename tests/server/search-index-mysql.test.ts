import knexFactory from 'knex';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { injectSchemaFailure } from '../../server/database/schema-change';
import { forceSearchScan } from '../../server/query/filter-to-sql';
import { schemaCache } from '../../server/schema';
import { trigramTable } from '../../server/schema/search-index-mysql';
import { buildSearchIndexes, searchIndexStatus } from '../../server/services/search-indexes';
import { testVendors } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { api, type Api } from './schema-helpers';

/**
 * MySQL / MariaDB: the trigram index made of collation weights. What the shared equivalence test
 * (search-index.test.ts) cannot reach: other collations, writes that bypass the API, long texts cut
 * into chunks, and a schema change undone halfway.
 */
describe.runIf(testVendors.includes('mysql'))('search (q) with the MySQL trigram index', () => {
  let server: TestServer;
  let a: Api;

  const ids = async (collection: string, term: string): Promise<number[]> => {
    const res = await a.get(`/items/${collection}?q=${encodeURIComponent(term)}&fields=id&limit=-1`);
    expect(res.statusCode, `${term}: ${res.body}`).toBe(200);
    return (res.json().data as Array<{ id: number }>).map((r) => Number(r.id)).sort((x, y) => x - y);
  };
  const refresh = () => schemaCache.invalidate(server.project.key);
  const status = async (collection: string) =>
    (await searchIndexStatus(server.project.knex, 'mysql')).find((s) => s.collection === collection)!;
  const scanned = async <T>(run: () => Promise<T>): Promise<T> => {
    forceSearchScan(true);
    try {
      return await run();
    } finally {
      forceSearchScan(false);
    }
  };

  beforeAll(async () => {
    server = await startTestServer('mysql');
    a = api(server, await server.login());
    const res = await a.post('/collections', {
      collection: 'notes',
      fields: [
        { field: 'id', type: 'integer', datatype: 'INT', primary_key: true, auto_increment: true },
        { field: 'title', type: 'string', datatype: 'VARCHAR', length: 200 },
        { field: 'exact', type: 'string', datatype: 'VARCHAR', length: 200 },
        { field: 'folded', type: 'string', datatype: 'VARCHAR', length: 200 },
        { field: 'legacy', type: 'string', datatype: 'VARCHAR', length: 200 },
        { field: 'czech', type: 'string', datatype: 'VARCHAR', length: 200 },
        { field: 'body', type: 'string', datatype: 'TEXT' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
  }, 60_000);
  afterEach(() => injectSchemaFailure(null));
  afterAll(async () => {
    forceSearchScan(false);
    await server?.close();
  });

  it('serves columns of other collations as LIKE compares them, and leaves the others to the scan', async () => {
    const knex = server.project.knex;
    // Collations changed outside the API, then the index rebuilt by the operator's command.
    await knex.raw('ALTER TABLE notes MODIFY exact VARCHAR(200) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin');
    await knex.raw(
      'ALTER TABLE notes MODIFY folded VARCHAR(200) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci',
    );
    await knex.raw(
      'ALTER TABLE notes MODIFY legacy VARCHAR(200) CHARACTER SET latin1 COLLATE latin1_swedish_ci',
    );
    await knex.raw(
      'ALTER TABLE notes MODIFY czech VARCHAR(200) CHARACTER SET utf8mb4 COLLATE utf8mb4_czech_ci',
    );
    const words = [
      'Straße',
      'STRASSE',
      'résumé',
      'RESUME',
      'Ünïcode',
      'unicode',
      'Chléb',
      'hleb',
      'ÅngstrÖm',
    ];
    const rows = [];
    for (let i = 0; i < 40; i++) {
      const w = (k: number) => words[(i * 7 + k) % words.length];
      rows.push({
        title: `${w(0)} ${i}`,
        exact: `${w(1)}-${w(2)}`,
        folded: `${w(3)} ${w(4)}`,
        legacy: `${[...w(5)].filter((c) => c.charCodeAt(0) <= 0xff).join('')} ${i % 5}`,
        czech: `${w(6)} ${w(7)}`,
        body: i % 3 === 0 ? null : `${w(8)} ${w(0)}`,
      });
    }
    expect((await a.post('/items/notes', rows)).statusCode).toBe(200);
    await buildSearchIndexes(knex, 'mysql', ['notes']);
    refresh();
    const now = await status('notes');
    expect(now.state).toBe('partial');
    expect(now.indexed).toEqual(['body', 'exact', 'folded', 'id', 'legacy', 'title']);

    const terms = [
      'straße',
      'STRASSE',
      'strasse',
      'trasse',
      'raß',
      'résumé',
      'resume',
      'RÉSU',
      'Ünï',
      'uni',
      'UNICODE',
      'chl',
      'hléb',
      'CHLEB',
      'ångström',
      'angstrom',
      'ngstr',
      'é-r',
      'e-R',
      ' 1',
      '12',
    ];
    const indexed: Record<string, number[]> = {};
    for (const term of terms) indexed[term] = await ids('notes', term);
    const plain: Record<string, number[]> = {};
    await scanned(async () => {
      for (const term of terms) plain[term] = await ids('notes', term);
    });
    expect(indexed).toEqual(plain);
    // Folding differs by column: the binary column keeps case, the others fold it.
    expect(Object.values(plain).filter((l) => l.length > 0).length).toBeGreaterThan(terms.length / 2);
  });

  it('keeps in step with writes that bypass the API', async () => {
    const knex = server.project.knex;
    const [id] = await knex('notes').insert({ title: 'Written by hand: Kookaburra' });
    expect(await ids('notes', 'kookabur')).toEqual([id]);
    await knex('notes').where({ id }).update({ title: 'Written by hand: Cassowary' });
    expect(await ids('notes', 'kookabur')).toEqual([]);
    expect(await ids('notes', 'CASSOW')).toEqual([id]);
    // A change of case only: the collation calls it equal, the tokens are made again all the same.
    await knex('notes').where({ id }).update({ title: 'WRITTEN BY HAND: CASSOWARY' });
    await knex('notes').where({ id }).update({ exact: 'Dingo' });
    expect(await ids('notes', 'Dingo')).toEqual([id]);
    expect(await ids('notes', 'dingo')).toEqual([]);
    // Updates leave no trigram of an old value behind: as many rows as a fresh row of the same values.
    const [twin] = await knex('notes').insert({ title: 'WRITTEN BY HAND: CASSOWARY', exact: 'Dingo' });
    const grams = async (key: number) =>
      Number((await knex(trigramTable('notes')).where({ id: key }).count({ n: '*' }))[0].n);
    expect(await grams(id)).toBe(await grams(twin));
    expect(await grams(id)).toBeGreaterThan(20);
    await knex('notes').where({ id: twin }).delete();
    expect(await grams(twin)).toBe(0);
    // A new key: the old one's trigrams go.
    await knex('notes')
      .where({ id })
      .update({ id: id + 1000 });
    expect(await ids('notes', 'cassow')).toEqual([id + 1000]);
    expect(await knex(trigramTable('notes')).where({ id }).first()).toBeUndefined();
    await knex('notes')
      .where({ id: id + 1000 })
      .delete();
    expect(await ids('notes', 'cassow')).toEqual([]);
    expect(
      await knex(trigramTable('notes'))
        .where({ id: id + 1000 })
        .first(),
    ).toBeUndefined();
  });

  it('answers by scan when a trigram table is gone under a read (a rebuild in progress)', async () => {
    // Renamed on a connection of its own: the server's would see the DDL and reload its schema.
    const other = knexFactory(server.project.knex.client.config);
    const expected = await ids('notes', 'straße');
    expect(expected.length).toBeGreaterThan(0);
    await other.raw(`RENAME TABLE ${trigramTable('notes')} TO octavo_aside`);
    try {
      expect(await ids('notes', 'straße')).toEqual(expected);
    } finally {
      await other.raw(`RENAME TABLE octavo_aside TO ${trigramTable('notes')}`);
      await other.destroy();
    }
  });

  it('indexes a collection keyed by text', async () => {
    const res = await a.post('/collections', {
      collection: 'places',
      fields: [
        { field: 'code', type: 'string', datatype: 'VARCHAR', length: 20, primary_key: true },
        { field: 'name', type: 'string', datatype: 'VARCHAR', length: 100 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await status('places')).state).toBe('ready');
    const codes = async (term: string) =>
      (
        (await a.get(`/items/places?q=${encodeURIComponent(term)}&fields=code`)).json().data as Array<{
          code: string;
        }>
      )
        .map((r) => r.code)
        .sort();
    await a.post('/items/places', [
      { code: 'wlg', name: 'Wellington' },
      { code: 'akl', name: 'Auckland' },
    ]);
    expect(await codes('ELLING')).toEqual(['wlg']);
    expect(await codes('akl')).toEqual(['akl']);
    await server.project.knex('places').where({ code: 'akl' }).update({ code: 'AKL2' });
    expect(await codes('akl')).toEqual(['AKL2']);
    expect(await codes('ucklan')).toEqual(['AKL2']);
    expect(await server.project.knex(trigramTable('places')).countDistinct({ n: 'id' })).toEqual([{ n: 2 }]);
  });

  it('finds a term across the chunks a long text is cut into', async () => {
    const filler = (n: number, seed: number) =>
      Array.from({ length: n }, (_, i) => String.fromCharCode(97 + ((i * 7 + seed) % 26))).join('');
    const body = `${filler(197, 1)}ZÄPFCHEN${filler(192, 2)}ÖLKANNE${filler(300, 3)}`;
    const id = (await a.post('/items/notes', { body })).json().data.id;
    for (const at of [190, 195, 197, 198, 199, 200, 201, 395, 397, 398, 399, 400, 401, 690]) {
      for (const length of [3, 4, 7]) {
        const term = body.slice(at, at + length).toLowerCase();
        expect(await ids('notes', term), `${term} at ${at}`).toContain(id);
      }
    }
    expect(await ids('notes', 'zäpfchen')).toEqual([id]);
    expect(await ids('notes', 'ölkanne')).toEqual([id]);
    expect(await ids('notes', 'ölkanneX')).toEqual([]);
  });

  it('brings the index back when a schema change is undone halfway', async () => {
    const knex = server.project.knex;
    const triggers = async () =>
      (
        await knex.raw(
          'select count(*) as n from information_schema.TRIGGERS where TRIGGER_SCHEMA = database() and EVENT_OBJECT_TABLE = ?',
          ['notes'],
        )
      )[0][0].n;
    expect(Number(await triggers())).toBe(3);
    const intact = async (when: string, extra: boolean) => {
      refresh();
      expect(Number(await triggers()), when).toBe(3);
      expect((await status('notes')).indexed.includes('extra'), when).toBe(extra);
      expect((await status('notes')).state, when).toBe('partial');
      const [created] = await knex('notes').insert({ title: 'After a failed change: Bilby' });
      expect(await ids('notes', 'bilby'), when).toEqual([created]);
      await knex('notes').where({ id: created }).delete();
    };
    // Fail each step of adding a field in turn, and its end (after the index step): every failure
    // leaves the index as it was, and writes go on.
    let failures = 0;
    for (let n = 0; n < 20; n++) {
      injectSchemaFailure((event) => event.index === n);
      const res = await a.post('/fields/notes', { field: 'extra', type: 'string', length: 50 });
      injectSchemaFailure(null);
      if (res.statusCode < 300) break;
      failures += 1;
      expect(res.json().error.message).toMatch(/Injected failure/);
      await intact(`adding, after a failure at step ${n}`, false);
    }
    expect(failures).toBeGreaterThanOrEqual(3);
    await intact('added', true);
    // Dropping it, failing before each step up to the column's drop (which cannot be undone).
    failures = 0;
    for (let n = 0; n < 20; n++) {
      let last = false;
      injectSchemaFailure((event) => {
        if (event.name.startsWith('drop column')) last = true;
        return event.phase === 'before' && event.index === n && !last;
      });
      const res = await a.del('/fields/notes/extra');
      injectSchemaFailure(null);
      if (res.statusCode < 300) break;
      failures += 1;
      await intact(`dropping, after a failure at step ${n}`, true);
    }
    expect(failures).toBeGreaterThanOrEqual(2);
    // Dropped: its triggers no longer name the column.
    await intact('dropped', false);
  });
});

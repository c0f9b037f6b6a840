import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import knexFactory, { type Knex } from 'knex';
import { afterAll, describe, expect, it } from 'vitest';
import { createConnection } from './connection';
import {
  announce,
  connectInvalidation,
  generation,
  live,
  onInvalidate,
  topicsOf,
  TOPICS,
  watchWrites,
  type Topic,
} from './invalidation';

const REDIS = 'redis://127.0.0.1:6379';
/** The channel the nodes share (an internal name, repeated here to play another node). */
const CHANNEL = 'octavo:invalidate';

/** A project key no other test (or test process sharing the Redis) uses. */
const uniqueKey = (label: string) => `unit-${label}-${randomBytes(4).toString('hex')}`;

/** Every announcement the listeners hear, in order, as `project:topic`. */
const heard: string[] = [];
for (const topic of TOPICS) onInvalidate(topic, (projectKey) => heard.push(`${projectKey}:${topic}`));
const heardFor = (projectKey: string) =>
  heard
    .filter((entry) => entry.startsWith(`${projectKey}:`))
    .map((entry) => entry.slice(projectKey.length + 1));

const sorted = (topics: readonly Topic[] | null) => (topics ? [...topics].sort() : null);

describe('topicsOf', () => {
  const USERS: Topic[] = ['identities', 'permissions'];
  const SETTINGS: Topic[] = ['schema', 'settings'];

  describe('writes to the system tables, as each dialect quotes them', () => {
    it.each([
      // SQLite and MySQL quote with backticks.
      ['insert into `directus_users` (`email`) values (?)', USERS],
      ['update `directus_roles` set `name` = ? where `id` = ?', USERS],
      ['delete from `directus_user_sessions` where `token` = ?', ['identities']],
      ['insert into `directus_permissions` (`role`, `collection`) values (?, ?)', ['permissions']],
      ['update `directus_settings` set `value` = ? where `key` = ?', SETTINGS],
      ['insert into `directus_collections` (`collection`) values (?)', ['schema']],
      ['delete from `directus_fields` where `collection` = ?', ['schema']],
      ['update `directus_relations` set `field_one` = ?', ['schema']],
      // PostgreSQL quotes with double quotes, and may answer with RETURNING.
      ['insert into "directus_users" ("email") values (?) returning "id"', USERS],
      ['update "directus_permissions" set "read" = ? where "id" = ?', ['permissions']],
      ['delete from "directus_user_sessions" where "user" = ?', ['identities']],
      ['insert into "directus_settings" ("key", "value") values (?, ?)', SETTINGS],
      // Qualified by schema or database.
      ['update "public"."directus_users" set "status" = ? where "id" = ?', USERS],
      ['delete from "public"."directus_permissions" where "role" = ?', ['permissions']],
      ['insert into `octavo_db`.`directus_roles` (`name`) values (?)', USERS],
      ['update public.directus_fields set note = ?', ['schema']],
      // Unquoted, upper case, mixed case, leading whitespace and line breaks.
      ['INSERT INTO directus_users (email) VALUES (?)', USERS],
      ['UPDATE DIRECTUS_PERMISSIONS SET read = ?', ['permissions']],
      ['Delete From "directus_roles" Where "id" = ?', USERS],
      ['   update "directus_users" set "status" = ?', USERS],
      ['\n\tinsert into\n  `directus_settings` (`key`) values (?)', SETTINGS],
      // MySQL's variants and truncation.
      ['insert ignore into `directus_permissions` (`role`) values (?)', ['permissions']],
      ['replace into `directus_settings` (`key`, `value`) values (?, ?)', SETTINGS],
      ['truncate `directus_user_sessions`', ['identities']],
      ['truncate table `directus_permissions`', ['permissions']],
      ['truncate "directus_permissions" restart identity', ['permissions']],
      // Shapes no server code writes today, which must still count: a data-modifying CTE, a
      // leading comment or parenthesis, a qualifier that is not a plain word.
      [
        'with gone as (delete from "directus_user_sessions" returning "user") select * from gone',
        ['identities'],
      ],
      ['/* cleanup */ delete from `directus_permissions` where `role` = ?', ['permissions']],
      ['-- note\nupdate "directus_settings" set "value" = ?', SETTINGS],
      ['(insert into "directus_roles" ("name") values (?))', USERS],
      ['update `my-db`.`directus_users` set `status` = ?', USERS],
      // Bookkeeping next to anything else, or not a plain bound value, is a real change.
      ['update "directus_users" set "last_page" = ?, "status" = ? where "id" = ?', USERS],
      ['update `directus_users` set `last_access_on` = ?, `role` = ? where `id` = ?', USERS],
      ['update "directus_users" set "last_page" = lower(?) where "id" = ?', USERS],
      ['update "directus_users" set "last_page" = ?', USERS],
      // A write elsewhere that reads a watched table errs on the side of announcing.
      ['delete from "articles" where "owner" in (select "id" from "directus_users")', USERS],
    ] as Array<[string, Topic[]]>)('%s', (sql, topics) => {
      expect(sorted(topicsOf(sql))).toEqual([...topics].sort());
    });
  });

  describe('structure changes, on any table', () => {
    it.each([
      'create table `articles` (`id` integer not null primary key autoincrement)',
      'create table "articles" ("id" serial primary key)',
      'CREATE TABLE `_knex_temp_alter123` (`id` integer)',
      'alter table `articles` add column `subtitle` varchar(255)',
      'ALTER TABLE "articles" ALTER COLUMN "title" TYPE varchar(200)',
      'alter table "public"."articles" drop column "x"',
      'drop table `articles`',
      'DROP TABLE IF EXISTS "articles"',
      'create unique index `articles_code_unique` on `articles` (`code`)',
      'drop index "articles_code_unique"',
      'rename table `a` to `b`',
      '  create table t (id int)',
      '\ncreate table t (id int)',
    ])('%s', (sql) => {
      expect(topicsOf(sql)).toEqual(['schema']);
    });
  });

  describe('reads, transaction control and other tables', () => {
    it.each([
      'select * from `directus_users` where `id` = ?',
      'SELECT "u"."id" FROM "directus_users" AS "u"',
      '  select * from "directus_permissions"',
      'with `w` as (select 1) select * from `w`',
      'WITH "r" AS (SELECT * FROM "directus_roles") SELECT * FROM "r"',
      'BEGIN;',
      'begin',
      'BEGIN TRANSACTION',
      'COMMIT;',
      'commit',
      'ROLLBACK',
      'rollback;',
      'SAVEPOINT trx2',
      'savepoint `trx2`',
      'RELEASE SAVEPOINT trx2',
      'ROLLBACK TO SAVEPOINT trx2',
      'PRAGMA foreign_keys = OFF',
      'pragma foreign_key_check',
      'select * from pragma_table_info(?)',
      'SET NAMES utf8mb4',
      'SHOW INDEX FROM `articles`',
      'explain select * from `directus_users`',
      'insert into "articles" ("title") values (?)',
      'insert into `articles` (`title`) values (?)',
      'update `articles` set `title` = ? where `id` = ?',
      'delete from "articles" where "id" = ?',
      'insert into "directus_activity" ("action") values (?)',
      'update `directus_files` set `title` = ?',
      'delete from "directus_revisions"',
      // The page a user is on (recorded at every navigation): nothing cached depends on it.
      'update "directus_users" set "last_page" = ?, "last_access_on" = ? where "id" = ?',
      'update `directus_users` set `last_page` = ?, `last_access_on` = ? where `id` = ?',
      'update "directus_users" set "last_access_on" = ? where "id" = ?',
      'update "directus_users" set "last_page" = $1, "last_access_on" = $2 where "id" = $3',
      // Near misses: the names must match whole.
      'insert into "directus_users_archive" ("id") values (?)',
      'update `my_directus_users` set `x` = ?',
      'update "public"."directus_userslog" set "x" = ?',
      'truncate `articles`',
      '',
    ])('%j gives null', (sql) => {
      expect(topicsOf(sql)).toBeNull();
    });
  });

  describe('what the knex dialects generate', () => {
    const dialects: Array<[string, Knex.Config]> = [
      ['pg', { client: 'pg' }],
      ['mysql2', { client: 'mysql2' }],
      ['better-sqlite3', { client: 'better-sqlite3', useNullAsDefault: true }],
    ];
    const builders: Knex[] = [];
    afterAll(async () => {
      await Promise.all(builders.map((builder) => builder.destroy()));
    });

    it.each(dialects)('%s', (_name, config) => {
      const k = knexFactory(config);
      builders.push(k);
      const one = (query: { toSQL(): { sql: string } }) => topicsOf(query.toSQL().sql);
      const all = (query: { toSQL(): Array<{ sql: string }> | { sql: string } }) => {
        const statements = query.toSQL();
        return (Array.isArray(statements) ? statements : [statements]).map((s) => topicsOf(s.sql));
      };

      expect(sorted(one(k('directus_users').insert({ email: 'a@b.c' })))).toEqual(USERS);
      expect(
        sorted(one(k('directus_users').withSchema('public').where('id', 1).update({ status: 'suspended' }))),
      ).toEqual(USERS);
      expect(one(k('directus_permissions').where('id', 1).update({ read: 'none' }))).toEqual(['permissions']);
      expect(one(k('directus_user_sessions').where('user', 1).del())).toEqual(['identities']);
      expect(one(k('directus_permissions').truncate())).toEqual(['permissions']);
      expect(
        one(k('directus_settings').insert({ key: 'default_limit', value: '1' }).onConflict('key').merge()),
      ).toEqual(SETTINGS);
      expect(one(k('directus_fields').insert({ collection: 'a', field: 'b' }))).toEqual(['schema']);

      expect(one(k('directus_users').where('id', 1).select('*'))).toBeNull();
      expect(one(k('directus_permissions').where('role', 3).first())).toBeNull();
      expect(one(k.with('w', k.raw('select 1')).select('*').from('w'))).toBeNull();
      expect(one(k('articles').insert({ title: 'x' }))).toBeNull();
      expect(one(k('articles').where('id', 1).update({ title: 'y' }))).toBeNull();
      expect(one(k('articles').where('id', 1).del())).toBeNull();

      const created = all(
        k.schema.createTable('articles', (t) => {
          t.increments('id');
          t.string('code').unique();
        }),
      );
      expect(created.length).toBeGreaterThan(0);
      for (const topics of created) expect(topics).toEqual(['schema']);
      for (const topics of all(k.schema.alterTable('articles', (t) => t.string('subtitle').index())))
        expect(topics).toEqual(['schema']);
      // Typed as a promise, but a schema builder like the others.
      const renamed = k.schema.renameTable('articles', 'posts') as unknown as Knex.SchemaBuilder;
      for (const topics of all(renamed)) expect(topics).toEqual(['schema']);
      expect(all(k.schema.dropTable('articles'))).toEqual([['schema']]);
      expect(all(k.schema.dropTableIfExists('articles'))).toEqual([['schema']]);
    });
  });
});

describe('onInvalidate, announce and generation (in this process)', () => {
  it('calls the listeners of the announced topics only, with the project key', () => {
    const key = uniqueKey('listeners');
    announce(key, ['permissions']);
    expect(heardFor(key)).toEqual(['permissions']);
    announce(key, ['schema', 'settings']);
    expect(heardFor(key)).toEqual(['permissions', 'schema', 'settings']);
    announce(key, TOPICS);
    expect(heardFor(key).slice(3).sort()).toEqual([...TOPICS].sort());
  });

  it('calls a listener once per announcement even when a topic is repeated', () => {
    const key = uniqueKey('repeat');
    announce(key, ['identities', 'identities', 'permissions', 'identities']);
    expect(heardFor(key).sort()).toEqual(['identities', 'permissions']);
  });

  it('several listeners of one topic are all called', () => {
    const key = uniqueKey('several');
    const calls: string[] = [];
    onInvalidate('settings', (projectKey) => projectKey === key && calls.push('first'));
    onInvalidate('settings', (projectKey) => projectKey === key && calls.push('second'));
    announce(key, ['settings']);
    expect(calls).toEqual(['first', 'second']);
    announce(key, ['schema']);
    expect(calls).toEqual(['first', 'second']);
  });

  it('generation starts at 0 and moves once per announcement, per project', () => {
    const key = uniqueKey('generation');
    const other = uniqueKey('other');
    expect(generation(key)).toBe(0);
    announce(key, ['schema']);
    expect(generation(key)).toBe(1);
    announce(key, ['schema', 'permissions', 'identities']);
    expect(generation(key)).toBe(2);
    announce(key, new Set<Topic>(['settings']));
    expect(generation(key)).toBe(3);
    expect(generation(other)).toBe(0);
  });

  it('an announcement of no topic does nothing', () => {
    const key = uniqueKey('empty');
    announce(key, []);
    expect(generation(key)).toBe(0);
    expect(heardFor(key)).toEqual([]);
  });

  it('is live with no Redis configured; joining no Redis is a no-op', async () => {
    expect(live()).toBe(true);
    const leave = await connectInvalidation(undefined);
    expect(live()).toBe(true);
    await leave();
    expect(live()).toBe(true);
  });
});

describe('watchWrites on a SQLite connection', () => {
  const dir = mkdtempSync(join(tmpdir(), 'octavo-invalidation-'));
  const key = uniqueKey('watch');
  const knex = createConnection({ vendor: 'sqlite', filename: 'watch.sqlite' }, dir);
  watchWrites(knex, key);
  afterAll(async () => {
    await knex.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** What a piece of work announces: the generation moves, and the topics heard. */
  const during = async (work: () => Promise<unknown>) => {
    const before = generation(key);
    const from = heardFor(key).length;
    await work();
    return { announcements: generation(key) - before, topics: heardFor(key).slice(from).sort() };
  };

  it('announces structure changes and system-table writes, not reads or other tables', async () => {
    expect(
      await during(() =>
        knex.schema.createTable('directus_permissions', (t) => {
          t.increments('id');
          t.integer('role');
          t.string('read');
        }),
      ),
    ).toEqual({ announcements: 1, topics: ['schema'] });
    await knex.schema.createTable('articles', (t) => {
      t.increments('id');
      t.string('title');
    });
    expect(await during(() => knex('directus_permissions').insert({ role: 3, read: 'full' }))).toEqual({
      announcements: 1,
      topics: ['permissions'],
    });
    expect(await during(() => knex('directus_permissions').select('*'))).toEqual({
      announcements: 0,
      topics: [],
    });
    expect(await during(() => knex('articles').insert({ title: 'x' }))).toEqual({
      announcements: 0,
      topics: [],
    });
    expect(await during(() => knex.raw('PRAGMA foreign_key_check'))).toEqual({
      announcements: 0,
      topics: [],
    });
  });

  it('announces a transaction once, after it commits, with every topic it touched', async () => {
    await knex.schema.createTable('directus_settings', (t) => {
      t.increments('id');
      t.string('key');
      t.string('value');
    });
    let inside = -1;
    const result = await during(() =>
      knex.transaction(async (trx) => {
        await trx('directus_permissions').insert({ role: 4, read: 'none' });
        await trx('directus_settings').insert({ key: 'default_limit', value: '5' });
        await trx('articles').insert({ title: 'y' });
        inside = generation(key);
      }),
    );
    expect(result).toEqual({ announcements: 1, topics: ['permissions', 'schema', 'settings'] });
    // Nothing was announced before the commit.
    expect(inside).toBe(generation(key) - 1);
  });

  it('announces a rolled-back transaction too (the caches reload what is there)', async () => {
    const result = await during(() =>
      knex
        .transaction(async (trx) => {
          await trx('directus_permissions').insert({ role: 5, read: 'full' });
          throw new Error('roll back');
        })
        .catch(() => undefined),
    );
    expect(result).toEqual({ announcements: 1, topics: ['permissions'] });
    expect(await knex('directus_permissions').where('role', 5)).toEqual([]);
  });

  it('a transaction of reads and user-table writes announces nothing', async () => {
    expect(
      await during(() =>
        knex.transaction(async (trx) => {
          await trx('directus_permissions').select('*');
          await trx('articles').insert({ title: 'z' });
        }),
      ),
    ).toEqual({ announcements: 0, topics: [] });
  });
});

describe('announcements between nodes over Redis', () => {
  it('applies other nodes’ messages, ignores its own echo and foreign or malformed messages', async () => {
    const leave = await connectInvalidation(REDIS, 5000);
    const other = new Redis(REDIS);
    try {
      expect(live()).toBe(true);
      const key = uniqueKey('redis');
      const arrived = async (count: number) => {
        const deadline = Date.now() + 2000;
        while (heardFor(key).length < count && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 5));
        return heardFor(key);
      };

      // Another node's announcement.
      await other.publish(
        CHANNEL,
        JSON.stringify({ node: 'another-node', project: key, topics: ['permissions'] }),
      );
      expect(await arrived(1)).toEqual(['permissions']);
      expect(generation(key)).toBe(1);

      // Unknown topics are dropped; garbage and messages on other channels are ignored.
      await other.publish(CHANNEL, 'not json');
      await other.publish(CHANNEL, JSON.stringify({ node: 'x', project: 42, topics: ['schema'] }));
      await other.publish(
        'octavo:something-else',
        JSON.stringify({ node: 'x', project: key, topics: ['schema'] }),
      );
      await other.publish(
        CHANNEL,
        JSON.stringify({ node: 'x', project: key, topics: ['everything', 'settings'] }),
      );
      expect(await arrived(2)).toEqual(['permissions', 'settings']);

      // Our own announcement applies once, here, even though Redis echoes it back.
      announce(key, ['schema']);
      expect(heardFor(key)).toEqual(['permissions', 'settings', 'schema']);
      await other.publish(CHANNEL, JSON.stringify({ node: 'x', project: key, topics: ['identities'] }));
      expect(await arrived(4)).toEqual(['permissions', 'settings', 'schema', 'identities']);
    } finally {
      other.disconnect();
      await leave();
    }
    expect(live()).toBe(true);
  });

  it('is not live while Redis cannot be reached, and live again after leaving', async () => {
    const started = Date.now();
    const leave = await connectInvalidation('redis://127.0.0.1:1', 150);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    try {
      expect(live()).toBe(false);
      // Announcing still applies here, and does not throw although nothing can be published.
      const key = uniqueKey('offline');
      announce(key, ['settings']);
      expect(heardFor(key)).toEqual(['settings']);
      // One process joins one Redis only.
      await expect(connectInvalidation(REDIS, 10)).rejects.toThrow(/only one Redis/);
    } finally {
      await leave();
    }
    expect(live()).toBe(true);
  });
});

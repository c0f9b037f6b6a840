import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITOR_EMAIL, seedDemo } from '../../server/database/demo';
import { schemaCache } from '../../server/schema/cache';
import { testVendors } from '../helpers/databases';
import { projectCaller, startTestServer, type TestServer } from '../helpers/server';
import { fieldRow } from './items-helpers';

/**
 * The nested writes the relational interfaces send (app/api/items.ts `toPayload`), on the demo project and
 * a files junction: many-to-many through the junction (attach, create the far item, remove, reorder, edit the
 * far item), one-to-many (link, unlink, delete), translations (create and update) and files. Each request
 * is one transaction, and what the caller's role may not do is refused with nothing written.
 */
const EDITOR_PASSWORD = 'editor pass phrase';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
).toString('base64');

describe.each(testVendors)('relational nested writes (%s)', (vendor) => {
  let server: TestServer;
  let adminToken: string;
  let editorToken: string;
  let editorId: number;
  let asAdmin: ReturnType<typeof projectCaller>;
  let asEditor: ReturnType<typeof projectCaller>;

  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { loginRateLimit: 10_000 } });
    const knex = server.project.knex;
    const seeded = await seedDemo(knex, { editorPassword: EDITOR_PASSWORD });
    editorId = seeded!.editor.id;
    // A files field on articles: an m2m to directus_files through a sorted junction (schema-v8 §5.5).
    await knex.schema.createTable('article_files', (t) => {
      t.increments('id');
      t.integer('article');
      t.integer('file');
      t.integer('sort');
    });
    await knex('directus_collections').insert({
      collection: 'article_files',
      managed: true,
      hidden: true,
      single: false,
    });
    const field = fieldRow;
    await knex('directus_fields').insert([
      field('article_files', 'id', 'integer'),
      field('article_files', 'article', 'm2o'),
      field('article_files', 'file', 'm2o'),
      field('article_files', 'sort', 'sort'),
      field('articles', 'files', 'o2m', { interface: 'files' }),
    ]);
    await knex('directus_relations').insert([
      {
        collection_many: 'article_files',
        field_many: 'article',
        collection_one: 'articles',
        field_one: 'files',
        junction_field: 'file',
      },
      {
        collection_many: 'article_files',
        field_many: 'file',
        collection_one: 'directus_files',
        field_one: null,
        junction_field: 'article',
      },
    ]);
    schemaCache.invalidate(server.project.key);
    adminToken = await server.login();
    editorToken = await server.login(DEMO_EDITOR_EMAIL, EDITOR_PASSWORD);
    asAdmin = projectCaller(server.inject, () => ({ authorization: `Bearer ${adminToken}` }));
    asEditor = projectCaller(server.inject, () => ({ authorization: `Bearer ${editorToken}` }));
  });
  afterAll(async () => {
    await server?.close();
  });

  const knex = () => server.project.knex;
  const count = async (table: string, where: Record<string, unknown> = {}) =>
    Number((await knex()(table).where(where).count({ n: '*' }))[0].n);
  /** A draft article of the editor's own, with no topics. */
  const editorsDraft = async (title: string) => {
    const res = await asEditor.call('POST', '/items/articles?fields=id', { title, status: 'draft' });
    expect(res.status).toBe(200);
    return res.body.data.id as number;
  };
  const topicNames = async (article: number, caller = asAdmin) => {
    const res = await caller.call('GET', `/items/articles/${article}?fields=topics.id,topics.topic.name`);
    return (res.body.data.topics as { topic: { name: string } }[]).map((row) => row.topic.name).sort();
  };

  it('many-to-many: the editor attaches existing topics and removes one through the junction', async () => {
    const article = await editorsDraft('Topics by the editor');
    const topics = await knex()('topics').orderBy('id').limit(3);
    const added = await asEditor.call('PATCH', `/items/articles/${article}?fields=topics.id`, {
      topics: [{ topic: topics[0].id }, { topic: topics[1].id }, { topic: topics[2].id }],
    });
    expect(added.status).toBe(200);
    expect(await topicNames(article, asEditor)).toEqual(topics.map((t) => t.name).sort());

    const junction = await knex()('articles_topics').where({ article, topic: topics[1].id }).first();
    const removed = await asEditor.call('PATCH', `/items/articles/${article}`, {
      topics: [{ id: junction.id, $delete: true }],
    });
    expect(removed.status).toBe(200);
    expect(await topicNames(article)).toEqual([topics[0].name, topics[2].name].sort());
    // The far item stays; only the link went.
    expect(await count('topics', { id: topics[1].id })).toBe(1);
  });

  it('many-to-many: creating a topic is refused to the editor, and nothing of the request is written', async () => {
    const article = await editorsDraft('No new topics');
    const before = await Promise.all([count('topics'), count('articles_topics')]);
    const existing = await knex()('topics').orderBy('id').first();
    const refused = await asEditor.code('PATCH', `/items/articles/${article}`, {
      title: 'Changed in a refused request',
      topics: [{ topic: existing.id }, { topic: { name: 'Editor topic', slug: 'editor-topic' } }],
    });
    expect(refused[0]).toBe(403);
    expect(await Promise.all([count('topics'), count('articles_topics')])).toEqual(before);
    expect((await knex()('articles').where('id', article).first()).title).toBe('No new topics');

    // Editing a topic through the junction is refused too (topics are read-only for editors).
    await asEditor.call('PATCH', `/items/articles/${article}`, { topics: [{ topic: existing.id }] });
    const row = await knex()('articles_topics').where({ article }).first();
    const edit = await asEditor.code('PATCH', `/items/articles/${article}`, {
      topics: [{ id: row.id, topic: { id: existing.id, name: 'Renamed by editor' } }],
    });
    expect(edit[0]).toBe(403);
    expect((await knex()('topics').where('id', existing.id).first()).name).toBe(existing.name);
  });

  it('many-to-many: the admin creates a new topic inline, and edits a related topic in place', async () => {
    const res = await asAdmin.call('POST', '/items/articles?fields=id', {
      title: 'Admin topics',
      status: 'draft',
      topics: [{ topic: { name: 'Fresh topic', slug: 'fresh-topic' } }],
    });
    expect(res.status).toBe(200);
    const article = res.body.data.id;
    expect(await topicNames(article)).toEqual(['Fresh topic']);
    const row = await knex()('articles_topics').where({ article }).first();
    const edit = await asAdmin.call('PATCH', `/items/articles/${article}`, {
      topics: [{ id: row.id, topic: { id: row.topic, name: 'Fresher topic' } }],
    });
    expect(edit.status).toBe(200);
    expect(await topicNames(article)).toEqual(['Fresher topic']);
  });

  it('translations: the editor creates one language and updates another in one request', async () => {
    const article = await editorsDraft('Translated');
    const first = await asEditor.call('PATCH', `/items/articles/${article}`, {
      translations: [{ language: 'de-DE', title: 'Übersetzt' }],
    });
    expect(first.status).toBe(200);
    const german = await knex()('article_translations').where({ article, language: 'de-DE' }).first();
    const second = await asEditor.call(
      'PATCH',
      `/items/articles/${article}?fields=translations.language,translations.title`,
      {
        translations: [
          { id: german.id, title: 'Neu übersetzt' },
          { language: 'fr-FR', title: 'Traduit' },
        ],
      },
    );
    expect(second.status).toBe(200);
    const rows = (second.body.data.translations as { language: string; title: string }[])
      .map((t) => `${t.language}:${t.title}`)
      .sort();
    expect(rows).toEqual(['de-DE:Neu übersetzt', 'fr-FR:Traduit']);
    // The editor may not delete translations: refused, the row stays.
    const refused = await asEditor.code('PATCH', `/items/articles/${article}`, {
      translations: [{ id: german.id, $delete: true }],
    });
    expect(refused[0]).toBe(403);
    expect(await count('article_translations', { article })).toBe(2);
  });

  it('a failing translation rolls back the whole request (one transaction)', async () => {
    const article = await editorsDraft('Rollback');
    const before = await count('article_translations');
    const res = await asEditor.code('PATCH', `/items/articles/${article}`, {
      title: 'Should not stay',
      translations: [
        { language: 'de-DE', title: 'Gut' },
        { language: 'fr-FR', title: 'x'.repeat(300) },
      ],
    });
    expect(res[0]).toBe(422);
    expect(await count('article_translations')).toBe(before);
    expect((await knex()('articles').where('id', article).first()).title).toBe('Rollback');
  });

  it('one-to-many: the admin links, unlinks and deletes children per delete mode', async () => {
    const author = await asAdmin.call('POST', '/items/authors?fields=id', { name: 'Children author' });
    const authorId = author.body.data.id;
    const orphan = await asAdmin.call('POST', '/items/articles?fields=id', {
      title: 'Orphan',
      status: 'draft',
    });
    const doomed = await asAdmin.call('POST', '/items/articles?fields=id', {
      title: 'Doomed',
      status: 'draft',
    });
    const linked = await asAdmin.call('PATCH', `/items/authors/${authorId}?fields=articles.title`, {
      articles: [
        { id: orphan.body.data.id },
        { id: doomed.body.data.id },
        { title: 'Born linked', status: 'draft' },
      ],
    });
    expect(linked.status).toBe(200);
    expect(linked.body.data.articles.map((a: { title: string }) => a.title).sort()).toEqual([
      'Born linked',
      'Doomed',
      'Orphan',
    ]);
    const unlinked = await asAdmin.call('PATCH', `/items/authors/${authorId}?fields=articles.title`, {
      articles: [
        { id: orphan.body.data.id, author: null },
        { id: doomed.body.data.id, $delete: true },
      ],
    });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.data.articles.map((a: { title: string }) => a.title)).toEqual(['Born linked']);
    expect((await knex()('articles').where('id', orphan.body.data.id).first()).author).toBeNull();
    expect(await count('articles', { id: doomed.body.data.id })).toBe(0);
  });

  it('files: uploads, attaches through the junction with a sort order, reorders and removes', async () => {
    const upload = async (name: string) => {
      const res = await asAdmin.call('POST', '/files', {
        data: `data:image/png;base64,${PNG}`,
        filename_download: name,
      });
      expect(res.status).toBe(200);
      return res.body.data.id as number;
    };
    const [a, b] = [await upload('a.png'), await upload('b.png')];
    const created = await asAdmin.call('POST', '/items/articles?fields=id', {
      title: 'With files',
      status: 'draft',
      files: [
        { file: a, sort: 1 },
        { file: b, sort: 2 },
      ],
    });
    expect(created.status).toBe(200);
    const article = created.body.data.id;
    const rows = await knex()('article_files').where({ article }).orderBy('sort');
    expect(rows.map((row: { file: number }) => row.file)).toEqual([a, b]);
    const reordered = await asAdmin.call('PATCH', `/items/articles/${article}`, {
      files: [
        { id: rows[0].id, sort: 2 },
        { id: rows[1].id, sort: 1 },
      ],
    });
    expect(reordered.status).toBe(200);
    const after = await knex()('article_files').where({ article }).orderBy('sort');
    expect(after.map((row: { file: number }) => row.file)).toEqual([b, a]);
    const read = await asAdmin.call('GET', `/items/articles/${article}?fields=files.file.filename_download`);
    expect(
      read.body.data.files
        .map((f: { file: { filename_download: string } }) => f.file.filename_download)
        .sort(),
    ).toEqual(['a.png', 'b.png']);
    await asAdmin.call('PATCH', `/items/articles/${article}`, { files: [{ id: rows[0].id, $delete: true }] });
    expect(await count('article_files', { article })).toBe(1);
    expect(await count('directus_files', { id: a })).toBe(1);
  });

  it("user roles: the admin changes a user's role; the editor may not change their own", async () => {
    const role = await asAdmin.call('POST', '/roles?fields=id', { name: 'Reviewers' });
    expect(role.status).toBe(200);
    const changed = await asAdmin.call('PATCH', `/users/${editorId}?fields=role.name`, {
      role: role.body.data.id,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.role).toEqual({ name: 'Reviewers' });
    await asAdmin.call('PATCH', `/users/${editorId}`, { role: 3 });
    editorToken = await server.login(DEMO_EDITOR_EMAIL, EDITOR_PASSWORD);
    const refused = await asEditor.code('PATCH', `/users/${editorId}`, { role: 1 });
    expect(refused[0]).toBe(403);
    expect((await knex()('directus_users').where('id', editorId).first()).role).toBe(3);
  });
});

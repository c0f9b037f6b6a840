import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITOR_EMAIL, seedDemo } from '../../server/database/demo';
import { schemaCache } from '../../server/schema/cache';
import { testVendors } from '../helpers/databases';
import { projectCaller, startTestServer, type TestServer } from '../helpers/server';
import { multipart } from '../server/files-helpers';

/**
 * Threat: public content defaced through its parts, and unpublished content read through them.
 * Translations and topic links carry no status or owner of their own, so the v8 model could only
 * grant them collection-wide: the demo's editor rewrote and re-parented translations of published
 * articles and deleted their topic links, and anonymous visitors read the translations of drafts.
 * `$parent:<field>` permission rows make such items follow the article they belong to: visible where
 * it is visible, writable where the caller may update it. The editor, who "deletes nothing", also
 * replaced the bytes of and deleted anyone's files and folders; now it uploads and edits its own.
 */
const EDITOR_PASSWORD = 'editor pass phrase';

describe.each(testVendors)('children follow their article on %s', (vendor) => {
  let server: TestServer;
  let adminToken = '';
  let editorToken = '';
  let published = 0;
  let unpublished = 0;
  let publishedTranslation = 0;
  let publishedLink = 0;
  const admin = () => projectCaller(server.inject, () => ({ authorization: `Bearer ${adminToken}` }));
  const editor = () => projectCaller(server.inject, () => ({ authorization: `Bearer ${editorToken}` }));
  const anonymous = () => projectCaller(server.inject, () => ({}));

  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { loginRateLimit: 10_000 } });
    const knex = server.project.knex;
    await seedDemo(knex, { editorPassword: EDITOR_PASSWORD });
    schemaCache.invalidate(server.project.key);
    adminToken = await server.login();
    editorToken = await server.login(DEMO_EDITOR_EMAIL, EDITOR_PASSWORD);
    const { call } = admin();
    const created = await call('POST', '/items/articles', {
      title: 'Published with parts',
      status: 'published',
      translations: [{ language: 'fr', title: 'Publié' }],
      topics: [{ topic: 1 }],
    });
    expect(created.status).toBe(200);
    published = Number(created.body.data.id);
    const hidden = await call('POST', '/items/articles', {
      title: 'Still a draft of the admin',
      status: 'draft',
      translations: [{ language: 'fr', title: 'Brouillon secret' }],
      topics: [{ topic: 1 }],
    });
    expect(hidden.status).toBe(200);
    unpublished = Number(hidden.body.data.id);
    publishedTranslation = Number(
      (await knex('article_translations').where('article', published).first('id')).id,
    );
    publishedLink = Number((await knex('articles_topics').where('article', published).first('id')).id);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('keeps the editor from rewriting, adding to or re-parenting the parts of a published article', async () => {
    const { code } = editor();
    expect(
      await code('PATCH', `/items/article_translations/${publishedTranslation}`, { title: 'Defaced' }),
    ).toEqual([403, 302]);
    expect(
      await code('POST', '/items/article_translations', {
        article: published,
        language: 'de',
        title: 'Untergeschoben',
      }),
    ).toEqual([403, 301]);
    expect(await code('DELETE', `/items/articles_topics/${publishedLink}`)).toEqual([403, 303]);
    expect(await code('PATCH', `/items/articles_topics/${publishedLink}`, { topic: 2 })).toEqual([403, 302]);
    const row = await server.project.knex('article_translations').where('id', publishedTranslation).first();
    expect(row.title).toBe('Publié');
  });

  it('lets the editor write the parts of its own draft, but not move them under a published article', async () => {
    const { call, code } = editor();
    const draft = await call('POST', '/items/articles', {
      title: 'The editor draft',
      status: 'draft',
      translations: [{ language: 'fr', title: 'Mon brouillon' }],
      topics: [{ topic: 2 }],
    });
    expect(draft.status).toBe(200);
    const id = Number(draft.body.data.id);
    const knex = server.project.knex;
    const translation = Number((await knex('article_translations').where('article', id).first('id')).id);
    const link = Number((await knex('articles_topics').where('article', id).first('id')).id);
    expect(
      (await call('PATCH', `/items/article_translations/${translation}`, { title: 'Mon texte' })).status,
    ).toBe(200);
    expect((await call('DELETE', `/items/articles_topics/${link}`)).status).toBe(204);
    expect(await code('PATCH', `/items/article_translations/${translation}`, { article: published })).toEqual(
      [403, 302],
    );
    expect(await code('POST', '/items/article_translations', { language: 'it', title: 'Orfano' })).toEqual([
      403, 301,
    ]);
    expect(Number((await knex('article_translations').where('id', translation).first()).article)).toBe(id);
  });

  it('shows anonymous visitors the parts of published articles only', async () => {
    const { call } = anonymous();
    const translations = await call('GET', '/items/article_translations?limit=-1&fields=article,title');
    expect(translations.status).toBe(200);
    const articles = new Set(translations.body.data.map((row: { article: number }) => Number(row.article)));
    expect(articles.has(published)).toBe(true);
    expect(articles.has(unpublished)).toBe(false);
    const links = await call('GET', `/items/articles_topics?limit=-1&filter[article][eq]=${unpublished}`);
    expect(links.body.data).toEqual([]);
    const nested = await call('GET', `/items/articles/${published}?fields=id,translations.title`);
    expect(nested.body.data.translations).toEqual([{ title: 'Publié' }]);
  });

  it('keeps the editor from replacing or deleting files and folders it does not own', async () => {
    const body = multipart([{ name: 'data', filename: 'press-kit.txt', content: 'admin bytes' }]);
    const uploaded = await server.inject({
      method: 'POST',
      url: '/test/files',
      headers: { authorization: `Bearer ${adminToken}`, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const adminFile = Number(uploaded.json().data.id);
    const folder = await admin().call('POST', '/folders', { name: 'Press' });
    const { code, call } = editor();
    const replacement = multipart([{ name: 'data', filename: 'press-kit.txt', content: 'defaced' }]);
    const replaced = await server.inject({
      method: 'PATCH',
      url: `/test/files/${adminFile}`,
      headers: { authorization: `Bearer ${editorToken}`, ...replacement.headers },
      payload: replacement.payload,
    });
    expect(replaced.statusCode).toBe(403);
    expect((await code('PATCH', `/files/${adminFile}`, { title: 'Mine now' }))[0]).toBe(403);
    expect((await code('DELETE', `/files/${adminFile}`))[0]).toBe(403);
    expect((await code('DELETE', `/folders/${folder.body.data.id}`))[0]).toBe(403);
    expect((await code('PATCH', `/folders/${folder.body.data.id}`, { name: 'Mine' }))[0]).toBe(403);
    const stored = await server.project.knex('directus_files').where('id', adminFile).first();
    expect(stored.title).not.toBe('Mine now');

    const own = multipart([{ name: 'data', filename: 'draft-photo.txt', content: 'editor bytes' }]);
    const mine = await server.inject({
      method: 'POST',
      url: '/test/files',
      headers: { authorization: `Bearer ${editorToken}`, ...own.headers },
      payload: own.payload,
    });
    expect(mine.statusCode).toBe(200);
    const ownId = Number(mine.json().data.id);
    expect((await call('PATCH', `/files/${ownId}`, { title: 'Draft photo' })).status).toBe(200);
    expect((await code('DELETE', `/files/${ownId}`))[0]).toBe(403);
  });

  it('reads nothing and writes nothing through a parent row that names no relation', async () => {
    const knex = server.project.knex;
    const { role } = await knex('directus_users').where('email', DEMO_EDITOR_EMAIL).first('role');
    await knex('directus_permissions')
      .where({ role, collection: 'article_translations', status: '$parent:article' })
      .update({ status: '$parent:title' });
    schemaCache.invalidate(server.project.key);
    try {
      const { call, code } = editor();
      expect((await call('GET', '/items/article_translations')).body.data).toEqual([]);
      expect(
        await code('POST', '/items/article_translations', {
          article: unpublished,
          language: 'es',
          title: 'x',
        }),
      ).toEqual([403, 301]);
    } finally {
      await knex('directus_permissions')
        .where({ role, collection: 'article_translations', status: '$parent:title' })
        .update({ status: '$parent:article' });
      schemaCache.invalidate(server.project.key);
    }
  });
});

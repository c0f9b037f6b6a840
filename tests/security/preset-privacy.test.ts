import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EDITOR_EMAIL, seedDemo } from '../../server/database/demo';
import { schemaCache } from '../../server/schema/cache';
import { testVendors } from '../helpers/databases';
import { projectCaller, startTestServer, type TestServer } from '../helpers/server';
import { createRole, createUser, insertId } from '../server/items-helpers';

/**
 * Threat: bookmarks and listing preferences are personal (their titles, filters and searches say
 * what someone works on), but the v8 default rows let every role read all presets. A non-admin
 * sees its own presets, its role's and the global ones; other users' presets stay private.
 */
const EDITOR_PASSWORD = 'editor pass phrase';
const MATE = { email: 'mate@example.com', password: 'mate pass phrase' };

describe.each(testVendors)('collection presets are private to their owner on %s', (vendor) => {
  let server: TestServer;
  let adminToken = '';
  let editorToken = '';
  let mateToken = '';
  let editorId = 0;
  const ids: Record<string, number> = {};
  const as = (token: () => string) =>
    projectCaller(server.inject, () => ({ authorization: `Bearer ${token()}` }));

  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { loginRateLimit: 10_000 } });
    const knex = server.project.knex;
    const seeded = await seedDemo(knex, { editorPassword: EDITOR_PASSWORD });
    editorId = seeded!.editor.id;
    const { role: editorRole } = await knex('directus_users').where('id', editorId).first('role');
    await createUser(knex, MATE.email, MATE.password, Number(editorRole));
    const otherRole = await createRole(knex, 'Other');
    schemaCache.invalidate(server.project.key);
    adminToken = await server.login();
    editorToken = await server.login(DEMO_EDITOR_EMAIL, EDITOR_PASSWORD);
    mateToken = await server.login(MATE.email, MATE.password);

    const preset = (title: string, user: number | null, role: number | null) =>
      insertId(knex, 'directus_collection_presets', {
        title,
        user,
        role,
        collection: 'articles',
        view_type: 'tabular',
      });
    ids.adminOwn = await preset('Admin: legal holds', 1, null);
    ids.global = await preset('Everyone: latest', null, null);
    ids.editorRole = await preset('Editors: to review', null, Number(editorRole));
    ids.otherRole = await preset('Other role only', null, otherRole);
    const mine = await as(() => mateToken).call('POST', '/collection_presets', {
      title: 'Mate: my drafts',
      collection: 'articles',
      view_type: 'tabular',
    });
    expect(mine.status).toBe(200);
    ids.mateOwn = Number(mine.body.data.id);
    const own = await as(() => editorToken).call('POST', '/collection_presets', {
      title: 'Editor: mine',
      collection: 'articles',
      view_type: 'tabular',
    });
    expect(own.status).toBe(200);
    ids.editorOwn = Number(own.body.data.id);
  });

  afterAll(async () => {
    await server?.close();
  });

  const titlesOf = (body: { data: Array<{ title: string | null }> }) =>
    body.data.map((row) => row.title).filter(Boolean);

  it('shows a user only its own, its role’s and the global presets', async () => {
    const { call } = as(() => editorToken);
    const listed = await call('GET', '/collection_presets?limit=-1&filter[collection]=articles');
    expect(listed.status).toBe(200);
    expect(titlesOf(listed.body).sort()).toEqual(['Editor: mine', 'Editors: to review', 'Everyone: latest']);
    // Searching or filtering does not reach the others either.
    const searched = await call('GET', '/collection_presets?limit=-1&filter[user][nnull]=1');
    expect(titlesOf(searched.body)).toEqual(['Editor: mine']);
    expect((await call('GET', `/collection_presets/${ids.adminOwn}`)).status).toBe(404);
    expect((await call('GET', `/collection_presets/${ids.mateOwn}`)).status).toBe(404);
    expect((await call('GET', `/collection_presets/${ids.otherRole}`)).status).toBe(404);
  });

  it('keeps the app’s own preset and bookmark queries working', async () => {
    const { call } = as(() => editorToken);
    const bookmarks = await call(
      'GET',
      `/collection_presets?filter[title][nnull]=1&filter[user][eq]=${editorId}`,
    );
    expect(titlesOf(bookmarks.body)).toEqual(['Editor: mine']);
    const global = await call(
      'GET',
      '/collection_presets?filter[title][nnull]=1&filter[user][null]=1&filter[role][null]=1',
    );
    expect(titlesOf(global.body)).toContain('Everyone: latest');
    const patched = await call('PATCH', `/collection_presets/${ids.editorOwn}`, { search_query: 'x' });
    expect(patched.status).toBe(200);
  });

  it('does not let a user change another user’s preset', async () => {
    const { code } = as(() => editorToken);
    expect(await code('PATCH', `/collection_presets/${ids.mateOwn}`, { title: 'taken' })).toEqual([404, 203]);
    expect(await code('DELETE', `/collection_presets/${ids.mateOwn}`)).toEqual([404, 203]);
  });

  it('lets administrators see every preset', async () => {
    const { call } = as(() => adminToken);
    const listed = await call('GET', '/collection_presets?limit=-1&filter[collection]=articles');
    expect(titlesOf(listed.body)).toEqual(
      expect.arrayContaining(['Admin: legal holds', 'Mate: my drafts', 'Other role only', 'Editor: mine']),
    );
  });
});

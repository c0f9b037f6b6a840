import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { injectSchemaFailure } from '../../server/database/schema-change';
import { testVendors } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { api, snapshot, type Api } from './schema-helpers';

/**
 * `POST /fields/{collection}` with a `relation` (the field designer's one request): the field, the
 * relation rows and a missing junction or child collection are one schema unit, on every vendor.
 */
describe.each(testVendors)('a field with its relation (%s)', (vendor) => {
  let server: TestServer;
  let a: Api;

  const relations = async (collection: string) =>
    (await server.project.knex('directus_relations').where('collection_many', collection).orderBy('id')).map(
      (r: Record<string, unknown>) => ({
        collection_many: r.collection_many,
        field_many: r.field_many,
        collection_one: r.collection_one,
        field_one: r.field_one ?? null,
        junction_field: r.junction_field ?? null,
      }),
    );

  beforeAll(async () => {
    server = await startTestServer(vendor);
    a = api(server, await server.login());
    for (const body of [
      { collection: 'writers', fields: [{ field: 'name', type: 'string', length: 80 }] },
      { collection: 'labels', fields: [{ field: 'name', type: 'string', length: 80 }] },
      { collection: 'projects', fields: [{ field: 'title', type: 'string', length: 80 }] },
    ]) {
      expect((await a.post('/collections', body)).statusCode).toBe(200);
    }
  });
  afterEach(() => injectSchemaFailure(null));
  afterAll(async () => server?.close());

  it('adds a many-to-one with the key type of its target and a relation row', async () => {
    const res = await a.post('/fields/projects', {
      field: 'writer',
      type: 'm2o',
      interface: 'many-to-one',
      relation: { collection_one: 'writers' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ field: 'writer', type: 'm2o', interface: 'many-to-one' });
    expect(await relations('projects')).toEqual([
      {
        collection_many: 'projects',
        field_many: 'writer',
        collection_one: 'writers',
        field_one: null,
        junction_field: null,
      },
    ]);
  });

  it('adds a file field pointing at the file library', async () => {
    const res = await a.post('/fields/projects', {
      field: 'cover',
      type: 'file',
      interface: 'file',
      relation: { collection_one: 'directus_files' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await relations('projects')).find((r) => r.field_many === 'cover')).toMatchObject({
      collection_one: 'directus_files',
    });
  });

  it('adds a one-to-many, creating the child collection and its key column', async () => {
    const res = await a.post('/fields/projects', {
      field: 'tasks',
      type: 'o2m',
      interface: 'one-to-many',
      relation: { collection_many: 'tasks', field_many: 'project' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await a.get('/fields/tasks/project')).json().data).toMatchObject({
      type: 'm2o',
      hidden_detail: false,
    });
    expect((await a.get('/collections/tasks')).json().data.hidden).toBe(false);
    expect(await relations('tasks')).toEqual([
      {
        collection_many: 'tasks',
        field_many: 'project',
        collection_one: 'projects',
        field_one: 'tasks',
        junction_field: null,
      },
    ]);
  });

  it('adds a many-to-many, creating the junction, and nested writes go through it', async () => {
    const res = await a.post('/fields/projects', {
      field: 'labels',
      type: 'o2m',
      interface: 'many-to-many',
      relation: {
        collection_one: 'labels',
        collection_many: 'projects_labels',
        field_many: 'projects_id',
        junction_field: 'labels_id',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await relations('projects_labels')).toEqual([
      {
        collection_many: 'projects_labels',
        field_many: 'projects_id',
        collection_one: 'projects',
        field_one: 'labels',
        junction_field: 'labels_id',
      },
      {
        collection_many: 'projects_labels',
        field_many: 'labels_id',
        collection_one: 'labels',
        field_one: null,
        junction_field: 'projects_id',
      },
    ]);
    const writer = (await a.post('/items/writers', { name: 'Ada' })).json().data;
    const created = await a.post('/items/projects?fields=*.*.*', {
      title: 'One',
      writer: writer.id,
      tasks: [{}],
      labels: [{ labels_id: { name: 'red' } }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const item = created.json().data;
    expect(item.writer.name).toBe('Ada');
    expect(item.tasks).toHaveLength(1);
    expect(item.labels[0].labels_id.name).toBe('red');
  });

  it('adds a translations field, creating its collection with the language column', async () => {
    const res = await a.post('/fields/projects', {
      field: 'translations',
      type: 'translation',
      interface: 'translation',
      options: { languageField: 'language' },
      relation: {
        collection_many: 'projects_translations',
        field_many: 'projects_id',
        language_field: 'language',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const fields = (await a.get('/fields/projects_translations')).json().data;
    expect(fields.map((f: { field: string }) => f.field).sort()).toEqual(['id', 'language', 'projects_id']);
    expect(fields.find((f: { field: string }) => f.field === 'language')).toMatchObject({ type: 'lang' });
    expect((await a.get('/collections/projects_translations')).json().data.hidden).toBe(true);
    const project = (await a.post('/items/projects', { title: 'Two' })).json().data;
    const saved = await a.patch(`/items/projects/${project.id}?fields=translations.language`, {
      translations: [{ language: 'de-DE' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.translations).toEqual([{ language: 'de-DE' }]);
  });

  it('gives an item of a UUID-keyed collection a random key when none is sent', async () => {
    const made = await a.post('/collections', {
      collection: 'tickets',
      fields: [
        { field: 'id', type: 'uuid', length: 36, primary_key: true, interface: 'text-input', readonly: true },
        { field: 'name', type: 'string', length: 80 },
      ],
    });
    expect(made.statusCode, made.body).toBe(200);
    const first = await a.post('/items/tickets', { name: 'One' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const chosen = await a.post('/items/tickets', {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Two',
    });
    expect(chosen.json().data.id).toBe('00000000-0000-4000-8000-000000000001');
  });

  it('refuses an existing field name and leaves nothing behind', async () => {
    const before = await snapshot(server, ['projects', 'things_junction']);
    const res = await a.post('/fields/projects', {
      field: 'title',
      type: 'o2m',
      interface: 'many-to-many',
      relation: {
        collection_one: 'labels',
        collection_many: 'things_junction',
        field_many: 'projects_id',
        junction_field: 'labels_id',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toMatch(/already exists/);
    expect(await snapshot(server, ['projects', 'things_junction'])).toEqual(before);
  });

  it('is one unit: a failure at any step leaves tables and metadata as they were', async () => {
    const tables = ['projects', 'writers', 'projects_writers'];
    const before = await snapshot(server, tables);
    const op = (): Promise<LightMyRequestResponse> =>
      a.post('/fields/projects', {
        field: 'reviewers',
        type: 'o2m',
        interface: 'many-to-many',
        relation: {
          collection_one: 'writers',
          collection_many: 'projects_writers',
          field_many: 'projects_id',
          junction_field: 'writers_id',
        },
      });
    let failures = 0;
    for (let n = 0; n < 100; n++) {
      injectSchemaFailure((event) =>
        event.phase === 'before' ? event.index === n : vendor !== 'mysql' && event.index === n,
      );
      const res = await op();
      injectSchemaFailure(null);
      if (res.statusCode < 300) break;
      failures += 1;
      expect(res.json().error.message).toMatch(/Injected failure/);
      expect(await snapshot(server, tables), `after a failure at step ${n}`).toEqual(before);
    }
    expect(failures).toBeGreaterThanOrEqual(8);
    expect((await a.get('/collections/projects_writers')).statusCode).toBe(200);
  });
});

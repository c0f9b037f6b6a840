import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaCache } from '../../server/schema';
import { testVendors } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { createUser } from './auth-helpers';
import { api, type Api } from './schema-helpers';

const err = (res: { statusCode: number; json(): any }) => [res.statusCode, res.json().error?.code];

describe.each(testVendors)('collections, fields, relations (%s)', (vendor) => {
  let server: TestServer;
  let a: Api;
  let editor: Api;
  let anon: TestServer['inject'];

  beforeAll(async () => {
    server = await startTestServer(vendor, { config: { loginRateLimit: 10_000 } });
    a = api(server, await server.login());
    const knex = server.project.knex;
    const inserted =
      vendor === 'postgres'
        ? await knex('directus_roles').insert({ name: 'Editors' }, ['id'])
        : await knex('directus_roles').insert({ name: 'Editors' });
    const role = Number(typeof inserted[0] === 'object' ? (inserted[0] as any).id : inserted[0]);
    await createUser(server, { email: 'editor@example.com', password: 'editor password 1', role });
    await knex('directus_permissions').insert({ collection: 'products', role, read: 'full' });
    editor = api(server, await server.login('editor@example.com', 'editor password 1'));
    anon = (opts) => server.inject(opts);
  });
  afterAll(async () => server?.close());

  it('creates a collection with a real table, its key, fields and metadata', async () => {
    const res = await a.post('/collections', {
      collection: 'products',
      note: 'Things we sell',
      icon: 'shopping_cart',
      translation: [{ locale: 'de-DE', translation: 'Produkte' }],
      fields: [
        {
          field: 'id',
          type: 'integer',
          datatype: 'INT',
          length: 15,
          primary_key: true,
          auto_increment: true,
          signed: false,
          interface: 'primary-key',
          hidden_detail: true,
        },
        {
          field: 'status',
          type: 'status',
          datatype: 'VARCHAR',
          length: 20,
          default_value: 'draft',
          required: true,
          interface: 'status',
          options: { status_mapping: { draft: { name: 'Draft' } } },
        },
        {
          field: 'name',
          type: 'string',
          datatype: 'VARCHAR',
          length: 100,
          required: true,
          interface: 'text-input',
          width: 'half',
        },
        { field: 'price', type: 'decimal', datatype: 'DECIMAL', length: '10,2' },
        { field: 'in_stock', type: 'boolean', datatype: 'TINYINT', default_value: true },
        { field: 'specs', type: 'json', datatype: 'TEXT' },
        { field: 'released', type: 'datetime', datatype: 'DATETIME' },
        { field: 'sku', type: 'string', length: 30, unique: true },
        { field: 'divider', type: 'alias', interface: 'divider' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      collection: 'products',
      managed: true,
      hidden: false,
      single: false,
      icon: 'shopping_cart',
      note: 'Things we sell',
    });
    expect(data.translation).toEqual([{ locale: 'de-DE', translation: 'Produkte' }]);
    expect(Object.keys(data.fields)).toEqual([
      'id',
      'status',
      'name',
      'price',
      'in_stock',
      'specs',
      'released',
      'sku',
      'divider',
    ]);
    expect(data.fields.id).toMatchObject({
      primary_key: true,
      auto_increment: true,
      type: 'integer',
      interface: 'primary-key',
      hidden_detail: true,
    });
    expect(data.fields.name).toMatchObject({
      datatype: 'VARCHAR',
      length: 100,
      required: true,
      nullable: false,
      width: 'half',
    });
    expect(data.fields.price).toMatchObject({ type: 'decimal', length: '10,2' });
    expect(data.fields.status).toMatchObject({
      default_value: 'draft',
      options: { status_mapping: { draft: { name: 'Draft' } } },
    });
    expect(data.fields.sku.unique).toBe(true);
    expect(data.fields.divider).toMatchObject({ type: 'alias', datatype: null });
    if (vendor === 'mysql') expect(data.fields.id.signed).toBe(false);

    const knex = server.project.knex;
    expect(await knex.schema.hasColumn('products', 'divider')).toBe(false);
    await knex('products').insert({
      name: 'Lamp',
      price: 1234.56,
      in_stock: vendor === 'postgres' ? false : 0,
      specs: '{"w":3}',
      released: '2024-05-06 07:08:09',
      sku: 'L-1',
    });
    const row = await knex('products').first();
    expect(row.id).toBe(1);
    expect(row.status).toBe('draft');
    expect(Number(row.price)).toBe(1234.56);
    expect(Boolean(Number(row.in_stock))).toBe(false);
    expect(String(row.released)).toMatch(/^2024-05-06[ T]07:08:09/);
    await expect(knex('products').insert({ name: 'Dup', sku: 'L-1' })).rejects.toThrow();
    await expect(knex('products').insert({ name: null })).rejects.toThrow();
    await knex('products').insert({ name: 'Default flags' });
    const defaulted = await knex('products').where('name', 'Default flags').first();
    expect(Boolean(Number(defaulted.in_stock))).toBe(true);
  });

  it('creates the default id key when no field is a primary key', async () => {
    const res = await a.post('/collections', {
      collection: 'notes',
      fields: [{ field: 'body', type: 'string', datatype: 'TEXT' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.fields.id).toMatchObject({ primary_key: true, auto_increment: true });
    await server.project.knex('notes').insert({ body: 'x' });
  });

  it('refuses bad collection definitions with the contract codes', async () => {
    expect(err(await a.post('/collections', { collection: 'bad name', fields: [] }))).toEqual([422, 4]);
    expect(err(await a.post('/collections', { collection: 'directus_things', fields: [] }))).toEqual([
      422, 4,
    ]);
    expect(err(await a.post('/collections', { collection: 'products', fields: [] }))).toEqual([422, 307]);
    expect(err(await a.post('/collections', { collection: 'x1', fields: 'nope' }))).toEqual([422, 4]);
    expect(
      err(
        await a.post('/collections', {
          collection: 'x1',
          fields: [
            { field: 'a', type: 'integer', primary_key: true },
            { field: 'b', type: 'integer', primary_key: true },
          ],
        }),
      ),
    ).toEqual([422, 12]);
    expect(
      err(await a.post('/collections', { collection: 'x1', fields: [{ field: 'id', type: 'integer' }] })),
    ).toEqual([422, 12]);
    expect(
      err(
        await a.post('/collections', {
          collection: 'x1',
          fields: [
            { field: 'a', type: 'string' },
            { field: 'a', type: 'string' },
          ],
        }),
      ),
    ).toEqual([422, 12]);
    expect(
      err(
        await a.post('/collections', {
          collection: 'x1',
          fields: [
            { field: 's1', type: 'sort' },
            { field: 's2', type: 'sort' },
          ],
        }),
      ),
    ).toEqual([422, 4]);
    expect(
      err(await a.post('/collections', { collection: 'x1', fields: [{ field: 'a', type: 'nonsense' }] })),
    ).toEqual([422, 401]);
    expect(
      err(
        await a.post('/collections', {
          collection: 'x1',
          fields: [{ field: 'a', type: 'lang', datatype: 'CHAR' }],
        }),
      ),
    ).toEqual([422, 402]);
    expect(
      err(
        await a.post('/collections', {
          collection: 'x1',
          fields: [{ field: 'a', type: 'date', length: 10 }],
        }),
      ),
    ).toEqual([422, 403]);
    expect(await server.project.knex.schema.hasTable('x1')).toBe(false);
    expect(await server.project.knex('directus_collections').where('collection', 'x1')).toEqual([]);
  });

  it('lists and reads collections; non-admins see only what they may read', async () => {
    const all = (await a.get('/collections')).json().data.map((c: any) => c.collection);
    expect(all).toEqual(expect.arrayContaining(['products', 'notes', 'directus_users', 'directus_fields']));
    const mine = (await editor.get('/collections')).json().data.map((c: any) => c.collection);
    expect(mine).toEqual(['products']);
    expect((await a.get('/collections/products,notes')).json().data.map((c: any) => c.collection)).toEqual([
      'products',
      'notes',
    ]);
    expect(err(await a.get('/collections/missing'))).toEqual([404, 200]);
    expect(err(await editor.get('/collections/notes'))).toEqual([404, 200]);
    const users = (await a.get('/collections/directus_users')).json().data;
    expect(users.managed).toBe(false);
    expect(users.fields.email).toBeTruthy();
  });

  it('updates collection metadata and the status mapping; admins only', async () => {
    const res = await a.patch('/collections/products', {
      hidden: true,
      single: true,
      note: 'Updated',
      status_mapping: { draft: { name: 'Draft' }, live: { name: 'Live' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ hidden: true, single: true, note: 'Updated' });
    expect(Object.keys(res.json().data.fields.status.options.status_mapping)).toEqual(['draft', 'live']);
    expect(err(await editor.patch('/collections/products', { note: 'x' }))).toEqual([401, 3]);
    expect(err(await editor.post('/collections', { collection: 'mine', fields: [] }))).toEqual([401, 3]);
    expect(err(await editor.del('/collections/products'))).toEqual([403, 306]);
    expect(err(await a.patch('/collections/nope', { note: 'x' }))).toEqual([404, 200]);
    // A table without metadata is not managed until asked to be.
    await server.project.knex.schema.createTable('legacy', (t) => {
      t.increments('id');
      t.string('label');
    });
    schemaCache.invalidate('test');
    expect(err(await a.patch('/collections/legacy', { note: 'x' }))).toEqual([404, 205]);
    const managed = await a.patch('/collections/legacy', { managed: true, note: 'now managed' });
    expect(managed.statusCode, managed.body).toBe(200);
    expect(managed.json().data).toMatchObject({ managed: true, note: 'now managed' });
  });

  it('reads fields: all, per collection (sorted), one or several', async () => {
    const all = (await a.get('/fields')).json().data;
    expect(all.some((f: any) => f.collection === 'products' && f.field === 'price')).toBe(true);
    expect((await editor.get('/fields')).json().data.every((f: any) => f.collection === 'products')).toBe(
      true,
    );
    const list = (await a.get('/fields/products?sort=field')).json().data.map((f: any) => f.field);
    expect(list).toEqual([...list].sort());
    expect(err(await a.get('/fields/products?sort=nope'))).toEqual([422, 202]);
    expect((await a.get('/fields/products/price')).json().data).toMatchObject({
      field: 'price',
      managed: true,
    });
    expect((await a.get('/fields/products/price,name')).json().data.map((f: any) => f.field)).toEqual([
      'price',
      'name',
    ]);
    expect(err(await a.get('/fields/products/nope'))).toEqual([404, 202]);
    expect(err(await a.get('/fields/nope'))).toEqual([404, 200]);
  });

  it('adds fields of every kind, with the contract codes on failure (wrapped as 404 on POST)', async () => {
    let res = await a.post('/fields/products', { field: 'weight', type: 'decimal', datatype: 'DOUBLE' });
    expect(res.statusCode, res.body).toBe(200);
    res = await a.post('/fields/products', {
      field: 'code',
      type: 'string',
      datatype: 'CHAR',
      length: 4,
      default_value: 'none',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ datatype: 'CHAR', length: 4, default_value: 'none' });
    res = await a.post('/fields/products', { field: 'related', type: 'o2m', interface: 'one-to-many' });
    expect(res.json().data).toMatchObject({ type: 'o2m', datatype: null, managed: true });
    expect(await server.project.knex.schema.hasColumn('products', 'related')).toBe(false);
    expect((await server.project.knex('products').where('name', 'Lamp').first()).code.trim()).toBe('none');

    const wrapped = async (body: unknown) => err(await a.post('/fields/products', body));
    expect(await wrapped({ field: 'name', type: 'string' })).toEqual([422, 404]);
    expect(await wrapped({ field: 'x', type: 'nonsense' })).toEqual([422, 404]);
    expect(await wrapped({ field: 'x', type: 'string', datatype: 'CHAR' })).toEqual([422, 404]);
    expect(await wrapped({ field: 'x', type: 'datetime', length: 3 })).toEqual([422, 404]);
    expect(await wrapped({ field: 'bad-name', type: 'string' })).toEqual([422, 404]);
    expect(await wrapped({ field: 'key2', type: 'integer', primary_key: true })).toEqual([422, 404]);
    expect(await wrapped({ field: 'status2', type: 'status' })).toEqual([422, 404]);
    // A NOT NULL column without a default cannot be added to a table with rows (except MySQL fills it).
    if (vendor !== 'mysql')
      expect(await wrapped({ field: 'must', type: 'string', required: true })).toEqual([422, 404]);
    expect(err(await editor.post('/fields/products', { field: 'x', type: 'string' }))).toEqual([403, 306]);
    expect(await server.project.knex.schema.hasColumn('products', 'x')).toBe(false);
  });

  it('changes columns and keeps the data', async () => {
    const knex = server.project.knex;
    await knex('products').insert({ name: 'A long product name that fits', price: 5.5 });
    let res = await a.patch('/fields/products/name', { length: 200 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ length: 200, required: true });
    res = await a.patch('/fields/products/price', { length: '12,3' });
    expect(res.json().data.length).toBe('12,3');
    const names = (await knex('products').select('name', 'price').orderBy('id')).map((r) => [
      r.name,
      Number(r.price),
    ]);
    expect(names).toContainEqual(['A long product name that fits', 5.5]);
    expect(names).toContainEqual(['Lamp', 1234.56]);

    // Required with and without NULLs.
    expect(err(await a.patch('/fields/products/price', { required: true }))).toEqual([422, 404]);
    expect((await a.patch('/fields/products', [{ field: 'price', required: true }])).json().error.code).toBe(
      404,
    );
    await knex('products').whereNull('price').update({ price: 0 });
    res = await a.patch('/fields/products/price', { required: true });
    expect(res.json().data).toMatchObject({ required: true, nullable: false });
    await expect(knex('products').insert({ name: 'No price' })).rejects.toThrow();
    res = await a.patch('/fields/products/price', { required: false });
    expect(res.json().data.nullable).toBe(true);

    // Unique on and off; a unique key over duplicates is refused by the database.
    expect((await a.patch('/fields/products/code', { unique: true })).json().error.code).toBe(404);
    res = await a.patch('/fields/products/name', { unique: true });
    expect(res.json().data.unique).toBe(true);
    res = await a.patch('/fields/products/name', { unique: false });
    expect(res.json().data.unique).toBe(false);

    // Metadata only, batch and CSV.
    res = await a.patch('/fields/products', [
      { field: 'name', sort: 2, note: 'The name' },
      { field: 'price', sort: 1 },
    ]);
    expect(res.json().data.map((f: any) => [f.field, f.sort])).toEqual([
      ['name', 2],
      ['price', 1],
    ]);
    res = await a.patch('/fields/products/name,price', { hidden_browse: true });
    expect(res.json().data.map((f: any) => f.hidden_browse)).toEqual([true, true]);
    expect(err(await a.patch('/fields/products', [{ sort: 1 }]))).toEqual([422, 4]);

    // The key stays the key; alias and column types do not swap; unknown types are refused.
    expect(err(await a.patch('/fields/products/id', { primary_key: false }))).toEqual([422, 404]);
    expect(err(await a.patch('/fields/products', [{ field: 'name', primary_key: true }]))).toEqual([422, 12]);
    expect(err(await a.patch('/fields/products', [{ field: 'name', type: 'o2m' }]))).toEqual([422, 12]);
    expect(err(await a.patch('/fields/products', [{ field: 'name', type: 'nope' }]))).toEqual([422, 401]);
    expect(
      err(
        await a.patch('/fields/products', [
          { field: 'name', datatype: 'VARCHAR', length: null, type: 'lang' },
        ]),
      ),
    ).toEqual([422, 402]);
    expect(err(await a.patch('/fields/products', [{ field: 'released', length: 5 }]))).toEqual([422, 403]);
    expect(err(await a.patch('/fields/products/nope', { note: 'x' }))).toEqual([422, 404]);
    expect(err(await a.patch('/fields/products', [{ field: 'nope', note: 'x' }]))).toEqual([404, 202]);

    // Changing the type converts the values.
    await knex('products').update({ code: '42' });
    res = await a.patch('/fields/products/code', { type: 'integer', datatype: 'INT', default_value: null });
    expect(res.statusCode, res.body).toBe(200);
    expect((await knex('products').select('code')).every((r) => Number(r.code) === 42)).toBe(true);
  });

  it('deletes fields; never the last one or the key', async () => {
    expect((await a.del('/fields/products/weight')).statusCode).toBe(204);
    expect(await server.project.knex.schema.hasColumn('products', 'weight')).toBe(false);
    expect(
      await server.project.knex('directus_fields').where({ collection: 'products', field: 'weight' }),
    ).toEqual([]);
    expect((await a.del('/fields/products/related')).statusCode).toBe(204);
    expect(err(await a.del('/fields/products/id'))).toEqual([422, 12]);
    await a.post('/collections', {
      collection: 'solo',
      fields: [{ field: 'id', type: 'integer', primary_key: true }],
    });
    expect(err(await a.del('/fields/solo/id'))).toEqual([422, 12]);
    expect(err(await a.del('/fields/products/nope'))).toEqual([404, 202]);
    expect(err(await editor.del('/fields/products/name'))).toEqual([403, 306]);
    // Still readable, with its data.
    expect((await server.project.knex('products').count({ n: '*' }))[0].n).toBeTruthy();
  });

  it('relations: m2o, o2m and m2m rows with keys; list filters; refusals', async () => {
    await a.post('/collections', {
      collection: 'tags',
      fields: [{ field: 'label', type: 'string', length: 40 }],
    });
    await a.post('/collections', {
      collection: 'products_tags',
      hidden: true,
      fields: [
        { field: 'product', type: 'integer', datatype: 'INT', signed: false },
        { field: 'tag', type: 'integer', datatype: 'INT', signed: false },
      ],
    });
    await a.post('/fields/products', { field: 'tags', type: 'o2m', interface: 'many-to-many' });
    const res = await a.post('/relations', [
      {
        collection_many: 'products_tags',
        field_many: 'product',
        collection_one: 'products',
        field_one: 'tags',
        junction_field: 'tag',
      },
      {
        collection_many: 'products_tags',
        field_many: 'tag',
        collection_one: 'tags',
        junction_field: 'product',
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [r1, r2] = res.json().data;
    expect(r1).toMatchObject({ field_many: 'product', junction_field: 'tag' });
    const knex = server.project.knex;
    await knex('tags').insert({ id: 1, label: 'red' });
    const product = (await knex('products').first()).id;
    await knex('products_tags').insert({ product, tag: 1 });
    await expect(knex('products_tags').insert({ product, tag: 999 })).rejects.toThrow();
    await knex('tags').where('id', 1).delete();
    expect(await knex('products_tags').where('tag', 1)).toEqual([]);

    // Rebuilding the referenced table (SQLite's copy-table change) keeps other tables' rows and keys.
    await knex('tags').insert({ id: 2, label: 'blue' });
    await knex('products_tags').insert({ product, tag: 2 });
    expect((await a.patch('/fields/products/name', { length: 250 })).statusCode).toBe(200);
    expect((await a.patch('/fields/tags/label', { length: 60, required: true })).statusCode).toBe(200);
    expect(await knex('products_tags').where('tag', 2)).toHaveLength(1);
    await expect(knex('products_tags').insert({ product: 99999, tag: 2 })).rejects.toThrow();
    await knex('tags').where('id', 2).delete();
    expect(await knex('products_tags').where('tag', 2)).toEqual([]);

    const filtered = await a.get('/relations?filter[collection_many][eq]=products_tags&sort=id');
    expect(filtered.json().data.map((r: any) => r.id)).toEqual([r1.id, r2.id]);
    expect((await a.get(`/relations/${r1.id}`)).json().data).toMatchObject({ collection_one: 'products' });
    expect(err(await a.get('/relations/99999'))).toEqual([404, 203]);
    const patched = await a.patch(`/relations/${r2.id}`, { field_one: null, collection_one: 'tags' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(
      err(
        await a.post('/relations', {
          collection_many: 'products',
          field_many: 'name',
          collection_one: 'directus_fields',
        }),
      ),
    ).toEqual([401, 201]);
    expect(err(await a.post('/relations', { collection_many: 'products' }))).toEqual([422, 4]);
    expect(err(await editor.post('/relations', { collection_many: 'a', field_many: 'b' }))).toEqual([
      403, 306,
    ]);
    expect((await anon({ method: 'GET', url: '/test/relations' })).statusCode).toBe(401);

    // Deleting the m2m alias deletes both junction rows.
    expect((await a.del('/fields/products/tags')).statusCode).toBe(204);
    expect(await knex('directus_relations').where('collection_many', 'products_tags')).toEqual([]);
    expect((await a.del(`/relations/${r1.id}`)).statusCode).toBe(404);
  });

  it('deletes a collection with everything that describes it', async () => {
    expect((await a.del('/collections/products')).statusCode).toBe(204);
    const knex = server.project.knex;
    expect(await knex.schema.hasTable('products')).toBe(false);
    for (const table of ['directus_collections', 'directus_fields', 'directus_permissions']) {
      expect(await knex(table).where('collection', 'products')).toEqual([]);
    }
    expect(err(await a.del('/collections/products'))).toEqual([404, 200]);
    expect(err(await a.del('/collections/directus_users'))).toEqual([422, 4]);
    // The junction still works without the key to the dropped table.
    await knex('products_tags').insert({ product: 12345, tag: null });
  });
});

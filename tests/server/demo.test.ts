import type { Knex } from 'knex';
import { loadConfig } from '../../server/config';
import { ProjectRegistry } from '../../server/services/projects';
import type { ProjectContext } from '../../server/context';
import { verifyPassword } from '../../server/services/passwords';
import {
  buildDemoContent,
  DEMO_COLLECTIONS,
  DEMO_RELATIONS,
  DemoSeedError,
  isDemoSeeded,
  seedDemo,
  type DemoSeedResult,
} from '../../server/database/demo';
import { createTestDatabase, testVendors, type TestDatabase } from '../helpers/databases';

const EDITOR_PASSWORD = 'editor pass phrase';

async function count(knex: Knex, table: string, where: Record<string, unknown> = {}): Promise<number> {
  const [row] = await knex(table).where(where).count({ n: '*' });
  return Number(row.n);
}

async function createProject(
  database: TestDatabase,
): Promise<{ registry: ProjectRegistry; project: ProjectContext }> {
  const registry = new ProjectRegistry(loadConfig({}, { dataDir: database.dataDir, logLevel: 'silent' }));
  const project = await registry.create({
    key: 'demo',
    database: database.config,
    adminEmail: 'admin@example.com',
    adminPassword: 'admin pass phrase',
  });
  return { registry, project };
}

describe.each(testVendors)('demo seed on %s', (vendor) => {
  let database: TestDatabase;
  let registry: ProjectRegistry;
  let knex: Knex;
  let result: DemoSeedResult | null;

  beforeAll(async () => {
    database = await createTestDatabase(vendor);
    ({
      registry,
      project: { knex },
    } = await createProject(database));
    result = await seedDemo(knex, { editorPassword: EDITOR_PASSWORD });
  });

  afterAll(async () => {
    await registry?.closeAll();
    await database?.drop();
  });

  test('creates every demo table with the generated rows', async () => {
    expect(result).not.toBeNull();
    const expected = buildDemoContent({ admin: 1, editor: result!.editor.id });
    let total = 0;
    for (const def of DEMO_COLLECTIONS) {
      expect(await knex.schema.hasTable(def.collection)).toBe(true);
      const rows = expected[def.collection as keyof typeof expected];
      expect(await count(knex, def.collection)).toBe(rows.length);
      expect(result!.items[def.collection]).toBe(rows.length);
      total += rows.length;
    }
    // "A few hundred items", enough to page, filter and sort through.
    expect(total).toBeGreaterThan(400);
    expect(total).toBeLessThan(1500);
    expect(await count(knex, 'articles')).toBe(100);
    expect(await count(knex, 'site_settings')).toBe(1);

    const titles = (await knex('articles').orderBy('id').select('title', 'slug')).map((r) => [
      r.title,
      r.slug,
    ]);
    expect(titles).toEqual(expected.articles.map((a) => [a.title, a.slug]));
    expect(new Set(titles.map(([, slug]) => slug)).size).toBe(100);
  });

  test('generates the same content on every run', () => {
    const users = { admin: 1, editor: 2 };
    expect(buildDemoContent(users)).toEqual(buildDemoContent(users));
    const body = String(buildDemoContent(users).articles[0].body);
    expect(body).toMatch(/^<p>|^<blockquote>/);
    expect(body).not.toMatch(/lorem|ipsum/i);
  });

  test('uses every status, including the soft-deleted one, and keeps relations consistent', async () => {
    const statuses = (await knex('articles').distinct('status')).map((r) => r.status).sort();
    expect(statuses).toEqual(['archived', 'deleted', 'draft', 'published', 'review']);
    expect(await count(knex, 'articles', { status: 'draft', published_on: null })).toBe(
      await count(knex, 'articles', { status: 'draft' }),
    );
    const orphans = async (many: string, field: string, one: string, key = 'id') =>
      Number(
        (
          await knex(many)
            .leftJoin(one, `${many}.${field}`, `${one}.${key}`)
            .whereNotNull(`${many}.${field}`)
            .whereNull(`${one}.${key}`)
            .count({ n: '*' })
        )[0].n,
      );
    for (const relation of DEMO_RELATIONS) {
      const key = relation.collection_one === 'languages' ? 'code' : 'id';
      expect(await orphans(relation.collection_many, relation.field_many, relation.collection_one, key)).toBe(
        0,
      );
    }
    const owners = (await knex('articles').distinct('owner')).map((r) => Number(r.owner)).sort();
    expect(owners).toEqual([1, result!.editor.id].sort());
    const featured = await knex('articles')
      .where('featured', vendor === 'postgres' ? true : 1)
      .select('status');
    expect(featured.length).toBeGreaterThan(0);
    expect(featured.every((r) => r.status === 'published')).toBe(true);
    const rated = await knex('articles').whereNotNull('rating').first('rating');
    expect(Number(rated.rating)).toBeGreaterThanOrEqual(1);
    const settings = await knex('site_settings').first();
    expect(JSON.parse(settings.social_links)).toHaveLength(3);
  });

  test('describes the collections, fields and relations for the API and the app', async () => {
    const collections = await knex('directus_collections').whereIn(
      'collection',
      DEMO_COLLECTIONS.map((d) => d.collection),
    );
    expect(collections).toHaveLength(DEMO_COLLECTIONS.length);
    const byName = Object.fromEntries(collections.map((c) => [c.collection, c]));
    expect(Boolean(Number(byName.site_settings.single) || byName.site_settings.single === true)).toBe(true);
    expect(Boolean(Number(byName.articles_topics.hidden) || byName.articles_topics.hidden === true)).toBe(
      true,
    );
    expect(JSON.parse(byName.articles.translation)).toContainEqual({
      locale: 'de-DE',
      translation: 'Artikel',
    });

    for (const def of DEMO_COLLECTIONS) {
      expect(await count(knex, 'directus_fields', { collection: def.collection })).toBe(def.fields.length);
    }
    const fields = await knex('directus_fields').where('collection', 'articles').orderBy('sort');
    const field = (name: string) => fields.find((f) => f.field === name);
    expect(fields.map((f) => f.field).slice(0, 3)).toEqual(['id', 'status', 'title']);
    expect(field('status')).toMatchObject({ type: 'status', interface: 'status' });
    const mapping = JSON.parse(field('status').options).status_mapping;
    expect(Object.keys(mapping)).toEqual(['draft', 'review', 'published', 'archived', 'deleted']);
    expect(mapping.deleted.soft_delete).toBe(true);
    expect(field('topics')).toMatchObject({ type: 'o2m', interface: 'many-to-many' });
    expect(field('translations')).toMatchObject({ type: 'translation', interface: 'translation' });
    expect(JSON.parse(field('translations').options).languageField).toBe('language');
    expect(field('reviews')).toMatchObject({ type: 'o2m', interface: 'one-to-many' });
    expect(field('author')).toMatchObject({ type: 'm2o', interface: 'many-to-one' });
    expect(field('tags')).toMatchObject({ type: 'array', interface: 'tags' });
    expect(field('owner')).toMatchObject({ type: 'owner', interface: 'owner' });
    expect(field('created_on')).toMatchObject({ type: 'datetime_created', interface: 'datetime-created' });
    expect(field('modified_on')).toMatchObject({ type: 'datetime_updated', interface: 'datetime-updated' });
    expect(field('metadata')).toMatchObject({ type: 'json', interface: 'json' });
    expect(field('featured')).toMatchObject({ type: 'boolean', interface: 'switch' });
    expect(field('rating')).toMatchObject({ type: 'decimal', interface: 'rating' });
    expect(field('body')).toMatchObject({ type: 'string', interface: 'wysiwyg' });
    expect(field('publishing')).toMatchObject({ type: 'alias', interface: 'divider' });
    const categoriesSort = await knex('directus_fields')
      .where({ collection: 'categories', field: 'sort' })
      .first();
    expect(categoriesSort).toMatchObject({ type: 'sort', interface: 'sort' });

    const relations = await knex('directus_relations').whereIn(
      'collection_many',
      DEMO_COLLECTIONS.map((d) => d.collection),
    );
    expect(relations).toHaveLength(DEMO_RELATIONS.length);
    const junction = relations.filter((r) => r.collection_many === 'articles_topics');
    expect(
      junction.map((r) => [r.field_many, r.collection_one, r.field_one, r.junction_field]).sort(),
    ).toEqual([
      ['article', 'articles', 'topics', 'topic'],
      ['topic', 'topics', 'articles', 'article'],
    ]);
    expect(await count(knex, 'directus_collection_presets', { collection: 'articles' })).toBe(1);
  });

  test('adds the Editor role, its user and restricted permissions', async () => {
    const role = await knex('directus_roles').where('id', 3).first();
    expect(role.name).toBe('Editor');
    const editor = await knex('directus_users').where('email', 'editor@example.com').first();
    expect(Number(editor.role)).toBe(3);
    expect(editor.status).toBe('active');
    expect(await verifyPassword(editor.password, EDITOR_PASSWORD)).toBe(true);

    const permissions = await knex('directus_permissions').where('role', 3);
    const content = permissions.filter((p) => !p.collection.startsWith('directus_'));
    // The magazine's only deletable rows are topic links; the interface showcase is the editor's playground.
    expect(content.filter((p) => p.delete !== 'none').map((p) => p.collection)).toEqual([
      'articles_topics',
      'interface_showcase',
      'showcase_topics',
      'showcase_categories',
      'showcase_files',
      'showcase_notes',
      'showcase_translations',
    ]);
    const authors = content.find((p) => p.collection === 'authors');
    expect(authors.read).toBe('full');
    expect(authors.read_field_blacklist).toBe('email');
    const articles = Object.fromEntries(
      content.filter((p) => p.collection === 'articles').map((p) => [p.status, p]),
    );
    expect(Object.keys(articles).sort()).toEqual(['archived', 'deleted', 'draft', 'published', 'review']);
    expect(articles.draft).toMatchObject({ create: 'full', update: 'mine', delete: 'none' });
    expect(articles.draft.status_blacklist.split(',')).toContain('published');
    expect(articles.published).toMatchObject({ create: 'none', read: 'full', update: 'none' });
    expect(articles.deleted).toMatchObject({ read: 'none' });
    expect(permissions.some((p) => p.collection === 'directus_fields' && p.read === 'full')).toBe(true);

    const publicArticles = await knex('directus_permissions').where({ role: 2, collection: 'articles' });
    expect(publicArticles.map((p) => p.status)).toEqual(['published']);
  });

  test('does nothing the second time', async () => {
    const before = await count(knex, 'articles');
    const fields = await count(knex, 'directus_fields');
    expect(await isDemoSeeded(knex)).toBe(true);
    expect(await seedDemo(knex, { editorPassword: 'other' })).toBeNull();
    expect(await count(knex, 'articles')).toBe(before);
    expect(await count(knex, 'directus_fields')).toBe(fields);
    expect(await count(knex, 'directus_roles', { name: 'Editor' })).toBe(1);
  });
});

describe.each(testVendors)('demo seed next to existing tables on %s', (vendor) => {
  let database: TestDatabase;
  let registry: ProjectRegistry;

  afterAll(async () => {
    await registry?.closeAll();
    await database?.drop();
  });

  test('refuses to touch a table holding data, and replaces an empty leftover', async () => {
    database = await createTestDatabase(vendor);
    let knex: Knex;
    ({
      registry,
      project: { knex },
    } = await createProject(database));
    await knex.schema.createTable('articles', (t) => {
      t.increments('id');
      t.string('headline');
    });
    await knex('articles').insert({ headline: 'Mine, not the demo’s' });
    await knex.schema.createTable('authors', (t) => t.increments('id'));

    await expect(seedDemo(knex, { editorPassword: EDITOR_PASSWORD })).rejects.toThrow(DemoSeedError);
    expect(await knex('articles').select('headline')).toEqual([{ headline: 'Mine, not the demo’s' }]);
    expect(await isDemoSeeded(knex)).toBe(false);
    expect(await count(knex, 'directus_roles', { name: 'Editor' })).toBe(0);

    // Empty tables are what an interrupted seed leaves behind (MySQL commits DDL at once).
    await knex('articles').delete();
    const result = await seedDemo(knex, { editorPassword: EDITOR_PASSWORD });
    expect(result?.items.articles).toBe(100);
    expect(await knex.schema.hasColumn('articles', 'headline')).toBe(false);
    expect(await count(knex, 'authors')).toBe(12);
  });
});

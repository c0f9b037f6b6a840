import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fieldTypes from '../../schemas/field-types.json' with { type: 'json' };
import { toPayload, type WriteContext } from '../../app/api/items';
import type { FieldDefinition, InterfaceDefinition } from '../../engine/types';
import type { RelationRow } from '../../app/state/types';
import { testVendors } from '../helpers/databases';
import { startTestServer, type TestServer } from '../helpers/server';
import { multipart, png } from './files-helpers';
import { api, type Api } from './schema-helpers';

/**
 * The interface round trip (issue #11): for every interface definition of schemas/interfaces (found
 * by folder) and each type it supports, a field is created through the API with the datatype and
 * length the admin app would choose (schema-v8 §4.1), a sample value is saved through the app's
 * payload path (`toPayload`) and read back equal, JSON type kept. Relational types get the
 * collections and relations they need; server-filled types get the server's value.
 */
const interfaceDir = join(import.meta.dirname, '../../schemas/interfaces');
const definitions: InterfaceDefinition[] = readdirSync(interfaceDir)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => JSON.parse(readFileSync(join(interfaceDir, file), 'utf8')));
const cases = definitions.flatMap((definition) => definition.types.map((type) => ({ definition, type })));

type Vendor = 'sqlite' | 'mysql' | 'postgres';
interface TypeRules {
  allowed: string[];
  default: string;
  length?: number;
}
const typeTable = new Map(
  (fieldTypes.types as { type: string; datatypes: Record<Vendor, TypeRules> | null }[]).map((entry) => [
    entry.type,
    entry,
  ]),
);
const datatypeTable = fieldTypes.datatypes as Record<Vendor, Record<string, { length: string }>>;

/**
 * The column the admin app asks for when an interface is picked (schema-v8 §4.1): the type's
 * default datatype, the interface's recommended length where the datatype takes one, TEXT for a
 * string longer than 255. One deliberate difference: a DECIMAL gets `10,2`, because the
 * recommended `10` of numeric is an INT display width and would make DECIMAL(10,0), which rounds
 * the sample.
 */
function columnFor(definition: InterfaceDefinition, type: string, vendor: Vendor) {
  const rules = typeTable.get(type)?.datatypes?.[vendor];
  if (!rules) return {};
  let datatype = rules.default;
  const recommended = definition.recommended?.length ?? null;
  if (type === 'string' && recommended !== null && recommended > 255 && rules.allowed.includes('TEXT'))
    datatype = 'TEXT';
  const kind = datatypeTable[vendor][datatype]?.length;
  if (kind === 'precision_scale') return { datatype, length: '10,2' };
  if (kind === 'length') return { datatype, length: recommended ?? rules.length };
  return { datatype };
}

/** Server-filled types: what is sent is ignored, the server writes the caller or the time. */
const SERVER_FILLED = new Set(['owner', 'user_updated', 'datetime_created', 'datetime_updated']);
const DATETIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}/;

const fieldName = (definition: InterfaceDefinition, type: string) =>
  `f_${definition.id}_${type}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();

/** How an interface links to others (its `relation` flag, else its type). */
function relationKind(definition: InterfaceDefinition, type: string): string | null {
  const relation = (definition as { relation?: unknown }).relation;
  const named = typeof relation === 'string' ? relation : (relation as { type?: string } | undefined)?.type;
  if (type === 'o2m') return named === 'm2m' ? 'm2m' : 'o2m';
  if (type === 'translation') return 'translation';
  if (type === 'm2o') return 'm2o';
  return null;
}

describe.each(testVendors)('interface round trip (%s)', (vendor) => {
  let server: TestServer;
  let a: Api;
  let adminId: number;
  let targetId: number;
  let fileId: number;

  const ok = (res: { statusCode: number; body: string }) => {
    expect(res.statusCode, res.body).toBe(200);
    return JSON.parse(res.body).data;
  };
  const idField = { field: 'id', type: 'integer', datatype: 'INT', primary_key: true, auto_increment: true };

  beforeAll(async () => {
    server = await startTestServer(vendor);
    a = api(server, await server.login());
    adminId = ok(await a.get('/users/me')).id;
    ok(
      await a.post('/collections', {
        collection: 'rt_targets',
        fields: [idField, { field: 'name', type: 'string', datatype: 'VARCHAR', length: 50 }],
      }),
    );
    targetId = ok(await a.post('/items/rt_targets', { name: 'Target' })).id;
    const upload = multipart([
      { name: 'data', filename: 'pixel.png', content: await png(4, 4), type: 'image/png' },
    ]);
    const file = await server.inject({
      method: 'POST',
      url: '/test/files',
      headers: { authorization: `Bearer ${await server.login()}`, ...upload.headers },
      payload: upload.payload,
    });
    fileId = ok(file).id;
  });
  afterAll(async () => server?.close());

  const postRelation = async (relation: Omit<RelationRow, 'id'>) => ok(await a.post('/relations', relation));

  /** Creates what a relational field needs; returns the sample value and how to read and compare it. */
  async function prepareRelational(
    kind: string,
    collection: string,
    name: string,
    definition: InterfaceDefinition,
  ) {
    if (kind === 'm2o') {
      await postRelation({
        collection_many: collection,
        field_many: name,
        collection_one: 'rt_targets',
        field_one: null,
        junction_field: null,
      });
      return { sample: targetId, fields: name, read: (value: unknown) => value };
    }
    const child = `${collection}_child`;
    if (kind === 'o2m') {
      ok(
        await a.post('/collections', {
          collection: child,
          fields: [
            idField,
            { field: 'parent', type: 'm2o', datatype: 'INT' },
            { field: 'name', type: 'string', datatype: 'VARCHAR', length: 50 },
          ],
        }),
      );
      await postRelation({
        collection_many: child,
        field_many: 'parent',
        collection_one: collection,
        field_one: name,
        junction_field: null,
      });
      return {
        sample: [{ name: 'Child one' }, { name: 'Child two' }],
        fields: `${name}.name`,
        read: (value: unknown) => (value as { name: string }[]).map((row) => ({ name: row.name })),
      };
    }
    if (kind === 'translation') {
      ok(
        await a.post('/collections', {
          collection: child,
          fields: [
            idField,
            { field: 'parent', type: 'm2o', datatype: 'INT' },
            { field: 'language', type: 'lang', datatype: 'VARCHAR', length: 10 },
            { field: 'title', type: 'string', datatype: 'VARCHAR', length: 50 },
          ],
        }),
      );
      await postRelation({
        collection_many: child,
        field_many: 'parent',
        collection_one: collection,
        field_one: name,
        junction_field: null,
      });
      return {
        sample: [
          { language: 'de-DE', title: 'Hallo' },
          { language: 'fr-FR', title: 'Bonjour' },
        ],
        fields: `${name}.language,${name}.title`,
        read: (value: unknown) =>
          (value as { language: string; title: string }[])
            .map((row) => ({ language: row.language, title: row.title }))
            .sort((x, y) => x.language.localeCompare(y.language)),
      };
    }
    // m2m through a junction: to the file library for files, else to the targets.
    const files = definition.id === 'files';
    const target = files ? 'directus_files' : 'rt_targets';
    ok(
      await a.post('/collections', {
        collection: child,
        fields: [
          idField,
          { field: 'parent', type: 'm2o', datatype: 'INT' },
          { field: files ? 'file' : 'target', type: files ? 'file' : 'm2o', datatype: 'INT' },
        ],
      }),
    );
    const other = files ? 'file' : 'target';
    await postRelation({
      collection_many: child,
      field_many: 'parent',
      collection_one: collection,
      field_one: name,
      junction_field: other,
    });
    await postRelation({
      collection_many: child,
      field_many: other,
      collection_one: target,
      field_one: null,
      junction_field: 'parent',
    });
    const key = files ? fileId : targetId;
    return {
      sample: [{ [other]: key }],
      fields: `${name}.${other}`,
      read: (value: unknown) =>
        (value as Record<string, unknown>[]).map((row) => {
          const linked = row[other];
          return { [other]: linked && typeof linked === 'object' ? (linked as { id: unknown }).id : linked };
        }),
    };
  }

  /** A sample value per plain type, short enough for every recommended length (language: 10). */
  function plainSample(type: string): unknown {
    switch (type) {
      case 'integer':
        return 42;
      case 'sort':
        return 7;
      case 'decimal':
        return 12.5;
      case 'boolean':
        return true;
      case 'date':
        return '2024-05-17';
      case 'time':
        return '13:45:30';
      case 'datetime':
        return '2024-05-17 13:45:30';
      case 'json':
        return { a: 1, list: [1, 'two', null], nested: { ok: true } };
      case 'array':
        return ['alpha', 'beta'];
      case 'lang':
        return 'de-DE';
      case 'slug':
        return 'a-slug';
      case 'status':
        return 'published';
      case 'hash':
        return 'secret words';
      case 'file':
        return fileId;
      case 'user':
      case 'owner':
      case 'user_updated':
        return adminId;
      case 'datetime_created':
      case 'datetime_updated':
        return '2001-01-01 00:00:00';
      case 'alias':
        return undefined;
      default:
        return 'Tëst ✓ 1';
    }
  }

  it.each(cases)('$definition.id as $type', async ({ definition, type }) => {
    const name = fieldName(definition, type);
    // A collection per case: system types (owner, status, …) allow one field per collection.
    const collection = `c_${name.slice(2)}`;
    ok(
      await a.post('/collections', {
        collection,
        fields: [idField, { field: 'note', type: 'string', datatype: 'VARCHAR', length: 20 }],
      }),
    );
    const field = ok(
      await a.post(`/fields/${collection}`, {
        field: name,
        type,
        ...columnFor(definition, type, vendor),
        interface: definition.id,
      }),
    );
    expect(field).toMatchObject({ field: name, type, interface: definition.id });

    const kind = relationKind(definition, type);
    const relational = kind ? await prepareRelational(kind, collection, name, definition) : null;
    const sample = relational ? relational.sample : plainSample(type);

    // The app's payload path, with the schema as the app hydrates it.
    const fields: FieldDefinition[] = ok(await a.get(`/fields/${collection}`));
    const relations: RelationRow[] = ok(await a.get('/relations?limit=-1'));
    const context: WriteContext = { collection, fields, relations, primaryKeyOf: () => 'id' };
    const values = sample === undefined ? { note: 'saved' } : { note: 'saved', [name]: sample };
    const created = ok(await a.post(`/items/${collection}`, toPayload(values, context, true)));

    const readFields = relational ? `id,${relational.fields}` : '*';
    const item = ok(await a.get(`/items/${collection}/${created.id}?fields=${readFields}`));
    const stored = item[name];

    if (type === 'alias') {
      expect(stored ?? null).toBeNull();
    } else if (type === 'hash') {
      // Never sent back (showHash is off); the stored hash matches the text.
      expect(item).not.toHaveProperty(name);
      const row = await server.project.knex(collection).where({ id: created.id }).first();
      expect(row[name]).not.toBe(sample);
      expect(ok(await a.post('/utils/hash/match', { string: sample, hash: row[name] })).valid).toBe(true);
    } else if (SERVER_FILLED.has(type)) {
      if (type.startsWith('datetime')) expect(stored).toMatch(DATETIME);
      else expect(typeof stored === 'object' && stored ? stored.id : stored).toBe(adminId);
    } else if (relational) {
      expect(relational.read(stored)).toEqual(relational.read(sample));
    } else {
      expect(stored).toStrictEqual(sample);
    }
  });
});

import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { ErrorObject } from 'ajv';
import { SYSTEM_TABLES } from '../server/database/migrations/20261121000000_system_tables';
import { defaultSettings } from '../server/database/install';

const root = fileURLToPath(new URL('.', import.meta.url));
const read = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8'));

const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
addFormats(ajv);
// The meta-schemas of this file's definitions (draft-07, like the interface and layout ones).
const META_SCHEMAS = ['errors.schema.json', 'field-types.schema.json', 'system-collection.schema.json'];
for (const file of META_SCHEMAS) ajv.addSchema(read(`meta/${file}`), file);

/** Every error as `file: path (field "x"): message`, so a failure points at the definition to fix. */
function describeErrors(file: string, data: unknown, errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((error) => {
    const match = /^\/fields\/(\d+)/.exec(error.instancePath);
    const fields = (data as { fields?: Array<{ field?: string }> }).fields;
    const field = match && fields ? ` (field "${fields[Number(match[1])]?.field}")` : '';
    const extra = error.params && Object.keys(error.params).length ? ` ${JSON.stringify(error.params)}` : '';
    return `${file}: ${error.instancePath || '/'}${field}: ${error.message}${extra}`;
  });
}

function validate(metaSchema: string, file: string): string[] {
  const check = ajv.getSchema(metaSchema);
  if (!check) throw new Error(`meta-schema ${metaSchema} is not loaded`);
  const data = read(file);
  return check(data) ? [] : describeErrors(file, data, check.errors);
}

interface VendorDatatypes {
  allowed: string[];
  default: string;
  length?: number;
  precision?: number;
  scale?: number;
}
interface FieldType {
  type: string;
  alias: boolean;
  system: boolean;
  relational: boolean;
  relation?: 'm2o' | 'o2m';
  related_collection?: string;
  datatypes: Record<'sqlite' | 'mysql' | 'postgres', VendorDatatypes> | null;
}
interface DatatypeInfo {
  length: 'none' | 'length' | 'precision_scale';
  max_length?: number;
  default_length?: number;
}

const fieldTypes = read('field-types.json') as {
  datatypes: Record<string, Record<string, DatatypeInfo>>;
  types: FieldType[];
};
const systemFiles = readdirSync(join(root, 'system'))
  .filter((name) => name.endsWith('.json'))
  .sort();
const systemCollections = systemFiles.map((file) => ({
  file: `system/${file}`,
  data: read(`system/${file}`) as {
    collection: string;
    fields: Array<{
      field: string;
      type: string;
      group: number | null;
      options: unknown;
      sort: number | null;
    }>;
  },
}));

describe('meta-schemas', () => {
  it('are valid JSON Schemas', () => {
    for (const file of META_SCHEMAS) {
      expect(ajv.validateSchema(read(`meta/${file}`)), `${file}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
    }
  });

  it('reject a broken definition and name the file and field', () => {
    const check = ajv.getSchema('system-collection.schema.json')!;
    const broken = {
      collection: 'directus_example',
      fields: [{ field: 'title', type: 'string', interface: 'text-input', width: 'wide' }],
    };
    expect(check(broken)).toBe(false);
    const messages = describeErrors('system/directus_example.json', broken, check.errors);
    expect(messages.join('\n')).toContain('system/directus_example.json: /fields/0 (field "title")');
    expect(messages.join('\n')).toContain('/fields/0/width (field "title")');
  });
});

describe('errors.json', () => {
  it('matches its meta-schema', () => {
    expect(validate('errors.schema.json', 'errors.json')).toEqual([]);
  });

  it('has unique names', () => {
    const names = (read('errors.json').errors as Array<{ name: string }>).map((e) => e.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });
});

describe('field-types.json', () => {
  it('matches its meta-schema', () => {
    expect(validate('field-types.schema.json', 'field-types.json')).toEqual([]);
  });

  it('lists exactly the 27 Directus 8 field types, once each', () => {
    const names = fieldTypes.types.map((t) => t.type);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    expect([...names].sort()).toEqual(
      [
        'alias',
        'array',
        'binary',
        'boolean',
        'datetime',
        'date',
        'time',
        'file',
        'hash',
        'group',
        'integer',
        'decimal',
        'json',
        'lang',
        'm2o',
        'o2m',
        'slug',
        'sort',
        'status',
        'string',
        'translation',
        'uuid',
        'datetime_created',
        'datetime_updated',
        'owner',
        'user_updated',
        'user',
      ].sort(),
    );
  });

  it('marks the alias, one-per-collection and relational types of v8', () => {
    const where = (flag: keyof FieldType) =>
      fieldTypes.types
        .filter((t) => t[flag] === true)
        .map((t) => t.type)
        .sort();
    expect(where('alias')).toEqual(['alias', 'group', 'o2m', 'translation']);
    expect(where('system')).toEqual(
      ['datetime_created', 'datetime_updated', 'lang', 'owner', 'sort', 'status', 'user_updated'].sort(),
    );
    expect(where('relational')).toEqual([
      'file',
      'm2o',
      'o2m',
      'owner',
      'translation',
      'user',
      'user_updated',
    ]);
  });

  it('offers only catalogued datatypes and a default among them, with the lengths they take', () => {
    const problems: string[] = [];
    for (const type of fieldTypes.types) {
      if (!type.datatypes) continue;
      for (const [vendor, spec] of Object.entries(type.datatypes)) {
        const catalogue = fieldTypes.datatypes[vendor];
        const where = `${type.type} on ${vendor}`;
        for (const name of spec.allowed)
          if (!catalogue[name]) problems.push(`${where}: ${name} is not catalogued`);
        if (!spec.allowed.includes(spec.default))
          problems.push(`${where}: default ${spec.default} is not allowed`);
        const info = catalogue[spec.default];
        if (spec.length !== undefined && info?.length !== 'length') {
          problems.push(`${where}: length given for ${spec.default}`);
        }
        if (spec.length !== undefined && info?.max_length !== undefined && spec.length > info.max_length) {
          problems.push(`${where}: length ${spec.length} exceeds ${info.max_length}`);
        }
        if (
          (spec.precision !== undefined || spec.scale !== undefined) &&
          info?.length !== 'precision_scale'
        ) {
          problems.push(`${where}: precision given for ${spec.default}`);
        }
        if (spec.precision !== undefined && spec.scale !== undefined && spec.scale > spec.precision) {
          problems.push(`${where}: scale exceeds precision`);
        }
      }
    }
    for (const [vendor, catalogue] of Object.entries(fieldTypes.datatypes)) {
      for (const [name, info] of Object.entries(catalogue)) {
        if (
          info.default_length !== undefined &&
          info.max_length !== undefined &&
          info.default_length > info.max_length
        ) {
          problems.push(`${vendor} ${name}: default length exceeds max`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps the Directus 8 MySQL datatype choices of the app', () => {
    const mysql = (type: string) => fieldTypes.types.find((t) => t.type === type)!.datatypes!.mysql;
    expect(mysql('string')).toMatchObject({ default: 'VARCHAR', length: 255 });
    expect(mysql('integer').allowed).toEqual(['TINYINT', 'SMALLINT', 'MEDIUMINT', 'INT', 'BIGINT']);
    expect(mysql('decimal').allowed).toEqual(['DECIMAL', 'FLOAT', 'DOUBLE']);
    expect(mysql('json').default).toBe('TEXT');
    expect(mysql('m2o')).toMatchObject({ allowed: ['CHAR', 'VARCHAR', 'INT', 'BIGINT'], default: 'INT' });
    expect(mysql('boolean').default).toBe('TINYINT');
    expect(mysql('lang').default).toBe('CHAR');
  });
});

describe('system collections', () => {
  const tableNames = SYSTEM_TABLES.map((t) => t.name).sort();
  const typeNames = new Set(fieldTypes.types.map((t) => t.type));
  const aliasTypes = new Set(fieldTypes.types.filter((t) => t.alias).map((t) => t.type));
  // Rows v8 installs although they describe no column (schema-v8 §7): kept for compatibility.
  const knownStrays = new Set(['directus_fields.auth_token_ttl']);
  const settingKeys = new Set(defaultSettings({ projectName: 'x' }).map(([key]) => key));

  it.each(systemFiles)('%s matches its meta-schema', (file) => {
    expect(validate('system-collection.schema.json', `system/${file}`)).toEqual([]);
  });

  it('has one file per system table the migrations create, named after it', () => {
    expect(systemCollections.map((c) => c.data.collection).sort()).toEqual(tableNames);
    for (const { file, data } of systemCollections)
      expect(basename(file, '.json'), file).toBe(data.collection);
  });

  it('describes 170 fields, as a fresh Directus 8.8.1 install', () => {
    expect(systemCollections.reduce((sum, c) => sum + c.data.fields.length, 0)).toBe(170);
  });

  it('names each field once, with a known type, and a column for every non-alias field', () => {
    const problems: string[] = [];
    for (const { file, data } of systemCollections) {
      const table = SYSTEM_TABLES.find((t) => t.name === data.collection);
      const columns = new Set(table?.columns.map((c) => c.name));
      const seen = new Set<string>();
      for (const field of data.fields) {
        const where = `${file} field "${field.field}"`;
        if (seen.has(field.field)) problems.push(`${where}: duplicate`);
        seen.add(field.field);
        if (!typeNames.has(field.type)) problems.push(`${where}: unknown type ${field.type}`);
        const isAlias = aliasTypes.has(field.type);
        const key = `${data.collection}.${field.field}`;
        // directus_settings rows describe setting keys (rows of the table), not columns.
        if (data.collection === 'directus_settings') {
          if (!isAlias && !settingKeys.has(field.field)) problems.push(`${where}: not a seeded setting key`);
        } else if (!isAlias && !columns.has(field.field) && !knownStrays.has(key)) {
          problems.push(`${where}: no column ${field.field} in ${data.collection}`);
        }
        if (isAlias && columns.has(field.field)) problems.push(`${where}: alias type but a column exists`);
        if (field.group !== null) problems.push(`${where}: system fields are not grouped`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives every system table a primary key field row, except the Phinx bookkeeping table', () => {
    const problems: string[] = [];
    for (const table of SYSTEM_TABLES) {
      if (table.name === 'directus_migrations' || table.name === 'directus_settings') continue;
      const data = systemCollections.find((c) => c.data.collection === table.name)!.data;
      if (!data.fields.some((f) => f.field === table.primary))
        problems.push(`${table.name}: no ${table.primary} row`);
    }
    expect(problems).toEqual([]);
  });

  it('keeps the status mappings and option shapes the app reads', () => {
    const field = (collection: string, name: string) =>
      systemCollections
        .find((c) => c.data.collection === collection)!
        .data.fields.find((f) => f.field === name)!;
    const users = field('directus_users', 'status').options as { status_mapping: Record<string, unknown> };
    expect(Object.keys(users.status_mapping)).toEqual(['draft', 'invited', 'active', 'suspended', 'deleted']);
    const webhooks = field('directus_webhooks', 'status').options as {
      status_mapping: Record<string, unknown>;
    };
    expect(Object.keys(webhooks.status_mapping)).toEqual(['active', 'inactive']);
    const timezones = field('directus_users', 'timezone').options as { choices: Record<string, string> };
    expect(Object.keys(timezones.choices)).toHaveLength(145);
    expect(timezones.choices['America/New_York']).toBe('(UTC-04:00) New York');
    const policy = field('directus_settings', 'password_policy').options as {
      choices: Record<string, string>;
    };
    expect(Object.values(policy.choices)).toEqual(['None', 'Weak', 'Strong']);
  });
});

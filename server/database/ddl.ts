import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Vendor } from '../config';
import fieldTypes from '../../schemas/field-types.json' with { type: 'json' };
import { introspectDatabase, normaliseDefault } from '../schema/introspect';

/**
 * Vendor-specific DDL: column definitions from a type/datatype/length, table and column changes
 * (SQLite's copy-table rebuild included), foreign keys, and the runner that makes one schema change
 * one unit on every vendor. Everything that differs between SQLite, MySQL and PostgreSQL in schema
 * changes lives here.
 */

export type LengthKind = 'length' | 'precision_scale' | 'none';

interface DatatypeEntry {
  length: LengthKind;
  default_length?: number;
  max_length?: number;
  default_precision?: number;
  default_scale?: number;
  max_precision?: number;
  max_scale?: number;
}

interface TypeEntry {
  type: string;
  alias: boolean;
  system: boolean;
  relational: boolean;
  datatypes: Record<
    Vendor,
    { allowed: string[]; default: string; length?: number; precision?: number; scale?: number }
  > | null;
}

const DATATYPES = fieldTypes.datatypes as Record<Vendor, Record<string, DatatypeEntry>>;
const TYPES = new Map((fieldTypes.types as TypeEntry[]).map((t) => [t.type, t]));

/** The Directus field type of field-types.json, or undefined when unknown. */
export function fieldType(type: string): TypeEntry | undefined {
  return TYPES.get(type.toLowerCase());
}

export function datatypeEntry(vendor: Vendor, datatype: string): DatatypeEntry | undefined {
  return DATATYPES[vendor][datatype.toUpperCase()];
}

const INTEGER_FAMILY = new Set(['TINYINT', 'SMALLINT', 'MEDIUMINT', 'INT', 'INTEGER', 'BIGINT', 'YEAR']);

export function isIntegerDatatype(datatype: string): boolean {
  return INTEGER_FAMILY.has(datatype.toUpperCase());
}

/**
 * Datatype names of one vendor as another vendor spells them, so a client that sends the v8 app's
 * MySQL names (INT, DATETIME, TINYINT) gets the equivalent column elsewhere.
 */
const SYNONYMS: Record<Vendor, Record<string, string>> = {
  sqlite: {
    INT: 'INTEGER',
    SMALLINT: 'INTEGER',
    MEDIUMINT: 'INTEGER',
    NUMERIC: 'DECIMAL',
    FLOAT: 'REAL',
    DOUBLE: 'REAL',
    'DOUBLE PRECISION': 'REAL',
    TINYTEXT: 'TEXT',
    MEDIUMTEXT: 'TEXT',
    LONGTEXT: 'TEXT',
    TIMESTAMP: 'DATETIME',
    BYTEA: 'BLOB',
    MEDIUMBLOB: 'BLOB',
    LONGBLOB: 'BLOB',
    UUID: 'VARCHAR',
  },
  mysql: {
    INTEGER: 'INT',
    BOOLEAN: 'TINYINT',
    NUMERIC: 'DECIMAL',
    REAL: 'DOUBLE',
    'DOUBLE PRECISION': 'DOUBLE',
    BYTEA: 'BLOB',
    UUID: 'VARCHAR',
  },
  postgres: {
    INT: 'INTEGER',
    MEDIUMINT: 'INTEGER',
    DECIMAL: 'NUMERIC',
    FLOAT: 'REAL',
    DOUBLE: 'DOUBLE PRECISION',
    TINYTEXT: 'TEXT',
    MEDIUMTEXT: 'TEXT',
    LONGTEXT: 'TEXT',
    DATETIME: 'TIMESTAMP',
    BLOB: 'BYTEA',
    MEDIUMBLOB: 'BYTEA',
    LONGBLOB: 'BYTEA',
  },
};

/**
 * The vendor's name for a datatype the client sent for a field of `type` (upper case). TINYINT is
 * a boolean on MySQL only; elsewhere it becomes BOOLEAN for boolean fields and SMALLINT/INTEGER
 * for numbers.
 */
export function vendorDatatype(vendor: Vendor, raw: string, type: string): string {
  const name = raw.trim().toUpperCase().replace(/\s+/g, ' ');
  if (name === 'TINYINT' && vendor !== 'mysql') {
    if (type === 'boolean') return 'BOOLEAN';
    return vendor === 'postgres' ? 'SMALLINT' : 'INTEGER';
  }
  if (name === 'BOOLEAN' && vendor === 'mysql') return 'TINYINT';
  return SYNONYMS[vendor][name] ?? name;
}

/** The datatype name as the field-types catalogue spells it, from an introspected lower-case name. */
export function catalogueDatatype(vendor: Vendor, introspected: string | null): string | null {
  if (!introspected) return null;
  const name = introspected.toLowerCase();
  const map: Record<string, string> = {
    'character varying': 'VARCHAR',
    character: 'CHAR',
    bpchar: 'CHAR',
    'timestamp without time zone': 'TIMESTAMP',
    'timestamp with time zone': 'TIMESTAMPTZ',
    'time without time zone': 'TIME',
    'tinyint(1)': 'TINYINT',
    int4: 'INTEGER',
    int8: 'BIGINT',
    int2: 'SMALLINT',
    float8: 'DOUBLE PRECISION',
    float4: 'REAL',
    bool: 'BOOLEAN',
  };
  if (map[name]) return map[name];
  if (vendor === 'mysql' && name === 'integer') return 'INT';
  return name.toUpperCase();
}

/** Everything needed to write one column's SQL definition. */
export interface ColumnSpec {
  name: string;
  /** The vendor's datatype name, upper case (VARCHAR, INT, NUMERIC, DOUBLE PRECISION). */
  datatype: string;
  length: number | null;
  precision: number | null;
  scale: number | null;
  unsigned: boolean;
  nullable: boolean;
  /** `undefined`: no DEFAULT clause. */
  defaultValue: unknown;
  primaryKey: boolean;
  autoIncrement: boolean;
  unique: boolean;
  /** MySQL: a boolean field, written TINYINT(1). */
  boolean?: boolean;
}

export function quoteId(vendor: Vendor, name: string): string {
  return vendor === 'mysql' ? `\`${name.replace(/`/g, '``')}\`` : `"${name.replace(/"/g, '""')}"`;
}

/** A value as an SQL literal (DEFAULT clauses cannot take bound parameters on PostgreSQL). */
export function literal(vendor: Vendor, value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return vendor === 'postgres' ? String(value) : value ? '1' : '0';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Invalid default value ${value}`);
    return String(value);
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const escaped = text.replace(/'/g, "''");
  return `'${vendor === 'mysql' ? escaped.replace(/\\/g, '\\\\') : escaped}'`;
}

/** The type part of a column definition: `VARCHAR(200)`, `DECIMAL(10,2)`, `INT UNSIGNED`. */
export function columnTypeSql(vendor: Vendor, spec: ColumnSpec): string {
  const datatype = spec.datatype.toUpperCase();
  const entry = datatypeEntry(vendor, datatype);
  let sql = datatype;
  if (vendor === 'mysql' && datatype === 'TINYINT' && spec.boolean) sql = 'TINYINT(1)';
  else if (entry?.length === 'length' && spec.length != null) sql = `${datatype}(${spec.length})`;
  else if (entry?.length === 'precision_scale' && spec.precision != null) {
    sql = `${datatype}(${spec.precision},${spec.scale ?? 0})`;
  }
  if (vendor === 'mysql' && spec.unsigned && isIntegerDatatype(datatype)) sql += ' UNSIGNED';
  return sql;
}

/** The full column definition as it appears in CREATE TABLE / ADD COLUMN / MODIFY. */
export function columnSql(
  vendor: Vendor,
  spec: ColumnSpec,
  options: { inlinePrimary?: boolean } = {},
): string {
  const parts = [quoteId(vendor, spec.name)];
  if (spec.autoIncrement && spec.primaryKey) {
    if (vendor === 'sqlite') return `${parts[0]} INTEGER PRIMARY KEY AUTOINCREMENT`;
    if (vendor === 'postgres') {
      const base = spec.datatype.toUpperCase() === 'BIGINT' ? 'BIGINT' : 'INTEGER';
      return `${parts[0]} ${base} GENERATED BY DEFAULT AS IDENTITY${options.inlinePrimary === false ? '' : ' PRIMARY KEY'}`;
    }
    return `${parts[0]} ${columnTypeSql(vendor, spec)} NOT NULL AUTO_INCREMENT${options.inlinePrimary === false ? '' : ' PRIMARY KEY'}`;
  }
  parts.push(columnTypeSql(vendor, spec));
  parts.push(spec.nullable && !spec.primaryKey ? 'NULL' : 'NOT NULL');
  if (spec.defaultValue !== undefined && !spec.autoIncrement)
    parts.push(`DEFAULT ${literal(vendor, spec.defaultValue)}`);
  if (spec.primaryKey && options.inlinePrimary !== false) parts.push('PRIMARY KEY');
  return parts.join(' ');
}

/** A constraint or index name within the vendors' 63-character limit. */
export function constraintName(prefix: string, table: string, column: string): string {
  const name = `${prefix}_${table}_${column}`;
  if (name.length <= 60) return name;
  const hash = createHash('sha1').update(name).digest('hex').slice(0, 10);
  return `${name.slice(0, 49)}_${hash}`;
}

const uniqueName = (table: string, column: string) => constraintName('uq', table, column);
const indexName = (table: string, column: string) => constraintName('ix', table, column);

/**
 * Field types whose column the API indexes when it creates one: lists filter by the status
 * (soft delete, status permissions) and by the owner ("mine"/"role" permissions), sort by the
 * manual sort field, and join and filter through m2o columns.
 */
const INDEXED_TYPES = new Set(['status', 'sort', 'owner', 'm2o']);

/** Whether a column of this Directus field type gets a plain index of its own. */
export function indexedType(type: string | null | undefined): boolean {
  return type != null && INDEXED_TYPES.has(type.toLowerCase());
}

// ---------------------------------------------------------------------------------------------
// Reading the current shape of a table

export interface ForeignKeyInfo {
  name: string | null;
  table: string;
  column: string;
  refTable: string;
  refColumn: string;
  onDelete: string;
}

/** The current definition of one column, in the same shape as a new one. */
export async function currentColumn(
  db: Knex,
  vendor: Vendor,
  table: string,
  column: string,
): Promise<ColumnSpec | null> {
  const tables = await introspectDatabase(db, vendor);
  const col = tables.get(table)?.find((c) => c.column === column);
  if (!col) return null;
  const extras = await columnExtras(db, vendor, table);
  const datatype = catalogueDatatype(vendor, col.datatype)!;
  const entry = datatypeEntry(vendor, datatype);
  return {
    name: column,
    datatype,
    length: entry?.length === 'length' ? col.length : null,
    precision: entry?.length === 'precision_scale' ? col.precision : null,
    scale: entry?.length === 'precision_scale' ? col.scale : null,
    unsigned: extras.unsigned.has(column),
    nullable: col.nullable,
    // No default and DEFAULT NULL are the same thing to a column.
    defaultValue: col.autoIncrement || col.defaultValue === null ? undefined : col.defaultValue,
    primaryKey: col.primaryKey,
    autoIncrement: col.autoIncrement,
    unique: extras.unique.has(column),
    boolean: col.datatype === 'tinyint(1)',
  };
}

/** Single-column unique keys and (MySQL) unsigned columns of one table, or of every table. */
export async function columnExtras(
  db: Knex,
  vendor: Vendor,
  table: string,
): Promise<{ unique: Set<string>; unsigned: Set<string> }> {
  const all = await tableExtras(db, vendor, table);
  return all.get(table) ?? { unique: new Set(), unsigned: new Set() };
}

export async function tableExtras(
  db: Knex,
  vendor: Vendor,
  only?: string,
): Promise<Map<string, { unique: Set<string>; unsigned: Set<string> }>> {
  const out = new Map<string, { unique: Set<string>; unsigned: Set<string> }>();
  const of = (table: string) => {
    let entry = out.get(table);
    if (!entry) out.set(table, (entry = { unique: new Set(), unsigned: new Set() }));
    return entry;
  };
  if (vendor === 'mysql') {
    const [uniques] = await db.raw(
      `select s.TABLE_NAME as t, min(s.COLUMN_NAME) as c from information_schema.STATISTICS s
        where s.TABLE_SCHEMA = database() and s.NON_UNIQUE = 0 and s.INDEX_NAME <> 'PRIMARY'
          ${only ? 'and s.TABLE_NAME = ?' : ''}
        group by s.TABLE_NAME, s.INDEX_NAME having count(*) = 1`,
      only ? [only] : [],
    );
    for (const row of uniques as any[]) of(row.t).unique.add(row.c);
    const [unsigned] = await db.raw(
      `select TABLE_NAME as t, COLUMN_NAME as c from information_schema.COLUMNS
        where TABLE_SCHEMA = database() and COLUMN_TYPE like '%unsigned%' ${only ? 'and TABLE_NAME = ?' : ''}`,
      only ? [only] : [],
    );
    for (const row of unsigned as any[]) of(row.t).unsigned.add(row.c);
  } else if (vendor === 'postgres') {
    const { rows } = await db.raw(
      `select t.relname as t, min(a.attname) as c
         from pg_index i
         join pg_class t on t.oid = i.indrelid
         join pg_namespace n on n.oid = t.relnamespace and n.nspname = current_schema()
         join pg_attribute a on a.attrelid = t.oid and a.attnum = i.indkey[0]
        where i.indisunique and not i.indisprimary and i.indnatts = 1 ${only ? 'and t.relname = ?' : ''}
        group by t.relname, i.indexrelid`,
      only ? [only] : [],
    );
    for (const row of rows as any[]) of(row.t).unique.add(row.c);
  } else {
    const tables: Array<{ name: string }> = only
      ? [{ name: only }]
      : await db('sqlite_master').select('name').where('type', 'table');
    for (const { name } of tables) {
      const indexes: Array<{ name: string; unique: number; origin: string }> = await db.raw(
        'select * from pragma_index_list(?)',
        [name],
      );
      for (const index of indexes) {
        if (!index.unique || index.origin === 'pk') continue;
        const cols: Array<{ name: string }> = await db.raw('select * from pragma_index_info(?)', [
          index.name,
        ]);
        if (cols.length === 1) of(name).unique.add(cols[0].name);
      }
    }
  }
  return out;
}

export async function foreignKeys(db: Knex, vendor: Vendor, table?: string): Promise<ForeignKeyInfo[]> {
  if (vendor === 'mysql') {
    const [rows] = await db.raw(
      `select k.CONSTRAINT_NAME as name, k.TABLE_NAME as t, k.COLUMN_NAME as c,
              k.REFERENCED_TABLE_NAME as rt, k.REFERENCED_COLUMN_NAME as rc, r.DELETE_RULE as od
         from information_schema.KEY_COLUMN_USAGE k
         join information_schema.REFERENTIAL_CONSTRAINTS r
           on r.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA and r.CONSTRAINT_NAME = k.CONSTRAINT_NAME
          and r.TABLE_NAME = k.TABLE_NAME
        where k.TABLE_SCHEMA = database() and k.REFERENCED_TABLE_NAME is not null ${table ? 'and k.TABLE_NAME = ?' : ''}`,
      table ? [table] : [],
    );
    return (rows as any[]).map((r) => ({
      name: r.name,
      table: r.t,
      column: r.c,
      refTable: r.rt,
      refColumn: r.rc,
      onDelete: r.od,
    }));
  }
  if (vendor === 'postgres') {
    const { rows } = await db.raw(
      `select c.conname as name, t.relname as t, a.attname as c, rt.relname as rt, ra.attname as rc,
              c.confdeltype as od
         from pg_constraint c
         join pg_class t on t.oid = c.conrelid
         join pg_namespace n on n.oid = t.relnamespace and n.nspname = current_schema()
         join pg_class rt on rt.oid = c.confrelid
         join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
         join pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = c.confkey[1]
        where c.contype = 'f' ${table ? 'and t.relname = ?' : ''}`,
      table ? [table] : [],
    );
    const rules: Record<string, string> = {
      a: 'NO ACTION',
      r: 'RESTRICT',
      c: 'CASCADE',
      n: 'SET NULL',
      d: 'SET DEFAULT',
    };
    return (rows as any[]).map((r) => ({
      name: r.name,
      table: r.t,
      column: r.c,
      refTable: r.rt,
      refColumn: r.rc,
      onDelete: rules[r.od] ?? 'NO ACTION',
    }));
  }
  const tables: Array<{ name: string }> = table
    ? [{ name: table }]
    : await db('sqlite_master').select('name').where('type', 'table').andWhereNot('name', 'like', 'sqlite_%');
  const out: ForeignKeyInfo[] = [];
  for (const { name } of tables) {
    const rows: Array<{ table: string; from: string; to: string | null; on_delete: string }> = await db.raw(
      'select * from pragma_foreign_key_list(?)',
      [name],
    );
    for (const r of rows) {
      out.push({
        name: null,
        table: name,
        column: r.from,
        refTable: r.table,
        refColumn: r.to ?? 'id',
        onDelete: r.on_delete,
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// SQLite: the copy-table rebuild (SQLite cannot alter a column or add a constraint in place)

interface SqliteColumn {
  name: string;
  /** The definition text after the name. */
  definition: string;
}

interface SqliteRebuild {
  /** Replace a column's definition (or add it when missing), keeping its data. */
  columns?: Array<{ spec: ColumnSpec; mode: 'add' | 'replace' }>;
  dropColumns?: string[];
  addForeignKeys?: ForeignKeyInfo[];
  dropForeignKeysOn?: string[];
  /** Columns of `dropForeignKeysOn` whose `ix_` index stays (the field's own, not only the key's). */
  keepIndexOn?: string[];
  /** Single-column unique indexes to add or drop. */
  addUnique?: string[];
  dropUnique?: string[];
}

async function sqliteRebuild(db: Knex, table: string, change: SqliteRebuild): Promise<void> {
  const master = await db('sqlite_master').where({ type: 'table', name: table }).first();
  if (!master) throw new Error(`No table ${table}`);
  const autoincrement = /\bautoincrement\b/i.test(String(master.sql));
  const info: Array<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }> =
    await db.raw('select * from pragma_table_info(?)', [table]);
  const pkColumns = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
  const q = (name: string) => quoteId('sqlite', name);
  const drop = new Set(change.dropColumns ?? []);
  const replaced = new Map(
    (change.columns ?? []).filter((c) => c.mode === 'replace').map((c) => [c.spec.name, c.spec]),
  );
  const columns: SqliteColumn[] = [];
  const copied: string[] = [];
  for (const col of info) {
    if (drop.has(col.name)) continue;
    copied.push(col.name);
    const spec = replaced.get(col.name);
    if (spec) {
      columns.push({ name: col.name, definition: columnSql('sqlite', spec).slice(q(col.name).length + 1) });
      continue;
    }
    let definition = col.type || '';
    if (pkColumns.length === 1 && col.pk) {
      definition += ' PRIMARY KEY';
      if (autoincrement && /^integer$/i.test(col.type)) definition += ' AUTOINCREMENT';
    }
    if (col.notnull) definition += ' NOT NULL';
    if (col.dflt_value !== null) definition += ` DEFAULT ${col.dflt_value}`;
    columns.push({ name: col.name, definition: definition.trim() });
  }
  for (const add of (change.columns ?? []).filter((c) => c.mode === 'add')) {
    columns.push({
      name: add.spec.name,
      definition: columnSql('sqlite', add.spec).slice(q(add.spec.name).length + 1),
    });
  }
  const dropFkOn = new Set([...(change.dropForeignKeysOn ?? []), ...drop]);
  const fks = [
    ...(await foreignKeys(db, 'sqlite', table)).filter((fk) => !dropFkOn.has(fk.column)),
    ...(change.addForeignKeys ?? []),
  ];
  const constraints: string[] = [];
  if (pkColumns.length > 1) constraints.push(`PRIMARY KEY (${pkColumns.map((c) => q(c.name)).join(', ')})`);
  for (const fk of fks) {
    constraints.push(
      `FOREIGN KEY (${q(fk.column)}) REFERENCES ${q(fk.refTable)} (${q(fk.refColumn)}) ON DELETE ${fk.onDelete}`,
    );
  }
  // Indexes: explicit ones are re-run from their SQL; those of inline UNIQUE constraints rebuilt.
  const indexes: string[] = [];
  const dropUnique = new Set(change.dropUnique ?? []);
  const keepIndex = new Set(change.keepIndexOn ?? []);
  const indexList: Array<{ name: string; unique: number; origin: string }> = await db.raw(
    'select * from pragma_index_list(?)',
    [table],
  );
  const explicitNames = new Set(indexList.filter((i) => i.origin === 'c').map((i) => i.name));
  for (const index of indexList) {
    if (index.origin === 'pk') continue;
    const cols: Array<{ name: string | null }> = await db.raw('select * from pragma_index_info(?)', [
      index.name,
    ]);
    const names = cols.map((c) => c.name ?? '');
    if (names.some((n) => drop.has(n))) continue;
    if (index.unique && names.length === 1 && dropUnique.has(names[0])) continue;
    if ([...dropFkOn].some((column) => !keepIndex.has(column) && index.name === indexName(table, column)))
      continue;
    if (index.origin === 'c') {
      const row = await db('sqlite_master').where({ type: 'index', name: index.name }).first();
      if (row?.sql) indexes.push(String(row.sql));
    } else {
      // An inline UNIQUE constraint becomes a named index; not under the name of a plain index
      // the table already has (a status or sort column's own).
      let name = constraintName('ix', table, names.join('_'));
      if (explicitNames.has(name)) name = constraintName('uq', table, names.join('_'));
      indexes.push(
        `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX ${q(name)} ON ${q(table)} (${names.map(q).join(', ')})`,
      );
    }
  }
  for (const column of change.addUnique ?? []) {
    indexes.push(`CREATE UNIQUE INDEX ${q(uniqueName(table, column))} ON ${q(table)} (${q(column)})`);
  }
  for (const fk of change.addForeignKeys ?? []) {
    indexes.push(
      `CREATE INDEX IF NOT EXISTS ${q(indexName(table, fk.column))} ON ${q(table)} (${q(fk.column)})`,
    );
  }
  const seq = autoincrement
    ? await db('sqlite_sequence')
        .where('name', table)
        .first()
        .catch(() => undefined)
    : undefined;
  const temp = `_octavo_rebuild_${table}`;
  await db.raw(
    `CREATE TABLE ${q(temp)} (${[...columns.map((c) => `${q(c.name)} ${c.definition}`), ...constraints].join(', ')})`,
  );
  const list = copied.map(q).join(', ');
  await db.raw(`INSERT INTO ${q(temp)} (${list}) SELECT ${list} FROM ${q(table)}`);
  await db.raw(`DROP TABLE ${q(table)}`);
  await db.raw(`ALTER TABLE ${q(temp)} RENAME TO ${q(table)}`);
  for (const sql of indexes) await db.raw(sql);
  if (seq) await db('sqlite_sequence').where('name', table).update({ seq: seq.seq });
}

// ---------------------------------------------------------------------------------------------
// Table and column changes

export async function createTable(
  db: Knex,
  vendor: Vendor,
  table: string,
  columns: ColumnSpec[],
): Promise<void> {
  const q = (name: string) => quoteId(vendor, name);
  const primary = columns.filter((c) => c.primaryKey);
  const inline = primary.length === 1;
  const defs = columns.map((c) => columnSql(vendor, c, { inlinePrimary: inline }));
  if (!inline && primary.length) defs.push(`PRIMARY KEY (${primary.map((c) => q(c.name)).join(', ')})`);
  const suffix = vendor === 'mysql' ? ' DEFAULT CHARSET=utf8mb4' : '';
  await db.raw(`CREATE TABLE ${q(table)} (${defs.join(', ')})${suffix}`);
  for (const column of columns) {
    if (column.unique && !column.primaryKey) await addUnique(db, vendor, table, column.name);
  }
}

export async function dropTable(db: Knex, vendor: Vendor, table: string): Promise<void> {
  // Foreign keys of other tables that point here would block the drop (or dangle on SQLite).
  for (const fk of await foreignKeys(db, vendor)) {
    if (fk.refTable === table && fk.table !== table) await dropForeignKey(db, vendor, fk.table, fk.column);
  }
  await db.raw(`DROP TABLE ${quoteId(vendor, table)}`);
}

export async function addUnique(db: Knex, vendor: Vendor, table: string, column: string): Promise<void> {
  const q = (name: string) => quoteId(vendor, name);
  await db.raw(`CREATE UNIQUE INDEX ${q(uniqueName(table, column))} ON ${q(table)} (${q(column)})`);
}

export async function dropUnique(db: Knex, vendor: Vendor, table: string, column: string): Promise<void> {
  const q = (name: string) => quoteId(vendor, name);
  // The index may come from elsewhere (a v8 database, an inline constraint): find its real name.
  if (vendor === 'mysql') {
    const [rows] = await db.raw(
      `select INDEX_NAME as n from information_schema.STATISTICS where TABLE_SCHEMA = database()
         and TABLE_NAME = ? and NON_UNIQUE = 0 and INDEX_NAME <> 'PRIMARY'
       group by INDEX_NAME having count(*) = 1 and min(COLUMN_NAME) = ?`,
      [table, column],
    );
    for (const row of rows as any[]) await db.raw(`ALTER TABLE ${q(table)} DROP INDEX ${q(row.n)}`);
    return;
  }
  if (vendor === 'postgres') {
    const { rows } = await db.raw(
      `select ic.relname as n, con.conname as con
         from pg_index i
         join pg_class t on t.oid = i.indrelid
         join pg_namespace ns on ns.oid = t.relnamespace and ns.nspname = current_schema()
         join pg_class ic on ic.oid = i.indexrelid
         join pg_attribute a on a.attrelid = t.oid and a.attnum = i.indkey[0]
         left join pg_constraint con on con.conindid = i.indexrelid and con.contype = 'u'
        where t.relname = ? and i.indisunique and not i.indisprimary and i.indnatts = 1 and a.attname = ?`,
      [table, column],
    );
    for (const row of rows as any[]) {
      if (row.con) await db.raw(`ALTER TABLE ${q(table)} DROP CONSTRAINT ${q(row.con)}`);
      else await db.raw(`DROP INDEX ${q(row.n)}`);
    }
    return;
  }
  await sqliteRebuild(db, table, { dropUnique: [column] });
}

/**
 * A plain index on one column, named `ix_<table>_<column>` (the name the foreign key path uses
 * on SQLite and PostgreSQL, so a column indexed for its key is not indexed twice). MySQL: none
 * when a non-unique index already starts with the column (the one it made for a foreign key).
 * Returns whether an index was created, so an undo drops only what this made.
 */
export async function addIndex(db: Knex, vendor: Vendor, table: string, column: string): Promise<boolean> {
  const q = (name: string) => quoteId(vendor, name);
  const name = indexName(table, column);
  if (vendor === 'mysql') {
    const [rows] = await db.raw(
      `select 1 from information_schema.STATISTICS where TABLE_SCHEMA = database() and TABLE_NAME = ?
         and ((COLUMN_NAME = ? and SEQ_IN_INDEX = 1 and NON_UNIQUE = 1) or INDEX_NAME = ?) limit 1`,
      [table, column, name],
    );
    if ((rows as unknown[]).length) return false;
  } else if ((await indexOn(db, vendor, table, name)) !== null) return false;
  await db.raw(`CREATE INDEX ${q(name)} ON ${q(table)} (${q(column)})`);
  return true;
}

/**
 * Drops the plain `ix_<table>_<column>` index of a column, unless a foreign key on the column
 * needs it (its index there has that name too, and MySQL refuses to drop a key's last index) or
 * it is a unique one (SQLite's rebuild names the index of an inline UNIQUE constraint so).
 * Returns whether an index was dropped.
 */
export async function dropIndex(db: Knex, vendor: Vendor, table: string, column: string): Promise<boolean> {
  const q = (name: string) => quoteId(vendor, name);
  const name = indexName(table, column);
  if ((await foreignKeys(db, vendor, table)).some((fk) => fk.column === column)) return false;
  if ((await indexOn(db, vendor, table, name)) !== 'plain') return false;
  await db.raw(
    vendor === 'mysql' ? `ALTER TABLE ${q(table)} DROP INDEX ${q(name)}` : `DROP INDEX ${q(name)}`,
  );
  return true;
}

/** Whether the table has an index of this name: `plain`, `unique`, or null when it has none. */
async function indexOn(
  db: Knex,
  vendor: Vendor,
  table: string,
  name: string,
): Promise<'plain' | 'unique' | null> {
  let unique: unknown;
  if (vendor === 'mysql') {
    const [rows] = await db.raw(
      `select min(NON_UNIQUE) as nu from information_schema.STATISTICS where TABLE_SCHEMA = database()
         and TABLE_NAME = ? and INDEX_NAME = ? group by INDEX_NAME`,
      [table, name],
    );
    if (!(rows as unknown[]).length) return null;
    unique = Number((rows as any[])[0].nu) === 0;
  } else if (vendor === 'postgres') {
    const { rows } = await db.raw(
      `select i.indisunique as u
         from pg_index i
         join pg_class t on t.oid = i.indrelid
         join pg_namespace ns on ns.oid = t.relnamespace and ns.nspname = current_schema()
         join pg_class ic on ic.oid = i.indexrelid
        where t.relname = ? and ic.relname = ?`,
      [table, name],
    );
    if (!rows.length) return null;
    unique = rows[0].u;
  } else {
    const rows: Array<{ unique: number }> = await db.raw(
      'select * from pragma_index_list(?) where name = ?',
      [table, name],
    );
    if (!rows.length) return null;
    unique = Number(rows[0].unique) === 1;
  }
  return unique ? 'unique' : 'plain';
}

/** Whether `directus_fields` describes the column as one of a type the API indexes. */
async function indexedField(db: Knex, table: string, column: string): Promise<boolean> {
  if (!(await db.schema.hasTable('directus_fields'))) return false;
  const row = await db('directus_fields').where({ collection: table, field: column }).first('type');
  return indexedType(row?.type ?? null);
}

export async function addColumn(db: Knex, vendor: Vendor, table: string, spec: ColumnSpec): Promise<void> {
  const q = (name: string) => quoteId(vendor, name);
  if (vendor === 'sqlite' && (spec.primaryKey || (!spec.nullable && spec.defaultValue === undefined))) {
    // ADD COLUMN cannot add a NOT NULL column without a default: rebuild (fails if rows exist).
    await sqliteRebuild(db, table, {
      columns: [{ spec, mode: 'add' }],
      addUnique: spec.unique ? [spec.name] : [],
    });
    return;
  }
  await db.raw(
    `ALTER TABLE ${q(table)} ADD ${vendor === 'sqlite' ? 'COLUMN ' : ''}${columnSql(vendor, spec)}`,
  );
  if (spec.unique && !spec.primaryKey) await addUnique(db, vendor, table, spec.name);
}

export async function dropColumn(db: Knex, vendor: Vendor, table: string, column: string): Promise<void> {
  const q = (name: string) => quoteId(vendor, name);
  if (vendor === 'sqlite') {
    await sqliteRebuild(db, table, { dropColumns: [column] });
    return;
  }
  for (const fk of await foreignKeys(db, vendor, table)) {
    if (fk.column === column) await dropForeignKey(db, vendor, table, column);
  }
  await db.raw(`ALTER TABLE ${q(table)} DROP COLUMN ${q(column)}`);
}

/** Changes a column from `from` to `to` (type, length, nullability, default, unique), keeping its data. */
export async function alterColumn(
  db: Knex,
  vendor: Vendor,
  table: string,
  from: ColumnSpec,
  to: ColumnSpec,
): Promise<void> {
  const q = (name: string) => quoteId(vendor, name);
  const uniqueAdded = to.unique && !from.unique && !to.primaryKey;
  const uniqueDropped = !to.unique && from.unique && !from.primaryKey;
  const definitionChanged =
    columnTypeSql(vendor, from) !== columnTypeSql(vendor, to) ||
    from.nullable !== to.nullable ||
    literalOrNone(vendor, from.defaultValue) !== literalOrNone(vendor, to.defaultValue);
  if (vendor === 'sqlite') {
    if (!definitionChanged && !uniqueAdded && !uniqueDropped) return;
    if (definitionChanged) {
      await sqliteRebuild(db, table, {
        columns: [
          {
            spec: { ...to, primaryKey: from.primaryKey, autoIncrement: from.autoIncrement },
            mode: 'replace',
          },
        ],
        addUnique: uniqueAdded ? [to.name] : [],
        dropUnique: uniqueDropped ? [to.name] : [],
      });
    } else if (uniqueAdded) await addUnique(db, vendor, table, to.name);
    else await dropUnique(db, vendor, table, to.name);
    return;
  }
  if (uniqueDropped) await dropUnique(db, vendor, table, to.name);
  if (definitionChanged) {
    if (vendor === 'mysql') {
      const spec = { ...to, primaryKey: false, autoIncrement: from.autoIncrement && from.primaryKey };
      let definition = columnSql(vendor, spec, { inlinePrimary: false });
      if (spec.autoIncrement)
        definition = `${q(to.name)} ${columnTypeSql(vendor, to)} NOT NULL AUTO_INCREMENT`;
      await db.raw(`ALTER TABLE ${q(table)} MODIFY ${definition}`);
    } else {
      const col = q(to.name);
      const typeSql = columnTypeSql(vendor, to);
      if (columnTypeSql(vendor, from) !== typeSql) {
        // The default may not cast to the new type: drop it first, set the new one after.
        await db.raw(`ALTER TABLE ${q(table)} ALTER COLUMN ${col} DROP DEFAULT`);
        const using =
          to.datatype === 'BOOLEAN' && from.datatype !== 'BOOLEAN'
            ? `(${col}::text not in ('0', 'false', 'f', ''))`
            : from.datatype === 'BOOLEAN' && isIntegerDatatype(to.datatype)
              ? `(case when ${col} then 1 else 0 end)`
              : `${col}::${typeSql}`;
        await db.raw(`ALTER TABLE ${q(table)} ALTER COLUMN ${col} TYPE ${typeSql} USING ${using}`);
      }
      if (from.nullable !== to.nullable && !to.primaryKey) {
        await db.raw(`ALTER TABLE ${q(table)} ALTER COLUMN ${col} ${to.nullable ? 'DROP' : 'SET'} NOT NULL`);
      }
      if (!to.autoIncrement) {
        await db.raw(
          to.defaultValue === undefined
            ? `ALTER TABLE ${q(table)} ALTER COLUMN ${col} DROP DEFAULT`
            : `ALTER TABLE ${q(table)} ALTER COLUMN ${col} SET DEFAULT ${literal(vendor, to.defaultValue)}`,
        );
      }
    }
  }
  if (uniqueAdded) await addUnique(db, vendor, table, to.name);
}

function literalOrNone(vendor: Vendor, value: unknown): string {
  return value === undefined ? '' : literal(vendor, value);
}

export async function addForeignKey(db: Knex, vendor: Vendor, fk: ForeignKeyInfo): Promise<void> {
  const q = (name: string) => quoteId(vendor, name);
  if (vendor === 'sqlite') {
    await sqliteRebuild(db, fk.table, { addForeignKeys: [fk], dropForeignKeysOn: [fk.column] });
    return;
  }
  const name = constraintName('fk', fk.table, fk.column);
  if (vendor === 'postgres') {
    await db.raw(
      `CREATE INDEX IF NOT EXISTS ${q(indexName(fk.table, fk.column))} ON ${q(fk.table)} (${q(fk.column)})`,
    );
  }
  // MySQL creates the index of the foreign key itself.
  await db.raw(
    `ALTER TABLE ${q(fk.table)} ADD CONSTRAINT ${q(name)} FOREIGN KEY (${q(fk.column)}) REFERENCES ${q(fk.refTable)} (${q(fk.refColumn)}) ON DELETE ${fk.onDelete}`,
  );
}

export async function dropForeignKey(db: Knex, vendor: Vendor, table: string, column: string): Promise<void> {
  const q = (name: string) => quoteId(vendor, name);
  const existing = (await foreignKeys(db, vendor, table)).filter((fk) => fk.column === column);
  if (!existing.length) return;
  // The index of a status/sort/owner/m2o column is the field's own: it outlives the key.
  const keepIndex = await indexedField(db, table, column);
  if (vendor === 'sqlite') {
    await sqliteRebuild(db, table, { dropForeignKeysOn: [column], keepIndexOn: keepIndex ? [column] : [] });
    return;
  }
  for (const fk of existing) {
    await db.raw(
      `ALTER TABLE ${q(table)} ${vendor === 'mysql' ? 'DROP FOREIGN KEY' : 'DROP CONSTRAINT'} ${q(fk.name!)}`,
    );
  }
  const index = indexName(table, column);
  if (vendor === 'postgres' && !keepIndex) await db.raw(`DROP INDEX IF EXISTS ${q(index)}`);
  if (vendor === 'mysql') {
    // The index MySQL made for the key carries the constraint's name; drop it with the key.
    const [rows] = await db.raw(
      `select distinct INDEX_NAME as n from information_schema.STATISTICS where TABLE_SCHEMA = database()
         and TABLE_NAME = ? and INDEX_NAME in (${existing.map(() => '?').join(',')})`,
      [table, ...existing.map((fk) => fk.name)],
    );
    for (const row of rows as any[]) await db.raw(`ALTER TABLE ${q(table)} DROP INDEX ${q(row.n)}`);
    if (keepIndex && rows.length) await addIndex(db, vendor, table, column);
  }
}

/** Whether a table exists. */
export async function hasTable(db: Knex, table: string): Promise<boolean> {
  return db.schema.hasTable(table);
}

/** Rows holding NULL in a column (the check before making it required). */
export async function countNulls(db: Knex, table: string, column: string): Promise<number> {
  const row = await db(table).whereNull(column).count({ n: '*' }).first();
  return Number((row as { n: unknown } | undefined)?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// One schema change, one unit

export interface StepEvent {
  /** 0-based number of the step about to run; equal to the step count at the end of the unit. */
  index: number;
  name: string;
  phase: 'before' | 'end';
}

let failureHook: ((event: StepEvent) => boolean) | null = null;

/**
 * Test seam: `hook` is asked before every step and once at the end of each unit; returning true
 * makes the unit fail there, as a database error would. Pass null to remove it.
 */
export function injectSchemaFailure(hook: ((event: StepEvent) => boolean) | null): void {
  failureHook = hook;
}

/** A schema change in progress: every step runs on `db`, with its undo for MySQL. */
export class SchemaUnit {
  private readonly undos: Array<{ name: string; undo: (db: Knex) => Promise<void> }> = [];
  private count = 0;

  constructor(
    readonly db: Knex.Transaction,
    readonly vendor: Vendor,
  ) {}

  /**
   * Runs one step. `undo` restores what `run` did; it is used on MySQL, where DDL commits
   * implicitly, when a later step fails. A step without undo must be the unit's last one.
   */
  async step<T>(name: string, run: (db: Knex) => Promise<T>, undo?: (db: Knex) => Promise<void>): Promise<T> {
    const index = this.count++;
    if (failureHook?.({ index, name, phase: 'before' }))
      throw new Error(`Injected failure before step ${index} (${name})`);
    const result = await run(this.db);
    if (undo) this.undos.push({ name, undo });
    else this.undos.push({ name, undo: async () => {} });
    return result;
  }

  /** Inserts a row; undone by deleting it. Returns the new id when the table has one. */
  async insertRow(table: string, row: Record<string, unknown>, key = 'id'): Promise<unknown> {
    return this.step(
      `insert ${table}`,
      async (db) => {
        if (key in row) {
          await db(table).insert(row);
          return row[key];
        }
        const result =
          this.vendor === 'postgres' ? await db(table).insert(row, [key]) : await db(table).insert(row);
        const first = result[0] as unknown;
        return typeof first === 'object' && first !== null ? (first as Record<string, unknown>)[key] : first;
      },
      async (db) => {
        const probe = { ...row };
        if (key in probe)
          await db(table)
            .where(key, probe[key] as any)
            .delete();
        else
          await db(table)
            .where(probe as any)
            .delete();
      },
    );
  }

  /** Updates rows; undone by writing their previous values back. */
  async updateRows(
    table: string,
    where: Record<string, unknown>,
    patch: Record<string, unknown>,
    key = 'id',
  ): Promise<void> {
    const before: Array<Record<string, unknown>> = await this.db(table)
      .where(where as any)
      .select('*');
    if (!before.length) return;
    await this.step(
      `update ${table}`,
      async (db) => {
        await db(table)
          .where(where as any)
          .update(patch);
      },
      async (db) => {
        for (const row of before)
          await db(table)
            .where(key, row[key] as any)
            .update(row);
      },
    );
  }

  /** Deletes rows; undone by inserting them again with their ids. */
  async deleteRows(table: string, apply: (qb: Knex.QueryBuilder) => Knex.QueryBuilder): Promise<number> {
    const before: Array<Record<string, unknown>> = await apply(this.db(table)).select('*');
    if (!before.length) return 0;
    await this.step(
      `delete ${table}`,
      async (db) => {
        await apply(db(table)).delete();
      },
      async (db) => {
        await db(table).insert(before);
      },
    );
    return before.length;
  }

  async end(): Promise<void> {
    if (failureHook?.({ index: this.count, name: 'end', phase: 'end' })) {
      throw new Error(`Injected failure at the end of the unit (${this.count} steps)`);
    }
  }

  /** MySQL: undoes the completed steps in reverse order. Errors are collected, not thrown. */
  async compensate(): Promise<Error[]> {
    const errors: Error[] = [];
    for (const { undo } of this.undos.reverse()) {
      try {
        await undo(this.db);
      } catch (error) {
        errors.push(error as Error);
      }
    }
    return errors;
  }
}

const queues = new WeakMap<Knex, Promise<unknown>>();

/**
 * Runs one schema change as a unit. PostgreSQL and SQLite: one transaction (SQLite with foreign
 * keys off on the connection during the copy-table rebuilds, checked before commit). MySQL: DDL
 * commits implicitly, so every completed step is undone in reverse when a later one fails. Changes
 * of one database run one after the other.
 */
export async function runSchemaChange<T>(
  knex: Knex,
  vendor: Vendor,
  work: (unit: SchemaUnit) => Promise<T>,
  onCompensationError?: (errors: Error[]) => void,
): Promise<T> {
  const previous = queues.get(knex) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => runUnit(knex, vendor, work, onCompensationError));
  queues.set(knex, run);
  return run;
}

async function runUnit<T>(
  knex: Knex,
  vendor: Vendor,
  work: (unit: SchemaUnit) => Promise<T>,
  onCompensationError?: (errors: Error[]) => void,
): Promise<T> {
  const body = async (trx: Knex.Transaction) => {
    const unit = new SchemaUnit(trx, vendor);
    try {
      const result = await work(unit);
      await unit.end();
      if (vendor === 'sqlite') {
        const violations: unknown[] = await trx.raw('PRAGMA foreign_key_check');
        if (violations.length) throw new Error('The change would break foreign keys');
      }
      return result;
    } catch (error) {
      if (vendor === 'mysql') {
        const errors = await unit.compensate();
        if (errors.length) onCompensationError?.(errors);
      }
      throw error;
    }
  };
  if (vendor !== 'sqlite') return knex.transaction(body);
  const client = knex.client as {
    acquireConnection(): Promise<any>;
    releaseConnection(c: any): Promise<void>;
  };
  const connection = await client.acquireConnection();
  try {
    await knex.raw('PRAGMA foreign_keys = OFF').connection(connection);
    return await knex.transaction(body, { connection });
  } finally {
    await knex.raw('PRAGMA foreign_keys = ON').connection(connection);
    await client.releaseConnection(connection);
  }
}

export { normaliseDefault };

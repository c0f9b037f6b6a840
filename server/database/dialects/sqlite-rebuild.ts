import type { Knex } from 'knex';
import { constraintName, indexName, uniqueName } from './base';
import type { ColumnSpec, Dialect, ForeignKeyInfo } from './types';

/**
 * SQLite's copy-table rebuild: SQLite cannot alter a column or add a constraint in place, so the
 * table is created anew under a temporary name, the rows copied, the old table dropped and the new
 * one renamed; its indexes are made again and its AUTOINCREMENT counter kept.
 */
export interface SqliteRebuild {
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

interface TableColumn {
  name: string;
  /** The definition text after the name. */
  definition: string;
}

export async function rebuildTable(
  db: Knex,
  dialect: Pick<Dialect, 'quoteId' | 'columnSql' | 'foreignKeys'>,
  table: string,
  change: SqliteRebuild,
): Promise<void> {
  const q = (name: string) => dialect.quoteId(name);
  /** A column's definition without its quoted name. */
  const definitionOf = (spec: ColumnSpec) => dialect.columnSql(spec).slice(q(spec.name).length + 1);
  const master = await db('sqlite_master').where({ type: 'table', name: table }).first();
  if (!master) throw new Error(`No table ${table}`);
  const autoincrement = /\bautoincrement\b/i.test(String(master.sql));
  const info: Array<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }> =
    await db.raw('select * from pragma_table_info(?)', [table]);
  const pkColumns = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
  const drop = new Set(change.dropColumns ?? []);
  const replaced = new Map(
    (change.columns ?? []).filter((c) => c.mode === 'replace').map((c) => [c.spec.name, c.spec]),
  );
  const columns: TableColumn[] = [];
  const copied: string[] = [];
  for (const col of info) {
    if (drop.has(col.name)) continue;
    copied.push(col.name);
    const spec = replaced.get(col.name);
    if (spec) {
      columns.push({ name: col.name, definition: definitionOf(spec) });
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
    columns.push({ name: add.spec.name, definition: definitionOf(add.spec) });
  }
  const dropFkOn = new Set([...(change.dropForeignKeysOn ?? []), ...drop]);
  const fks = [
    ...(await dialect.foreignKeys(db, table)).filter((fk) => !dropFkOn.has(fk.column)),
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

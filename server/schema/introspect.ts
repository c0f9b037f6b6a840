import type { Knex } from 'knex';
import type { Vendor } from '../config';

/** One column as the database reports it, normalised across vendors. */
export interface ColumnIntrospection {
  table: string;
  column: string;
  /** Lower-case datatype without length, e.g. `varchar`, `int`, `timestamp without time zone`. */
  datatype: string;
  length: number | null;
  precision: number | null;
  scale: number | null;
  nullable: boolean;
  defaultValue: unknown;
  primaryKey: boolean;
  autoIncrement: boolean;
}

/** Tables that are Octavo's own bookkeeping, not content. */
const INTERNAL_TABLE = /^octavo_/;

/** Reads every table and column of the connected database (vendor differences stay in here). */
export async function introspectDatabase(
  knex: Knex,
  vendor: Vendor,
): Promise<Map<string, ColumnIntrospection[]>> {
  const columns =
    vendor === 'sqlite'
      ? await introspectSqlite(knex)
      : vendor === 'mysql'
        ? await introspectMysql(knex)
        : await introspectPostgres(knex);
  const tables = new Map<string, ColumnIntrospection[]>();
  for (const column of columns) {
    if (INTERNAL_TABLE.test(column.table)) continue;
    const list = tables.get(column.table) ?? [];
    list.push(column);
    tables.set(column.table, list);
  }
  return tables;
}

/** Splits `varchar(255)` / `decimal(10, 2)` into a name and its numbers. */
function splitType(raw: string): { datatype: string; args: number[] } {
  const match = /^([^(]*)(?:\((.*)\))?(.*)$/.exec(raw.trim().toLowerCase())!;
  const datatype = `${match[1].trim()}${match[3] ? ` ${match[3].trim()}` : ''}`.trim();
  const args = (match[2] ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isFinite(n));
  return { datatype: datatype.replace(/\s+unsigned$/, '').replace(/\s+/g, ' '), args };
}

/** Turns a default as the database prints it (`'draft'`, `'x'::character varying`, `NULL`) into a value. */
export function normaliseDefault(raw: unknown): unknown {
  if (raw === null || raw === undefined) return null;
  if (typeof raw !== 'string') return raw;
  let text = raw.trim();
  if (/^null$/i.test(text)) return null;
  if (/^nextval\(/i.test(text)) return null;
  text = text.replace(/::[a-z ]+(\[\])?$/i, '');
  const quoted = /^'(.*)'$/s.exec(text);
  if (quoted) return quoted[1].replace(/''/g, "'");
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (/^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
  return text;
}

async function introspectSqlite(knex: Knex): Promise<ColumnIntrospection[]> {
  const tables: Array<{ name: string; sql: string }> = await knex('sqlite_master')
    .select('name', 'sql')
    .where('type', 'table')
    .andWhereNot('name', 'like', 'sqlite_%');
  const result: ColumnIntrospection[] = [];
  for (const table of tables) {
    const info: Array<{ name: string; type: string; notnull: number; dflt_value: unknown; pk: number }> =
      await knex.raw('select * from pragma_table_info(?)', [table.name]);
    const pkCount = info.filter((c) => c.pk > 0).length;
    for (const column of info) {
      const { datatype, args } = splitType(column.type || 'text');
      const primaryKey = column.pk > 0;
      result.push({
        table: table.name,
        column: column.name,
        datatype,
        length: datatype.includes('char') ? (args[0] ?? null) : null,
        precision: /dec|num/.test(datatype) ? (args[0] ?? null) : null,
        scale: /dec|num/.test(datatype) ? (args[1] ?? null) : null,
        nullable: column.notnull === 0 && !primaryKey,
        defaultValue: normaliseDefault(column.dflt_value),
        primaryKey,
        // An INTEGER PRIMARY KEY is the rowid alias: SQLite numbers it.
        autoIncrement: primaryKey && pkCount === 1 && datatype === 'integer',
      });
    }
  }
  return result;
}

async function introspectMysql(knex: Knex): Promise<ColumnIntrospection[]> {
  const [rows] = await knex.raw(
    `select c.TABLE_NAME as tbl, c.COLUMN_NAME as col, c.DATA_TYPE as dt, c.COLUMN_TYPE as ct,
            c.IS_NULLABLE as nl, c.COLUMN_DEFAULT as df, c.CHARACTER_MAXIMUM_LENGTH as len,
            c.NUMERIC_PRECISION as prec, c.NUMERIC_SCALE as scale, c.COLUMN_KEY as ck, c.EXTRA as extra
       from information_schema.COLUMNS c
       join information_schema.TABLES t on t.TABLE_SCHEMA = c.TABLE_SCHEMA and t.TABLE_NAME = c.TABLE_NAME
      where c.TABLE_SCHEMA = database() and t.TABLE_TYPE = 'BASE TABLE'
      order by c.TABLE_NAME, c.ORDINAL_POSITION`,
  );
  return (rows as any[]).map((row) => {
    const datatype = String(row.dt).toLowerCase();
    const columnType = String(row.ct).toLowerCase();
    return {
      table: row.tbl,
      column: row.col,
      // tinyint(1) is how MySQL spells a boolean column; keep the width so casting can tell.
      datatype: datatype === 'tinyint' && columnType.startsWith('tinyint(1)') ? 'tinyint(1)' : datatype,
      length: row.len === null ? null : Number(row.len),
      precision: row.prec === null ? null : Number(row.prec),
      scale: row.scale === null ? null : Number(row.scale),
      nullable: row.nl === 'YES',
      defaultValue: normaliseDefault(row.df),
      primaryKey: row.ck === 'PRI',
      autoIncrement: /auto_increment/i.test(String(row.extra ?? '')),
    };
  });
}

async function introspectPostgres(knex: Knex): Promise<ColumnIntrospection[]> {
  const { rows } = await knex.raw(
    `select c.table_name as tbl, c.column_name as col, c.data_type as dt, c.udt_name as udt,
            c.is_nullable as nl, c.column_default as df, c.character_maximum_length as len,
            c.numeric_precision as prec, c.numeric_scale as scale, c.is_identity as ident,
            exists (
              select 1 from information_schema.table_constraints tc
                join information_schema.key_column_usage k
                  on k.constraint_name = tc.constraint_name and k.table_schema = tc.table_schema
                 and k.table_name = tc.table_name
               where tc.constraint_type = 'PRIMARY KEY' and tc.table_schema = c.table_schema
                 and tc.table_name = c.table_name and k.column_name = c.column_name
            ) as pk
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`,
  );
  return (rows as any[]).map((row) => {
    let datatype = String(row.dt).toLowerCase();
    if (datatype === 'user-defined' || datatype === 'array') datatype = String(row.udt).toLowerCase();
    const df = row.df === null ? null : String(row.df);
    return {
      table: row.tbl,
      column: row.col,
      datatype,
      length: row.len === null ? null : Number(row.len),
      precision: row.prec === null ? null : Number(row.prec),
      scale: row.scale === null ? null : Number(row.scale),
      nullable: row.nl === 'YES',
      defaultValue: normaliseDefault(df),
      primaryKey: row.pk === true,
      autoIncrement: row.ident === 'YES' || (df !== null && /^nextval\(/i.test(df)),
    };
  });
}

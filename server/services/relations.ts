import type { Accountability, ProjectContext } from '../context';
import { ApiError } from '../errors';
import type { ForeignKeyInfo } from '../database/dialects';
import type { SchemaUnit } from '../database/schema-change';
import { parseQuery, readItems, type ReadResult } from '../query';
import { loadSchema, schemaCache } from '../schema';
import { readableCollections, requireAdmin, runProjectChange } from './fields';

export type RelationObject = Record<string, unknown>;

const TABLE = 'directus_relations';
const COLUMNS = ['collection_many', 'field_many', 'collection_one', 'field_one', 'junction_field'] as const;
/** `collection_one` values v8 refuses (401 code 201). */
const RESTRICTED = ['directus_activity', 'directus_collections', 'directus_fields', 'directus_relations'];

async function assertCanRead(project: ProjectContext, who: Accountability): Promise<void> {
  if (who.admin || who.user != null) return;
  const readable = await readableCollections(project, who);
  if (readable && !readable.has(TABLE)) throw new ApiError('UNAUTHORIZED');
}

/** `GET /relations` with the list query (filter, sort, limit, fields, meta…). */
export async function listRelations(
  project: ProjectContext,
  who: Accountability,
  query: Record<string, unknown>,
): Promise<ReadResult> {
  await assertCanRead(project, who);
  const schema = await schemaCache.get(project);
  return readItems(
    { knex: project.knex, vendor: project.vendor, schema, defaultLimit: -1 },
    TABLE,
    parseQuery(query),
  );
}

/** `GET /relations/:id[,id]`. */
export async function readRelations(
  project: ProjectContext,
  who: Accountability,
  ids: number[],
): Promise<RelationObject[]> {
  await assertCanRead(project, who);
  const rows: RelationObject[] = await project.knex(TABLE).whereIn('id', ids).select('*');
  return ids.map((id) => {
    const row = rows.find((r) => Number(r.id) === id);
    if (!row) throw new ApiError('ITEM_NOT_FOUND', `Relation ${id} not found`);
    return { ...row, id: Number(row.id) };
  });
}

function relationBody(raw: unknown, partial: boolean): Record<string, string | null> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new ApiError('INVALID_PAYLOAD');
  const body = raw as Record<string, unknown>;
  const out: Record<string, string | null> = {};
  for (const key of COLUMNS) {
    if (!(key in body)) continue;
    const value = body[key];
    if (value !== null && typeof value !== 'string')
      throw new ApiError('INVALID_REQUEST', `${key}: This value should be of type string.`);
    out[key] = value === '' ? null : (value as string | null);
  }
  if (!partial) {
    for (const key of ['collection_many', 'field_many'] as const) {
      if (!out[key]) throw new ApiError('INVALID_REQUEST', `${key}: This value should not be blank.`);
    }
  } else {
    for (const key of ['collection_many', 'field_many'] as const) {
      if (key in out && !out[key])
        throw new ApiError('INVALID_REQUEST', `${key}: This value should not be blank.`);
    }
  }
  if (out.collection_one && RESTRICTED.includes(out.collection_one)) {
    throw new ApiError(
      'FORBIDDEN_SYSTEM_TABLE_ACCESS',
      `Relations to "${out.collection_one}" are not allowed`,
    );
  }
  return out;
}

/**
 * The foreign key a relation row asks for, when the vendor and the data allow one: the column and
 * the target's key must have the same datatype (and sign on MySQL) and no row may point nowhere.
 * Nullable columns set NULL when the target goes, junction rows are deleted with it.
 */
async function plannedForeignKey(
  unit: SchemaUnit,
  row: Record<string, string | null>,
): Promise<ForeignKeyInfo | null> {
  const many = row.collection_many!;
  const column = row.field_many!;
  const one = row.collection_one;
  if (!one || many.startsWith('directus_')) return null;
  const model = await loadSchema(unit.db, unit.dialect.vendor);
  const manyInfo = model.collections.get(many);
  const oneInfo = model.collections.get(one);
  const field = manyInfo?.fields.get(column);
  if (!manyInfo || !oneInfo || !field || field.alias || field.primaryKey) return null;
  const from = await unit.dialect.currentColumn(unit.db, many, column);
  const to = await unit.dialect.currentColumn(unit.db, one, oneInfo.primaryKey);
  if (!from || !to || !to.primaryKey) return null;
  // Only MySQL reports unsigned columns; a key and its target must agree on it.
  if (from.datatype !== to.datatype || from.unsigned !== to.unsigned) return null;
  if ((await unit.dialect.foreignKeys(unit.db, many)).some((fk) => fk.column === column)) return null;
  const orphans = await unit
    .db(many)
    .whereNotNull(column)
    .whereNotIn(column, unit.db(one).select(oneInfo.primaryKey))
    .count({ n: '*' })
    .first();
  if (Number((orphans as { n: unknown } | undefined)?.n ?? 0) > 0) return null;
  return {
    name: null,
    table: many,
    column,
    refTable: one,
    refColumn: oneInfo.primaryKey,
    onDelete: row.junction_field ? 'CASCADE' : from.nullable ? 'SET NULL' : 'NO ACTION',
  };
}

export async function addKeyStep(unit: SchemaUnit, row: Record<string, string | null>): Promise<void> {
  const fk = await plannedForeignKey(unit, row);
  if (!fk) return;
  await unit.step(
    `add foreign key ${fk.table}.${fk.column}`,
    (db) => unit.dialect.addForeignKey(db, fk),
    (db) => unit.dialect.dropForeignKey(db, fk.table, fk.column),
  );
}

/** Drops the foreign key of a column no relation row describes any more. */
async function dropKeyStep(unit: SchemaUnit, table: string, column: string): Promise<void> {
  const still = await unit.db(TABLE).where({ collection_many: table, field_many: column }).first();
  if (still) return;
  const hasTable = await unit.db.schema.hasTable(table);
  if (!hasTable) return;
  const existing = (await unit.dialect.foreignKeys(unit.db, table)).find((fk) => fk.column === column);
  if (!existing) return;
  await unit.step(
    `drop foreign key ${table}.${column}`,
    (db) => unit.dialect.dropForeignKey(db, table, column),
    (db) => unit.dialect.addForeignKey(db, existing),
  );
}

/** `POST /relations` (one object or an array). Returns the created rows in order. */
export async function createRelations(
  project: ProjectContext,
  who: Accountability,
  raw: unknown,
): Promise<RelationObject[]> {
  requireAdmin(who);
  const bodies = (Array.isArray(raw) ? raw : [raw]).map((item) => relationBody(item, false));
  if (!bodies.length) throw new ApiError('INVALID_PAYLOAD');
  const ids = await runProjectChange(project, async (unit) => {
    const created: number[] = [];
    for (const body of bodies) {
      const row = { field_one: null, collection_one: null, junction_field: null, ...body };
      created.push(Number(await unit.insertRow(TABLE, row)));
      await addKeyStep(unit, row);
    }
    return created;
  });
  return readRelations(project, who, ids);
}

/** `PATCH /relations/:id[,id]`: one body for each. */
export async function updateRelations(
  project: ProjectContext,
  who: Accountability,
  ids: number[],
  raw: unknown,
): Promise<RelationObject[]> {
  requireAdmin(who);
  const patch = relationBody(raw, true);
  await runProjectChange(project, async (unit) => {
    for (const id of ids) {
      const before = await unit.db(TABLE).where('id', id).first();
      if (!before) throw new ApiError('ITEM_NOT_FOUND', `Relation ${id} not found`);
      if (!Object.keys(patch).length) continue;
      await unit.updateRows(TABLE, { id }, patch);
      const after = { ...before, ...patch } as Record<string, string | null>;
      const keyChanged = ['collection_many', 'field_many', 'collection_one', 'junction_field'].some(
        (k) => (before[k] ?? null) !== (after[k] ?? null),
      );
      if (keyChanged) {
        await dropKeyStep(unit, before.collection_many, before.field_many);
        // The old key may still be there when another row describes the same column.
        await addKeyStep(unit, after);
      }
    }
  });
  return readRelations(project, who, ids);
}

/** `DELETE /relations/:id[,id]`. */
export async function deleteRelations(
  project: ProjectContext,
  who: Accountability,
  ids: number[],
): Promise<void> {
  requireAdmin(who);
  await runProjectChange(project, async (unit) => {
    for (const id of ids) {
      const row = await unit.db(TABLE).where('id', id).first();
      if (!row) throw new ApiError('ITEM_NOT_FOUND', `Relation ${id} not found`);
      await unit.deleteRows(TABLE, (qb) => qb.where('id', id));
      await dropKeyStep(unit, row.collection_many, row.field_many);
    }
  });
}

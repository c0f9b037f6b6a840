import Papa from 'papaparse';
import type { Knex } from 'knex';
import type { Accountability, ProjectContext } from '../context';
import { ApiError, isApiError } from '../errors';
import type { Item } from '../query/execute-read';
import type { FilterNode, Query } from '../query/types';
import type { CollectionInfo, FieldInfo, SchemaModel } from '../schema/types';
import { emitItemEvent } from './events';
import { ItemsService, type ItemsServiceOptions, type PrimaryKey } from './items';

/*
 * Export and import of a collection's items (an Octavo addition to the Directus 8 API, see
 * docs/compatibility.md): the export pages through the caller's view of the collection with the
 * read path of the items engine, the import creates rows through its write path.
 */

export type ExportFormat = 'csv' | 'json';

/** Rows read per page of an export: each page is one bounded read of the items engine. */
export const EXPORT_PAGE_SIZE = 1000;

/** `format` of an export request; anything but csv / json → 400 code 1100. */
export function exportFormatOf(raw: unknown): ExportFormat {
  const value = typeof raw === 'string' ? raw.trim().toLowerCase() : raw === undefined ? 'csv' : null;
  if (value === 'csv' || value === 'json') return value;
  throw new ApiError(
    'EXPORT_FORMAT_INVALID',
    `Unknown export format ${JSON.stringify(raw)}; use csv or json`,
  );
}

/** `<collection>-<yyyy-mm-dd>.<format>`, the download's file name. */
export function exportFileName(collection: string, format: ExportFormat, now = new Date()): string {
  // Only characters that need no quoting in a Content-Disposition header.
  const name = collection.replace(/[^A-Za-z0-9._-]/g, '_');
  return `${name}-${now.toISOString().slice(0, 10)}.${format}`;
}

export interface ExportStream {
  /** The media type of the body. */
  contentType: string;
  /** The body's chunks, read page by page while the consumer pulls. */
  chunks: AsyncGenerator<string>;
}

/**
 * The whole result of `query` (search, filters, status, sort, fields; `limit`, `offset`, `page`
 * and `single` do not apply) as CSV or JSON text. The first page is read before this returns, so
 * a bad query or missing permission fails as an ordinary error before anything is sent; later
 * pages are read as the consumer pulls the chunks, one bounded read each.
 */
export async function exportItems(
  project: ProjectContext,
  accountability: Accountability,
  collection: string,
  query: Query,
  format: ExportFormat,
): Promise<ExportStream> {
  if (query.sort?.some((spec) => 'random' in spec)) {
    // Pages of a random order would repeat and miss items.
    throw new ApiError('INVALID_REQUEST', 'An export cannot be sorted at random');
  }
  const service = new ItemsService(project, accountability, { collection });
  const [schema, info, permissions] = await Promise.all([
    service.schema(),
    service.info(),
    service.permissions(),
  ]);
  const pages = readPages(service, info, query, permissions.readableFields(collection));
  const first = await pages.next();
  const firstRows = first.done ? [] : first.value;
  const rest = async function* () {
    if (first.done) return;
    yield firstRows;
    yield* pages;
  };
  if (format === 'json')
    return { contentType: 'application/json; charset=utf-8', chunks: jsonChunks(rest()) };
  const columns = firstRows.length
    ? Object.keys(firstRows[0])
    : columnsOf(info, query.fields, permissions.readableFields(collection));
  return {
    contentType: 'text/csv; charset=utf-8',
    chunks: csvChunks(rest(), columns, schema, info),
  };
}

/** Whether the read's order is the primary key alone, so pages can follow the last key seen. */
function sortedByKeyOnly(info: CollectionInfo, query: Query, readable: ReadonlySet<string> | '*') {
  const canRead = (field: string) => readable === '*' || readable.has(field);
  if (!canRead(info.primaryKey)) return null;
  if (query.sort === null || query.sort.length === 0) {
    // The default order is the collection's sort field when the caller may read it.
    if (info.sortField && canRead(info.sortField)) return null;
    return 'asc' as const;
  }
  if (query.sort.length !== 1) return null;
  const [spec] = query.sort;
  if ('random' in spec || spec.field !== info.primaryKey) return null;
  return spec.order;
}

/**
 * Pages of the result. Ordered by the primary key alone, each page starts after the last key of
 * the one before (keyset), so reading a million rows costs the same per page; any other order
 * pages by offset (the primary key breaks ties, so pages neither overlap nor skip).
 */
async function* readPages(
  service: ItemsService,
  info: CollectionInfo,
  query: Query,
  readable: ReadonlySet<string> | '*',
): AsyncGenerator<Item[]> {
  const pageSize = Math.max(1, Math.min(EXPORT_PAGE_SIZE, service.project.server.maxQueryRows));
  const direction = sortedByKeyOnly(info, query, readable);
  const pk = info.primaryKey;
  let fields = query.fields;
  let dropKey = false;
  if (direction && fields && !fields.some((f) => f === '*' || f === pk)) {
    fields = [...fields, pk];
    dropKey = true;
  }
  const base: Query = { ...query, fields, single: false, limit: pageSize, page: null, meta: [] };
  let offset = 0;
  let after: unknown = undefined;
  for (;;) {
    let filter: FilterNode | null = query.filter;
    if (direction && after !== undefined) {
      const next: FilterNode = {
        kind: 'condition',
        path: [pk],
        operator: direction === 'asc' ? 'gt' : 'lt',
        value: after as string | number,
      };
      filter = filter ? { kind: 'and', children: [filter, next] } : next;
    }
    const result = await service.readMany({ ...base, filter, offset: direction ? 0 : offset });
    const rows = (Array.isArray(result.data) ? result.data : []) as Item[];
    if (rows.length === 0) return;
    after = rows[rows.length - 1][pk];
    offset += rows.length;
    if (dropKey) for (const row of rows) delete row[pk];
    yield rows;
    if (rows.length < pageSize) return;
  }
}

/** The top-level columns a query names, for the header of an empty CSV export. */
function columnsOf(info: CollectionInfo, fields: string[] | null, readable: ReadonlySet<string> | '*') {
  const canRead = (field: string) => readable === '*' || readable.has(field);
  const columns: string[] = [];
  const add = (name: string) => {
    if (!columns.includes(name) && info.fields.has(name) && canRead(name)) columns.push(name);
  };
  for (const path of fields ?? ['*']) {
    const head = path.split('.')[0];
    if (head === '*') for (const field of info.fields.values()) add(field.field);
    else add(head);
  }
  return columns;
}

async function* jsonChunks(pages: AsyncGenerator<Item[]>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const rows of pages) {
    const text = rows.map((row) => JSON.stringify(row)).join(',');
    yield first ? text : `,${text}`;
    first = false;
  }
  yield ']\n';
}

async function* csvChunks(
  pages: AsyncGenerator<Item[]>,
  columns: string[],
  schema: SchemaModel,
  info: CollectionInfo,
): AsyncGenerator<string> {
  yield `${Papa.unparse([columns.map(formulaSafe)], { newline: '\r\n' })}\r\n`;
  for await (const rows of pages) {
    const data = rows.map((row) =>
      columns.map((column) => csvCell(row[column], info.fields.get(column), schema)),
    );
    yield `${Papa.unparse(data, { newline: '\r\n' })}\r\n`;
  }
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, return first) gets a
 * leading apostrophe; numbers keep their sign. The import removes the apostrophe again.
 */
export function formulaSafe(text: string): string {
  return /^[=+\-@\t\r]/.test(text) && !NUMBER.test(text) ? `'${text}` : text;
}

function keyOfRelated(schema: SchemaModel, collection: string | null, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !collection) return value;
  const pk = schema.collections.get(collection)?.primaryKey;
  const key = pk ? (value as Item)[pk] : undefined;
  return key === undefined ? value : key;
}

/**
 * One value as a CSV cell: scalars as they are, a related item as its key, a to-many list as the
 * JSON list of its related keys, an `array` field as its comma-separated values, other objects
 * (JSON fields) as JSON.
 */
export function csvCell(value: unknown, field: FieldInfo | undefined, schema: SchemaModel): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return formulaSafe(value);
  if (typeof value !== 'object') return value;
  const relation = field?.relation;
  if (Array.isArray(value)) {
    if (field?.type === 'array' && value.every((entry) => typeof entry !== 'object'))
      return formulaSafe(value.join(','));
    if (relation && relation.kind !== 'm2o') {
      const keys = value.map((entry) =>
        relation.junction
          ? keyOfRelated(
              schema,
              relation.junction.collection,
              (entry as Item | null)?.[relation.junction.field] ?? entry,
            )
          : keyOfRelated(schema, relation.collection, entry),
      );
      return JSON.stringify(keys);
    }
    return JSON.stringify(value);
  }
  if (relation?.kind === 'm2o') {
    const key = keyOfRelated(schema, relation.collection, value);
    if (key === null || typeof key !== 'object') return typeof key === 'string' ? formulaSafe(key) : key;
  }
  return JSON.stringify(value);
}

/* ---------------------------------------------------------------- import */

export interface ImportOptions {
  /** Validate every row (permissions, validation, hooks) and write nothing. */
  dryRun: boolean;
  /** Write the rows that pass and report the others, instead of all or nothing. */
  skipRejected: boolean;
}

export interface ImportRejection {
  /** The row's position in the import, from 1. */
  row: number;
  /** The field the error names, when it names one. */
  field: string | null;
  code: number;
  message: string;
}

export interface ImportReport {
  /** Rows in the import. */
  total: number;
  /** Rows written (0 for a dry run and for an all-or-nothing import with rejections). */
  imported: number;
  /** Rows that passed (were or would be written). */
  valid: number;
  /** The keys of the rows written. */
  keys: PrimaryKey[];
  rejected: ImportRejection[];
  dry_run: boolean;
}

/** Raised to roll the import's transaction back once every row has been tried. */
class RollBack extends Error {}

/** The field an error message names: `title: …`, `"title"` or `` `title` ``, if it is one of the collection's. */
function fieldNamed(info: CollectionInfo, message: string): string | null {
  const lead = /^([A-Za-z0-9_]+):\s/.exec(message);
  if (lead && info.fields.has(lead[1])) return lead[1];
  for (const match of message.matchAll(/["`]([A-Za-z0-9_]+)["`]/g)) {
    if (info.fields.has(match[1]) && match[1] !== info.collection) return match[1];
  }
  return null;
}

/** Removes the apostrophe that `formulaSafe` put before text a spreadsheet would run. */
function unescapeCell(value: unknown): unknown {
  return typeof value === 'string' && /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/**
 * Creates `rows` in `collection` through the items engine's create path (permissions, validation,
 * hooks, activity and revisions), each row in a savepoint of one transaction. Every row is tried so
 * the report names all rejections. All or nothing by default: one rejection rolls everything back
 * and answers 422 code 1102 with the report; with `skipRejected` the valid rows are written; a dry
 * run always rolls back. Item events are emitted after commit.
 */
export async function importItems(
  project: ProjectContext,
  accountability: Accountability,
  collection: string,
  rows: unknown,
  options: ImportOptions,
): Promise<ImportReport> {
  const root = new ItemsService(project, accountability, { collection });
  const info = await root.info();
  // Loaded before the transaction: SQLite has one connection, which the transaction then holds.
  await root.permissions();
  if (!Array.isArray(rows) || rows.length === 0) {
    throw new ApiError('INVALID_PAYLOAD', '`rows` must be a non-empty list of items');
  }
  const max = project.server.importMaxRows;
  if (rows.length > max) {
    throw new ApiError(
      'IMPORT_TOO_MANY_ROWS',
      `The import holds ${rows.length} rows; at most ${max} are allowed`,
    );
  }
  const report: ImportReport = {
    total: rows.length,
    imported: 0,
    valid: 0,
    keys: [],
    rejected: [],
    dry_run: options.dryRun,
  };
  const events: NonNullable<ItemsServiceOptions['events']> = [];
  try {
    await project.knex.transaction(async (trx: Knex.Transaction) => {
      for (let index = 0; index < rows.length; index++) {
        const raw = rows[index];
        const row =
          raw !== null && typeof raw === 'object' && !Array.isArray(raw)
            ? Object.fromEntries(Object.entries(raw as Item).map(([k, v]) => [k, unescapeCell(v)]))
            : raw;
        const rowEvents: typeof events = [];
        try {
          const keys = await trx.transaction(async (savepoint) => {
            const service = new ItemsService(project, accountability, {
              collection,
              trx: savepoint,
              events: rowEvents,
            });
            return service.create(row);
          });
          report.valid++;
          report.keys.push(...keys);
          events.push(...rowEvents);
        } catch (error) {
          if (!isApiError(error)) throw error;
          report.rejected.push({
            row: index + 1,
            field: fieldNamed(info, error.message),
            code: error.code,
            message: error.message,
          });
        }
      }
      if (options.dryRun || (report.rejected.length > 0 && !options.skipRejected)) throw new RollBack();
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
    report.keys = [];
    if (!options.dryRun) {
      throw new ApiError(
        'IMPORT_REJECTED',
        `${report.rejected.length} of ${report.total} rows were rejected; nothing was imported`,
        { report },
      );
    }
    return report;
  }
  report.imported = report.keys.length;
  for (const event of events) emitItemEvent({ ...event, project, accountability });
  return report;
}

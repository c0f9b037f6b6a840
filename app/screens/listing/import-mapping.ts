import type { FieldDefinition } from '../../../engine/types';

/**
 * The CSV import's rules, without React: which fields a column may go to, the automatic match by
 * name, the per-column type check and the rows sent to the server.
 */

/** Fields the server fills or that hold no column of their own: never import targets. */
const NOT_IMPORTED = new Set([
  'alias',
  'o2m',
  'translation',
  'group',
  'binary',
  'owner',
  'user_updated',
  'datetime_created',
  'datetime_updated',
]);

/** How a cell is read for a field. */
export type CellKind = 'integer' | 'decimal' | 'boolean' | 'date' | 'datetime' | 'time' | 'json' | 'text';

const KIND_OF_TYPE: Record<string, CellKind> = {
  integer: 'integer',
  sort: 'integer',
  decimal: 'decimal',
  boolean: 'boolean',
  date: 'date',
  datetime: 'datetime',
  time: 'time',
  json: 'json',
};

export function cellKind(field: FieldDefinition): CellKind {
  return KIND_OF_TYPE[String(field.type).toLowerCase()] ?? 'text';
}

function isOn(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}

/** The fields a CSV column may be imported into: writable on a new item and stored in a column. */
export function importTargets(fields: FieldDefinition[], writable: Set<string>): FieldDefinition[] {
  return fields.filter(
    (field) => writable.has(field.field) && !NOT_IMPORTED.has(String(field.type).toLowerCase()),
  );
}

function normalise(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Each column's field, matched by name (`Published On`, `published_on` and `publishedOn` all match
 * `published_on`; so does the field's label). A numeric primary key is left out unless chosen by
 * hand: new items get new keys. A field goes to one column at most, the first that names it.
 */
export function autoMatch(
  columns: string[],
  targets: FieldDefinition[],
  labelOf: (field: FieldDefinition) => string = (field) => field.name ?? field.field,
): Array<string | null> {
  const used = new Set<string>();
  return columns.map((column) => {
    const wanted = normalise(column);
    if (!wanted) return null;
    const match = targets.find(
      (field) =>
        !used.has(field.field) &&
        (normalise(field.field) === wanted || normalise(labelOf(field)) === wanted) &&
        !(isOn(field.primary_key) && ['integer', 'decimal'].includes(cellKind(field))),
    );
    if (!match) return null;
    used.add(match.field);
    return match.field;
  });
}

export type Converted = { ok: true; value: unknown } | { ok: false };

const TRUE = new Set(['true', '1', 'yes', 'y', 'on', 't']);
const FALSE = new Set(['false', '0', 'no', 'n', 'off', 'f']);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const TIME = /^\d{2}:\d{2}(:\d{2})?$/;

function validDate(text: string): boolean {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * One cell for its field: numbers and booleans become values of their type, dates, times and JSON
 * are checked and kept as text; anything that does not fit is `{ ok: false }`. An empty cell is
 * `undefined` (left out, so the field's default applies).
 */
export function convertCell(raw: string, field: FieldDefinition): Converted {
  const text = raw.trim();
  if (text === '') return { ok: true, value: undefined };
  switch (cellKind(field)) {
    case 'integer':
      return /^[+-]?\d+$/.test(text) && Number.isSafeInteger(Number(text))
        ? { ok: true, value: Number(text) }
        : { ok: false };
    case 'decimal':
      return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)
        ? { ok: true, value: Number(text) }
        : { ok: false };
    case 'boolean': {
      const lower = text.toLowerCase();
      if (TRUE.has(lower)) return { ok: true, value: true };
      if (FALSE.has(lower)) return { ok: true, value: false };
      return { ok: false };
    }
    case 'date':
      return DATE.test(text) && validDate(text) ? { ok: true, value: text } : { ok: false };
    case 'datetime':
      return DATETIME.test(text) && validDate(text) ? { ok: true, value: text } : { ok: false };
    case 'time':
      return TIME.test(text) ? { ok: true, value: text.length === 5 ? `${text}:00` : text } : { ok: false };
    case 'json':
      // Checked here, sent as text: the server stores JSON text as it is.
      try {
        JSON.parse(text);
        return { ok: true, value: text };
      } catch {
        return { ok: false };
      }
    default:
      // Text as it is (spaces included); a spreadsheet's formula guard is removed by the server.
      return { ok: true, value: raw };
  }
}

export interface ColumnCheck {
  column: number;
  field: string;
  kind: CellKind;
  /** How many cells do not fit the field's type. */
  invalid: number;
  /** The first rows (from 1) with a cell that does not fit. */
  rows: number[];
  /** For a required field without a default: how many cells are empty, and the first of their rows. */
  blank: number;
  blankRows: number[];
}

/** Whether a new item must bring a value for the field (required, no default). */
export function needsValue(field: FieldDefinition): boolean {
  return (
    isOn(field.required) &&
    !isOn(field.primary_key) &&
    (field.default_value === null || field.default_value === undefined)
  );
}

/** The type check of every mapped column over the data rows. */
export function checkColumns(
  data: string[][],
  mapping: Array<string | null>,
  fields: Map<string, FieldDefinition>,
  keep = 5,
): ColumnCheck[] {
  const checks: ColumnCheck[] = [];
  mapping.forEach((name, column) => {
    const field = name ? fields.get(name) : undefined;
    if (!field) return;
    const check: ColumnCheck = {
      column,
      field: field.field,
      kind: cellKind(field),
      invalid: 0,
      rows: [],
      blank: 0,
      blankRows: [],
    };
    const required = needsValue(field);
    data.forEach((cells, index) => {
      const converted = convertCell(cells[column] ?? '', field);
      if (converted.ok && converted.value === undefined && required) {
        check.blank++;
        if (check.blankRows.length < keep) check.blankRows.push(index + 1);
      }
      if (converted.ok) return;
      check.invalid++;
      if (check.rows.length < keep) check.rows.push(index + 1);
    });
    checks.push(check);
  });
  return checks;
}

/**
 * The items to send: each row's mapped cells, converted where they fit their type and sent as
 * written where they do not (the server's verdict names them). Empty cells are left out.
 */
export function buildRows(
  data: string[][],
  mapping: Array<string | null>,
  fields: Map<string, FieldDefinition>,
): Array<Record<string, unknown>> {
  return data.map((cells) => {
    const item: Record<string, unknown> = {};
    mapping.forEach((name, column) => {
      const field = name ? fields.get(name) : undefined;
      if (!field) return;
      const raw = cells[column] ?? '';
      const converted = convertCell(raw, field);
      const value = converted.ok ? converted.value : raw;
      if (value !== undefined) item[field.field] = value;
    });
    return item;
  });
}

/** A parsed CSV file: the header row and the data rows (empty lines dropped). */
export interface ParsedCsv {
  columns: string[];
  data: string[][];
}

/** Splits parsed rows into header and data; an empty file or one without a header is null. */
export function splitHeader(rows: string[][]): ParsedCsv | null {
  const nonEmpty = rows.filter((row) => row.some((cell) => cell.trim() !== ''));
  if (nonEmpty.length === 0) return null;
  const [header, ...data] = nonEmpty;
  const columns = header.map((name, index) => (index === 0 ? name.replace(/^\uFEFF/, '') : name).trim());
  return { columns, data };
}

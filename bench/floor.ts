/**
 * The floor's statements: for each read the benchmark measures, the SQL Octavo runs for it as the
 * benchmark's non-admin role, written out by hand for each vendor (the role's status blacklist and
 * the soft-delete status both leave `deleted` out; a sort breaks ties by key; PostgreSQL puts nulls
 * of a nullable column last with `NULLS LAST`; a search is a case-insensitive LIKE over the readable string and number
 * fields and the o2m comments' ones). The floor server (serve.ts) runs them through the driver as
 * prepared statements, so the figures beside Octavo's are the database's own cost plus
 * `JSON.stringify` on `node:http`.
 *
 * Statements use `?` placeholders; `$n` is substituted for PostgreSQL.
 */
import type { Vendor } from '../server/config';

/** The columns the benchmark role may read (its read blacklist hides `owner`). */
export const COLUMNS = ['id', 'status', 'title', 'body', 'rating', 'author', 'published_on'];
/** The field the "unindexed, then indexed" scenario creates through the API. */
export const SCORE_FIELD = 'score';

export interface FloorStatement {
  /** Runs for the rows; `count` runs after it, when the read also counts. */
  sql: string;
  count?: string;
  /** The bindings, from the request's `v` parameter. */
  params(value: string): unknown[];
}

const VISIBLE = `(t0.status NOT IN ('deleted')) AND (t0.status NOT IN ('deleted') OR t0.status IS NULL)`;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function floorStatements(vendor: Vendor): Record<string, FloorStatement> {
  const cols = (extra: string[] = []) => [...COLUMNS, ...extra].map((c) => `t0.${c}`).join(', ');
  // Nulls last: PostgreSQL sorts them first in a descending order, so a nullable column says
  // `DESC NULLS LAST` (a NOT NULL one, such as published_on, needs nothing).
  const desc = (column: string, nullable: boolean) =>
    vendor === 'postgres' && nullable ? `t0.${column} DESC NULLS LAST` : `t0.${column} DESC`;
  const like = (column: string, text: boolean) =>
    vendor === 'postgres'
      ? `${text ? column : `CAST(${column} AS TEXT)`} ILIKE ? ESCAPE '\\'`
      : // MySQL reads a backslash in a string literal as an escape: the escape character is '\\'.
        `${column} LIKE ? ESCAPE '${vendor === 'mysql' ? '\\\\' : '\\'}'`;
  const search =
    `(${like('t0.id', false)} OR ${like('t0.title', true)} OR ${like('t0.rating', false)} OR t0.id IN ` +
    `(SELECT t1.article FROM comments t1 WHERE t1.article IS NOT NULL AND (${like('t1.id', false)} OR ${like(
      't1.body',
      true,
    )})))`;
  const none = () => [];
  return {
    list: {
      sql: `SELECT ${cols()} FROM articles t0 WHERE ${VISIBLE} ORDER BY t0.id LIMIT 100`,
      params: none,
    },
    one: {
      sql: `SELECT ${cols()} FROM articles t0 WHERE ${VISIBLE} AND t0.id = ?`,
      params: (value) => [Number(value)],
    },
    filtered: {
      sql:
        `SELECT ${cols()} FROM articles t0 WHERE ${VISIBLE} AND (t0.status = 'published') AND ` +
        `(t0.rating >= 3) ORDER BY ${desc('published_on', false)}, t0.id DESC LIMIT 100`,
      params: none,
    },
    search: {
      sql: `SELECT ${cols()} FROM articles t0 WHERE ${VISIBLE} AND ${search} ORDER BY t0.id LIMIT 100`,
      params: (value) => Array(5).fill(`%${escapeLike(value)}%`),
    },
    score: {
      sql:
        `SELECT ${cols([SCORE_FIELD])} FROM articles t0 WHERE ${VISIBLE} AND (t0.status = 'published') ` +
        `ORDER BY ${desc(SCORE_FIELD, true)}, t0.id DESC LIMIT 100`,
      params: none,
    },
    published: {
      sql:
        `SELECT ${cols()} FROM articles t0 WHERE ${VISIBLE} AND (t0.status = 'published') ` +
        `ORDER BY ${desc('published_on', false)}, t0.id DESC LIMIT 100`,
      params: none,
    },
    total: {
      sql: `SELECT ${cols()} FROM articles t0 WHERE ${VISIBLE} ORDER BY t0.id LIMIT 100`,
      count: `SELECT count(*) AS count FROM articles t0 WHERE ${VISIBLE}`,
      params: none,
    },
  };
}

/** `?` → `$1`, `$2`… (PostgreSQL); the statements hold no `?` inside literals. */
export function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

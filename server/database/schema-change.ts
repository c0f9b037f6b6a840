import type { Knex } from 'knex';
import type { Dialect } from './dialects';

/**
 * One schema change, one unit: the steps of a change (DDL and metadata rows) all happen or none
 * does. Where DDL is transactional the unit is one transaction; where it commits implicitly
 * (MySQL), every completed step is undone in reverse when a later one fails.
 */

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

/** A schema change in progress: every step runs on `db`, with its undo where DDL is not transactional. */
export class SchemaUnit {
  private readonly undos: Array<{ name: string; undo: (db: Knex) => Promise<void> }> = [];
  private count = 0;

  constructor(
    readonly db: Knex.Transaction,
    readonly dialect: Dialect,
  ) {}

  /**
   * Runs one step. `undo` restores what `run` did; it is used where DDL commits implicitly, when a
   * later step fails. A step without undo must be the unit's last one.
   */
  async step<T>(name: string, run: (db: Knex) => Promise<T>, undo?: (db: Knex) => Promise<void>): Promise<T> {
    const index = this.count++;
    if (failureHook?.({ index, name, phase: 'before' }))
      throw new Error(`Injected failure before step ${index} (${name})`);
    const result = await run(this.db);
    this.undos.push({ name, undo: undo ?? (async () => {}) });
    return result;
  }

  /**
   * Work that follows the change and cannot fail it (it handles its own errors), such as keeping a
   * search index in step; with its undo where DDL is not transactional. Not a point where a failure
   * is injected: it may come after a step that cannot be undone (a column dropped on MySQL).
   */
  async settle<T>(
    name: string,
    run: (db: Knex) => Promise<T>,
    undo: (db: Knex) => Promise<void>,
  ): Promise<T> {
    const result = await run(this.db);
    this.undos.push({ name, undo });
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
        return this.dialect.insertReturningId(db, table, row, key);
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

  /** Undoes the completed steps in reverse order. Errors are collected, not thrown. */
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

/** Runs one schema change as a unit. Changes of one database run one after the other. */
export async function runSchemaChange<T>(
  knex: Knex,
  dialect: Dialect,
  work: (unit: SchemaUnit) => Promise<T>,
  onCompensationError?: (errors: Error[]) => void,
): Promise<T> {
  const previous = queues.get(knex) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => runUnit(knex, dialect, work, onCompensationError));
  queues.set(knex, run);
  return run;
}

function runUnit<T>(
  knex: Knex,
  dialect: Dialect,
  work: (unit: SchemaUnit) => Promise<T>,
  onCompensationError?: (errors: Error[]) => void,
): Promise<T> {
  return dialect.schemaTransaction(knex, async (trx) => {
    const unit = new SchemaUnit(trx, dialect);
    try {
      const result = await work(unit);
      await unit.end();
      return result;
    } catch (error) {
      if (!dialect.transactionalDdl) {
        const errors = await unit.compensate();
        if (errors.length) onCompensationError?.(errors);
      }
      throw error;
    }
  });
}

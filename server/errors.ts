import catalogue from '../schemas/errors.json' with { type: 'json' };

/** A name from `schemas/errors.json`, e.g. `INVALID_CREDENTIALS`. */
export type ErrorName = string;

interface CatalogueEntry {
  code: number;
  name: string;
  status: number;
  message: string;
}

const byName = new Map<string, CatalogueEntry>(
  (catalogue.errors as CatalogueEntry[]).map((entry) => [entry.name, entry]),
);

/**
 * An error the API reports to its caller as `{ error: { code, message } }` with the HTTP status
 * of the catalogue. Anything thrown that is not an ApiError becomes code null / HTTP 500, and its
 * message is not shown to the caller.
 */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly errorName: string;
  /** Extra members of the error object (e.g. `attributes` for code 107). */
  readonly extra?: Record<string, unknown>;

  constructor(name: ErrorName, message?: string, extra?: Record<string, unknown>) {
    const entry = byName.get(name);
    if (!entry) throw new Error(`Unknown error name ${name}: add it to schemas/errors.json`);
    super(message ?? entry.message);
    this.code = entry.code;
    this.status = entry.status;
    this.errorName = name;
    this.extra = extra;
  }

  toJSON(): { code: number; message: string } & Record<string, unknown> {
    return { code: this.code, message: this.message, ...this.extra };
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export function catalogueEntry(name: ErrorName): CatalogueEntry | undefined {
  return byName.get(name);
}

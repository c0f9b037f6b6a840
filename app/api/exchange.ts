import { itemsPath } from '../paths';
import { ApiRequestError, serializeParams, toApiError, type ApiClient, type Params } from './client';

/**
 * Export and import of a collection's items (`GET items/{c}/export`, `POST items/{c}/import`, Octavo
 * additions to the v8 API). Both go through `fetch` with the session cookie and the project header,
 * like every call of the client: the export's body is a file, not an envelope, and a refused import
 * carries its report beside the error.
 */

export type ExportFormat = 'csv' | 'json';

export interface ExportFile {
  blob: Blob;
  filename: string;
}

function urlOf(api: ApiClient, path: string, params?: Params): string {
  const query = serializeParams(params);
  return `${api.root}${api.project}/${path}${query ? `?${query}` : ''}`;
}

async function failure(response: Response): Promise<ApiRequestError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  return toApiError({ status: response.status, data: body });
}

/** The file name the server gives in Content-Disposition, else `<collection>.<format>`. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  const match = /filename="([^"]+)"/.exec(header);
  return match ? match[1] : fallback;
}

/**
 * The collection's items as the view shows them (`params`: search, filters, sort, fields), as a
 * CSV or JSON file. The server pages through every matching item; the whole file is read here.
 */
export async function exportItems(
  api: ApiClient,
  collection: string,
  format: ExportFormat,
  params: Params,
): Promise<ExportFile> {
  let response: Response;
  try {
    response = await fetch(urlOf(api, `${itemsPath(collection)}/export`, { ...params, format }), {
      credentials: 'same-origin',
      headers: { 'X-Directus-Project': api.project },
    });
  } catch {
    throw new ApiRequestError(-1, 0, 'Network error');
  }
  if (!response.ok) throw await failure(response);
  return { blob: await response.blob(), filename: fileNameOf(response, `${collection}.${format}`) };
}

export interface ImportRejection {
  /** The row's position among the data rows, from 1. */
  row: number;
  field: string | null;
  code: number;
  message: string;
}

export interface ImportReport {
  total: number;
  imported: number;
  valid: number;
  keys: Array<string | number>;
  rejected: ImportRejection[];
  dry_run: boolean;
}

export interface ImportOptions {
  dryRun?: boolean;
  skipRejected?: boolean;
}

/**
 * Creates `rows` in the collection in one transaction. The report comes back whether the rows were
 * written or refused (all or nothing: one rejected row writes none, code 1102); other failures throw.
 */
export async function importItems(
  api: ApiClient,
  collection: string,
  rows: Array<Record<string, unknown>>,
  options: ImportOptions = {},
): Promise<ImportReport> {
  let response: Response;
  try {
    response = await fetch(urlOf(api, `${itemsPath(collection)}/import`), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'X-Directus-Project': api.project },
      body: JSON.stringify({
        rows,
        dry_run: options.dryRun === true,
        skip_rejected: options.skipRejected === true,
      }),
    });
  } catch {
    throw new ApiRequestError(-1, 0, 'Network error');
  }
  if (response.ok) return ((await response.json()) as { data: ImportReport }).data;
  const clone = response.clone();
  try {
    const body = (await response.json()) as { error?: { code?: number; report?: ImportReport } };
    if (body.error?.code === 1102 && body.error.report) return body.error.report;
  } catch {
    // Not JSON: reported below.
  }
  throw await failure(clone);
}

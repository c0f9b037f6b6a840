import redaxios from 'redaxios';

/**
 * The API client of the admin app. The API root comes from the page URL (the part before the `admin`
 * segment, api-v8 §1.2); every call is same-origin and cookie-authenticated, with the project named in the
 * path and in the X-Directus-Project header.
 */

/** '/x/admin/' -> '/x/'; '/admin/' -> '/'; a path without an admin segment keeps its segments. */
export function apiRootFrom(pathname: string): string {
  const segments = pathname.split('/');
  const index = segments.indexOf('admin');
  const before = (index === -1 ? segments : segments.slice(0, index)).filter(Boolean);
  return before.length ? `/${before.join('/')}/` : '/';
}

/** A failed call: `code` is the v8 error code, -1 when the API could not be reached or sent no JSON. */
export class ApiRequestError extends Error {
  code: number;
  status: number;
  constructor(code: number, status: number, message: string) {
    super(message);
    this.name = 'ApiRequestError';
    this.code = code;
    this.status = status;
  }
}

export interface Envelope<T> {
  data: T;
  meta?: Record<string, any>;
  public?: boolean;
  messages?: unknown[];
  /** Some successful answers carry an error beside the data (e.g. 113 on authenticate). */
  error?: { code: number; message: string };
}

export type Params = Record<string, unknown>;

export interface ApiClient {
  readonly root: string;
  readonly project: string;
  /** `path` is relative to `${root}${project}/`; a path starting with '/' is relative to the root instead. */
  /** `headers` adds request headers (e.g. the administrators' role preview, api/roles.ts). */
  get<T = any>(path: string, params?: Params, headers?: Record<string, string>): Promise<Envelope<T>>;
  post<T = any>(path: string, body?: unknown, params?: Params): Promise<Envelope<T>>;
  patch<T = any>(path: string, body?: unknown, params?: Params): Promise<Envelope<T>>;
  delete(path: string, params?: Params): Promise<void>;
  upload<T = any>(
    path: string,
    file: Blob,
    onProgress?: (loaded: number, total: number) => void,
    signal?: AbortSignal,
    options?: {
      /** PATCH replaces an existing file's bytes (`PATCH /files/{id}`, api-v8 §2.8). */
      method?: 'POST' | 'PATCH';
      /** Form fields sent before the file (e.g. the library's `folder`). */
      fields?: Record<string, string>;
    },
  ): Promise<Envelope<T>>;
}

/** PHP bracket form: `a[b]=1`, arrays as `a[0]=x&a[1]=y`; null and undefined are left out. */
export function serializeParams(params: Params | undefined): string {
  if (!params) return '';
  const parts: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined) return;
    if (value === null) {
      parts.push(encodeURIComponent(key));
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((v, i) => add(`${key}[${i}]`, v));
      return;
    }
    if (typeof value === 'object' && !(value instanceof Date)) {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) add(`${key}[${k}]`, v);
      return;
    }
    const text = value instanceof Date ? value.toISOString() : String(value);
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return parts.join('&');
}

/** Turns whatever a failed call produced into an ApiRequestError (v8 envelope, bare object, network). */
export function toApiError(error: unknown): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  const response = error as { status?: number; data?: any } | undefined;
  const status = typeof response?.status === 'number' ? response.status : 0;
  const body = response?.data;
  const inner = body && typeof body === 'object' ? body.error : undefined;
  if (inner && typeof inner === 'object') {
    const code = Number(inner.code);
    return new ApiRequestError(
      Number.isFinite(code) ? code : -1,
      status,
      typeof inner.message === 'string' ? inner.message : '',
    );
  }
  const message = error instanceof Error ? error.message : status ? `HTTP ${status}` : 'Network error';
  return new ApiRequestError(-1, status, message);
}

function urlFor(root: string, project: string, path: string, params?: Params): string {
  const base = path.startsWith('/')
    ? `${root}${path.slice(1)}`
    : `${root}${project ? `${project}/` : ''}${path}`;
  const query = serializeParams(params);
  return query ? `${base}${base.includes('?') ? '&' : '?'}${query}` : base;
}

function headersFor(project: string): Record<string, string> {
  return project ? { 'X-Directus-Project': project } : {};
}

async function call<T>(
  method: 'get' | 'post' | 'patch' | 'delete',
  url: string,
  project: string,
  body?: unknown,
  extraHeaders?: Record<string, string>,
): Promise<Envelope<T>> {
  try {
    // redaxios parses JSON when it can and leaves other text (e.g. `pong`) as it is.
    const response = await redaxios<any>(url, {
      method,
      data: body,
      headers: { ...headersFor(project), ...extraHeaders },
      withCredentials: true,
      responseType: 'text',
    });
    const data = response.data;
    if (data === '' || data == null) return { data: undefined as T };
    if (typeof data === 'string') return { data: data as T };
    return data as Envelope<T>;
  } catch (error) {
    throw toApiError(error);
  }
}

export function createApiClient(root: string, project: string): ApiClient {
  return {
    root,
    project,
    get: (path, params, headers) =>
      call('get', urlFor(root, project, path, params), project, undefined, headers),
    post: (path, body, params) => call('post', urlFor(root, project, path, params), project, body ?? {}),
    patch: (path, body, params) => call('patch', urlFor(root, project, path, params), project, body ?? {}),
    async delete(path, params) {
      await call('delete', urlFor(root, project, path, params), project);
    },
    upload(path, file, onProgress, signal, { method = 'POST', fields } = {}) {
      return new Promise((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open(method, urlFor(root, project, path));
        xhr.withCredentials = true;
        if (project) xhr.setRequestHeader('X-Directus-Project', project);
        xhr.upload.onprogress = (event) => onProgress?.(event.loaded, event.total);
        xhr.onload = () => {
          let body: any;
          try {
            body = JSON.parse(xhr.responseText);
          } catch {
            body = undefined;
          }
          if (xhr.status >= 200 && xhr.status < 300) resolve(body ?? { data: undefined });
          else reject(toApiError({ status: xhr.status, data: body }));
        };
        xhr.onerror = () => reject(new ApiRequestError(-1, 0, 'Network error'));
        xhr.onabort = () => reject(new ApiRequestError(-1, 0, 'Upload cancelled'));
        signal?.addEventListener('abort', () => xhr.abort());
        const form = new FormData();
        for (const [name, value] of Object.entries(fields ?? {})) form.append(name, value);
        form.append('data', file, file instanceof File ? file.name : 'upload');
        xhr.send(form);
      });
    },
  };
}

/** The API root of the running page. */
export function currentApiRoot(): string {
  return apiRootFrom(typeof window === 'undefined' ? '/admin/' : window.location.pathname);
}

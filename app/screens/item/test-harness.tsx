import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { vi } from 'vitest';
import { ApiRequestError, type ApiClient, type Envelope, type Params } from '../../api/client';
import { AppDataContext, NotifyContext, type AppDataStore } from '../../state/context';
import { I18nProvider } from '../../i18n';
import { FULL_PERMISSION } from '../../permissions/rows';
import type { AppData, CollectionPermission, Schema } from '../../state/types';
import { createCoreRegistry } from '../../../engine/registry/core-registry';

/** One recorded call of the in-memory API. */
export interface Call {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  body?: unknown;
  params?: Params;
}

type Handler = (call: Call) => unknown;

/**
 * An API client that answers from handlers keyed `METHOD path` (first match wins; a handler may throw an
 * ApiRequestError) and records every call. Unanswered calls fail with code -1, like an unreachable server.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const answer = async (call: Call): Promise<Envelope<any>> => {
    calls.push(call);
    const handler = handlers[`${call.method.toUpperCase()} ${call.path}`];
    if (!handler) throw new ApiRequestError(-1, 0, `No answer for ${call.method} ${call.path}`);
    return { data: await handler(call) };
  };
  const api: ApiClient = {
    root: '/',
    project: 'demo',
    get: (path, params) => answer({ method: 'get', path, params }),
    post: (path, body, params) => answer({ method: 'post', path, body, params }),
    patch: (path, body, params) => answer({ method: 'patch', path, body, params }),
    delete: async (path, params) => {
      await answer({ method: 'delete', path, params });
    },
    upload: () => Promise.reject(new Error('no uploads here')),
  };
  return { api, calls };
}

export function appData(options: {
  api: ApiClient;
  schema: Schema;
  permissions?: Record<string, CollectionPermission> | null;
  admin?: boolean;
  userId?: number;
}): AppData {
  return {
    project: 'demo',
    api: options.api,
    user: {
      id: options.userId ?? 1,
      email: 'admin@example.com',
      first_name: 'Ada',
      last_name: 'Admin',
      role: 1,
    },
    admin: options.admin ?? options.permissions == null,
    schema: options.schema,
    permissions: options.permissions ?? null,
    settings: {},
    registry: createCoreRegistry(),
    modules: [],
    bookmarks: [],
    presets: {},
    serverInfo: { maxUploadSize: null, version: null, database: null },
    extensionsLoaded: true,
  };
}

/** Renders `children` inside the hydrated app's providers, at `path`, with a recording notifier. */
export function renderInApp(data: AppData, path: string, children: ReactNode) {
  const location = memoryLocation({ path, record: true });
  const notify = vi.fn();
  const store: AppDataStore = { data, update: () => {}, refreshSchema: async () => {} };
  // The app's catalogue, as in the app: the engine's words (field actions, batch checkboxes) in English.
  const tree = (
    <I18nProvider>
      <AppDataContext.Provider value={store}>
        <NotifyContext.Provider value={notify}>
          <Router hook={location.hook}>{children}</Router>
        </NotifyContext.Provider>
      </AppDataContext.Provider>
    </I18nProvider>
  );
  return { tree, location, notify };
}

export { FULL_PERMISSION };

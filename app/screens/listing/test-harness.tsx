/**
 * Test support for the browse screens (used by *.test.tsx only): the hydrated app data around a screen,
 * with a scripted API client that records every call, and a memory location for navigation.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createCoreRegistry } from '../../../engine/registry/core-registry';
import type { FieldDefinition } from '../../../engine/types';
import { ApiRequestError, type ApiClient, type Envelope, type Params } from '../../api/client';
import { AppDataContext, NotifyContext, type AppDataStore } from '../../state/context';
import type { AppData, CollectionMeta, CollectionPermission, Preset } from '../../state/types';

export interface RecordedCall {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  params?: Params;
  body?: unknown;
}

export type Handler = (call: RecordedCall) => Promise<Envelope<any>> | Envelope<any> | undefined;

export interface FakeApi extends ApiClient {
  calls: RecordedCall[];
  /** Calls of one method whose path starts with `prefix`. */
  callsTo(method: RecordedCall['method'], prefix: string): RecordedCall[];
}

/** An API client that answers through `handler` (404 code 200 for anything it does not answer). */
export function fakeApi(handler: Handler): FakeApi {
  const calls: RecordedCall[] = [];
  const run = async (call: RecordedCall) => {
    calls.push(call);
    const answer = await handler(call);
    if (answer === undefined)
      throw new ApiRequestError(200, 404, `No answer for ${call.method} ${call.path}`);
    return answer;
  };
  return {
    root: '/',
    project: 'demo',
    calls,
    callsTo: (method, prefix) => calls.filter((c) => c.method === method && c.path.startsWith(prefix)),
    get: (path, params) => run({ method: 'get', path, params }),
    post: (path, body, params) => run({ method: 'post', path, body, params }),
    patch: (path, body, params) => run({ method: 'patch', path, body, params }),
    delete: async (path, params) => {
      await run({ method: 'delete', path, params });
    },
    upload: () => Promise.reject(new Error('not in these tests')),
  };
}

export interface HarnessOptions {
  api: FakeApi;
  collections: CollectionMeta[];
  fields: Record<string, FieldDefinition[]>;
  admin?: boolean;
  permissions?: Record<string, CollectionPermission> | null;
  settings?: Record<string, unknown>;
  /** Presets already loaded per collection (leave out to let the screen load them through the API). */
  presets?: Record<string, Preset | null>;
  /** The hydrated bookmarks (none by default). */
  bookmarks?: Preset[];
  path?: string;
}

export function collectionMeta(collection: string, extra: Partial<CollectionMeta> = {}): CollectionMeta {
  return { collection, hidden: false, managed: true, single: false, note: null, icon: null, ...extra };
}

/** Renders `children` inside the app's data context; returns the memory location to inspect navigation. */
export function makeHarness(options: HarnessOptions) {
  const location = memoryLocation({ path: options.path ?? '/demo/collections', record: true });
  const notifications: { title: string; color?: string }[] = [];
  let current: AppData | null = null;

  function Provider({ children }: { children: ReactNode }) {
    const [data, setData] = useState<AppData>(() => ({
      project: 'demo',
      api: options.api,
      user: {
        id: 7,
        email: 'me@example.com',
        first_name: 'Me',
        last_name: 'Myself',
        role: { id: 3, name: 'Editor' },
      },
      admin: options.admin ?? true,
      schema: {
        collections: Object.fromEntries(options.collections.map((c) => [c.collection, c])),
        fields: options.fields,
        relations: [],
      },
      permissions: options.admin === false ? (options.permissions ?? {}) : null,
      settings: options.settings ?? { default_limit: 200 },
      registry: createCoreRegistry(),
      modules: [],
      bookmarks: options.bookmarks ?? [],
      presets: options.presets ?? {},
      serverInfo: { maxUploadSize: null, version: null, database: null },
      extensionsLoaded: true,
    }));
    current = data;
    const store = useMemo<AppDataStore>(
      () => ({ data, update: (updater) => setData(updater), refreshSchema: async () => {} }),
      [data],
    );
    return (
      <NotifyContext.Provider value={(n) => notifications.push(n)}>
        <AppDataContext.Provider value={store}>
          <Router hook={location.hook}>{children}</Router>
        </AppDataContext.Provider>
      </NotifyContext.Provider>
    );
  }

  return { Provider, location, notifications, data: () => current! };
}

/** A list answer as the API sends it. */
export function listAnswer(data: Record<string, unknown>[], filterCount = data.length): Envelope<any> {
  return { data, meta: { total_count: filterCount, filter_count: filterCount, result_count: data.length } };
}

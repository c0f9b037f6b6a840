import type { FastifyInstance, LightMyRequestResponse, InjectOptions } from 'fastify';
import { loadConfig, type ServerConfig, type Vendor } from '../../server/config';
import { buildServer } from '../../server/http';
import type { ProjectContext } from '../../server/context';
import { createTestDatabase, type TestDatabase } from './databases';

export const ADMIN = { email: 'admin@example.com', password: 'correct horse battery staple' };
export const SUPER_ADMIN_TOKEN = 'test-super-admin-token';

export interface TestServer {
  app: FastifyInstance;
  config: ServerConfig;
  database: TestDatabase;
  /** The project `test`, installed on the vendor's fresh database. */
  project: ProjectContext;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Signs in as the given user (default: the admin) and returns a JWT. */
  login(email?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A server on a fresh database of the vendor with one project, `test`, and its first admin. Pass
 * `config` to change settings (e.g. mail or public URL); `listen: true` opens a real port.
 */
export async function startTestServer(
  vendor: Vendor,
  options: { config?: Partial<ServerConfig>; listen?: boolean; install?: boolean } = {},
): Promise<TestServer> {
  const database = await createTestDatabase(vendor);
  const config = loadConfig(
    {},
    {
      dataDir: database.dataDir,
      logLevel: 'silent',
      superAdminToken: SUPER_ADMIN_TOKEN,
      publicUrl: 'http://octavo.test/',
      port: 0,
      ...options.config,
    },
  );
  const app = await buildServer(config);
  let project: ProjectContext = undefined as unknown as ProjectContext;
  if (options.install !== false) {
    project = await app.registry.create({
      key: 'test',
      database: database.config,
      projectName: 'Test project',
      adminEmail: ADMIN.email,
      adminPassword: ADMIN.password,
    });
  }
  if (options.listen) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address && typeof address === 'object') config.port = address.port;
  }
  return {
    app,
    config,
    database,
    project,
    inject: (opts) => app.inject(opts),
    async login(email = ADMIN.email, password = ADMIN.password) {
      const res = await app.inject({
        method: 'POST',
        url: '/test/auth/authenticate',
        payload: { email, password },
      });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return res.json().data.token as string;
    },
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/**
 * Short-hands for calls to project `test`: `call` answers `{ status, body }`, `code` answers
 * `[status, error code]`. Headers default to `defaultHeaders()` (e.g. the admin's bearer token).
 */
export function projectCaller(inject: Inject, defaultHeaders: () => Record<string, string>) {
  const call = async (
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    headers: Record<string, string> = defaultHeaders(),
  ) => {
    const res = await inject({
      method,
      url: `/test${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
  const code = async (
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ) => {
    const res = await call(method, url, payload, headers);
    return [res.status, res.body?.error?.code];
  };
  return { call, code };
}

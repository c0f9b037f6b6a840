import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { SsoProviderConfig } from '../../server/config';
import type { TestServer } from '../helpers/server';

/** Every secret currently stored for any user (hashes, 2FA secrets, static and reset tokens). */
export async function storedSecrets(server: TestServer): Promise<string[]> {
  const rows = await server.project
    .knex('directus_users')
    .select('password', '2fa_secret', 'token', 'password_reset_token');
  return rows
    .flatMap((row: Record<string, unknown>) => Object.values(row))
    .filter((v): v is string => typeof v === 'string' && v.length > 0);
}

/**
 * `inject` that also asserts the answer leaks none of the stored secrets nor the given plain
 * passwords, in its body or headers.
 */
export function guardedInject(server: TestServer, plain: string[] = []) {
  return async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    const response = await server.inject(options);
    const secrets = [...(await storedSecrets(server)), ...plain];
    const headers = JSON.stringify(response.headers);
    for (const secret of secrets) {
      expect(response.body, 'a secret leaked into a response body').not.toContain(secret);
      expect(headers, 'a secret leaked into a response header').not.toContain(secret);
    }
    for (const column of ['"password"', '"2fa_secret"', '"password_reset_token"', '"token":null']) {
      expect(response.body).not.toContain(column);
    }
    return response;
  };
}

/** The `name=value` pair of a Set-Cookie header, to send back as `Cookie`. */
export function cookiePair(response: LightMyRequestResponse, name: string): string | undefined {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const line = list.find((c) => c.startsWith(`${name}=`));
  return line?.split(';')[0];
}

export function setCookieLine(response: LightMyRequestResponse, name: string): string | undefined {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.find((c) => c.startsWith(`${name}=`));
}

/** Adds SSO providers to the `test` project's configuration file and makes the server re-read it. */
export async function configureSso(
  server: TestServer,
  sso: Record<string, SsoProviderConfig>,
): Promise<void> {
  const path = join(server.config.dataDir, 'projects', 'test.json');
  const config = JSON.parse(readFileSync(path, 'utf8'));
  config.auth.sso = sso;
  writeFileSync(path, JSON.stringify(config, null, 2));
  await server.app.registry.close('test');
  server.project = (await server.app.registry.get('test'))!;
}

/** A PostgreSQL-safe boolean for writes to tinyint(1)/boolean flag columns. */
export function flag(server: TestServer, value: boolean): boolean | number {
  return server.project.vendor === 'postgres' ? value : value ? 1 : 0;
}

/** Creates a user (argon2 hash via the server's own hasher) and returns its id. */
export async function createUser(
  server: TestServer,
  input: {
    email: string;
    password?: string;
    role?: number;
    status?: string;
    extra?: Record<string, unknown>;
  },
): Promise<number> {
  const { hashPassword } = await import('../../server/services/passwords');
  const row = {
    email: input.email,
    password: input.password ? await hashPassword(input.password) : null,
    role: input.role ?? 1,
    status: input.status ?? 'active',
    first_name: 'Test',
    last_name: 'User',
    timezone: 'UTC',
    ...input.extra,
  };
  const knex = server.project.knex;
  const inserted =
    server.project.vendor === 'postgres'
      ? await knex('directus_users').insert(row, ['id'])
      : await knex('directus_users').insert(row);
  const first = inserted[0] as number | { id: number };
  return typeof first === 'object' ? Number(first.id) : Number(first);
}

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { ServerConfig } from '../config';

/**
 * The instance's super-admin token lives in `<data>/octavo.json` unless the environment sets
 * OCTAVO_SUPER_ADMIN_TOKEN. With `create`, a missing token is written (the given one, or a random one).
 */
export function ensureSuperAdminToken(
  config: ServerConfig,
  create: boolean,
  given?: string,
): string | undefined {
  if (config.superAdminToken) return config.superAdminToken;
  const path = join(config.dataDir, 'octavo.json');
  const file: Record<string, unknown> = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {};
  if (typeof file.super_admin_token === 'string' && file.super_admin_token) return file.super_admin_token;
  if (!create) return undefined;
  const token = given ?? randomBytes(24).toString('base64url');
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(path, JSON.stringify({ ...file, super_admin_token: token }, null, 2) + '\n', { mode: 0o600 });
  return token;
}

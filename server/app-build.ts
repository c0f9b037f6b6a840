import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { ROOT } from './paths';

/** What the app bundle is made from: when any of it is newer than the bundle, the bundle is stale. */
const SOURCES = [
  'app',
  'engine',
  'machines',
  'ui',
  'schemas',
  'index.html',
  'vite.config.ts',
  'scripts/precompress.ts',
  'package-lock.json',
];
export const APP_INDEX = join(ROOT, 'dist', 'app', 'index.html');

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}

/** Why the built app needs (re)building, or null when it is up to date. */
export function appBuildReason(root = ROOT): string | null {
  const index = join(root, 'dist', 'app', 'index.html');
  if (!existsSync(index)) return 'the admin app has not been built yet';
  const built = statSync(index).mtimeMs;
  const changed = SOURCES.find((source) => newestChange(join(root, source)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

/**
 * Builds the admin app with Vite when it is missing or stale. Vite is a development dependency:
 * an install without them (`npm ci --omit=dev`) serves whatever was built before.
 */
export async function ensureAppBuilt(
  log: (message: string) => void,
): Promise<'built' | 'fresh' | 'unavailable'> {
  const reason = appBuildReason();
  if (!reason) return 'fresh';
  let vite: typeof import('vite');
  try {
    vite = await import('vite');
  } catch {
    log(`Cannot build the admin app (${reason}): Vite is not installed; run "npm install".`);
    return 'unavailable';
  }
  log(`Building the admin app (${reason})…`);
  const started = Date.now();
  // Always a production bundle, even when started from a test runner that sets NODE_ENV=test.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await vite.build({
      root: ROOT,
      configFile: join(ROOT, 'vite.config.ts'),
      logLevel: 'warn',
      mode: 'production',
    });
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
  log(`Admin app built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return 'built';
}

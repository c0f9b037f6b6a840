import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appBuildReason } from './app-build';

describe('whether the admin app needs building', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'octavo-build-'));
    mkdirSync(join(root, 'app', 'screens'), { recursive: true });
    writeFileSync(join(root, 'app', 'screens', 'page.tsx'), 'export {}');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds);

  it('builds when there is no bundle', () => {
    expect(appBuildReason(root)).toBe('the admin app has not been built yet');
  });

  it('keeps a bundle newer than every source', () => {
    mkdirSync(join(root, 'dist', 'app'), { recursive: true });
    writeFileSync(join(root, 'dist', 'app', 'index.html'), '<html>');
    at(join(root, 'app', 'screens', 'page.tsx'), 1_000_000);
    at(join(root, 'app', 'screens'), 1_000_000);
    at(join(root, 'app'), 1_000_000);
    at(join(root, 'dist', 'app', 'index.html'), 2_000_000);
    expect(appBuildReason(root)).toBeNull();
  });

  it('rebuilds when a source file deep in a folder changed after the bundle', () => {
    mkdirSync(join(root, 'dist', 'app'), { recursive: true });
    writeFileSync(join(root, 'dist', 'app', 'index.html'), '<html>');
    at(join(root, 'dist', 'app', 'index.html'), 2_000_000);
    at(join(root, 'app'), 1_000_000);
    at(join(root, 'app', 'screens'), 1_000_000);
    at(join(root, 'app', 'screens', 'page.tsx'), 3_000_000);
    expect(appBuildReason(root)).toBe('app changed since the last build');
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The project's root folder (where package.json names this package), found by walking up from this
 * module: the same from the TypeScript sources (server/) and from the compiled server
 * (dist/server/<build>/), whose modules sit at other depths.
 */
function findRoot(start: string): string {
  for (let folder = start; ; folder = dirname(folder)) {
    const manifest = join(folder, 'package.json');
    if (existsSync(manifest)) {
      try {
        if (JSON.parse(readFileSync(manifest, 'utf8')).name === 'octavo') return folder;
      } catch {
        // Not ours; keep walking.
      }
    }
    if (dirname(folder) === folder) throw new Error(`Cannot find the Octavo folder above ${start}`);
  }
}

export const ROOT = findRoot(import.meta.dirname);

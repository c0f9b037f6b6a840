/**
 * The app's bundle report: every chunk of the built app (dist/app) with its size and gzip size, which
 * chunks the first page loads (the entry and its static imports) and which load on demand (screens,
 * heavy interface editors). Reads the Vite manifest; builds the app first when it is missing or stale.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureAppBuilt } from '../server/app-build';
import { ROOT } from '../server/paths';

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface ChunkSize {
  file: string;
  source: string;
  bytes: number;
  gzip: number;
  /** Loaded by the first page (the entry or one of its static imports). */
  initial: boolean;
}

const DIST = join(ROOT, 'dist', 'app');

/** The sizes of every JavaScript and CSS file of the build, largest gzip first. */
export function bundleSizes(dist = DIST): ChunkSize[] {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const initial = new Set<string>();
  const visit = (key: string) => {
    if (initial.has(key)) return;
    initial.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);

  const seen = new Set<string>();
  const sizes: ChunkSize[] = [];
  for (const [key, chunk] of Object.entries(manifest)) {
    for (const file of [chunk.file, ...(chunk.css ?? [])]) {
      if (seen.has(file) || !/\.(js|css)$/.test(file)) continue;
      seen.add(file);
      const content = readFileSync(join(dist, file));
      sizes.push({
        file,
        source: chunk.src ?? chunk.name ?? key,
        bytes: content.length,
        gzip: gzipSync(content, { level: 9 }).length,
        initial: initial.has(key),
      });
    }
  }
  return sizes.sort((a, b) => b.gzip - a.gzip);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function printBundleReport(): Promise<void> {
  await ensureAppBuilt(() => console.log('building the app…'));
  const sizes = bundleSizes();
  const js = sizes.filter((size) => size.file.endsWith('.js'));
  const initialJs = js.filter((size) => size.initial).reduce((sum, size) => sum + size.gzip, 0);
  console.log('\nApp bundle (gzip level 9; * = loaded by the first page, the rest on demand)');
  for (const size of sizes) {
    console.log(
      `  ${size.initial ? '*' : ' '} ${kb(size.gzip).padStart(9)} gzip ${kb(size.bytes).padStart(10)}  ` +
        `${size.file}  (${size.source})`,
    );
  }
  console.log(
    `first page: ${kb(initialJs)} of JavaScript (gzip); ${js.length} JavaScript chunks, ` +
      `${kb(js.reduce((sum, size) => sum + size.gzip, 0))} in all`,
  );
  // What the server actually sends a browser that accepts brotli: the build's precompressed copies.
  const served = js
    .filter((size) => size.initial)
    .reduce((sum, size) => {
      const brotli = join(DIST, `${size.file}.br`);
      return sum + (existsSync(brotli) ? statSync(brotli).size : size.bytes);
    }, 0);
  console.log(`first page as served with brotli: ${kb(served)} of JavaScript`);
}

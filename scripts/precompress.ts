import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Types worth compressing; images, fonts in woff2 and the like are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.map', '.wasm']);
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotli: number;
  gzip: number;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the built app, so that the
 * server sends each asset in the best encoding the browser accepts without compressing per request
 * (the server's static handler picks them by `Accept-Encoding`). A copy that would not be smaller is
 * not written.
 */
export function precompressDir(dir: string): PrecompressResult {
  const result: PrecompressResult = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  for (const path of walk(dir)) {
    if (!COMPRESSIBLE.has(extname(path))) continue;
    const source = readFileSync(path);
    if (source.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    const gzip = gzipSync(source, { level: 9 });
    result.files += 1;
    result.bytes += source.length;
    if (brotli.length < source.length) {
      writeFileSync(`${path}.br`, brotli);
      result.brotli += brotli.length;
    }
    if (gzip.length < source.length) {
      writeFileSync(`${path}.gz`, gzip);
      result.gzip += gzip.length;
    }
  }
  return result;
}

/** The Vite plugin: precompresses the output once the bundle is written. */
export function precompressPlugin() {
  let outDir = '';
  return {
    name: 'octavo-precompress',
    apply: 'build' as const,
    configResolved(config: { root: string; build: { outDir: string } }) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      const { files, bytes, brotli, gzip } = precompressDir(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      console.log(`precompressed ${files} files: ${kb(bytes)} → brotli ${kb(brotli)}, gzip ${kb(gzip)}`);
    },
  };
}

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './scripts/precompress';

// The server serves the built app at /admin/, so every asset URL is relative.
export default defineConfig({
  base: './',
  // Every compressible asset is also written as .br and .gz, which the server picks by Accept-Encoding.
  plugins: [react(), precompressPlugin()],
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    // dist/app/.vite/manifest.json: which chunk is which, for the bundle report of `npm run bench`.
    manifest: true,
  },
});

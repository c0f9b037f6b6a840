import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server serves the built app at /admin/, so every asset URL is relative.
export default defineConfig({
  base: './',
  plugins: [react()],
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    // dist/app/.vite/manifest.json: which chunk is which, for the bundle report of `npm run bench`.
    manifest: true,
  },
});

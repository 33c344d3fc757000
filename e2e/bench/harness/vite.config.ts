import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * Bench-only page: the real App component and store, fed generated sessions, plus the requestState lab alone.
 * Built in production mode like the app; never part of the app's build.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  plugins: [react(), tailwindcss()],
  resolve: { alias: {} },
  server: { fs: { allow: [resolve(import.meta.dirname, '../../..')] } },
  build: { chunkSizeWarningLimit: 5000 },
});

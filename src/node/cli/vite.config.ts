/**
 * Build of the node side for the npm package: the command line (`mrtr-inspector`, src/node/cli/main.ts) and the
 * stdio demo server, bundled with every dependency (the MCP SDK, zod, the session core) into `dist-node/`, so the
 * installed package runs on plain Node with no dependencies and nothing from the dev tool chain.
 * `npm run build:node`; the app itself is `npm run build` (dist/).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  // paths below are from the repository's root, wherever this file lives
  root: fileURLToPath(new URL('../../..', import.meta.url)),
  // no plugins: this build must not start the mock or touch the app's config
  plugins: [],
  publicDir: false,
  build: {
    ssr: true,
    outDir: 'dist-node',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: false,
    minify: false,
    rolldownOptions: {
      input: { cli: 'src/node/cli/main.ts', 'stdio-demo-server': 'src/node/stdio/demo-server.ts' },
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
  ssr: { noExternal: true, target: 'node' },
});

import { defineConfig, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { demoWorkerPlugin } from './src/node/demo-worker-plugin.ts';
import { inspectorPlugin } from './src/node/inspector-plugin.ts';

/**
 * Build option: every module the HTML entry loads statically (what the first screen needs) goes into one "startup"
 * chunk, instead of a dozen small shared chunks that the bundler splits out because lazy chunks use them too: one
 * request before the first screen, not thirteen. Lazy chunks keep their own modules and import shared ones from it.
 * The entry imports the app itself with `import()` (so the sign-in window's callback page starts without it in the dev
 * server); what that import loads counts as startup too, so the built app still starts with one chunk.
 */
function startupChunk(): (id: string, ctx: { getModuleInfo(id: string): Rolldown.ModuleInfo | null }) => string | null {
  let startup: Set<string> | undefined;
  return (id, ctx) => {
    if (!startup) {
      startup = new Set();
      const entries = findEntries(id, ctx);
      // the entry's own script (main.tsx) imports the app with import(): that is startup too
      const scripts = entries.flatMap((e) => ctx.getModuleInfo(e)?.importedIds ?? []);
      const queue = [...entries, ...scripts.flatMap((m) => ctx.getModuleInfo(m)?.dynamicallyImportedIds ?? [])];
      while (queue.length) {
        const next = queue.pop()!;
        if (startup.has(next)) continue;
        startup.add(next);
        queue.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
      }
    }
    const info = ctx.getModuleInfo(id);
    return startup.has(id) && !info?.isEntry ? 'startup' : null;
  };
}

/** The entry modules, found by walking importers up from any module. */
function findEntries(from: string, ctx: { getModuleInfo(id: string): Rolldown.ModuleInfo | null }): string[] {
  const seen = new Set<string>();
  const entries: string[] = [];
  const queue = [from];
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    if (info.isEntry) entries.push(id);
    queue.push(...info.importers, ...info.dynamicImporters);
  }
  return entries;
}

export default defineConfig({
  // every URL in the build is relative to the page, so dist/ works at a host's root or under any sub-path
  base: './',
  // under Vitest the plugin would start the mock server and keep the process alive
  plugins: process.env.VITEST ? [react()] : [react(), tailwindcss(), inspectorPlugin(), demoWorkerPlugin()],
  server: { host: '127.0.0.1', port: Number(process.env.PORT ?? 5173), strictPort: false },
  preview: { host: '127.0.0.1', port: Number(process.env.PORT ?? 4173) },
  build: {
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: startupChunk() }] } } },
  },
});

import { readdirSync, readFileSync } from 'node:fs';
import { configDefaults, defineConfig, mergeConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import viteConfig from './vite.config.ts';

/**
 * How unit tests run (README "One test at a time"):
 * - The file name alone decides the environment: `*.test.tsx` get a DOM (jsdom, with `src/dom-test-setup.ts`),
 *   `*.test.ts` run in plain Node with no DOM and no setup. Most of the suite (protocol, session, store, node) is Node.
 * - Files share their worker's module cache and environment (`isolate: false`): a fresh worker, jsdom and module graph
 *   per file cost several times what the tests themselves take. The DOM setup hands each file a clean page.
 * - A file that replaces a module with `vi.mock` runs isolated, because a module another file already loaded in the
 *   same worker would keep the real one.
 */
const mocking = readTests(['src', 'e2e', 'eslint'])
  .filter((t) => /\bvi\.mock\(/.test(t.text))
  .map((t) => t.file);

function project(name: 'node' | 'dom', isolated: boolean): TestProjectInlineConfiguration {
  const files =
    name === 'dom' ? ['src/**/*.test.tsx'] : ['src/**/*.test.ts', 'e2e/**/*.test.ts', 'eslint/**/*.test.ts'];
  const mine = mocking.filter((f) => f.endsWith(name === 'dom' ? '.tsx' : '.ts'));
  return {
    extends: true,
    test: {
      name: isolated ? `${name}-isolated` : name,
      include: isolated ? mine : files,
      exclude: isolated ? [] : [...configDefaults.exclude, ...mine],
      pool: 'threads',
      isolate: isolated,
      environment: name === 'dom' ? 'jsdom' : 'node',
      setupFiles: name === 'dom' ? ['src/dom-test-setup.ts'] : [],
    },
  };
}

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      testTimeout: 20_000,
      projects: [project('node', false), project('node', true), project('dom', false), project('dom', true)].filter(
        (p) => p.test?.include?.length,
      ),
    },
  }),
);

/**
 * Every unit test file with its text. The name is the only switch for the DOM, so nothing may pretend otherwise: a
 * `*.test.ts` that reaches for Testing Library, or any test that asks for an environment in a comment, stops the run
 * here with what to do, instead of running without the DOM it expects (or with one nobody set up).
 */
function readTests(roots: string[]): { file: string; text: string }[] {
  const found: { file: string; text: string }[] = [];
  const problems: string[] = [];
  for (const root of roots) {
    for (const entry of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      const file = `${root}/${entry}`;
      if (!/\.test\.tsx?$/.test(file) || file.includes('node_modules')) continue;
      const text = readFileSync(file, 'utf8');
      found.push({ file, text });
      if (text.includes('@vitest-environment'))
        problems.push(`${file}: remove the @vitest-environment comment (the file name decides: .test.tsx gets a DOM)`);
      else if (file.endsWith('.ts') && /from '@testing-library\//.test(text))
        problems.push(`${file}: uses Testing Library but runs in Node without a DOM: rename it to .test.tsx`);
    }
  }
  if (problems.length) throw new Error(`Unit test environments are decided by file name:\n${problems.join('\n')}`);
  return found;
}

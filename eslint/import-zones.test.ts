import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

// the repository's own config, run on small samples given a path inside src/ (the files need not exist)
const root = fileURLToPath(new URL('..', import.meta.url));
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The messages of the import zones for `code` as if it were the file at `filePath`. */
async function zoneErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'layers/import-zones').map((m) => m.message);
}

describe('import zones', () => {
  it('refuses a feature importing the store, statically, as a type, with import() or as a re-export', async () => {
    const code = [
      "import { useInspector } from '../../store/store-context.tsx';",
      "import type { Selection } from '../../store/ui-slice.ts';",
      "export const later = () => import('../../store/persistence.ts');",
      "export { useInspectorActions } from '../../store/store-context.tsx';",
      'export const x = [useInspector, {} as Selection];',
    ].join('\n');
    const errors = await zoneErrors('src/features/catalog/sample.tsx', code);
    expect(errors).toHaveLength(4);
    for (const e of errors) expect(e).toContain('A feature is props in, callbacks out');
  });

  it('refuses a feature importing another feature’s files, however the path is spelled', async () => {
    const code = [
      "import { Badge } from '../connection/era-field.tsx';",
      "import { Catalog } from '../../features/catalog/catalog.tsx';",
      "export const lazy = () => import('../presenter/presenter.tsx');",
      'export const x = [Badge, Catalog];',
    ].join('\n');
    const errors = await zoneErrors('src/features/audit/sample.tsx', code);
    expect(errors).toEqual([
      expect.stringContaining('(features/audit imports features/connection)'),
      expect.stringContaining('(features/audit imports features/catalog)'),
      expect.stringContaining('(features/audit imports features/presenter)'),
    ]);
  });

  it('lets a feature import its own files (nested too) and the layers below it', async () => {
    const code = [
      "import { ScorecardView } from './scorecard-view.tsx';",
      "import { Button } from '../../components/ui/button.tsx';",
      "import { CHECKS_PER_TARGET } from '../../session/flows/audit.ts';",
      "import { discoverQuery } from '../../queries/server-queries.ts';",
      'export const x = [ScorecardView, Button, CHECKS_PER_TARGET, discoverQuery];',
    ].join('\n');
    expect(await zoneErrors('src/features/audit/sample.tsx', code)).toEqual([]);
    expect(await zoneErrors('src/features/audit/nested/sample.tsx', "export * from '../audit-panel.tsx';")).toEqual([]);
  });

  it('refuses session/ importing the store: a value, a type, a re-export, a dynamic import()', async () => {
    const code = [
      "import { createInspectorStore } from '../../store/inspector-store.ts';",
      "import type { InspectorState } from '../../store/inspector-store.ts';",
      "export { useInspector } from '../../store/store-context.tsx';",
      "export const load = () => import('../../store/persistence.ts');",
      'export type S = InspectorState;',
      'export const make = createInspectorStore;',
    ].join('\n');
    const errors = await zoneErrors('src/session/flows/sample.ts', code);
    expect(errors).toHaveLength(4);
    for (const e of errors) expect(e).toContain('(store/ is above session/)');
  });

  it('lets app/ import the store and every feature', async () => {
    const code = [
      "import { useInspector } from '../../store/store-context.tsx';",
      "import { Catalog } from '../../features/catalog/catalog.tsx';",
      "export const lazy = () => import('../../features/presenter/presenter.tsx');",
      'export const x = [useInspector, Catalog];',
    ].join('\n');
    expect(await zoneErrors('src/app/screens/sample.tsx', code)).toEqual([]);
  });
});

describe('locale formatting in render code', () => {
  const syntaxErrors = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  };
  const code = [
    'export const a = (d: Date) => d.toLocaleString();',
    "export const b = (n: number) => n.toLocaleString('en-US');",
    'export const c = (d: Date) => d.toLocaleTimeString();',
    'export const f = new Intl.DateTimeFormat();',
  ].join('\n');

  it('refuses toLocale*() and Intl in features, components and app', async () => {
    for (const file of [
      'src/features/timeline/sample.tsx',
      'src/components/ui/sample.tsx',
      'src/app/screens/sample.tsx',
    ]) {
      const errors = await syntaxErrors(file, code);
      expect(errors, file).toHaveLength(4);
      for (const e of errors) expect(e).toContain('lib/text.ts');
    }
  });

  it('leaves it to code that does not render (the node side, tests)', async () => {
    expect(await syntaxErrors('src/node/mock-server/sample.ts', code)).toEqual([]);
    expect(await syntaxErrors('src/features/timeline/sample.test.tsx', code)).toEqual([]);
  });
});

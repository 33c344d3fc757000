import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importZones } from './eslint/import-zones.js';

const restrict = (patterns) => ['error', { patterns }];

const UNTRUSTED_TEXT = [
  {
    selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
    message: 'Server text is untrusted: render it as text.',
  },
  { selector: "JSXOpeningElement[name.name='iframe']", message: 'Never iframe server-provided URLs.' },
];

/** Render code writes numbers and dates with lib/text.ts: a page's first locale format loads ICU's data in a frame. */
const NO_LOCALE_FORMAT = [
  {
    selector: 'CallExpression[callee.property.name=/^toLocale(String|DateString|TimeString)$/]',
    message:
      "Use groupDigits, timeOfDay or localDateTime (lib/text.ts): a first locale format loads ICU's data mid-render.",
  },
  {
    selector: "MemberExpression[object.name='Intl']",
    message:
      "Use groupDigits, timeOfDay or localDateTime (lib/text.ts): a first Intl format loads ICU's data mid-render.",
  },
];

const UI = ['react', 'react-dom', 'react-dom/*', 'zustand', 'zustand/*', '@tanstack/*', '@rjsf/*'];
const NODE_AND_E2E = [
  {
    group: ['**/node/**', 'node:*'],
    message: 'src/node/ and node built-ins are node-only: browser code never imports them.',
  },
  { group: ['**/e2e/**'], message: 'Nothing in src/ imports e2e/.' },
];
const ZUSTAND_ONLY_IN_STORE = {
  group: ['zustand', 'zustand/*'],
  message: 'store/ is the only zustand code: use its hooks.',
};

/**
 * The layers of src/, lowest first: each folder with the folders above it, which it may not import (statically or with
 * `import()`). protocol < client, session < lib, components < store < queries < features < app.
 */
const LAYERS = {
  protocol: {
    refuses: ['client', 'session', 'lib', 'components', 'store', 'queries', 'features', 'app'],
    message: 'protocol/ is the lowest layer.',
  },
  client: {
    refuses: ['session', 'lib', 'components', 'store', 'queries', 'features', 'app'],
    message: 'client/ knows only protocol/.',
  },
  session: {
    refuses: ['client', 'lib', 'components', 'store', 'queries', 'features', 'app'],
    message: 'session/ is the pure model: it knows only protocol/.',
  },
  lib: {
    refuses: ['components', 'store', 'queries', 'features', 'app'],
    message: 'lib/ (environment adapters) sits below store/.',
  },
  components: {
    refuses: ['store', 'queries', 'features', 'app'],
    message: 'components/ui is presentational: props in, callbacks out.',
  },
  store: { refuses: ['queries', 'features', 'app'], message: 'store/ sits below queries/.' },
  queries: { refuses: ['features', 'app'], message: 'queries/ sits below features/.' },
  features: {
    refuses: ['store', 'app'],
    message: 'A feature is props in, callbacks out: a screen in app/screens maps the store to its props.',
  },
};
const FEATURE_APART =
  'A feature never imports another feature: compose them in app/, or move what they share down (components/ui, lib, session).';

/** One entry per folder of src/: the packages it may not import (where it may import from: LAYERS). */
function zones() {
  const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/*.fixtures.ts'];
  // tests and their fixtures run in node: they may use node built-ins and libraries, never src/node/
  const forTests = (patterns) =>
    patterns
      .filter((p) => !p.group.includes('node:*') && p.group !== UI && p !== ZUSTAND_ONLY_IN_STORE)
      .concat({ group: ['**/node/**'], message: 'src/node/ is node-only: browser code never imports it.' });
  const zone = (files, patterns) => [
    { files, ignores: TESTS, rules: { 'no-restricted-imports': restrict(patterns) } },
    // a nested array matches files that match all of its patterns: this layer's tests
    {
      files: files.flatMap((f) => TESTS.map((t) => [f, t])),
      rules: { 'no-restricted-imports': restrict(forTests(patterns)) },
    },
  ];
  const pure = (name) => ({ group: UI, message: `${name}/ is pure: no React or state.` });
  return [
    ...zone(['src/protocol/**/*.ts'], [pure('protocol'), ...NODE_AND_E2E]),
    ...zone(['src/client/**/*.ts'], [{ group: UI, message: 'client/ is the wire: no UI.' }, ...NODE_AND_E2E]),
    ...zone(['src/session/**/*.ts'], [pure('session'), ...NODE_AND_E2E]),
    ...zone(['src/lib/**/*.ts'], [ZUSTAND_ONLY_IN_STORE, ...NODE_AND_E2E]),
    ...zone(['src/components/**/*.{ts,tsx}'], [ZUSTAND_ONLY_IN_STORE, ...NODE_AND_E2E]),
    ...zone(['src/store/**/*.{ts,tsx}'], NODE_AND_E2E),
    ...zone(['src/queries/**/*.{ts,tsx}'], [ZUSTAND_ONLY_IN_STORE, ...NODE_AND_E2E]),
    ...zone(['src/features/**/*.{ts,tsx}'], [ZUSTAND_ONLY_IN_STORE, ...NODE_AND_E2E]),
    ...zone(['src/app/**/*.{ts,tsx}', 'src/main.tsx'], [ZUSTAND_ONLY_IN_STORE, ...NODE_AND_E2E]),
    { files: ['src/node/**/*.ts'], rules: { 'no-restricted-imports': restrict([NODE_AND_E2E[1]]) } },
    // the layers, on where each import lands (tests too: a test never reaches above its layer)
    {
      files: ['src/**/*.{ts,tsx}'],
      plugins: { layers: importZones({ layers: LAYERS, features: FEATURE_APART }) },
      rules: { 'layers/import-zones': 'error' },
    },
  ];
}

export default tseslint.config(
  { ignores: ['dist', 'dist-node', '.pack', 'node_modules', 'playwright-report', 'test-results', 'bench-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/node/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': ['error', ...UNTRUSTED_TEXT],
    },
  },
  {
    // the store is read through selectors and changed through actions; only store/ and its flows hold the store
    files: ['src/app/**/*.{ts,tsx}', 'src/features/**/*.{ts,tsx}', 'src/queries/**/*.{ts,tsx}', 'src/main.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.fixtures.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...UNTRUSTED_TEXT,
        ...NO_LOCALE_FORMAT,
        {
          selector: 'CallExpression[callee.property.name=/^(getState|setState)$/]',
          message:
            'Read the store with useInspector(selector) and change it with useInspectorActions() (or actionsOf).',
        },
      ],
    },
  },
  {
    files: ['src/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.fixtures.ts'],
    rules: { 'no-restricted-syntax': ['error', ...UNTRUSTED_TEXT, ...NO_LOCALE_FORMAT] },
  },
  {
    // raw wire tests read untyped JSON
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Import zones: data flows one way. protocol < client, session < lib, components < store < queries < features <
  // app. node/ (the plugin, relay, mock) is node-only and apart from the browser code; nothing in src/ imports e2e/.
  ...zones(),
);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const restrict = (patterns) => ['error', { patterns }];

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
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Server text is untrusted: render it as text.',
        },
        { selector: "JSXOpeningElement[name.name='iframe']", message: 'Never iframe server-provided URLs.' },
      ],
    },
  },
  {
    // raw wire tests read untyped JSON
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Import boundaries: protocol and session are pure; client knows only protocol; features never import features.
  {
    files: ['src/protocol/**/*.ts'],
    ignores: ['**/*.test.ts', 'src/protocol/request-state/test-tokens.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['react', 'react-dom', 'zustand', '@tanstack/*', '@rjsf/*'],
          message: 'protocol/ is pure: no React or state.',
        },
        {
          group: ['**/client/**', '**/session/**', '**/store/**', '**/features/**', '**/app/**', 'node:*'],
          message: 'protocol/ is the lowest layer.',
        },
      ]),
    },
  },
  {
    files: ['src/session/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['react', 'react-dom', 'zustand', '@tanstack/*', '@rjsf/*'], message: 'session/ is pure.' },
        {
          group: ['**/store/**', '**/features/**', '**/app/**', '**/client/**', 'node:*'],
          message: 'session/ knows only protocol/.',
        },
      ]),
    },
  },
  {
    files: ['src/client/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['react', 'react-dom', 'zustand', '@tanstack/*'], message: 'client/ is the wire: no UI.' },
        {
          group: ['**/session/**', '**/store/**', '**/features/**', '**/app/**'],
          message: 'client/ knows only protocol/.',
        },
      ]),
    },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/features/*/**', '!./**', '!../*'],
          message: 'A feature never imports another feature; compose them in app/.',
        },
        { group: ['**/app/**'], message: 'app/ is the composition root above features.' },
      ]),
    },
  },
);

import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { frozenMigrations, layers, modelTypesOnly } from './build/lint/layers.js';

export default tseslint.config(
  // The host projects (tests/hosts/*/) are each framework's own code, checked by its own tooling.
  {
    ignores: [
      'dist/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      '.tmp/',
      'tests/hosts/*/',
      'tests/hosts/.runs/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }] },
  },
  {
    // React's rules (the React Compiler's passes are most of the lint's time) on components and hooks
    // only: a component is a .tsx file, a hook a file named for one. Tests, stories of the tests'
    // fixtures (Playwright's `use` is not React's hook) and plain modules hold neither.
    files: ['**/*.tsx', '**/use[A-Z]*.ts', '**/use-*.ts', '**/hooks.ts'],
    ignores: ['**/*.test.tsx', 'tests/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  layers,
  modelTypesOnly,
  frozenMigrations,
  {
    // The benchmark runs in Node and hands a few functions to the page.
    files: ['tests/**/*.mjs'],
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        document: 'readonly',
        window: 'readonly',
        performance: 'readonly',
        requestAnimationFrame: 'readonly',
        MutationObserver: 'readonly',
        PerformanceObserver: 'readonly',
        Request: 'readonly',
        addEventListener: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
      },
    },
  },
  {
    files: ['examples/**/*.js', 'server/**/*.mjs', 'site/**/*.mjs', 'build/**/*.mjs', 'bin/**/*.mjs'],
    languageOptions: {
      globals: {
        setImmediate: 'readonly',
        window: 'readonly',
        document: 'readonly',
        customElements: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        process: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
      },
    },
  },
);

// The layers, as the lint holds them: each zone names a folder and the folders its code may never
// import (resolved paths, however the import is spelt). docs/architecture.md draws the same picture.
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const SERVER_TOP = ['./server/service.ts', './server/main.ts', './server/dev', './server/tests'];

/** [folder, what it must not import, why] */
const RULES = [
  [
    './model',
    ['./server', './widgets', './desk', './site', './ui', './build', './tests', './examples'],
    'the model is the bottom layer: it imports nothing of ours',
  ],
  [
    './server/storage/migrations',
    [
      './model',
      './server/config',
      './server/domain',
      './server/http',
      './server/cli',
      './server/storage/repositories',
      './server/storage/query.ts',
      './server/storage/schema.ts',
      ...SERVER_TOP,
    ],
    'a migration is frozen: it imports no live code',
  ],
  [
    './server/config',
    ['./server/domain', './server/storage', './server/http', './server/cli', ...SERVER_TOP],
    'settings know no domain, storage or routes',
  ],
  [
    './server/storage',
    ['./server/domain', './server/http', './server/cli', ...SERVER_TOP],
    'storage knows no domain: it stores what the domain decided',
  ],
  ['./server/domain', ['./server/http', './server/cli', ...SERVER_TOP], 'the domain knows no routes or commands'],
  ['./server/http', ['./server/cli', ...SERVER_TOP], 'routes and commands share what they share from the layers below'],
  ['./server/cli', ['./server/http', ...SERVER_TOP], 'commands and routes share what they share from the layers below'],
  [
    './ui',
    ['./site', './desk', './server', './widgets'],
    'the shared UI folder serves the site and the desk, importing neither',
  ],
  [
    './desk',
    ['./site', './server', './widgets'],
    'the desk shares with the site through ui/ and with the service through model/',
  ],
  [
    './site',
    ['./desk', './server'],
    'the site shares with the desk through ui/ and composes the widgets through their tags',
  ],
  [
    './widgets',
    ['./site', './desk', './server', './ui'],
    'the widgets ship to other pages: they take the model as types only',
  ],
  [
    './widgets/elements',
    ['./widgets/react'],
    'the element layer runs before React and imports nothing from the React layer',
  ],
];

/** A migration ran as it stands: it imports nothing that may change after it shipped (its siblings and Kysely only). */
export const frozenMigrations = {
  files: ['server/storage/migrations/**/*.ts'],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['**/model/**', '../*', '!./*'],
            message: 'a migration is frozen: it imports no live code (inline the values it needs, as they are today).',
          },
        ],
      },
    ],
  },
};

export const layers = {
  files: ['**/*.{ts,tsx,js,mjs}'],
  // A test may reach across layers to put them together; the code under test may not.
  ignores: ['**/*.test.{ts,tsx}'],
  plugins: { 'import-x': importX },
  settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })] },
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      { zones: RULES.map(([target, from, message]) => ({ target, from, message: `${target.slice(2)}: ${message}.` })) },
    ],
  },
};

/** The widgets ship to pages we don't control: the model reaches them as types, never as code. */
export const modelTypesOnly = {
  files: ['widgets/**/*.{ts,tsx}'],
  ignores: ['**/*.test.{ts,tsx}'],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            // text-length.ts and demo-session.ts import nothing: the widgets count a field as the service does,
            // and keep a demo's id where the service's other widget reads it.
            group: [
              '**/model/*',
              '!**/model/text-length',
              '!**/model/text-length.ts',
              '!**/model/demo-session',
              '!**/model/demo-session.ts',
            ],
            allowTypeImports: true,
            message: 'widgets take the model as types only (`import type`), so none of its code reaches a host page.',
          },
        ],
      },
    ],
  },
};

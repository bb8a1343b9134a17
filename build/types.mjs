// `npm run build:types`: the declarations the package ships, for every entry. TypeScript keeps
// relative specifiers as written (`'./machine'`); consumers resolving with `node16` / `NodeNext`
// need the file's extension, so each is given its `.js` afterwards.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { subpaths, writeSubpaths } from './subpaths.mjs';

const ROOT = new URL('../', import.meta.url).pathname;
const OUT = join(ROOT, 'dist/types');
/** @type {import('./subpaths.mjs').Manifest} */
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
// Each declaration `exports` names (`./dist/types/jsx/solid.d.ts`) is compiled from its source (`widgets/jsx/solid.ts`).
const declared = [pkg.exports['.'], ...subpaths(pkg).map(([, target]) => target)].flatMap((target) =>
  typeof target === 'object' && target.types ? [target.types] : [],
);
const ENTRIES = [
  ...new Set(declared.map((types) => types.replace(/^\.\/dist\/types\/(.*)\.d\.ts$/, 'widgets/$1.ts'))),
  'widgets/env.d.ts',
];

// The subpaths' folders and `typesVersions` follow `exports` (see subpaths.mjs).
writeSubpaths();
rmSync(OUT, { recursive: true, force: true });
const STAGE = join(ROOT, 'dist/.types-stage');
rmSync(STAGE, { recursive: true, force: true });
execFileSync(
  process.execPath,
  [
    join(ROOT, 'node_modules/typescript/bin/tsc'),
    '--ignoreConfig',
    ...ENTRIES,
    '--declaration',
    '--emitDeclarationOnly',
    '--noCheck',
    '--outDir',
    STAGE,
    '--rootDir',
    '.',
    '--jsx',
    'react-jsx',
    '--moduleResolution',
    'bundler',
    '--module',
    'esnext',
    '--target',
    'es2022',
    '--skipLibCheck',
    '--allowImportingTsExtensions',
    '--types',
    'vite/client',
    '--strict',
    '--lib',
    'ES2023,DOM,DOM.Iterable',
  ],
  { cwd: ROOT, stdio: 'inherit' },
);

// The widgets' declarations sit at the package's dist/types/ (as the exports map says), the model's
// types they take beside them in dist/types/model/: a widget file one folder higher than in the source.
renameSync(join(STAGE, 'widgets'), OUT);
renameSync(join(STAGE, 'model'), join(OUT, 'model'));
rmSync(STAGE, { recursive: true, force: true });

/** @param {string} dir @returns {string[]} */
const walk = (dir) =>
  readdirSync(dir).flatMap((name) =>
    statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)],
  );

for (const file of walk(OUT).filter((f) => f.endsWith('.d.ts'))) {
  const text = readFileSync(file, 'utf8');
  const lifted = file.startsWith(join(OUT, 'model'))
    ? text
    : text.replace(
        /((?:from|import)\s*\(?\s*['"])\.\.\/((?:\.\.\/)*)model\//g,
        (_, head, up) => `${head}${up || './'}model/`,
      );
  const fixed = lifted.replace(/((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]+?)(['"])/g, (all, head, path, tail) =>
    /\.(js|css|json)$|\?/.test(path) ? all : `${head}${path}.js${tail}`,
  );
  if (fixed !== text) writeFileSync(file, fixed);
}

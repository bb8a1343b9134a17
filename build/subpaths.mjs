// `npm run build:subpaths` (and every `npm run build:types` and `npm run build:registry`): package.json's `exports` is
// the one list of the package's subpaths, its widgets' entries written from widgets/registry.ts (one
// `./<entry>` per widget, after `.`); this derives from it what the resolvers that ignore `exports` read instead.
//
// - Parcel 2 reads `exports` only in a project that opts in (`"@parcel/resolver-default":
//   {"packageExports": true}`), as do webpack 4, Browserify and other older resolvers: they look for
//   `ai-agent-widgets/feedback` as a file or a folder in the package. So each subpath gets a folder
//   holding a package.json (`feedback/package.json`) whose `module`, `main` and `types` name the
//   files `exports` names.
// - TypeScript under `moduleResolution: node10` reads `typesVersions`, one entry per subpath.
//
// Both are written, never hand-edited; a unit test (build/subpaths.test.ts) fails when package.json
// or a folder disagrees with `exports`, so a new subpath cannot ship without them.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readRegistry } from './registry.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** @typedef {{ types?: string, import?: string, default?: string }} Target */
/** @typedef {{ exports: Record<string, string | Target>, files: string[], typesVersions?: Record<string, Record<string, string[]>> }} Manifest */

/**
 * The subpaths that name code or types (`./feedback`, `./jsx/solid`), not a file the package ships
 * as it is (`./custom-elements.json`, `./package.json`).
 * @param {Manifest} pkg
 * @returns {[string, Target][]}
 */
export function subpaths(pkg) {
  return Object.entries(pkg.exports).flatMap(([key, target]) =>
    key !== '.' && typeof target === 'object' ? [[key.slice(2), target]] : [],
  );
}

/**
 * Each subpath's folder and what its package.json says: `module` the ES file (the `import`
 * condition where there is one), `main` the default, `types` the declarations.
 * @param {Manifest} pkg
 * @returns {Record<string, Record<string, string | boolean>>} folder → package.json
 */
export function stubs(pkg) {
  /** @param {string} folder @param {string} file */
  const from = (folder, file) => relative(folder, file.slice(2));
  return Object.fromEntries(
    subpaths(pkg).map(([sub, target]) => {
      const code = target.import ?? target.default;
      const json = {
        name: `ai-agent-widgets/${sub}`,
        private: true,
        description:
          'Where resolvers that ignore package.json `exports` find this subpath (written by build/subpaths.mjs from `exports`).',
        ...(code ? { module: from(sub, code), main: from(sub, target.default ?? code) } : {}),
        ...(target.types ? { types: from(sub, target.types) } : {}),
      };
      return [sub, json];
    }),
  );
}

/** Whether a file of the repository is there. */
const present = (/** @type {string} */ path) => existsSync(join(ROOT, path));

/**
 * `exports` with one entry per widget of the registry, right after `.`; the other subpaths as they
 * were, but for an entry whose source is gone (a widget taken out of the registry: its entry file,
 * written by the registry, goes with it).
 * @param {Manifest['exports']} exports
 * @param {{ entry: string }[]} widgets
 * @param {(path: string) => boolean} exists
 */
function withWidgets(exports, widgets, exists) {
  const own = Object.fromEntries(
    widgets.map(({ entry }) => [
      `./${entry}`,
      { types: `./dist/types/entries/${entry}.d.ts`, default: `./dist/widgets/${entry}.js` },
    ]),
  );
  const { '.': main, ...rest } = exports;
  for (const [key, target] of Object.entries(rest)) {
    const source = typeof target === 'object' && /^\.\/dist\/types\/(entries\/[\w-]+)\.d\.ts$/.exec(target.types ?? '');
    if (key in own || (source && !exists(`widgets/${source[1]}.ts`))) delete rest[key];
  }
  return { ...(main ? { '.': main } : {}), ...own, ...rest };
}

/**
 * package.json as it should be: the widgets' `exports` from the registry, `typesVersions` from
 * `exports`, and `files` with each subpath's folder.
 * @param {Manifest} manifest
 * @param {{ entry: string }[]} [widgets] the registry's (widgets/registry.ts)
 * @param {(path: string) => boolean} [exists] whether a source file is there
 * @returns {Manifest}
 */
export function derived(manifest, widgets = readRegistry(), exists = present) {
  const pkg = { ...manifest, exports: withWidgets(manifest.exports, widgets, exists) };
  const typed = subpaths(pkg).filter(([, target]) => target.types);
  const files = [
    ...pkg.files.filter((file) => !/^[^!].*\/package\.json$/.test(file)),
    ...Object.keys(stubs(pkg)).map((sub) => `${sub}/package.json`),
  ];
  return {
    ...pkg,
    files,
    typesVersions: { '*': Object.fromEntries(typed.map(([sub, target]) => [sub, [String(target.types).slice(2)]])) },
  };
}

/** @param {unknown} value */
const json = (value) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * Writes package.json's derived fields and every subpath's folder; says whether package.json changed.
 * @param {string} [root]
 */
export function writeSubpaths(root = ROOT) {
  const file = join(root, 'package.json');
  /** @type {Manifest} */
  const pkg = JSON.parse(readFileSync(file, 'utf8'));
  const next = derived(pkg, readRegistry(root), (path) => existsSync(join(root, path)));
  const changed = json(next) !== json(pkg);
  if (changed) writeFileSync(file, json(next));
  for (const [sub, stub] of Object.entries(stubs(next))) {
    const path = join(root, sub, 'package.json');
    mkdirSync(dirname(path), { recursive: true });
    if (readFileSync(path, { encoding: 'utf8', flag: 'a+' }) !== json(stub)) writeFileSync(path, json(stub));
  }
  return changed;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeSubpaths();

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { join } from 'node:path';
import { create, ts } from '@custom-elements-manifest/analyzer';
import { elementPlugin } from './element-plugin.mjs';

/** @typedef {import('custom-elements-manifest/schema').Package} Package */
/** @typedef {import('./element-plugin.mjs').ElementDoc} ElementDoc */

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const MANIFEST_FILE = 'custom-elements.json';
export const DOCS_FILE = 'docs/elements.md';

/** Each widget folder's `element.ts`, sorted so that the manifest does not churn. */
function elementModules() {
  return readdirSync(join(ROOT, 'widgets'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(ROOT, 'widgets', entry.name, 'element.ts')))
    .map((entry) => `widgets/${entry.name}/element.ts`)
    .sort();
}

/**
 * The manifest, built in memory the way the analyzer's CLI builds it (repo-relative module
 * paths), with our plugin for the props, events and tags of our element classes. Throws on
 * declarations that disagree (an event without a type, a prop without JSDoc).
 * @returns {Package}
 */
export function analyze() {
  const modules = elementModules().map((path) =>
    ts.createSourceFile(path, readFileSync(join(ROOT, path), 'utf8'), ts.ScriptTarget.ES2015, true),
  );
  /** @type {string[]} */
  const problems = [];
  const manifest = create({ modules, plugins: [elementPlugin(problems)] });
  if (problems.length > 0) throw new Error(`The element declarations disagree:\n${problems.join('\n')}`);
  return shipped(manifest);
}

/** `widgets/voice-demo/element.ts` is shipped as `dist/widgets/voice-demo.js` (the widget's own entry). */
const shippedPath = (/** @type {string} */ source) =>
  source.replace(/^widgets\/([\w-]+)\/element\.ts$/, 'dist/widgets/$1.js');

/** The source behind a shipped module path, for the checks that read it. */
export const sourcePath = (/** @type {string} */ module) =>
  module.replace(/^dist\/widgets\/([\w-]+)\.js$/, 'widgets/$1/element.ts');

/**
 * Module paths name the files the package ships, so that tools reading the manifest from
 * `node_modules` find them.
 * @param {Package} manifest
 * @returns {Package}
 */
function shipped(manifest) {
  for (const module of manifest.modules) {
    module.path = shippedPath(module.path);
    for (const entry of module.exports ?? [])
      if (entry.declaration.module) entry.declaration.module = shippedPath(entry.declaration.module);
  }
  return manifest;
}

/** The file's text, laid out as the analyzer's CLI writes it. */
export function serialize(/** @type {Package} */ manifest) {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/**
 * The custom elements the manifest declares, with the module each is declared in.
 * @param {Package} manifest
 * @returns {{ element: ElementDoc, module: string, path: string }[]}
 */
export function customElements(manifest) {
  return manifest.modules.flatMap((module) =>
    (module.declarations ?? [])
      .filter((decl) => decl.kind === 'class' && 'customElement' in decl && decl.customElement)
      .map((decl) => ({
        element: /** @type {ElementDoc} */ (decl),
        module: module.path,
        path: sourcePath(module.path),
      })),
  );
}

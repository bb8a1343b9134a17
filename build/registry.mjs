// `npm run build:registry` (and every `npm run build:widgets`): writes from widgets/registry.ts what needs a
// name per widget, and what TypeScript cannot derive from a list: the package's entry per widget, the
// ES entry that registers them all, the SSR classes, the React wrappers, the JSX maps' named types,
// the command's usage and package.json's `exports`. Never hand-edited; build/registry.test.ts fails
// when one of them is behind the list.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import { format, resolveConfig } from 'prettier';
import { writeSubpaths } from './subpaths.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const GENERATED =
  '// Written by `npm run build:registry` from widgets/registry.ts: edit that list (or the widget), not this file.';

/** @typedef {{ tag: string, element: string, entry: string }} Widget */
/** @typedef {Widget & { name: string, define: string }} Named */

/**
 * The registry's list, read from its source (it imports nothing: compiled and run here as it is).
 * @param {string} [root]
 * @returns {Widget[]}
 */
export function readRegistry(root = ROOT) {
  const { code } = transformSync(readFileSync(join(root, 'widgets/registry.ts'), 'utf8'), {
    loader: 'ts',
    format: 'cjs',
  });
  const module = { exports: /** @type {{ WIDGETS?: Widget[] }} */ ({}) };
  new Function('module', 'exports', code)(module, module.exports);
  if (!Array.isArray(module.exports.WIDGETS)) throw new Error('widgets/registry.ts exports no WIDGETS list');
  return module.exports.WIDGETS;
}

/**
 * `AIVoiceDemoElement` → `VoiceDemo` (the React wrapper) and `defineVoiceDemo`.
 * @param {Widget} widget
 * @returns {Named}
 */
export function named(widget) {
  const name = widget.element.replace(/^AI(.+)Element$/, '$1');
  return { ...widget, name, define: `define${name}` };
}

/** "a", "a and b", "a, b and c". */
const list = (/** @type {string[]} */ items, and = 'and') =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}` : (items[0] ?? '');

/** The leading JSDoc of a widget's `index.ts`, which its package entry carries too. */
function docOf(/** @type {string} */ root, /** @type {string} */ entry) {
  const file = join(root, 'widgets', entry, 'index.ts');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  return /^\/\*\*[\s\S]*?\*\/\n/.exec(text)?.[0] ?? '';
}

/** Each generated file, whole: path → text (before formatting). */
function files(/** @type {string} */ root, /** @type {Named[]} */ widgets) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const w of widgets)
    out[`widgets/entries/${w.entry}.ts`] = `${docOf(root, w.entry)}${GENERATED}
export { ${w.element}, ${w.define} } from '../${w.entry}/index';
export type * from '../${w.entry}/index';
`;

  out['widgets/entries/classes.ts'] = `${GENERATED}
import type { WidgetTag } from '../registry';
${widgets.map((w) => `import { ${w.element} } from '../${w.entry}/element';`).join('\n')}

/** Each widget's element class by its tag: what \`renderElement\` prints and the JSX typings type. */
export const CLASSES = {
${widgets.map((w) => `  '${w.tag}': ${w.element},`).join('\n')}
} satisfies Record<WidgetTag, unknown>;
`;

  const tags = list(widgets.map((w) => `\`<${w.tag}>\``));
  out['widgets/index.ts'] = `/**
 * The widgets' ES entry: registers ${tags}.
 * Each \`define…(tag)\` is idempotent and takes another tag name when a page needs one; for one
 * widget alone, with nothing registered on import, use its own entry:
 * ${list(
   widgets.map((w) => `\`ai-agent-widgets/${w.entry}\``),
   'or',
 )}.
 */
${GENERATED}
${widgets.map((w) => `import { ${w.element}, ${w.define} } from './entries/${w.entry}';`).join('\n')}

// Named, not \`export *\`: the build re-exports exactly these from the stable \`index.js\`.
export { ${[...widgets.map((w) => w.element), ...widgets.map((w) => w.define)].join(', ')} };
${widgets.map((w) => `export type * from './entries/${w.entry}';`).join('\n')}

${widgets.map((w) => `${w.define}();`).join('\n')}
`;
  return out;
}

/** Each block generated inside a hand-written file: path → block name → text. */
function blocks(/** @type {Named[]} */ widgets) {
  return {
    'widgets/entries/react.ts': {
      imports: widgets
        .map((w) => `import { ${w.element}, ${w.define}, type ${w.name}Props } from './${w.entry}.js';`)
        .join('\n'),
      wrappers: widgets
        .map(
          (w) => `export type ${w.name}ComponentProps = ${w.name}Props & CommonProps & EventCallbacks<'${w.tag}'>;
/** \`<${w.tag}>\` as a React component; its ref is the element, with its methods. */
export const ${w.name} = wrap<${w.element}, ${w.name}ComponentProps>('${w.tag}', ${w.element}, ${w.define}, '${w.name}');`,
        )
        .join('\n'),
    },
    'widgets/jsx.ts': {
      aliases: widgets.map((w) => `export type ${w.name}Jsx = ReactTags['${w.tag}'];`).join('\n'),
    },
    'bin/ai-agent-widgets.mjs': {
      tags: `const TAGS = '${widgets.map((w) => w.tag).join('|')}';`,
    },
  };
}

/** `// registry: <name> …` and `// registry: end` around a block the registry writes. */
const BLOCK = /(\/\/ registry: (?!end\b)(\S+)[^\n]*\n)(?:[\s\S]*?\n)??([ \t]*\/\/ registry: end)/g;

/**
 * Every file the registry writes, as it should be, formatted: path → text.
 * @param {string} [root]
 * @param {Widget[]} [widgets]
 * @returns {Promise<Record<string, string>>}
 */
export async function expected(root = ROOT, widgets = readRegistry(root)) {
  const all = widgets.map(named);
  /** @type {Record<string, string>} */
  const out = files(root, all);
  for (const [path, own] of Object.entries(blocks(all))) {
    /** @type {Record<string, string>} */
    const texts = own;
    const text = readFileSync(join(root, path), 'utf8');
    const found = new Set();
    out[path] = text.replace(BLOCK, (_, head, name, tail) => {
      if (!(name in texts)) throw new Error(`${path}: no block "${name}" in build/registry.mjs`);
      found.add(name);
      return `${head}${texts[name]}\n${tail}`;
    });
    const missing = Object.keys(texts).filter((name) => !found.has(name));
    if (missing.length) throw new Error(`${path}: the "// registry: ${missing[0]}" block is missing`);
  }
  for (const [path, text] of Object.entries(out)) {
    const filepath = join(root, path);
    out[path] = await format(text, { ...(await resolveConfig(filepath)), filepath });
  }
  return out;
}

/**
 * Writes what is behind; returns the paths written.
 * @param {string} [root]
 */
export async function writeRegistry(root = ROOT) {
  const written = [];
  const wanted = await expected(root);
  for (const [path, text] of Object.entries(wanted)) {
    const file = join(root, path);
    if (existsSync(file) && readFileSync(file, 'utf8') === text) continue;
    writeFileSync(file, text);
    written.push(path);
  }
  // The entry of a widget no longer listed: written by the registry (it says so), so it goes.
  for (const file of readdirSync(join(root, 'widgets/entries'))) {
    const path = `widgets/entries/${file}`;
    if (path in wanted || !readFileSync(join(root, path), 'utf8').includes(GENERATED)) continue;
    rmSync(join(root, path));
    written.push(`${path} (removed)`);
  }
  // package.json's `exports` (and what follows from it) name each widget's entry.
  if (writeSubpaths(root)) written.push('package.json');
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const written = await writeRegistry();
  console.log(written.length ? `registry: wrote ${written.join(', ')}` : 'registry: everything is up to date');
}

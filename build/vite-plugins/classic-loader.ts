import { readFileSync } from 'node:fs';
import { transform } from 'esbuild';
import { transformWithOxc, type Plugin } from 'vite';
import { readRegistry } from '../registry.mjs';

/** Stable file names in front of the hashed entries: `index.js` for the all-in-one entry, `{name}.js` for the others. */
const stableName = (name: string) => (name === 'ai-widgets' ? 'index.js' : `${name}.js`);

/**
 * Emits `ai-widgets.js`, the classic-script loader, pointing at the hashed all-in-one entry (and
 * `ai-widgets.css`, the page rules that keep the demo form's place for pages that load it `async`), and
 * for each entry a small ES module under a stable name for bundlers, re-exporting the entry's
 * public names only (a hashed entry also exports the minified internals its chunks share).
 * Both kinds are tiny and cached briefly; everything they import is hashed and cached long.
 */
export function classicLoader(loaderSource: URL, pageCss: string, pageScript: string): Plugin {
  let widgets: { tag: string; element: string; entry: string }[] = [];
  return {
    name: 'ai-widgets-classic-loader',
    apply: 'build',
    // Read from the root being built (a scaffolded copy's own list, say), not from whatever the config imported.
    configResolved(config) {
      widgets = readRegistry(config.root);
    },
    async generateBundle(_options, bundle) {
      const entries = Object.values(bundle).filter((file) => file.type === 'chunk' && file.isEntry);
      const main = entries.find((file) => file.name === 'ai-widgets');
      /** Every chunk `file` imports statically, at any depth. */
      const depsOf = (file: string) => {
        const deps = new Set<string>();
        const visit = (name: string) => {
          const chunk = bundle[name];
          if (chunk?.type !== 'chunk') return;
          for (const dep of chunk.imports) {
            if (deps.has(dep)) continue;
            deps.add(dep);
            visit(dep);
          }
        };
        visit(file);
        return [...deps].map((f) => `./${f}`);
      };
      // Each widget's own entry, its chunks and its define function: a page loads the widgets it holds.
      const perWidget = widgets.map(({ tag, element, entry }) => {
        const chunk = entries.find((file) => file.name === entry);
        if (!chunk) this.error(`no entry chunk for ${entry}`);
        return [tag, `./${chunk.fileName}`, depsOf(chunk.fileName), `define${element.slice(2, -'Element'.length)}`];
      });
      if (main && main.type === 'chunk') {
        const { code } = await transformWithOxc(readFileSync(loaderSource, 'utf8'), 'loader.ts', {
          define: {
            __ENTRY__: JSON.stringify(`./${main.fileName}`),
            __STATIC_DEPS__: JSON.stringify(depsOf(main.fileName)),
            __WIDGET_ENTRIES__: JSON.stringify(perWidget),
            __PAGE_CSS__: JSON.stringify(pageCss),
            __WIDGET_SELECTOR__: JSON.stringify(widgets.map(({ tag }) => tag).join(',')),
          },
        });
        // The page script first (kept presses, when to load), unless an inline copy ran before.
        // Minified: every page that embeds a widget downloads it. A classic script: no module syntax.
        if (/^\s*(import\s*[\w{*"']|export\b)/m.test(code))
          this.error('loader.ts must stay a classic script (no import or export)');
        const loader = await transform(`${pageScript}\n${code}`, {
          minify: true,
          target: 'es2020',
          legalComments: 'none',
        });
        this.emitFile({ type: 'asset', fileName: 'ai-widgets.js', source: loader.code });
        // The same rules for a page that loads the script `async`: only a stylesheet in the head
        // is there before the first paint, and keeps the demo form's place from it.
        this.emitFile({ type: 'asset', fileName: 'ai-widgets.css', source: `${pageCss}\n` });
      }
      for (const entry of entries) {
        if (entry.type !== 'chunk' || !entry.facadeModuleId) continue;
        const names = this.getModuleInfo(entry.facadeModuleId)?.exports ?? [];
        const leaked = names.filter((name) => !entry.exports.includes(name));
        if (leaked.length) this.error(`${entry.name}: public names missing from the chunk: ${leaked.join(', ')}`);
        this.emitFile({
          type: 'asset',
          fileName: stableName(entry.name),
          source: `export { ${names.join(', ')} } from './${entry.fileName}';\n`,
        });
      }
    },
  };
}

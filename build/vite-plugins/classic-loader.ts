import { readFileSync } from 'node:fs';
import { transformWithOxc, type Plugin } from 'vite';

/** Stable file names in front of the hashed entries: `index.js` for the all-in-one entry, `{name}.js` for the others. */
const stableName = (name: string) => (name === 'ai-widgets' ? 'index.js' : `${name}.js`);

/**
 * Emits `ai-widgets.js`, the classic-script loader, pointing at the hashed all-in-one entry, and
 * for each entry a small ES module under a stable name for bundlers, re-exporting the entry's
 * public names only (a hashed entry also exports the minified internals its chunks share).
 * Both kinds are tiny and cached briefly; everything they import is hashed and cached long.
 */
export function classicLoader(loaderSource: URL, pageCss: string): Plugin {
  return {
    name: 'ai-widgets-classic-loader',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const entries = Object.values(bundle).filter((file) => file.type === 'chunk' && file.isEntry);
      const main = entries.find((file) => file.name === 'ai-widgets');
      if (main) {
        const { code } = await transformWithOxc(readFileSync(loaderSource, 'utf8'), 'loader.ts', {
          define: { __ENTRY__: JSON.stringify(`./${main.fileName}`), __PAGE_CSS__: JSON.stringify(pageCss) },
        });
        this.emitFile({ type: 'asset', fileName: 'ai-widgets.js', source: code });
      }
      for (const entry of entries) {
        if (entry.type !== 'chunk' || !entry.facadeModuleId) continue;
        const names = this.getModuleInfo(entry.facadeModuleId)?.exports ?? [];
        const leaked = names.filter((name) => !entry.exports.includes(name));
        if (leaked.length) this.error(`${entry.name}: public names missing from the chunk: ${leaked.join(', ')}`);
        this.emitFile({ type: 'asset', fileName: stableName(entry.name), source: `export { ${names.join(', ')} } from './${entry.fileName}';\n` });
      }
    },
  };
}

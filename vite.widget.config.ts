import { readFileSync } from 'node:fs';
import { defineConfig, transformWithOxc, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { rootToHost } from './widgets/postcss-root-to-host.ts';
import { precompress } from './widgets/vite-precompress.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * Emits `ai-widgets.js`, the classic-script loader, pointing at the hashed ES entry, and
 * `index.js`, the same entry under a stable name for bundlers. Both are tiny and cached
 * briefly; everything they import is hashed and cached long.
 */
function classicLoader(): Plugin {
  return {
    name: 'ai-widgets-classic-loader',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
      if (!entry) this.error('no entry chunk to load');
      const source = readFileSync(new URL('./widgets/loader.ts', import.meta.url), 'utf8');
      const { code } = await transformWithOxc(source, 'loader.ts', {
        define: { __ENTRY__: JSON.stringify(`./${entry.fileName}`) },
      });
      this.emitFile({ type: 'asset', fileName: 'ai-widgets.js', source: code });
      // The package's ES entry for bundlers: a stable name in front of the hashed entry.
      const names = (entry as { exports: string[] }).exports.join(', ');
      this.emitFile({ type: 'asset', fileName: 'index.js', source: `export { ${names} } from './${entry.fileName}';\n` });
    },
  };
}

export default defineConfig({
  plugins: [react(), classicLoader(), precompress()],
  css: { postcss: { plugins: [rootToHost()] } },
  define: {
    'process.env.NODE_ENV': JSON.stringify('production'),
    __SENTRY_DSN__: JSON.stringify(process.env.AI_WIDGETS_SENTRY_DSN ?? ''),
    __WIDGETS_VERSION__: JSON.stringify(pkg.version),
  },
  build: {
    outDir: 'dist/widgets',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    sourcemap: true,
    lib: { entry: { 'ai-widgets': 'widgets/index.ts' }, formats: ['es'] },
    rolldownOptions: {
      // Modules the entry shares with lazy chunks stay in the entry (one request, not five).
      preserveEntrySignatures: 'allow-extension',
      output: {
        // React, react-dom, our mounting code and the components' shared helpers arrive together,
        // on first use of a widget: one request instead of a waterfall.
        codeSplitting: {
          groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]widgets[\\/]shared[\\/](react-root|icons|events)\./ }],
        },
        entryFileNames: 'ai-widgets.[hash].js',
        chunkFileNames: 'chunks/[name].[hash].js',
        minify: true,
      },
    },
  },
});

import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { rootToHost } from './build/vite-plugins/postcss-root-to-host.ts';
import { classicLoader } from './build/vite-plugins/classic-loader.ts';
import { unbundled } from './build/vite-plugins/unbundled.ts';
import { precompress } from './build/vite-plugins/precompress.ts';
import { buildSummary } from './build/vite-plugins/summary.ts';
import { pageReserveCss } from './widgets/demo-request/reserve.ts';
import { pageReserveCss as voicePageReserveCss } from './widgets/voice-demo/reserve.ts';
import { transformSync } from 'esbuild';
import { PAGE_SCRIPT } from './widgets/elements/page-script.ts';
import { WIDGETS } from './widgets/registry.ts';

/**
 * The page script's text, minified once: the same in the loader and in every printed page, so a
 * policy allows it by one hash per version.
 */
const pageScript = transformSync(PAGE_SCRIPT, { minify: true, target: 'es2020' }).code.trim();

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * One build, every entry: the all-in-one entry (the script tag's and the package's main) and one per
 * widget of the registry for bundlers, so that a host that imports one widget gets only its code. The
 * entries share their chunks: a host importing the main entry and a widget's gets each module once
 * (one React, one class per element, so `instanceof` holds).
 */
const ENTRIES = {
  'ai-widgets': 'widgets/index.ts',
  ...Object.fromEntries(WIDGETS.map(({ entry }) => [entry, `widgets/entries/${entry}.ts`])),
  // renderElement, for servers: the same views and CSS as the elements, printed as HTML (no DOM, no React).
  ssr: 'widgets/entries/ssr.ts',
};

export default defineConfig({
  // Warnings and our summary (build/vite-plugins/summary.ts), not every chunk: --logLevel info lists them.
  logLevel: 'warn',
  plugins: [
    react(),
    unbundled({ 'react.js': new URL('./widgets/entries/react.ts', import.meta.url) }),
    classicLoader(
      new URL('./widgets/elements/loader.ts', import.meta.url),
      pageReserveCss() + voicePageReserveCss(),
      pageScript,
    ),
    precompress(),
    buildSummary(),
  ],
  css: { postcss: { plugins: [rootToHost()] } },
  define: {
    'process.env.NODE_ENV': JSON.stringify('production'),
    // react-dom's error reporting asks `typeof process`: a bundler that polyfills Node's globals (Parcel)
    // would otherwise want the `process` package installed. In a browser both read undefined.
    process: 'globalThis.process',
    __SENTRY_DSN__: JSON.stringify(process.env.AI_WIDGETS_SENTRY_DSN ?? ''),
    __WIDGETS_VERSION__: JSON.stringify(pkg.version),
    __PAGE_SCRIPT__: JSON.stringify(pageScript),
  },
  build: {
    outDir: 'dist/widgets',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    // For our own deployment's error reports; the package leaves them out (package.json `files`).
    sourcemap: true,
    lib: {
      entry: ENTRIES,
      formats: ['es'],
    },
    rolldownOptions: {
      // Brotli at quality 11 beside every file (precompress) is slow on purpose: no timing advice about it.
      checks: { bundlerTimings: false },
      // Modules the entry shares with lazy chunks stay in the entry (one request, not five).
      preserveEntrySignatures: 'allow-extension',
      output: {
        // React, react-dom, our mounting code and the components' shared helpers arrive together,
        // on first use of a widget: one request instead of a waterfall.
        codeSplitting: {
          // Only React and widgets/react/ ride together; what they import from the earlier layers
          // (elements/, lib/) stays with the entry, which a page has loaded already. layer.ts is the
          // few lines each element uses to ask for that chunk: it stays with the entry too.
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]widgets[\\/]react[\\/](?!layer\.ts)/,
            },
          ],
        },
        entryFileNames: '[name].[hash].js',
        chunkFileNames: 'chunks/[name].[hash].js',
        minify: true,
      },
    },
  },
});

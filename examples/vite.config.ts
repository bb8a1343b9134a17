import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../build/vite-plugins/precompress.ts';
import { buildSummary } from '../build/vite-plugins/summary.ts';

const page = (name: string) => fileURLToPath(new URL(`./${name}/index.html`, import.meta.url));

/**
 * The example host apps that need a build: a lit-html page and a React 19 app (with its own
 * React, not the widgets'). Both load the widgets like any partner: the script tag.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/dist/examples/',
  // Warnings and our summary (build/vite-plugins/summary.ts), not every chunk: --logLevel info lists them.
  logLevel: 'warn',
  plugins: [react(), precompress(), buildSummary()],
  build: {
    outDir: '../dist/examples',
    emptyOutDir: true,
    target: 'es2022',
    // Brotli at quality 11 beside every file (precompress) is slow on purpose: no timing advice about it.
    rolldownOptions: { input: { lit: page('lit'), react: page('react') }, checks: { bundlerTimings: false } },
  },
});

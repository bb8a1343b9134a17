import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../build/vite-plugins/precompress.ts';

const page = (name: string) => fileURLToPath(new URL(`./${name}/index.html`, import.meta.url));

/**
 * The example host apps that need a build: a lit-html page and a React 19 app (with its own
 * React, not the widgets'). Both load the widgets like any partner: the script tag.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/dist/examples/',
  plugins: [react(), precompress()],
  build: {
    outDir: '../dist/examples',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: { input: { lit: page('lit'), react: page('react') } },
  },
});

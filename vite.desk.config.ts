import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/vite-plugins/precompress.ts';

/**
 * The sales desk (/desk): a small client-routed React app, served by the service behind its sign-in,
 * apart from the site's prerender. Its files are under /desk/assets/; every desk path answers index.html.
 */
export default defineConfig({
  root: 'desk',
  base: '/desk/',
  envDir: '..',
  plugins: [react(), precompress()],
  build: {
    outDir: '../dist/desk',
    emptyOutDir: true,
    target: 'es2022',
    // No source maps: the desk's source is not published (issue 29).
    sourcemap: false,
  },
});

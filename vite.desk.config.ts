import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/vite-plugins/precompress.ts';
import { buildSummary } from './build/vite-plugins/summary.ts';

/**
 * The sales desk (/desk): a small client-routed React app, served by the service behind its sign-in,
 * apart from the site's prerender. Its files are under /desk/assets/; every desk path answers index.html.
 */
export default defineConfig({
  root: 'desk',
  base: '/desk/',
  envDir: '..',
  // Warnings and our summary (build/vite-plugins/summary.ts), not every chunk: --logLevel info lists them.
  logLevel: 'warn',
  plugins: [react(), precompress(), buildSummary()],
  build: {
    // Brotli at quality 11 beside every file (precompress) is slow on purpose: no timing advice about it.
    rolldownOptions: { checks: { bundlerTimings: false } },
    outDir: '../dist/desk',
    emptyOutDir: true,
    target: 'es2022',
    // No source maps: the desk's source is not published (issue 29).
    sourcemap: false,
  },
});

import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { rootToHost } from './build/vite-plugins/postcss-root-to-host.ts';
import { prerender } from './site/prerender/plugin.ts';
import { precompress } from './build/vite-plugins/precompress.ts';
import { buildSummary } from './build/vite-plugins/summary.ts';
import { containerReserveCss } from './widgets/demo-request/reserve.ts';

/** `virtual:demo-request-reserve.css`: the demo form's reserved height before it is defined, from the widget's own bands. */
function demoRequestReserve(): Plugin {
  const id = 'virtual:demo-request-reserve.css';
  return {
    name: 'demo-request-reserve',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (resolved) => (resolved === `\0${id}` ? containerReserveCss() : undefined),
  };
}

if (process.env.VITE_PUBLIC_URL?.trim() && !process.env.PUBLIC_URL?.trim())
  console.warn('VITE_PUBLIC_URL is now called PUBLIC_URL; using its value. Rename it in your environment or .env.');

/** The marketing site: one React for the site and the widgets it composes. */
export default defineConfig({
  root: 'site',
  envDir: '..',
  // PUBLIC_URL is the one public address, shared with the service (its former name, VITE_PUBLIC_URL, still works).
  envPrefix: ['VITE_', 'PUBLIC_URL'],
  // Warnings and our summary (build/vite-plugins/summary.ts), not every chunk: --logLevel info lists them.
  logLevel: 'warn',
  plugins: [react(), demoRequestReserve(), precompress(), buildSummary(), prerender()],
  css: { postcss: { plugins: [rootToHost()] } },
  define: {
    __SENTRY_DSN__: JSON.stringify(process.env.VITE_SENTRY_DSN ?? process.env.AI_WIDGETS_SENTRY_DSN ?? ''),
    __WIDGETS_VERSION__: JSON.stringify(process.env.npm_package_version ?? 'dev'),
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  build: {
    outDir: '../dist/site',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // Brotli at quality 11 beside every file (precompress) is slow on purpose, once per build:
    // no timing advice about it in the build's output.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
});

import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import { compressBeside } from '../../build/vite-plugins/precompress.ts';
import type { PrerenderedFile } from './files';

/**
 * After the site's client build, builds site/entry-server.tsx for Node, renders every route with
 * the same components into its own HTML file (plus 404.html, robots.txt, sitemap.xml, routes.json),
 * and compresses what it wrote. The browser then hydrates what it receives.
 */
export function prerender(): Plugin {
  let outDir = '';
  let ssr = false;
  let configFile: string | undefined;
  let mode = 'production';
  return {
    name: 'site-prerender',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
      configFile = config.configFile;
      mode = config.mode;
    },
    async closeBundle() {
      if (ssr) return;
      const serverDir = join(dirname(outDir), `${outDir.split(/[\\/]/).pop()}-ssr`);
      await build({
        configFile,
        mode,
        logLevel: 'warn',
        build: { ssr: 'entry-server.tsx', outDir: serverDir, emptyOutDir: true, sourcemap: false, copyPublicDir: false },
      });
      try {
        const entry = (await import(pathToFileURL(join(serverDir, 'entry-server.js')).href)) as { files(template: string): PrerenderedFile[] };
        const template = readFileSync(join(outDir, 'index.html'), 'utf8');
        for (const { file, content } of entry.files(template)) {
          const path = join(outDir, file);
          mkdirSync(dirname(path), { recursive: true });
          writeFileSync(path, content);
          compressBeside(path);
        }
      } finally {
        rmSync(serverDir, { recursive: true, force: true });
      }
    },
  };
}

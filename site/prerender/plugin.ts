import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import { compressBeside } from '../../build/vite-plugins/precompress.ts';
import type { PrerenderedFile } from './files';

const BUNDLE = '<script type="module" crossorigin';

/**
 * The template with the bundle asked for at low priority. A module script never holds the first
 * paint, but Chrome asks for it at high priority, and Lighthouse counts a high-priority script that
 * ran before the first paint into that paint (FCP 1.5 s on `/`). Vite drops the attribute from
 * site/index.html, so it is set on what Vite wrote; a template without the tag stops the build.
 */
export function lowPriorityBundle(template: string): string {
  if (!template.includes(BUNDLE)) throw new Error(`the site's template has no ${BUNDLE}`);
  return template.replace(BUNDLE, '<script type="module" fetchpriority="low" crossorigin');
}

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
        build: {
          ssr: 'entry-server.tsx',
          outDir: serverDir,
          emptyOutDir: true,
          sourcemap: false,
          copyPublicDir: false,
        },
      });
      try {
        const entry = (await import(pathToFileURL(join(serverDir, 'entry-server.js')).href)) as {
          files(template: string): PrerenderedFile[];
        };
        const template = lowPriorityBundle(readFileSync(join(outDir, 'index.html'), 'utf8'));
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

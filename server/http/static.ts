// Files the build made: the widgets (cross-origin, long-cached when hashed), the example pages, and the
// prerendered site, each page answered by its route with its status.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { join } from 'node:path';
import type { ServerConfig } from '../config/settings.ts';
import { deskStatic } from './desk-pages.ts';
import { privacyFacts, sendSitePage, siteRoutes } from './site-pages.ts';
import { notSourceMap } from './source-maps.ts';

/** The examples' Vite sources: the lit and React apps' folders and TypeScript files. */
const VITE_SOURCES = /^\/(lit|react)(\/|$)|\.(ts|tsx|mts)$/;

const HASHED = /[.-][A-Za-z0-9_-]{8}\.(js|css)$/;

/** The file a precompressed variant stands for: `x.js.br` is `x.js`. */
const original = (path: string) => path.replace(/\.(br|gz)$/, '');

function cacheHeaders(reply: FastifyReply, path: string) {
  reply.header(
    'Cache-Control',
    HASHED.test(original(path)) ? 'public, max-age=31536000, immutable' : 'public, max-age=300, must-revalidate',
  );
}

/** Registers the static files; the site's folder, for the not-found page. */
export async function staticRoutes(app: FastifyInstance, config: ServerConfig): Promise<string> {
  await app.register(fastifyStatic, {
    root: join(config.distDir, 'widgets'),
    prefix: '/dist/widgets/',
    // The build writes .br and .gz beside each file: no compression work per request.
    preCompressed: true,
    allowedPath: notSourceMap,
    setHeaders: (res, path) => {
      cacheHeaders(res, path);
      res.header('Access-Control-Allow-Origin', '*');
    },
  });
  await app.register(fastifyStatic, {
    root: join(config.distDir, 'examples'),
    prefix: '/dist/examples/',
    decorateReply: false,
    preCompressed: true,
    allowedPath: notSourceMap,
    setHeaders: cacheHeaders,
  });
  await app.register(fastifyStatic, {
    root: config.examplesDir,
    prefix: '/examples/',
    decorateReply: false,
    // The lit and React apps are Vite sources (served built under /dist/examples/), as is the config.
    allowedPath: (pathName) => !VITE_SOURCES.test(pathName) && notSourceMap(pathName),
    setHeaders: (res) => res.header('Cache-Control', 'no-cache'),
  });
  // The sales desk (behind its sign-in): its own pages and files, outside the site's prerender.
  await deskStatic(app, config);
  const siteDir = join(config.distDir, 'site');
  await app.register(fastifyStatic, {
    root: siteDir,
    prefix: '/',
    preCompressed: true,
    decorateReply: false,
    index: false,
    wildcard: true,
    // Pages are answered by their routes (with their status), not as files.
    allowedPath: (pathName) => !pathName.endsWith('.html') && notSourceMap(pathName),
    setHeaders: (res, path) =>
      original(path).endsWith('.html') ? res.header('Cache-Control', 'no-cache') : cacheHeaders(res, path),
  });
  // Browsers ask for /favicon.ico on every page, the example pages included.
  app.get('/favicon.ico', (_req, reply) => reply.redirect('/favicon.svg', 301));
  const fills: Record<string, (html: string) => string> = { '/privacy': privacyFacts(config.retention) };
  for (const route of siteRoutes(siteDir)) {
    app.get(route, (request, reply) => sendSitePage(request, reply, siteDir, route, 200, fills[route]));
    // A page's folder with its slash (`/terms/`) is the page: a permanent redirect to it, the query kept,
    // the address relative (never built from Host).
    if (route !== '/')
      app.get(`${route}/`, (request, reply) => {
        const query = request.url.indexOf('?');
        return reply.redirect(query < 0 ? route : route + request.url.slice(query), 308);
      });
  }
  return siteDir;
}

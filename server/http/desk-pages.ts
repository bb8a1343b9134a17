// The desk's pages: one client-routed app built into dist/desk (vite.desk.config.ts). Every desk path
// is answered with its HTML, never cached and never indexed; its hashed files are long-cached.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ServerConfig } from '../config/settings.ts';
import { DESK_PAGES } from '../../model/desk-pages.ts';
import { DESK_CSP } from './csp.ts';
import { notSourceMap } from './source-maps.ts';

/** The paths the desk app routes (the model's one list; the sign-in shows at any of them without a session). */
const DESK_PATHS = ['/desk/', ...DESK_PAGES.map((page) => page.path)];

export async function deskStatic(app: FastifyInstance, config: ServerConfig) {
  const deskDir = join(config.distDir, 'desk');
  await app.register(fastifyStatic, {
    root: join(deskDir, 'assets'),
    prefix: '/desk/assets/',
    decorateReply: false,
    preCompressed: true,
    // The build makes none; an old one left in the folder is not served either.
    allowedPath: notSourceMap,
    setHeaders: (res) => {
      res.header('Cache-Control', 'public, max-age=31536000, immutable');
      res.header('X-Robots-Tag', 'noindex, nofollow');
    },
  });
  const page = join(deskDir, 'index.html');
  for (const path of DESK_PATHS) {
    app.get(path, async (_request, reply) => {
      reply
        .header('Cache-Control', 'no-store')
        .header('X-Robots-Tag', 'noindex, nofollow')
        .header('Content-Security-Policy', DESK_CSP);
      if (!existsSync(page))
        return reply.code(503).type('text/plain; charset=utf-8').send('The desk is not built yet: run npm run build.');
      // Read per request (a few hundred bytes), so a rebuild is served without a restart.
      return reply.type('text/html; charset=utf-8').send(await readFile(page));
    });
  }
}

// The marketing site's pages, prerendered by its build: `routes.json` lists the routes, each route
// has its own HTML file (with Brotli and gzip variants beside it), and 404.html answers the rest.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The routes the build prerendered (none before a build). */
export function siteRoutes(siteDir: string): string[] {
  const list = join(siteDir, 'routes.json');
  return existsSync(list) ? (JSON.parse(readFileSync(list, 'utf8')) as string[]) : [];
}

const fileOf = (route: string) => (route === '/' ? 'index.html' : `${route.slice(1)}/index.html`);

/**
 * Sends a page's HTML with the given status, as the smallest encoding the browser takes.
 * Read per request (a few KB, in the OS cache), so a rebuild is served without a restart.
 * `route` null is the not-found page.
 */
export async function sendSitePage(
  request: FastifyRequest,
  reply: FastifyReply,
  siteDir: string,
  route: string | null,
  status: number,
  fill?: (html: string) => string,
) {
  const file = join(siteDir, route === null ? '404.html' : fileOf(route));
  const accepts = String(request.headers['accept-encoding'] ?? '');
  reply
    .code(status)
    .header('Cache-Control', 'no-cache')
    .header('Vary', 'Accept-Encoding')
    .type('text/html; charset=utf-8');
  // A page with facts of this service in it (the privacy page's periods) is filled in as it is sent.
  if (fill && existsSync(file)) return reply.send(fill(await readFile(file, 'utf8')));
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ]) {
    if (accepts.includes(encoding) && existsSync(file + suffix))
      return reply.header('Content-Encoding', encoding).send(await readFile(file + suffix));
  }
  if (!existsSync(file))
    return reply
      .type('text/plain; charset=utf-8')
      .send(status === 404 ? 'Not found.' : 'The site is not built yet: run npm run build.');
  return reply.send(await readFile(file));
}

/** "2 years", "180 days", "1 day"; 0: removed at the next hourly purge. */
export function periodText(days: number): string {
  if (days === 0) return 'until the next hourly clean-up';
  if (days % 365 === 0) return `${days / 365} year${days === 365 ? '' : 's'}`;
  return `${days} day${days === 1 ? '' : 's'}`;
}

/** Puts the retention periods in force into the privacy page's `data-retention` spans. */
export function privacyFacts(retention: {
  leadDays: number;
  callContentDays: number;
  outboxDays: number;
  demoDays: number;
}) {
  const periods: Record<string, string> = {
    leads: periodText(retention.leadDays),
    'call-content': periodText(retention.callContentDays),
    crm: periodText(retention.outboxDays),
    demos: periodText(retention.demoDays),
  };
  return (html: string) =>
    html.replace(
      /(<span data-retention="([a-z-]+)">)[^<]*(<\/span>)/g,
      (whole, open: string, kind: string, close: string) => (periods[kind] ? `${open}${periods[kind]}${close}` : whole),
    );
}

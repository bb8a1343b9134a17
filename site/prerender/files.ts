import { createHash } from 'node:crypto';
import { absoluteUrl, NOT_FOUND, ROUTES } from '../routes';
import { headFor } from './head';

/** A file the prerender step writes into the site's build, relative to it. */
export type PrerenderedFile = { file: string; content: string };

const HEAD = '<!--prerender:head-->';
const ROOT = '<div id="root"></div>';

function page(template: string, head: string, body: string): string {
  if (!template.includes(HEAD) || !template.includes(ROOT))
    throw new Error(`site/index.html needs ${HEAD} and ${ROOT}`);
  return template.replace(HEAD, head).replace(ROOT, `<div id="root">${body}</div>`);
}

/**
 * Every route's HTML (`/` → index.html, `/terms` → terms/index.html), the not-found page (404.html),
 * robots.txt, sitemap.xml, routes.json (the paths, for the service and the benchmark) and
 * style-hashes.json (the widgets' first-paint styles, which the service's CSP allows by hash).
 */
export function prerenderedFiles(template: string, render: (path: string) => string): PrerenderedFile[] {
  const pages = ROUTES.map((route) => ({
    file: route.path === '/' ? 'index.html' : `${route.path.slice(1)}/index.html`,
    content: page(template, headFor(route), render(route.path)),
  }));
  const notFound = {
    file: '404.html',
    content: page(template, headFor(NOT_FOUND, { notFound: true }), render(NOT_FOUND.path)),
  };
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...ROUTES.map((route) => `  <url><loc>${absoluteUrl(route.path)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  const robots = ['User-agent: *', 'Allow: /', '', `Sitemap: ${absoluteUrl('/sitemap.xml')}`, ''].join('\n');
  return [
    ...pages,
    notFound,
    { file: 'sitemap.xml', content: sitemap },
    { file: 'robots.txt', content: robots },
    { file: 'routes.json', content: `${JSON.stringify(ROUTES.map((r) => r.path))}\n` },
    {
      file: 'style-hashes.json',
      content: `${JSON.stringify(styleHashes([...pages, notFound].map((p) => p.content)))}\n`,
    },
  ];
}

/** The CSP source of each widget `<style>` printed in the pages (`'sha256-…'`): `style-src 'self'` refuses them otherwise. */
export function styleHashes(pages: string[]): string[] {
  const hashes = new Set<string>();
  for (const html of pages)
    // Up to its end tag, not its first "<": minified CSS writes `max-width: 329px` as `width<=329px`.
    for (const [, css] of html.matchAll(/<style data-ai-widgets-ssr="[^"]*">([\s\S]*?)<\/style>/g))
      hashes.add(`'sha256-${createHash('sha256').update(css!).digest('base64')}'`);
  return [...hashes].sort();
}

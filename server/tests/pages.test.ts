import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_PAGES } from '../../model/desk-pages.ts';
import { DESK_PERMISSIONS, SITE_PERMISSIONS } from '../http/permissions.ts';
import { testApp } from './harness.ts';

// Issue 43, pages: desk paths that answered the site's 404 on reload, page folders with their slash that
// answered a 403, no Permissions-Policy, and the examples' Vite sources served raw.
describe('pages', () => {
  let h: Awaited<ReturnType<typeof testApp>>;
  const dist = mkdtempSync(join(tmpdir(), 'ai-widgets-pages-'));
  beforeAll(async () => {
    const site = join(dist, 'site');
    const routes = ['/', '/name', '/experience', '/terms', '/privacy'];
    for (const route of routes) {
      mkdirSync(join(site, route), { recursive: true });
      writeFileSync(join(site, route, 'index.html'), `<!doctype html><title>${route}</title>`);
    }
    writeFileSync(join(site, 'routes.json'), JSON.stringify(routes));
    writeFileSync(join(site, '404.html'), '<!doctype html><title>Not found</title>');
    mkdirSync(join(dist, 'desk'), { recursive: true });
    writeFileSync(join(dist, 'desk', 'index.html'), '<!doctype html><title>Desk</title>');
    h = await testApp({ DIST_DIR: dist });
  });
  afterAll(async () => {
    await h.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const get = (url: string) => h.app.inject({ method: 'GET', url });

  it.each(DESK_PAGES.map((page) => page.path.replace(':id', '42')))('answers %s with the desk’s page', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Desk</title>');
  });

  it.each(['/name', '/experience', '/terms', '/privacy'])(
    'redirects %s/ to the page without its slash, the query kept, no host',
    async (route) => {
      const res = await get(`${route}/?utm_source=news&x=1`);
      expect(res.statusCode).toBe(308);
      expect(res.headers.location).toBe(`${route}?utm_source=news&x=1`);
      expect((await get(`${route}/`)).headers.location).toBe(route);
      const forged = await h.app.inject({ method: 'GET', url: `${route}/`, headers: { host: 'evil.example' } });
      expect(forged.headers.location).toBe(route);
    },
  );

  it('leaves /examples/ and /desk/ as they were', async () => {
    expect((await get('/desk/')).statusCode).toBe(200);
    expect((await get('/examples/')).statusCode).not.toBe(308);
  });

  it('sends the site’s Permissions-Policy with every HTML answer outside the desk, and the desk’s under /desk and /api', async () => {
    expect(SITE_PERMISSIONS).toBe('microphone=(self), camera=(), geolocation=()');
    expect(DESK_PERMISSIONS).toBe('microphone=(), camera=(), geolocation=()');
    for (const url of ['/', '/terms', '/nothing-here', '/examples/feedback.html', '/examples/'])
      expect((await get(url)).headers['permissions-policy'], url).toBe(SITE_PERMISSIONS);
    for (const url of ['/desk', '/desk/audit', '/desk/leads/7', '/api/health', '/api/nothing', '/api/desk/leads'])
      expect((await get(url)).headers['permissions-policy'], url).toBe(DESK_PERMISSIONS);
  });

  it.each([
    '/examples/lit/index.html',
    '/examples/lit/',
    '/examples/lit/main.ts',
    '/examples/react/index.html',
    '/examples/react/main.tsx',
    '/examples/vite.config.ts',
  ])('does not serve the Vite source %s', async (url) => {
    expect((await get(url)).statusCode).toBe(404);
  });
});

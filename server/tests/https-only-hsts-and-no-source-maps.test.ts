import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testApp, type Harness } from './harness.ts';

// Issue 56, item 14: Strict-Transport-Security only on answers over https (a trusted proxy's
// X-Forwarded-Proto), never over plain http; and no source map is served from any folder (the build's
// hashed *.js.map files were public, cached 5 minutes). Nothing here is stored: SQLite alone.
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});

async function service(env: Record<string, string> = {}) {
  const h = await testApp(env);
  cleanups.push(h.close);
  return h;
}

const get = (h: Harness, url: string, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url, headers });

function write(h: Harness, path: string, text: string) {
  const file = join(h.config.distDir, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

describe('HSTS', () => {
  const URLS = ['/api/health', '/api/no-such-thing', '/dist/widgets/feedback.js'];

  it('is never sent over plain http, nor when https is only claimed by a proxy TRUST_PROXY does not name', async () => {
    for (const [h, headers] of [
      [await service(), {}],
      [await service(), { 'x-forwarded-proto': 'https' }],
      [await service({ TRUST_PROXY: '1' }), { 'x-forwarded-proto': 'http' }],
    ] as const) {
      write(h, 'widgets/feedback.js', 'export {};');
      for (const url of URLS) {
        const res = await get(h, url, headers);
        expect(res.statusCode, url).toBeLessThan(500);
        expect(res.headers['strict-transport-security'], `${url} ${JSON.stringify(headers)}`).toBeUndefined();
      }
    }
  });

  it('is sent on every answer over https, refusals included', async () => {
    const h = await service({ TRUST_PROXY: '1', PUBLIC_URL: 'https://www.aurelo.test' });
    write(h, 'widgets/feedback.js', 'export {};');
    for (const url of URLS) {
      const res = await get(h, url, { 'x-forwarded-proto': 'https' });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });
});

describe('source maps', () => {
  it('are served from no folder (404), compressed copies included, while the files they map are', async () => {
    const h = await service();
    const files = [
      'widgets/chunks/voice-Ab3dE6gH.js',
      'widgets/feedback.js',
      'examples/assets/index-Ab3dE6gH.js',
      'site/assets/index-Ab3dE6gH.js',
      'desk/assets/index-Ab3dE6gH.js',
    ];
    const url = (file: string) => `/${file.replace(/^(widgets|examples)\//, 'dist/$1/').replace(/^site\//, '')}`;
    for (const file of files) {
      write(h, file, 'export {};\n//# sourceMappingURL=x.js.map');
      for (const suffix of ['.map', '.map.br', '.map.gz']) write(h, file + suffix, '{"version":3}');
      expect((await get(h, url(file))).statusCode, file).toBe(200);
      for (const encoding of ['identity', 'br, gzip']) {
        const res = await get(h, `${url(file)}.map`, { 'accept-encoding': encoding });
        expect(res.statusCode, `${file}.map ${encoding}`).toBe(404);
        expect(res.body).not.toContain('"version"');
      }
      expect((await get(h, `${url(file)}.map.br`)).statusCode, `${file}.map.br`).toBe(404);
    }
  });
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { bothDatabases, post, testApp } from './harness.ts';
import { embedsDesk, OTHER, PARTNER } from './embeds-support.ts';

// Issue 54: the origins the service allows are its settings' and every active embed's, on every instance
// without a restart; a page refused for its origin is counted, logged once a minute and listed for its
// embed; and CORS_ORIGINS takes http and https origins only.
const { backends, url } = bothDatabases();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const METRICS_TOKEN = 'metrics-token-of-at-least-thirty-two-chars';
const preflight = (h: Awaited<ReturnType<typeof testApp>>, origin: string) =>
  h.app.inject({
    method: 'OPTIONS',
    url: '/api/otp',
    headers: { origin, 'access-control-request-method': 'POST' },
  });

/** Asks `probe` again until it is true, for at most `limit` ms: an event awaited, never a duration asserted. */
async function eventually(probe: () => Promise<boolean>, limit = 30_000) {
  const until = Date.now() + limit;
  while (!(await probe())) {
    if (Date.now() > until) throw new Error('never happened');
    await new Promise((next) => setTimeout(next, 100));
  }
}

describe.each(backends)('origins on $name', ({ env }) => {
  it('counts, logs once a minute and lists the origins refused for an embed', async () => {
    const s = await embedsDesk(cleanups, { ...env(), METRICS_TOKEN });
    const embed = await s.embed();
    for (let i = 0; i < 2; i++) {
      const res = await post(s.h, '/api/otp', { phone: '+919876543210', embedId: embed.id }, { origin: OTHER });
      expect(res.json().error).toBe('origin');
    }
    // The widget's own question, from a page not among the embed's, is such a refusal too.
    await s.h.app.inject({ method: 'GET', url: `/api/embeds/${embed.id}`, headers: { origin: 'https://third.test' } });
    const listed = async () => (await s.get(`/api/desk/embeds/${embed.id}`)).json().refusedOrigins;
    await eventually(async () => (await listed()).length === 2 && (await listed())[0].count === 2);
    expect(await listed()).toEqual([
      { origin: OTHER, count: 2, lastAt: expect.any(String) },
      { origin: 'https://third.test', count: 1, lastAt: expect.any(String) },
    ]);
    const metrics = await s.h.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toContain(`widgets_origin_refused_total{embed="${embed.id}"} 3`);
    expect(metrics.body).not.toContain(`origin="`);
    const logged = s.h.logs.filter((l) => l.origin === OTHER);
    expect(logged).toHaveLength(1);
  });

  it('refuses a web demo from a page no setting or embed allows with 403 origin, counted as none', async () => {
    const h = await testApp({ ...env(), METRICS_TOKEN, VITE_VAPI_PUBLIC_KEY: 'pk', VITE_VAPI_ASSISTANT_ID: 'a1' });
    cleanups.push(h.close);
    const res = await post(h, '/api/voice/session', { mode: 'text' }, { origin: OTHER });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('origin');
    const metrics = await h.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toContain('widgets_origin_refused_total{embed="none"} 1');
    expect((await preflight(h, OTHER)).headers['access-control-allow-origin']).toBeUndefined();
    expect((await preflight(h, 'null')).headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('two instances on PostgreSQL', () => {
  it('an embed made on one lets its origin in on the other, and a paused one keeps it out again', async () => {
    const partner = `https://two-instances-${Date.now()}.test`;
    const s = await embedsDesk(cleanups, { DATABASE_URL: url() });
    const second = await testApp({ DATABASE_URL: url() });
    cleanups.push(second.close);
    expect((await preflight(second, partner)).headers['access-control-allow-origin']).toBeUndefined();
    const embed = await s.embed({ origins: [partner] });
    await eventually(async () => (await preflight(second, partner)).headers['access-control-allow-origin'] === partner);
    await s.patch(embed.id, { active: false });
    await eventually(
      async () => (await preflight(second, partner)).headers['access-control-allow-origin'] === undefined,
    );
  });
});

describe('CORS_ORIGINS', () => {
  it('stops the start with one line naming the values without an http or https scheme', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cors-origins-'));
    try {
      const result = spawnSync(process.execPath, ['server/run.mjs', 'main'], {
        cwd: resolve(dirname(fileURLToPath(import.meta.url)), '../..'),
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          DATABASE_PATH: join(dir, 'service.sqlite'),
          DIST_DIR: join(dir, 'dist'),
          CORS_ORIGINS: `localhost:8391,${PARTNER},null`,
        },
        timeout: 45_000,
      });
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split('\n').filter(Boolean);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Cannot start: CORS_ORIGINS: "localhost:8391", "null" are not http or https origins/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

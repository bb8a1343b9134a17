import { afterEach, describe, expect, it } from 'vitest';
import { bothDatabases, post, testApp } from './harness.ts';

// Issue 56, item 11: http://localhost:PORT and http://127.0.0.1:PORT are the site's own origins only when
// PUBLIC_URL is itself on this machine (development, the tests); a public service never takes a page on
// the visitor's own machine as one of its own, unless CORS_ORIGINS lists it. Checked where they count: a
// web demo's grant (the gate's own check, stored) and CORS, on both databases.
const { backends } = bothDatabases();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});

const LOOPBACK_PAGES = ['http://localhost:4173', 'http://127.0.0.1:4173'];

describe.each(backends)('the loopback origins on $name', ({ env }) => {
  async function service(settings: Record<string, string>) {
    const h = await testApp({
      ...env(),
      PORT: '4173',
      VITE_VAPI_PUBLIC_KEY: 'pk',
      VITE_VAPI_ASSISTANT_ID: 'a1',
      ...settings,
    });
    cleanups.push(h.close);
    const demo = (origin: string) => post(h, '/api/voice/session', { mode: 'text' }, { origin });
    const preflight = (origin: string) =>
      h.app.inject({
        method: 'OPTIONS',
        url: '/api/feedback',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    return { h, demo, preflight };
  }

  it('are not the site’s own when PUBLIC_URL is a public https address', async () => {
    const { h, demo, preflight } = await service({ PUBLIC_URL: 'https://www.aurelo.test' });
    expect(h.config.corsOrigins).toEqual(['https://www.aurelo.test']);
    for (const origin of LOOPBACK_PAGES) {
      const res = await demo(origin);
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().error).toBe('origin');
      expect((await preflight(origin)).headers['access-control-allow-origin'], origin).toBeUndefined();
    }
    expect((await demo('https://www.aurelo.test')).statusCode).toBe(200);
  });

  it('are the site’s own when PUBLIC_URL is on this machine, by either name', async () => {
    for (const publicUrl of ['http://127.0.0.1:4173', 'http://localhost:4173']) {
      const { h, demo, preflight } = await service({ PUBLIC_URL: publicUrl });
      expect([...h.config.corsOrigins].sort()).toEqual(LOOPBACK_PAGES.toSorted());
      for (const origin of LOOPBACK_PAGES) {
        expect((await demo(origin)).statusCode, `${publicUrl} ${origin}`).toBe(200);
        expect((await preflight(origin)).headers['access-control-allow-origin']).toBe(origin);
      }
    }
  });

  it('are allowed beside a public PUBLIC_URL when CORS_ORIGINS names one, and only that one', async () => {
    const { demo } = await service({ PUBLIC_URL: 'https://www.aurelo.test', CORS_ORIGINS: 'http://localhost:4173' });
    expect((await demo('http://localhost:4173')).statusCode).toBe(200);
    expect((await demo('http://127.0.0.1:4173')).statusCode).toBe(403);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { patience } from '../../tests/support/slowdown.mjs';
import { bothDatabases, deskCookie, deskTestService, storedLead } from './harness.ts';

// Issue 56, item 9: a same-site page (a sibling subdomain, another port) could have the browser fetch
// the leads' CSV or a lead's page no-cors, with the session, and write audit entries in the signed-in
// person's name. The desk's reads the audit writes down now need Sec-Fetch-Site: same-origin when the
// browser sends it; a client that sends none (a script holding the session) is let through. On both
// databases (the audit is stored).
const { backends } = bothDatabases();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});

const ACTIONS: Record<string, string> = {
  '/api/desk/leads.csv': 'leads.download',
  '/api/desk/feedback.csv': 'feedback.download',
  '/api/desk/leads/:id': 'lead.view',
};

describe.each(backends)('the desk’s audited reads on $name', ({ env }) => {
  async function desk() {
    const s = await deskTestService(cleanups, env());
    const cookie = await deskCookie(s);
    const id = await storedLead(s.h, { createdAt: s.clock.now(), name: 'Meera Iyer' });
    await s.h.store.feedback.add({
      name: 'Ravi',
      email: 'ravi@example.com',
      message: 'Lovely demo',
      createdAt: s.clock.now(),
    });
    // PostgreSQL's database is the file's: this test's entries are those after the last one before it.
    const since = (await s.h.store.audit.list({ limit: 1 }))[0]?.id ?? 0;
    const entries = async (action: string) =>
      (await s.h.store.audit.list({ limit: 100 })).filter((e) => e.id > since && e.action === action).length;
    const urls = Object.keys(ACTIONS).map((url) => url.replace(':id', String(id)));
    const get = (url: string, headers: Record<string, string> = {}) =>
      s.h.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });
    return { s, cookie, id, urls, entries, get };
  }

  it('refuses one another page asked for (same-site, cross-site, none), writing nothing down', async () => {
    const { urls, entries, get } = await desk();
    for (const url of urls)
      for (const site of ['same-site', 'cross-site', 'none']) {
        const res = await get(url, { 'sec-fetch-site': site, 'sec-fetch-mode': 'no-cors' });
        expect(res.statusCode, `${url} ${site}`).toBe(403);
        expect(res.json()).toEqual({
          error: 'not-same-origin',
          message: 'Open this from the desk itself: the browser says another page, or the address bar, asked for it.',
        });
        expect(res.body).not.toContain('Meera');
      }
    // One the desk's own page asks for is written down, as before: the refused ones were not.
    const own = await get(urls[0], { 'sec-fetch-site': 'same-origin' });
    expect(own.statusCode).toBe(200);
    await expect.poll(() => entries('leads.download'), { timeout: patience(5000) }).toBe(1);
    expect(await entries('feedback.download')).toBe(0);
    expect(await entries('lead.view')).toBe(0);
  });

  it('answers the desk’s own pages, and a client that sends no Sec-Fetch-Site, as before', async () => {
    const { urls, entries, get } = await desk();
    for (const url of urls) {
      for (const headers of [{ 'sec-fetch-site': 'same-origin' }, {}] as Record<string, string>[]) {
        const res = await get(url, headers);
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200);
        expect(res.body).toMatch(/Meera|Ravi/);
      }
    }
    await expect.poll(() => entries('leads.download'), { timeout: patience(5000) }).toBe(2);
    await expect.poll(() => entries('feedback.download'), { timeout: patience(5000) }).toBe(2);
    // A lead's views are written once per session and hour.
    expect(await entries('lead.view')).toBe(1);
  });

  it('answers 401 first without a session, and leaves the reads the audit does not write alone', async () => {
    const { s, urls, get } = await desk();
    for (const url of urls) {
      const res = await s.h.app.inject({ method: 'GET', url, headers: { 'sec-fetch-site': 'cross-site' } });
      expect(res.statusCode, url).toBe(401);
    }
    for (const url of ['/api/desk/leads', '/api/desk/overview', '/api/desk/changes'])
      expect((await get(url, { 'sec-fetch-site': 'same-site' })).statusCode, url).toBe(200);
  });

  it('says so in the OpenAPI document: 403 on each of them', async () => {
    const { s } = await desk();
    const document = (await s.h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const url of Object.keys(ACTIONS)) {
      const responses = document.paths[url.replace(':id', '{id}')].get.responses;
      expect(responses['403']?.description, url).toMatch(/Sec-Fetch-Site.*not-same-origin/);
    }
    expect(document.paths['/api/desk/leads'].get.responses['403']).toBeUndefined();
  });
});

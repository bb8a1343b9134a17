import { afterEach, describe, expect, it } from 'vitest';
import { DESK_POLICY } from '../domain/desk/desk-service.ts';
import { hashPassword, verifyPassword } from '../domain/desk/password.ts';
import {
  DESK_EMAIL,
  DESK_PASSWORD,
  deskCookie as cookie,
  deskSignIn as signIn,
  deskTestService,
  lead,
  post,
  verified,
  type Harness,
} from './harness.ts';

// The sales desk's API: every refusal (no session, an expired one, a foreign origin, a locked account,
// SQL and HTML in filters), and what a signed-in desk sees and changes.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});

const EMAIL = DESK_EMAIL;
const PASSWORD = DESK_PASSWORD;
const service = (env: Record<string, string> = {}) => deskTestService(cleanups, env);

const get = (h: Harness, url: string, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url, headers });

async function addLead(h: Harness, phone: string, extra: Record<string, unknown> = {}) {
  const res = await post(h, '/api/demo-requests', lead(await verified(h, phone), { phone, ...extra }));
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

const DESK_GETS = [
  '/api/desk/leads',
  '/api/desk/overview',
  '/api/desk/leads.csv',
  '/api/desk/leads/1',
  '/api/desk/feedback',
  '/api/desk/feedback.csv',
  '/api/desk/changes',
];

describe('the desk without a session', () => {
  it('answers 401 on every desk call, whatever else is wrong with it, and shows no data', async () => {
    const s = await service();
    await addLead(s.h, '+919876500001');
    for (const url of [...DESK_GETS, '/api/desk/leads?agent=nobody', '/api/desk/leads/abc']) {
      for (const headers of [
        {} as Record<string, string>,
        { cookie: 'desk_session=made-up' },
        { cookie: `desk_session=${'x'.repeat(5000)}` },
      ]) {
        const res = await get(s.h, url, headers);
        expect(res.statusCode, `${url} ${JSON.stringify(headers).slice(0, 40)}`).toBe(401);
        expect(res.json()).toEqual({
          error: 'no-session',
          message: expect.stringMatching(/^Sign in to the desk first/),
        });
        expect(res.body).not.toContain('+919876500001');
      }
    }
    for (const [method, url] of [
      ['DELETE', '/api/session'],
      ['POST', '/api/desk/leads/1/contacted'],
      ['DELETE', '/api/desk/leads/1/contacted'],
    ] as const) {
      const res = await s.h.app.inject({ method, url, headers: { origin: s.origin } });
      expect(res.statusCode).toBe(401);
    }
    // The desk asks whether it is signed in as it opens: no session is an empty answer, not an error.
    expect((await get(s.h, '/api/session')).statusCode).toBe(204);
    expect((await get(s.h, '/api/session', { cookie: 'desk_session=made-up' })).headers['set-cookie']).toMatch(
      /^desk_session=; /,
    );
    // A made-up cookie is cleared.
    const res = await get(s.h, '/api/desk/leads', { cookie: 'desk_session=made-up' });
    expect(res.headers['set-cookie']).toMatch(/^desk_session=; Max-Age=0; Path=\/api; HttpOnly; SameSite=Strict$/);
  });
});

describe('signing in and out', () => {
  it('sets an HttpOnly, SameSite=Strict session cookie; the database keeps only a hash of its token', async () => {
    const s = await service();
    const res = await signIn(s, { email: '  Sales@Example.com ', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email: EMAIL,
      role: 'agent',
      expiresAt: new Date(s.clock.now() + DESK_POLICY.sessionMs).toISOString(),
    });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^desk_session=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/api; HttpOnly; SameSite=Strict$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const token = setCookie.split(';')[0].split('=')[1];
    // Neither the token nor the password is in the log.
    expect(JSON.stringify(s.h.logs)).not.toContain(token);
    expect(JSON.stringify(s.h.logs)).not.toContain(PASSWORD);
    const me = await get(s.h, '/api/session', { cookie: `desk_session=${token}` });
    expect(me.json()).toEqual({ email: EMAIL, role: 'agent', expiresAt: expect.any(String) });
  });

  it('refuses a wrong password, an unknown email and a malformed body in words', async () => {
    const s = await service();
    for (const body of [
      { email: EMAIL, password: 'wrong password!' },
      { email: 'nobody@example.com', password: PASSWORD },
    ]) {
      const res = await signIn(s, body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'wrong-credentials', message: 'That email and password do not match.' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect((await signIn(s, { email: EMAIL })).json()).toMatchObject({
      error: 'invalid',
      message: 'Password is required.',
    });
    expect((await signIn(s, { email: EMAIL, password: PASSWORD, admin: true })).statusCode).toBe(400);
  });

  it('signs out: the session ends on the server and the cookie is cleared', async () => {
    const s = await service();
    const c = await cookie(s);
    const out = await s.h.app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { cookie: c, origin: s.origin },
    });
    expect(out.statusCode).toBe(204);
    expect(out.headers['set-cookie']).toMatch(/^desk_session=; Max-Age=0; Path=\/api;/);
    expect((await get(s.h, '/api/desk/leads', { cookie: c })).statusCode).toBe(401);
  });

  it('ends a session 12 hours after sign-in, however busy (not sliding)', async () => {
    const s = await service();
    const c = await cookie(s);
    s.clock.later(DESK_POLICY.sessionMs - 60_000);
    expect((await get(s.h, '/api/desk/leads', { cookie: c })).statusCode).toBe(200);
    s.clock.later(60_000);
    const res = await get(s.h, '/api/desk/leads', { cookie: c });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('no-session');
    expect(res.headers['set-cookie']).toMatch(/^desk_session=; /);
  });

  it('ends every session of an account that is removed', async () => {
    const s = await service();
    const c = await cookie(s);
    expect(await s.h.store.desk.removeUser({ email: EMAIL })).toBe(true);
    expect((await get(s.h, '/api/desk/leads', { cookie: c })).statusCode).toBe(401);
  });
});

describe('changes from another origin (CSRF)', () => {
  it('are refused with 403: sign-in, sign-out and marking a lead, with a foreign or missing Origin', async () => {
    const s = await service();
    const id = await addLead(s.h, '+919876500002');
    const c = await cookie(s);
    for (const origin of ['https://evil.example', 'null', `${s.origin}.evil.example`, undefined]) {
      const headers: Record<string, string> = { cookie: c, ...(origin !== undefined && { origin }) };
      const login = await post(
        s.h,
        '/api/session',
        { email: EMAIL, password: PASSWORD },
        origin === undefined ? {} : { origin },
      );
      expect(login.statusCode, `sign-in from ${origin}`).toBe(403);
      expect(login.json()).toEqual({
        error: 'bad-origin',
        message: 'This request must come from the desk’s own page.',
      });
      expect(
        (await s.h.app.inject({ method: 'POST', url: `/api/desk/leads/${id}/contacted`, headers })).statusCode,
      ).toBe(403);
      expect((await s.h.app.inject({ method: 'DELETE', url: '/api/session', headers })).statusCode).toBe(403);
    }
    // Nothing changed: the session lives, the lead is not marked.
    const list = await get(s.h, '/api/desk/leads', { cookie: c });
    expect(list.statusCode).toBe(200);
    expect(list.json().leads[0].contacted).toBeNull();
  });
});

describe('the lock-out', () => {
  it('locks an account for 15 minutes after 10 failed sign-ins in 15 minutes, even with the right password, and says until when', async () => {
    const s = await service();
    for (let i = 0; i < 9; i++) {
      expect(
        (await signIn(s, { email: EMAIL, password: `wrong ${i}` }, { 'x-forwarded-for': `10.0.0.${i}` })).statusCode,
      ).toBe(401);
      s.clock.later(60_000);
    }
    const tenth = await signIn(s, { email: EMAIL, password: 'wrong 10' });
    expect(tenth.statusCode).toBe(429);
    const until = new Date(s.clock.now() + DESK_POLICY.lockWindowMs).toISOString();
    const locked = await signIn(s);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      error: 'locked',
      message: `Too many failed sign-ins. Try again after ${until.slice(11, 16)} UTC.`,
      retryAt: until,
    });
    expect(locked.headers['retry-after']).toBe(String(DESK_POLICY.lockWindowMs / 1000));
    expect(locked.headers['set-cookie']).toBeUndefined();
    s.clock.later(DESK_POLICY.lockWindowMs - 1000);
    expect((await signIn(s)).statusCode).toBe(429);
    s.clock.later(1000);
    expect((await signIn(s)).statusCode).toBe(200);
  });

  it('locks a client that tries 10 accounts, for every account; failures are kept in the database', async () => {
    const s = await service();
    for (let i = 0; i < 10; i++) await signIn(s, { email: `guess${i}@example.com`, password: 'password123' });
    const res = await signIn(s);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe('locked');
    // Another instance on the same database sees the same lock.
    expect(
      await s.h.store.desk.lockout({
        email: EMAIL,
        clientIp: '127.0.0.1',
        now: s.clock.now(),
        max: 10,
        windowMs: DESK_POLICY.lockWindowMs,
      }),
    ).toBeGreaterThan(s.clock.now());
  });
});

describe('what the desk shows', () => {
  it('lists leads newest first with their calls; filters by agent, status and date; refuses SQL and HTML in filters', async () => {
    const s = await service();
    const first = await addLead(s.h, '+919876500003', { agentId: 'receptionist' });
    const second = await addLead(s.h, '+919876500004', { agentId: 'realEstate', name: '<img src=x onerror=alert(1)>' });
    const c = await cookie(s);
    const list = async (query = '') => {
      const res = await get(s.h, `/api/desk/leads${query}`, { cookie: c });
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      return res.json() as {
        leads: { id: number; name: string; agentId: string; call: { status: string } }[];
        version: string;
      };
    };
    const all = await list();
    expect(all.leads.map((l) => l.id)).toEqual([second, first]);
    expect(all.leads[0]).toMatchObject({
      name: '<img src=x onerror=alert(1)>',
      agentId: 'realEstate',
      phone: '+919876500004',
      call: { status: 'not-configured' },
      contacted: null,
    });
    expect(all.version).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect((await list('?agent=receptionist')).leads.map((l) => l.id)).toEqual([first]);
    expect((await list('?status=not-configured&agent=realEstate')).leads.map((l) => l.id)).toEqual([second]);
    expect((await list('?status=ended')).leads).toEqual([]);
    const today = new Date(s.clock.now()).toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}`)).leads).toHaveLength(2);
    expect((await list(`?to=2020-01-01`)).leads).toHaveLength(0);
    expect((await list(`?from=${encodeURIComponent(`${today}T23:59:00+00:00`)}`)).leads).toHaveLength(0);
    expect((await list('?limit=1')).leads.map((l) => l.id)).toEqual([second]);

    for (const query of [
      `?agent=${encodeURIComponent("receptionist' OR '1'='1")}`,
      `?status=${encodeURIComponent("ended'; DROP TABLE leads; --")}`,
      `?from=${encodeURIComponent("2026-01-01' OR 1=1 --")}`,
      `?to=${encodeURIComponent('<script>alert(1)</script>')}`,
      `?agent=${encodeURIComponent('<img src=x onerror=alert(1)>')}`,
      '?agent=receptionist&agent=realEstate',
      '?limit=0',
      '?limit=1;DELETE',
      '?order=id',
    ]) {
      const res = await get(s.h, `/api/desk/leads${query}`, { cookie: c });
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().error, query).toMatch(/^invalid/);
      expect(res.body).not.toContain('<script>');
    }
    expect((await list()).leads).toHaveLength(2);
    expect(
      (await get(s.h, `/api/desk/feedback?from=${encodeURIComponent("' OR 1=1")}`, { cookie: c })).statusCode,
    ).toBe(400);
  });

  it('opens a lead with its consent proof, attribution and attempts; marks it contacted with who and when', async () => {
    const s = await service();
    const id = await addLead(s.h, '+919876500005', {
      utm: { source: 'newsletter' },
      pageUrl: 'https://partner.example/landing',
    });
    const c = await cookie(s);
    const res = await get(s.h, `/api/desk/leads/${id}`, { cookie: c });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      lead: {
        id,
        consent: { text: expect.stringContaining('AI-powered demo calls'), sha256: expect.any(String) },
        source: { utm: { source: 'newsletter' }, pageUrl: 'https://partner.example/landing' },
      },
      call: { status: 'not-configured' },
      attempts: [],
      contacted: null,
    });
    expect((await get(s.h, '/api/desk/leads/999999', { cookie: c })).statusCode).toBe(404);

    const before = (await get(s.h, '/api/desk/changes', { cookie: c })).json().version;
    s.clock.later(5000);
    const mark = await s.h.app.inject({
      method: 'POST',
      url: `/api/desk/leads/${id}/contacted`,
      headers: { cookie: c, origin: s.origin },
    });
    expect(mark.statusCode).toBe(200);
    const contacted = { by: EMAIL, at: new Date(s.clock.now()).toISOString() };
    const marks = [{ action: 'marked', ...contacted }];
    expect(mark.json()).toEqual({ contacted, marks });
    // The first mark stands.
    s.clock.later(5000);
    expect(
      (
        await s.h.app.inject({
          method: 'POST',
          url: `/api/desk/leads/${id}/contacted`,
          headers: { cookie: c, origin: s.origin },
        })
      ).json(),
    ).toEqual({ contacted, marks });
    expect((await get(s.h, `/api/desk/leads/${id}`, { cookie: c })).json().contacted).toEqual(contacted);
    expect((await get(s.h, '/api/desk/changes', { cookie: c })).json().version).not.toBe(before);
  });

  it('tells a new lead and new feedback by a changed version', async () => {
    const s = await service();
    const c = await cookie(s);
    const version = async () => (await get(s.h, '/api/desk/changes', { cookie: c })).json().version as string;
    const v0 = await version();
    expect(await version()).toBe(v0);
    await addLead(s.h, '+919876500006');
    const v1 = await version();
    expect(v1).not.toBe(v0);
    await post(s.h, '/api/feedback', { name: 'Ravi', email: 'ravi@example.com', message: '=HYPERLINK("x")' });
    expect(await version()).not.toBe(v1);
  });

  it('downloads what the filters show as CSV (formulas neutralised, phones dialable), and lists feedback newest first', async () => {
    const s = await service();
    await addLead(s.h, '+919876500007', { agentId: 'receptionist', name: '=cmd|calc' });
    await addLead(s.h, '+919876500008', { agentId: 'supportHindi' });
    await post(s.h, '/api/feedback', { name: 'Ravi', email: 'ravi@example.com', message: 'first' });
    await post(s.h, '/api/feedback', { name: 'Meera', email: 'meera@example.com', message: '=HYPERLINK("x")' });
    const c = await cookie(s);
    const csv = await get(s.h, '/api/desk/leads.csv?agent=receptionist', { cookie: c });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d\d-\d\d\.csv"$/);
    expect(csv.headers['cache-control']).toBe('no-store');
    // A byte-order mark first, so that Excel reads the file as UTF-8 (Devanagari, emoji).
    expect(csv.body.startsWith('\uFEFFid,')).toBe(true);
    const lines = csv.body.slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^id,createdAt,agentId,name,phone,.*,contactedAt,contactedBy$/);
    expect(lines[1]).toContain(`"'=cmd|calc","+919876500007"`);
    const feedback = await get(s.h, '/api/desk/feedback', { cookie: c });
    expect(feedback.json().feedback.map((f: { name: string }) => f.name)).toEqual(['Meera', 'Ravi']);
    const fcsv = await get(s.h, '/api/desk/feedback.csv', { cookie: c });
    expect(fcsv.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(fcsv.body.startsWith('\uFEFF')).toBe(true);
  });
});

describe('the desk pages', () => {
  it('are never cached nor indexed', async () => {
    const s = await service();
    // Every page the desk app routes: a reload of the overview or the To call list is the app, not a 404.
    for (const url of ['/desk', '/desk/to-call', '/desk/overview', '/desk/feedback', '/desk/audit', '/desk/leads/12']) {
      const res = await get(s.h, url);
      expect(res.statusCode, url).not.toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
  });
});

describe('desk passwords', () => {
  it('are scrypt hashes that only the password matches', async () => {
    const stored = await hashPassword(PASSWORD);
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword(PASSWORD, stored)).toBe(true);
    expect(await verifyPassword(`${PASSWORD} `, stored)).toBe(false);
    expect(await verifyPassword(PASSWORD, 'plain')).toBe(false);
    expect(await hashPassword(PASSWORD)).not.toBe(stored);
  });
});

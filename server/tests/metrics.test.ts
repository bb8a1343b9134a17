// Issue 48: GET /metrics in Prometheus' format, on both databases: who may read it, requests by route template,
// the database's operations and pool, calls and the CRM outbox read from the database (cached), codes, desk
// sign-ins and the process's own.
import { afterEach, describe, expect, it } from 'vitest';
import {
  bothDatabases,
  deskTestService,
  DESK_EMAIL,
  DESK_PASSWORD,
  fixtureHash,
  PHONE,
  post,
  testApp,
  testClock,
  type Harness,
} from './harness.ts';
import { leadInput } from './seed.ts';
import { codeAt, fromBase32, stepAt } from '../domain/desk/totp.ts';

const TOKEN = 'metrics-token-of-at-least-thirty-two-chars';
const { backends } = bothDatabases();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});

async function service(env: Record<string, string>, now?: () => number) {
  const h = await testApp({ METRICS_TOKEN: TOKEN, ...env }, { now });
  cleanups.push(h.close);
  return h;
}

const scrape = async (h: Harness) => {
  const res = await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
};

/** The value of one series: `name{labels}` as written in the exposition, or undefined. */
const value = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe.each(backends)('GET /metrics on $name', (backend) => {
  it('is 404 with neither METRICS_TOKEN nor METRICS_PORT, 401 without the token, Prometheus’ text with it', async () => {
    const bare = await testApp(backend.env());
    cleanups.push(bare.close);
    expect((await bare.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);

    const h = await service(backend.env());
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, TOKEN]) {
      const res = await h.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'unauthorized', message: expect.any(String) });
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    }
    const res = await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toMatch(/^# HELP /m);
    // The process's own.
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds'])
      expect(res.body).toMatch(new RegExp(`^${name} `, 'm'));
  });

  it('counts and times requests by route template and status, never by the raw URL', async () => {
    const h = await service(backend.env());
    // Health's answer is its own (503 while SQLite's queue is a second behind on a loaded machine): counted as given.
    const health = (await h.app.inject({ method: 'GET', url: '/api/health' })).statusCode;
    await h.app.inject({ method: 'GET', url: '/api/desk/leads/raw4711url' });
    await h.app.inject({ method: 'GET', url: '/no/such/page-9313' });
    const text = await scrape(h);
    expect(value(text, `widgets_http_requests_total{method="GET",route="/api/health",status="${health}"}`)).toBe(1);
    expect(value(text, 'widgets_http_requests_total{method="GET",route="/api/desk/leads/:id",status="401"}')).toBe(1);
    expect(value(text, 'widgets_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(
      value(text, `widgets_http_request_duration_seconds_count{method="GET",route="/api/health",status="${health}"}`),
    ).toBe(1);
    // A word no number can hold (the process's own values are digits).
    expect(text).not.toContain('raw4711url');
    expect(text).not.toContain('page-9313');
  });

  it('times the database’s operations; on PostgreSQL, the pool’s use and waits', async () => {
    const h = await service(backend.env());
    expect(
      (await post(h, '/api/feedback', { name: 'Asha', email: 'asha@example.com', message: 'Hello' })).statusCode,
    ).toBe(201);
    const text = await scrape(h);
    expect(value(text, 'widgets_db_operation_duration_seconds_count{operation="feedback.add"}')).toBe(1);
    expect(text).toMatch(/^# TYPE widgets_db_busy_total counter$/m);
    if (backend.name === 'PostgreSQL') {
      expect(value(text, 'widgets_db_pool_connections{state="max"}')).toBe(10);
      expect(value(text, 'widgets_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0);
      expect(value(text, 'widgets_db_pool_waiting')).toBe(0);
      expect(value(text, 'widgets_db_pool_wait_seconds_count')).toBeGreaterThan(0);
    } else {
      expect(value(text, 'widgets_db_pool_connections{state="max"}')).toBeUndefined();
    }
  });

  it('reads calls by state and outcome, the calls due, the outbox’s backlog and their ages; once per METRICS_CACHE_MS', async () => {
    const clock = testClock();
    const h = await service({ ...backend.env(), METRICS_CACHE_MS: '60000' }, clock.now);
    // The call worker would place (here: fail) the calls due; the gauges are what is read, not what it does.
    await h.domain.calls.stop();
    const at = clock.now();
    const add = (createdAt: number, plan: { status: 'pending' | 'scheduled'; callAt: number | null }, phone: string) =>
      h.store.leads.add({ lead: leadInput({ createdAt, phone }), plan, deliver: true, duplicateWindowMs: 0 });
    await add(at - 12 * 60_000, { status: 'pending', callAt: null }, '+919876543211');
    await add(at - 60_000, { status: 'pending', callAt: null }, '+919876543212');
    await add(at - 60_000, { status: 'scheduled', callAt: at + 3_600_000 }, '+919876543213');

    let text = await scrape(h);
    expect(value(text, 'widgets_calls{state="pending"}')).toBe(2);
    expect(value(text, 'widgets_calls{state="scheduled"}')).toBe(1);
    expect(value(text, 'widgets_calls{state="ended"}')).toBe(0);
    expect(value(text, 'widgets_calls_by_outcome{outcome="waiting"}')).toBe(2);
    expect(value(text, 'widgets_calls_by_outcome{outcome="scheduled"}')).toBe(1);
    expect(value(text, 'widgets_calls_due')).toBe(2);
    expect(value(text, 'widgets_calls_oldest_due_age_seconds')).toBe(12 * 60);
    // The scheduled call's lead has two events (lead.created, lead.call.updated with its time).
    expect(value(text, 'widgets_outbox_pending')).toBe(4);
    expect(value(text, 'widgets_outbox_oldest_pending_age_seconds')).toBe(12 * 60);

    // Cached: another lead and more scrapes within the minute read nothing; the ages follow the clock.
    await add(at, { status: 'pending', callAt: null }, '+919876543214');
    clock.later(30_000);
    await scrape(h);
    text = await scrape(h);
    expect(value(text, 'widgets_db_operation_duration_seconds_count{operation="gauges.read"}')).toBe(1);
    expect(value(text, 'widgets_calls_due')).toBe(2);
    expect(value(text, 'widgets_calls_oldest_due_age_seconds')).toBe(12 * 60 + 30);
    expect(value(text, 'widgets_gauges_age_seconds')).toBe(30);
    clock.later(30_000);
    text = await scrape(h);
    expect(value(text, 'widgets_db_operation_duration_seconds_count{operation="gauges.read"}')).toBe(2);
    expect(value(text, 'widgets_calls_due')).toBe(3);
    expect(value(text, 'widgets_outbox_pending')).toBe(5);
    // Scrapes that arrive together share one read.
    clock.later(60_000);
    await Promise.all(Array.from({ length: 5 }, () => scrape(h)));
    text = await scrape(h);
    expect(value(text, 'widgets_db_operation_duration_seconds_count{operation="gauges.read"}')).toBe(3);
  });

  it('counts codes sent and refused by reason', async () => {
    const h = await service({ ...backend.env(), OTP_MAX_PER_HOUR: '2' });
    expect((await post(h, '/api/otp', { phone: PHONE })).statusCode).toBe(200);
    expect((await post(h, '/api/otp', { phone: PHONE })).statusCode).toBe(429);
    expect((await post(h, '/api/otp', { phone: '+919876543220' })).statusCode).toBe(200);
    expect((await post(h, '/api/otp', { phone: '+919876543221' })).statusCode).toBe(503);
    expect((await post(h, '/api/otp', { phone: '12' })).statusCode).toBe(400);
    expect((await post(h, '/api/otp', { phone: '+919876543222', website: 'bot' })).statusCode).toBe(200);
    const text = await scrape(h);
    expect(value(text, 'widgets_otp_codes_sent_total')).toBe(2);
    expect(value(text, 'widgets_otp_codes_refused_total{reason="cooldown"}')).toBe(1);
    expect(value(text, 'widgets_otp_codes_refused_total{reason="otp-capacity"}')).toBe(1);
    expect(value(text, 'widgets_otp_codes_refused_total{reason="honeypot"}')).toBe(1);
    expect(text).toMatch(/^widgets_otp_codes_refused_total\{reason="[a-z-]+"\} 1$/m);
  });

  it('counts desk sign-in failures and lock-outs', async () => {
    const { h, origin } = await deskTestService(cleanups, { ...backend.env(), METRICS_TOKEN: TOKEN });
    const signIn = () => post(h, '/api/session', { email: DESK_EMAIL, password: 'wrong password here' }, { origin });
    for (let i = 0; i < 10; i++) await signIn();
    expect((await signIn()).statusCode).toBe(429);
    const text = await scrape(h);
    expect(value(text, 'widgets_desk_sign_in_failures_total{reason="wrong",step="password"}')).toBe(10);
    expect(value(text, 'widgets_desk_sign_in_failures_total{reason="locked",step="password"}')).toBe(1);
    expect(value(text, 'widgets_desk_lockouts_total{step="password"}')).toBe(1);
  });

  it('counts wrong codes at the second step, and the lock-out they cause, as failed sign-ins', async () => {
    const { h, clock, origin } = await deskTestService(cleanups, {
      ...backend.env(),
      METRICS_TOKEN: TOKEN,
      DESK_REQUIRE_2FA: 'off',
    });
    // An account and an address of this test's own: the file's database keeps the other tests' failures.
    const email = `code-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await h.store.desk.addUser({ email, passwordHash: fixtureHash(DESK_PASSWORD), now: clock.now() });
    const send = (method: string, url: string, cookie: string, body?: unknown) =>
      h.app.inject({
        method: method as 'GET',
        url,
        remoteAddress: '10.0.0.21',
        headers: { origin, cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { payload: JSON.stringify(body) }),
      });
    const password = () => send('POST', '/api/session', '', { email, password: DESK_PASSWORD });
    const cookie = (res: { headers: Record<string, unknown> }, name: string) =>
      [res.headers['set-cookie']]
        .flat()
        .map(String)
        .find((c) => c.startsWith(`${name}=`))!
        .split(';')[0]!;
    // Two-step sign-in turned on from the account page.
    const session = cookie(await password(), 'desk_session');
    const secret = fromBase32((await send('POST', '/api/desk/two-step/setup', session)).json().secret)!;
    expect(
      (await send('PUT', '/api/desk/two-step', session, { code: codeAt(secret, stepAt(clock.now())) })).statusCode,
    ).toBe(200);
    // Someone who holds the password guesses at the code.
    const pending = cookie(await password(), 'desk_pending_sign_in');
    for (let i = 0; i < 10; i++) await send('POST', '/api/session/code', pending, { code: '000000' });
    expect((await send('POST', '/api/session/code', pending, { code: '000000' })).statusCode).toBe(429);
    const text = await scrape(h);
    expect(value(text, 'widgets_desk_sign_in_failures_total{reason="wrong",step="code"}')).toBeGreaterThanOrEqual(9);
    expect(value(text, 'widgets_desk_sign_in_failures_total{reason="locked",step="code"}')).toBe(1);
    expect(value(text, 'widgets_desk_lockouts_total{step="code"}')).toBe(1);
  });

  it('counts wrong current passwords given to change the password, and the lock-out they cause', async () => {
    const { h, clock, origin } = await deskTestService(cleanups, {
      ...backend.env(),
      METRICS_TOKEN: TOKEN,
      DESK_REQUIRE_2FA: 'off',
    });
    const email = `proof-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await h.store.desk.addUser({ email, passwordHash: fixtureHash(DESK_PASSWORD), now: clock.now() });
    const signedIn = await h.app.inject({
      method: 'POST',
      url: '/api/session',
      remoteAddress: '10.0.0.22',
      headers: { origin, 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password: DESK_PASSWORD }),
    });
    const session = [signedIn.headers['set-cookie']].flat().map(String)[0]!.split(';')[0]!;
    const change = () =>
      h.app.inject({
        method: 'PUT',
        url: '/api/desk/password',
        remoteAddress: '10.0.0.22',
        headers: { origin, cookie: session, 'content-type': 'application/json' },
        payload: JSON.stringify({ current: 'not my password at all', password: 'a fresh and long passphrase' }),
      });
    for (let i = 0; i < 9; i++) expect((await change()).statusCode).toBe(400);
    expect((await change()).statusCode).toBe(400);
    const locked = await change();
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const text = await scrape(h);
    expect(value(text, 'widgets_desk_sign_in_failures_total{reason="wrong",step="proof"}')).toBe(10);
    expect(value(text, 'widgets_desk_lockouts_total{step="proof"}')).toBe(1);
  });
});

describe('METRICS_PORT', () => {
  it('serves /metrics without a token on 127.0.0.1 only, and nothing else', async () => {
    const { freePort } = await import('../../tests/support/free-port.mjs');
    const port = freePort();
    const h = await testApp({ METRICS_PORT: String(port) });
    cleanups.push(h.close);
    expect((await h.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^widgets_calls\{state="pending"\} 0$/m);
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    const { networkInterfaces } = await import('node:os');
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal);
    if (outside) await expect(fetch(`http://${outside.address}:${port}/metrics`)).rejects.toThrow();
  });
});

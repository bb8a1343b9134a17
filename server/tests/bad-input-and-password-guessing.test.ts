import { connect } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/settings.ts';
import { DESK_POLICY } from '../domain/desk/desk-service.ts';
import { DESK_CSP } from '../http/csp.ts';
import {
  bothDatabases,
  DESK_EMAIL,
  DESK_PASSWORD,
  deskCookie as cookie,
  deskSignIn as signIn,
  deskTestService,
  storedLead,
  lead,
  post,
  type Harness,
} from './harness.ts';

// What a hostile world sends (issue 29): text a database cannot hold, parallel sign-in tries, answers
// outside the one error shape, filters no clock has, forwarded hosts. Each finding, reproduced.
const { backends } = bothDatabases();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});

const EMAIL = DESK_EMAIL;
const PASSWORD = DESK_PASSWORD;
const service = (env: Record<string, string> = {}) => deskTestService(cleanups, env);

const get = (h: Harness, url: string, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url, headers });
const health = async (h: Harness) => (await get(h, '/api/health')).statusCode;

describe.each(backends)('text a database cannot hold, on $name', ({ env }) => {
  it('is refused with 400 naming the field, in bodies, queries and the stored header; health stays up', async () => {
    const s = await service({ ...env(), FEEDBACK_RATE_LIMIT: '1000' });
    const feedback = { name: 'Asha', email: 'asha@example.com', message: 'Hello' };
    const name = await post(s.h, '/api/feedback', { ...feedback, name: 'As\u0000ha' });
    expect(name.statusCode).toBe(400);
    expect(name.json()).toEqual({
      error: 'invalid',
      field: 'name',
      message: expect.stringMatching(/^Your name holds a control character/),
    });
    expect((await post(s.h, '/api/feedback', { ...feedback, name: 'As\tha' })).json().field).toBe('name');
    // Line breaks are what a message is made of; other controls are not.
    expect((await post(s.h, '/api/feedback', { ...feedback, message: 'Line one\r\nLine two\tend' })).statusCode).toBe(
      201,
    );
    expect((await post(s.h, '/api/feedback', { ...feedback, message: 'bell\u0007' })).json().field).toBe('message');
    const email = await signIn(s, { email: 'sales\u0000@example.com', password: 'x' });
    expect(email.statusCode).toBe(400);
    expect(email.json().field).toBe('email');
    const utm = await post(s.h, '/api/demo-requests', lead('token', { utm: { source: 'news\u0000letter' } }));
    expect(utm.statusCode).toBe(400);
    expect(utm.json()).toMatchObject({ field: 'utm.source' });
    const agent = await post(s.h, '/api/otp', { phone: '+919876543210' }, { 'user-agent': 'Mozilla\u0001' }).catch(
      () => null,
    );
    if (agent) expect(agent.statusCode).toBe(400);
    const c = await cookie(s);
    const query = await get(s.h, '/api/desk/leads?agent=%00', { cookie: c });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ error: 'invalid-filter', field: 'agent' });
    // Three a second from eight addresses took the health check down: now it answers 200 throughout.
    const attacks = Array.from({ length: 24 }, (_, i) =>
      post(s.h, '/api/feedback', { ...feedback, name: `x\u0000${i}` }, { 'x-forwarded-for': `10.0.0.${i % 8}` }),
    );
    const checks = Array.from({ length: 10 }, () => health(s.h));
    expect((await Promise.all(attacks)).every((r) => r.statusCode === 400)).toBe(true);
    expect(await Promise.all(checks)).toEqual(Array(10).fill(200));
    expect(await s.h.store.feedback.count()).toBe(1);
  });

  it('a query that fails because of its input does not make the service report itself unhealthy', async () => {
    const s = await service(env());
    // Straight to storage, past the HTTP layer: PostgreSQL refuses the NUL, SQLite keeps it.
    await s.h.store.feedback.add({ name: 'x\u0000', email: 'a@example.com', message: 'm' }).catch(() => null);
    expect(await health(s.h)).toBe(200);
    expect(s.h.store.answering()).toBe(true);
  });
});

describe.each(backends)('the sign-in lock-out under parallel tries, on $name', ({ env }) => {
  it('checks at most 10 passwords of one account, however many arrive at once from 100 addresses', async () => {
    const s = await service({ ...env(), TRUST_PROXY: '1' });
    const tries = Array.from({ length: 100 }, (_, i) =>
      signIn(
        s,
        { email: EMAIL, password: i === 99 ? PASSWORD : `wrong ${i}` },
        { 'x-forwarded-for': `10.1.${i >> 8}.${i & 255}` },
      ),
    );
    const answers = (await Promise.all(tries)).map((r) => r.statusCode);
    // Ten tries were checked (the right one may have been among them); every other was refused unchecked.
    const checked = await s.h.store.desk.failures({ email: EMAIL, clientIp: '-', since: 0 });
    expect(checked.account).toBeLessThanOrEqual(10);
    expect(answers.filter((c) => c === 429).length).toBeGreaterThanOrEqual(90 - (answers.includes(200) ? 1 : 0));
    expect(answers.every((c) => c === 401 || c === 429 || c === 200)).toBe(true);
  });

  it('checks at most 10 passwords from one client (20 at once, for any accounts), and a success takes its try back', async () => {
    // One client of its own: PostgreSQL's database is shared by this file's tests.
    const s = await service({ ...env(), TRUST_PROXY: '1' });
    const client = { 'x-forwarded-for': '10.9.9.9' };
    const answers = (
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          signIn(s, { email: `guess${i}@example.com`, password: 'password123' }, client),
        ),
      )
    ).map((r) => r.statusCode);
    // Ten checked and wrong (the last of them already told it is locked), ten refused unchecked.
    expect((await s.h.store.desk.failures({ email: '-', clientIp: '10.9.9.9', since: 0 })).client).toBe(10);
    expect(answers.filter((c) => c === 401 || c === 429)).toHaveLength(20);
    // A right password counts against nothing once it matched.
    s.clock.later(DESK_POLICY.lockWindowMs + 1);
    for (let i = 0; i < 5; i++) expect((await signIn(s, undefined, client)).statusCode).toBe(200);
    expect(await s.h.store.desk.failures({ email: EMAIL, clientIp: '10.9.9.9', since: s.clock.now() })).toEqual({
      account: 0,
      client: 0,
    });
  });
});

describe.each(backends)('the provider’s events, never refused for their content, on $name', ({ env }) => {
  it('cuts each field to its bound, leaves out what has the wrong type, and stores the rest', async () => {
    const s = await service({ ...env(), VAPI_WEBHOOK_SECRET: 'vapi-secret' });
    const event = (message: unknown) => post(s.h, '/api/voice/events', { message }, { 'x-vapi-secret': 'vapi-secret' });
    // A call placed for a lead, as the worker would record it.
    const { store } = s.h;
    const leadId = await storedLead(s.h, { phone: '+919876543210', createdAt: s.clock.now() });
    await store.calls.begin({ leadId, now: s.clock.now() });
    await store.calls.record({
      leadId,
      now: s.clock.now(),
      outcome: { kind: 'placed', providerCallId: '42', providerStatus: 'queued', checkAt: s.clock.now() + 1e9 },
      deliver: false,
    });

    const first = await event({ type: 'status-update', call: { id: 42 }, status: { not: 'text' } });
    expect(first.statusCode).toBe(200);
    const report = await event({
      type: 'end-of-call-report',
      call: { id: '42' },
      endedReason: 'r'.repeat(500),
      startedAt: 12345,
      summary: `${'S'.repeat(900_000)}\u0000`,
      analysis: { summary: { nested: true }, successEvaluation: { score: 1 } },
      artifact: { transcript: 98765, recordingUrl: 'data:audio/wav;base64,AAAA' },
      recordingUrl: `https://recordings.example/${'a'.repeat(3000)}`,
    });
    expect(report.statusCode).toBe(200);
    expect(report.json()).toEqual({ received: true, result: 'updated' });
    const call = (await store.leads.get({ id: leadId }))!.call!;
    expect(call).toMatchObject({
      status: 'ended',
      endedReason: 'r'.repeat(100),
      startedAt: null,
      transcript: null,
      recordingUrl: null,
      successEvaluation: null,
    });
    expect(call.summary).toBe('S'.repeat(4000));
  });
});

describe('one error shape for every answer', () => {
  it('405 with Allow on routes with an id, 404 not-found for an id that cannot exist, 403 for a blocked path', async () => {
    const s = await service();
    for (const [method, url, allow] of [
      ['DELETE', '/api/desk/leads/5', 'GET'],
      ['GET', '/api/desk/leads/5/contacted', 'POST, DELETE'],
      ['PUT', '/api/session', 'POST, GET, DELETE'],
    ] as const) {
      const res = await s.h.app.inject({ method, url });
      expect(res.statusCode, url).toBe(405);
      expect(res.headers.allow).toBe(allow);
      expect(res.json()).toEqual({ error: 'method-not-allowed', message: `This address takes ${allow} only.` });
    }
    const c = await cookie(s);
    for (const url of ['/api/desk/leads/0', '/api/desk/leads/99999']) {
      const res = await get(s.h, url, { cookie: c });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: 'not-found', message: 'There is no such lead.' });
    }
    const contacted = await s.h.app.inject({
      method: 'POST',
      url: '/api/desk/leads/0/contacted',
      headers: { cookie: c, origin: s.origin },
    });
    expect(contacted.json()).toEqual({ error: 'not-found', message: 'There is no such lead.' });
    mkdirSync(join(s.h.config.distDir, 'widgets'), { recursive: true });
    const traversal = await get(s.h, '/dist/widgets/..%2f..%2fpackage.json');
    expect([403, 404]).toContain(traversal.statusCode);
    expect(Object.keys(traversal.json()).sort()).toEqual(['error', 'message']);
    if (traversal.statusCode === 403) expect(traversal.json().error).toBe('forbidden');
  });

  it('431 for headers too large, and 408 for a late request, as {error, message}', async () => {
    const s = await service();
    await s.h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = s.h.app.server.address() as { port: number };
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    await new Promise((resolve) => socket.once('close', resolve));
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      error: 'headers-too-large',
      message: 'The request’s headers are too large.',
    });
  });
});

describe('desk filters and origins', () => {
  it('refuses a date no calendar has (30 February) with 400, and takes every date and time RFC 3339 has', async () => {
    const s = await service();
    const c = await cookie(s);
    const refused = await get(s.h, '/api/desk/feedback?from=2026-02-30', { cookie: c });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'invalid-filter', message: expect.stringMatching(/must be a date/) });
    // Issue 56: what the document allows is taken: a leap second, years before 1970 and up to 9999 (that end
    // instead: nothing was stored past it), lower-case t and z.
    for (const url of [
      '/api/desk/leads?from=2016-12-31T23:59:60Z',
      '/api/desk/leads.csv?to=2016-12-31T23:59:60Z',
      '/api/desk/feedback.csv?to=2016-12-31T23:59:60%2B00:00',
      '/api/desk/leads?from=0000-01-01T00:00:00%2B01:00&to=9999-12-31T23:59:59-23:59',
      '/api/desk/feedback?from=1969-12-31&to=9999-12-31',
      '/api/desk/demos?from=1900-01-01t00:00:00.123456789z',
    ]) {
      const res = await get(s.h, url, { cookie: c });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });

  it('compares Origin with PUBLIC_URL only, never with a forwarded host', async () => {
    const s = await service({ TRUST_PROXY: '1', PUBLIC_URL: 'https://desk.example' });
    const forged = await signIn(s, undefined, {
      origin: 'https://evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error).toBe('bad-origin');
    expect((await signIn(s, undefined, { 'x-forwarded-proto': 'https' })).statusCode).toBe(200);
  });

  it('serves the desk with its own CSP and no source map', async () => {
    const s = await service();
    const assets = join(s.h.config.distDir, 'desk', 'assets');
    mkdirSync(assets, { recursive: true });
    writeFileSync(join(assets, 'index-abcdefgh.js'), 'console.log(1)');
    writeFileSync(join(assets, 'index-abcdefgh.js.map'), '{}');
    const page = await get(s.h, '/desk');
    expect(page.headers['content-security-policy']).toBe(DESK_CSP);
    expect(DESK_CSP).not.toMatch(/daily\.co|vapi|\*/);
    expect((await get(s.h, '/desk/assets/index-abcdefgh.js')).statusCode).toBe(200);
    expect((await get(s.h, '/desk/assets/index-abcdefgh.js.map')).statusCode).toBe(404);
  });

  it('CALL_LOOKUP_DELAY_MS is checked at start like every setting', () => {
    expect(loadConfig({}, () => {}).calls.lookupDelayMs).toBe(120_000);
    expect(() => loadConfig({ CALL_LOOKUP_DELAY_MS: 'soon' }, () => {})).toThrow(
      /^CALL_LOOKUP_DELAY_MS: "soon" is not a whole number/,
    );
  });
});

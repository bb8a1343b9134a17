import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { bothDatabases, post, testApp, testClock, type Harness } from './harness.ts';

// Issue 46: the gate in front of the web demos. Only our assistants, only our pages' origins, a short
// token for the one assistant and origin, and limits kept in the database.
const { backends } = bothDatabases();

const KEY = 'vapi-private-gate';
const SITE = 'https://www.aurelo.test';
const ENV = {
  PUBLIC_URL: SITE,
  CORS_ORIGINS: 'https://partner.test',
  VAPI_PRIVATE_KEY: KEY,
  VAPI_ORG_ID: 'org-1',
  VAPI_ASSISTANT_RECEPTIONIST: 'asst-reception',
  VITE_VAPI_ASSISTANT_ID: 'asst-site',
  VITE_VAPI_PUBLIC_KEY: 'public-key-site',
  VAPI_WEBHOOK_SECRET: 'vapi-secret',
  DEMO_MAX_SECONDS: '120',
};

// One PostgreSQL database serves the file: each test that counts takes a day of its own.
let days = 0;
const ownDay = (hour = 6) => testClock(Date.UTC(2026, 10, 1 + days++, hour, 30));

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString());

describe.each(backends)('POST /api/voice/session on $name', (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function gate(env: Record<string, string> = {}, now = ownDay().now) {
    const h = await testApp({ ...backend.env(), ...ENV, ...env }, { now });
    cleanups.push(h.close);
    return h;
  }
  const ask = (h: Harness, body: unknown, origin = SITE, ip = '203.0.113.7') =>
    h.app.inject({
      method: 'POST',
      url: '/api/voice/session',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', origin, referer: `${origin}/pricing` },
      payload: JSON.stringify(body),
    });

  it('answers a JWT of public scope for the one assistant and origin, signed with the private key, valid 60 s', async () => {
    const clock = ownDay();
    const h = await gate({}, clock.now);
    const res = await ask(h, { agentId: 'receptionist', mode: 'voice' }, 'https://partner.test');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = res.json();
    expect(answer).toMatchObject({ expiresInSeconds: 60, maxDurationSeconds: 120 });
    const [header, payload, signature] = answer.token.split('.');
    expect(decode(header)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(signature).toBe(createHmac('sha256', KEY).update(`${header}.${payload}`).digest('base64url'));
    const claims = decode(payload);
    expect(claims).toEqual({
      orgId: 'org-1',
      token: {
        tag: 'public',
        restrictions: { allowedAssistantIds: ['asst-reception'], allowedOrigins: ['https://partner.test'] },
      },
      iat: Math.floor(clock.now() / 1000),
      exp: Math.floor(clock.now() / 1000) + 60,
      jti: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    });
    // Each token its own id, the same demo's next one too.
    const next = await ask(h, { agentId: 'receptionist', mode: 'voice' }, 'https://partner.test');
    expect(decode(next.json().token.split('.')[1]).jti).not.toBe(claims.jti);
    const stored = await h.store.demos.get({ id: answer.sessionId });
    expect(stored).toMatchObject({ assistant_id: 'asst-reception', agent_id: 'receptionist', mode: 'voice' });
    expect(stored?.client_hash).toMatch(/^hmac-sha256:/);
    expect(JSON.stringify(h.logs)).not.toContain(answer.token);
    // The site's own assistant, by default or by name.
    const site = await ask(h, { mode: 'voice' });
    expect(decode(site.json().token.split('.')[1]).token.restrictions.allowedAssistantIds).toEqual(['asst-site']);
    // A chat talks with the public key: a signed token would start a call no grant reserved minutes for.
    expect((await ask(h, { mode: 'text' })).json().token).toBe('public-key-site');
    expect((await ask(h, { assistantId: 'asst-site', mode: 'voice' })).statusCode).toBe(200);
  });

  it('answers the public key without VAPI_ORG_ID, and refuses when there is neither', async () => {
    const h = await gate({ VAPI_ORG_ID: '', VITE_VAPI_PUBLIC_KEY: 'public-key-1' });
    const res = await ask(h, { mode: 'voice' });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBe('public-key-1');
    const none = await gate({ VAPI_ORG_ID: '', VITE_VAPI_PUBLIC_KEY: '' });
    const refused = await ask(none, { mode: 'voice' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toBe('demo-unavailable');
    // Signing without a public key: calls go on, a chat has nothing to talk with.
    const signsOnly = await gate({ VITE_VAPI_PUBLIC_KEY: '' });
    expect((await ask(signsOnly, { mode: 'voice' })).statusCode).toBe(200);
    expect((await ask(signsOnly, { mode: 'text' })).json().error).toBe('demo-unavailable');
  });

  it('refuses an assistant it does not know, and an origin that is not ours (403)', async () => {
    const h = await gate();
    for (const body of [
      { assistantId: 'asst-elsewhere', mode: 'voice' },
      { agentId: 'realEstate', mode: 'voice' },
      { agentId: 'nobody', mode: 'voice' },
      { agentId: 'receptionist', assistantId: 'asst-site', mode: 'voice' },
    ]) {
      const res = await ask(h, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('unknown-assistant');
    }
    for (const origin of ['https://evil.test', 'null']) {
      const res = await ask(h, { mode: 'voice' }, origin);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'origin' });
    }
    const bare = await post(h, '/api/voice/session', { mode: 'voice' });
    expect(bare.statusCode).toBe(403);
  });

  it('keeps DEMO_CLIENT_LIMIT per address per hour, with Retry-After', async () => {
    const clock = ownDay();
    const h = await gate({ DEMO_CLIENT_LIMIT: '3' }, clock.now);
    for (let i = 0; i < 3; i++) expect((await ask(h, { mode: 'voice' })).statusCode).toBe(200);
    const refused = await ask(h, { mode: 'text' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'demo-limit', retryAfterSeconds: 3600 });
    expect(refused.headers['retry-after']).toBe('3600');
    expect((await ask(h, { mode: 'voice' }, SITE, '203.0.113.8')).statusCode).toBe(200);
    clock.later(3_600_001);
    expect((await ask(h, { mode: 'voice' })).statusCode).toBe(200);
  });

  it('refuses the next voice demo with 503 demo-budget once the day is spent, counting reports, and warns at 80 % and 100 %', async () => {
    const clock = ownDay(21);
    // 10 minutes a day, 2 minutes a demo: five grants fill it.
    const h = await gate({ DEMO_MINUTES_PER_DAY: '10' }, clock.now);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await ask(h, { mode: 'voice' }, SITE, `198.51.100.${i}`);
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().sessionId);
    }
    const warnings = () => h.logs.filter((l) => String(l.msg).includes('DEMO_MINUTES_PER_DAY')).map((l) => l.msg);
    expect(warnings()).toEqual([
      'DEMO_MINUTES_PER_DAY 80 % used today',
      'DEMO_MINUTES_PER_DAY spent: voice demos are refused until the UTC day ends',
    ]);
    const spent = await ask(h, { mode: 'voice' }, SITE, '198.51.100.9');
    expect(spent.statusCode).toBe(503);
    expect(spent.json()).toMatchObject({ error: 'demo-budget', retryAfterSeconds: 9000 });
    expect(spent.headers['retry-after']).toBe('9000');
    // Two reports of 30 s free the rest of their grants: room for one more.
    for (const id of ids.slice(0, 2))
      expect((await event(h, id, 'asst-site', 30)).json()).toEqual({ received: true, result: 'updated' });
    expect((await ask(h, { mode: 'voice' }, SITE, '198.51.100.9')).statusCode).toBe(200);
    // A new UTC day, a new budget.
    clock.later(3 * 3_600_000);
    expect((await ask(h, { mode: 'voice' }, SITE, '198.51.100.10')).statusCode).toBe(200);
  });

  it('matches a web call’s report to its demo (same assistant only, never reopened); an unmatched one is 200 unknown', async () => {
    const h = await gate();
    const { sessionId } = (await ask(h, { agentId: 'receptionist', mode: 'voice' })).json();
    expect((await event(h, sessionId, 'asst-site', 50)).json().result).toBe('unknown');
    const res = await event(h, sessionId, 'asst-reception', 42.34);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toBe('updated');
    const demo = await h.store.demos.get({ id: sessionId });
    expect(demo).toMatchObject({
      duration_seconds: 42.3,
      ended_reason: 'customer-ended-call',
      summary: 'Asked about pricing.',
      provider_call_id: 'web-call-1',
    });
    expect(demo?.ended_at).not.toBeNull();
    expect((await event(h, sessionId, 'asst-reception', 999)).json().result).toBe('unchanged');
    expect((await h.store.demos.get({ id: sessionId }))?.duration_seconds).toBe(42.3);
    const unmatched = await event(h, 'no-such-demo', 'asst-reception', 10);
    expect(unmatched.statusCode).toBe(200);
    expect(unmatched.json()).toEqual({ received: true, result: 'unknown' });
  });
});

function event(h: Harness, demoSessionId: string, assistantId: string, durationSeconds: number) {
  return post(
    h,
    '/api/voice/events',
    {
      message: {
        type: 'end-of-call-report',
        endedReason: 'customer-ended-call',
        durationSeconds,
        analysis: { summary: 'Asked about pricing.' },
        artifact: { transcript: 'AI: Hello.' },
        call: {
          id: 'web-call-1',
          type: 'webCall',
          assistantId,
          assistantOverrides: { metadata: { demoSessionId } },
        },
      },
    },
    { 'x-vapi-secret': 'vapi-secret' },
  );
}

import { afterEach, describe, expect, it } from 'vitest';
import { fakeTurnstile } from '../../tests/support/fakes';
import { bothDatabases, post, testApp, testClock, type Harness } from './harness.ts';

// Issue 46: a hybrid conversation is one demo (one id across its chat and its call), and a chat is recorded
// from its grant, the provider's session.* messages and the widget's end.
const { backends } = bothDatabases();

const SITE = 'https://www.aurelo.test';
const ENV = {
  PUBLIC_URL: SITE,
  VAPI_PRIVATE_KEY: 'vapi-private-gate',
  VAPI_ORG_ID: 'org-1',
  VAPI_ASSISTANT_RECEPTIONIST: 'asst-reception',
  VITE_VAPI_ASSISTANT_ID: 'asst-site',
  VITE_VAPI_PUBLIC_KEY: 'public-key-site',
  VAPI_WEBHOOK_SECRET: 'vapi-secret',
  DEMO_MAX_SECONDS: '120',
};
const IP = '203.0.113.7';

let days = 0;
const ownDay = () => testClock(Date.UTC(2027, 0, 1 + days++, 9, 0));

describe.each(backends)('one demo per conversation on $name', (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function gate(env: Record<string, string> = {}) {
    const clock = ownDay();
    const h = await testApp({ ...backend.env(), ...ENV, ...env }, { now: clock.now });
    cleanups.push(h.close);
    return { h, clock };
  }
  const inject = (h: Harness, url: string, body: unknown, ip = IP, origin = SITE) =>
    h.app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', origin, referer: `${origin}/` },
      payload: JSON.stringify(body),
    });
  const ask = (h: Harness, body: unknown, ip = IP) => inject(h, '/api/voice/session', body, ip);
  const end = (h: Harness, body: unknown, ip = IP, origin = SITE) =>
    inject(h, '/api/voice/session/end', body, ip, origin);
  const event = (h: Harness, message: Record<string, unknown>) =>
    post(h, '/api/voice/events', { message }, { 'x-vapi-secret': 'vapi-secret' });
  const report = (h: Harness, demoSessionId: string, durationSeconds: number) =>
    event(h, {
      type: 'end-of-call-report',
      endedReason: 'customer-ended-call',
      durationSeconds,
      artifact: { transcript: 'AI: Hello by voice.' },
      call: { id: 'web-call-9', assistantId: 'asst-site', assistantOverrides: { metadata: { demoSessionId } } },
    });

  it('continues a chat’s demo with a call: same id, a new token, mode hybrid, not a new grant, its seconds reserved', async () => {
    const { h, clock } = await gate({ DEMO_CLIENT_LIMIT: '1', DEMO_MINUTES_PER_DAY: '5' });
    const chat = await ask(h, { mode: 'text' });
    expect(chat.statusCode, chat.body).toBe(200);
    const { sessionId, token } = chat.json();
    clock.later(1_000);
    const call = await ask(h, { mode: 'voice', demoSessionId: sessionId });
    expect(call.statusCode, call.body).toBe(200);
    expect(call.json().sessionId).toBe(sessionId);
    expect(call.json().token).not.toBe(token);
    expect(await h.store.demos.get({ id: sessionId })).toMatchObject({ mode: 'hybrid', continuations: 1 });
    // Not a new grant: DEMO_CLIENT_LIMIT (1) is not spent by it, and a new demo from this client is still refused.
    expect((await ask(h, { mode: 'text' })).statusCode).toBe(429);
    // A chat again after the call: the same demo, no seconds added.
    expect((await ask(h, { mode: 'text', demoSessionId: sessionId })).json().sessionId).toBe(sessionId);
    // The call reserved 120 s of the 300: another voice demo fits once, then the day is spent.
    expect((await ask(h, { mode: 'voice' }, '198.51.100.1')).statusCode).toBe(200);
    const spent = await ask(h, { mode: 'voice' }, '198.51.100.2');
    expect(spent.json().error).toBe('demo-budget');
    // The call's report gives back what it did not use, and leaves the chat's demo open for its words.
    expect((await report(h, sessionId, 30)).json().result).toBe('updated');
    const reported = await h.store.demos.get({ id: sessionId });
    expect(reported).toMatchObject({ mode: 'hybrid', call_seconds: 30, ended_at: null });
    expect((await ask(h, { mode: 'voice' }, '198.51.100.2')).statusCode).toBe(200);
  });

  it('grants a new demo for an id that is finished, another client’s or assistant’s, unknown, or already has its call', async () => {
    const { h } = await gate();
    const first = (await ask(h, { mode: 'voice' })).json().sessionId;
    const again = (id: string, body: Record<string, unknown> = { mode: 'text' }, ip = IP) =>
      ask(h, { ...body, demoSessionId: id }, ip).then((r) => r.json().sessionId as string);
    // A second call of the same conversation is a grant of its own.
    expect(await again(first, { mode: 'voice' })).not.toBe(first);
    expect(await again(first, { mode: 'text' }, '198.51.100.3')).not.toBe(first);
    expect(await again(first, { mode: 'text', agentId: 'receptionist' })).not.toBe(first);
    expect(await again('no-such-demo')).not.toBe('no-such-demo');
    // A report ends a voice demo; a chat afterwards is a new one (a report never reopens it).
    await report(h, first, 20);
    expect(await again(first)).not.toBe(first);
    expect(await h.store.demos.get({ id: first })).toMatchObject({ mode: 'voice', duration_seconds: 20 });
  });

  it('bounds how often one demo is continued', async () => {
    const { h } = await gate();
    const id = (await ask(h, { mode: 'text' })).json().sessionId;
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push((await ask(h, { mode: 'text', demoSessionId: id })).json().sessionId);
    expect(ids.slice(0, 5)).toEqual(Array(5).fill(id));
    expect(ids[5]).not.toBe(id);
  });

  it('ends a chat’s demo from the widget: only the same client’s unfinished grant, with its length and words', async () => {
    const { h, clock } = await gate();
    const id = (await ask(h, { mode: 'text' })).json().sessionId;
    clock.later(130_000);
    expect((await end(h, { demoSessionId: id }, '198.51.100.4')).json()).toEqual({ result: 'unchanged' });
    expect((await end(h, { demoSessionId: id }, IP, 'https://evil.test')).statusCode).toBe(403);
    const ended = await end(h, { demoSessionId: id, transcript: 'AI: Hi.\nUser: Prices?' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ result: 'ended' });
    const demo = await h.store.demos.get({ id });
    expect(demo).toMatchObject({ duration_seconds: 130, transcript: 'AI: Hi.\nUser: Prices?' });
    expect(Number(demo?.ended_at)).toBe(clock.now());
    clock.later(5_000);
    expect((await end(h, { demoSessionId: id, transcript: 'rewritten' })).json().result).toBe('unchanged');
    expect((await h.store.demos.get({ id }))?.transcript).toBe('AI: Hi.\nUser: Prices?');
    // A transcript over the bound is refused by the schema; the widget cuts it first.
    expect((await end(h, { demoSessionId: id, transcript: 'x'.repeat(20_001) })).statusCode).toBe(400);
    expect((await end(h, { demoSessionId: 'no-such-demo' })).json().result).toBe('unchanged');
  });

  it('records a chat from the provider’s session.* messages where they name its demo, and never reopens it', async () => {
    const { h, clock } = await gate();
    const id = (await ask(h, { mode: 'text' })).json().sessionId;
    const session = (type: string, messages: unknown[], overrides?: unknown) =>
      event(h, {
        type,
        session: {
          id: 'chat-session-1',
          assistantId: 'asst-site',
          ...(overrides !== undefined && { assistantOverrides: overrides }),
          messages,
        },
      });
    const words = [
      { role: 'assistant', content: 'Hello!' },
      { role: 'user', content: 'What does it cost?' },
    ];
    expect((await session('session.created', [], { variableValues: { demoSessionId: id } })).json().result).toBe(
      'updated',
    );
    // Found by the provider's session id afterwards.
    expect((await session('session.updated', words)).json().result).toBe('updated');
    expect((await h.store.demos.get({ id }))?.transcript).toBe('AI: Hello!\nUser: What does it cost?');
    clock.later(60_000);
    expect((await session('session.deleted', words)).json().result).toBe('updated');
    expect(await h.store.demos.get({ id })).toMatchObject({
      duration_seconds: 60,
      provider_session_id: 'chat-session-1',
    });
    expect((await session('session.updated', [{ role: 'user', content: 'later' }])).json().result).toBe('unchanged');
    // Another assistant's session, or one naming nothing, is unknown and still answered 200.
    const other = await event(h, {
      type: 'session.created',
      session: {
        id: 'chat-2',
        assistantId: 'asst-reception',
        assistantOverrides: { variableValues: { demoSessionId: id } },
      },
    });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ received: true, result: 'unknown' });
    expect((await event(h, { type: 'session.created', session: { id: 'chat-3' } })).json().result).toBe('unknown');
  });

  it('with TURNSTILE_SECRET, every ask needs a fresh Turnstile token, a continuation too (403 challenge)', async () => {
    const turnstile = await fakeTurnstile('ts-secret');
    cleanups.push(turnstile.close);
    const { h } = await gate({ TURNSTILE_SECRET: 'ts-secret', TURNSTILE_API_URL: turnstile.url });
    expect((await ask(h, { mode: 'text' })).json().error).toBe('challenge');
    const first = await ask(h, { mode: 'text', turnstileToken: 'pass-1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(turnstile.requests.at(-1)).toEqual({ secret: 'ts-secret', response: 'pass-1', remoteip: IP });
    const id = first.json().sessionId;
    const replayed = await ask(h, { mode: 'voice', demoSessionId: id, turnstileToken: 'pass-1' });
    expect(replayed.statusCode).toBe(403);
    const call = await ask(h, { mode: 'voice', demoSessionId: id, turnstileToken: 'pass-2' });
    expect(call.json().sessionId).toBe(id);
  });
});

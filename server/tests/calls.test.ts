import { afterEach, describe, expect, it } from 'vitest';
import { webhookReceiver } from '../../tests/support/fakes';
import { CHECK_AFTER_MS } from '../domain/calls/call-worker.ts';
import { OTP_RULES } from '../domain/otp/otp-service.ts';
import { lead, PHONE, post, testClock, verified, VOICE_KEY, withVoiceProvider, type Harness } from './harness.ts';
import { patience } from '../../tests/support/slowdown.mjs';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});

const KEY = VOICE_KEY;
const withProvider = (env: Record<string, string> = {}, now?: () => number) => withVoiceProvider(cleanups, env, now);
const callOf = async (h: Harness, id = 1) => (await h.store.leads.get({ id }))!.call!;
const event = (h: Harness, message: unknown, secret: string | null = 'vapi-secret') =>
  post(h, '/api/voice/events', { message }, secret === null ? {} : { 'x-vapi-secret': secret });

describe('the demo call', () => {
  it("is placed with the agent's assistant, the lead id as externalId and a name of at most 40 characters", async () => {
    const { h, voice } = await withProvider();
    const name = 'Asha Rao Venkataraman Subramaniam Iyer-Krishnamurthy';
    const res = await post(h, '/api/demo-requests', lead(await verified(h), { agentId: 'realEstate', name }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: 1, call: 'placed' });
    expect(voice.posts).toEqual([
      {
        assistantId: 'asst-real-estate',
        phoneNumberId: 'pn-1',
        customer: { number: PHONE, name: name.slice(0, 40), externalId: '1' },
        assistantOverrides: { variableValues: { name } },
      },
    ]);
    expect(await callOf(h)).toMatchObject({ status: 'placed', attempts: 1, providerCallId: 'call-1' });
    expect(JSON.stringify(h.logs)).not.toContain(KEY);
  });

  it('is retried after 503 twice, then placed once', async () => {
    const { h, voice } = await withProvider();
    voice.script.push(503, 503);
    const res = await post(h, '/api/demo-requests', lead(await verified(h)));
    expect(res.json()).toEqual({ id: 1, call: 'retrying' });
    await expect.poll(async () => (await callOf(h)).status, { timeout: patience(5000) }).toBe('placed');
    expect(voice.posts).toHaveLength(3);
    expect(voice.calls).toHaveLength(1);
    expect((await h.store.calls.attempts({ leadId: 1 })).map((a) => a.outcome)).toEqual([
      'retry',
      'retry',
      'placed call-1',
    ]);
  });

  it('is retried after 429 and after no answer at all, asking the provider first whether the unanswered attempt made the call', async () => {
    const { h, voice } = await withProvider();
    voice.script.push(429, 'create-then-hang');
    expect((await post(h, '/api/demo-requests', lead(await verified(h)))).json().call).toBe('retrying');
    await expect.poll(async () => (await callOf(h)).status, { timeout: patience(8000) }).toBe('placed');
    // The hung attempt had made the call: it was found, not placed again.
    expect(voice.calls).toHaveLength(1);
    expect(voice.posts).toHaveLength(2);
    expect(await callOf(h)).toMatchObject({ providerCallId: 'call-1', attempts: 2 });
  });

  it("is failed for good on a 400, keeping the provider's reason", async () => {
    const { h, voice } = await withProvider();
    voice.script.push(400);
    expect((await post(h, '/api/demo-requests', lead(await verified(h)))).json()).toEqual({ id: 1, call: 'failed' });
    await new Promise((r) => setTimeout(r, 400));
    expect(voice.posts).toHaveLength(1);
    expect(await callOf(h)).toMatchObject({
      status: 'failed',
      failureReason: 'provider-refused',
      lastError: 'voice provider answered 400: customer.number must be a valid phone number',
    });
  });

  it('gives up after CALL_MAX_ATTEMPTS', async () => {
    const { h, voice } = await withProvider({ CALL_MAX_ATTEMPTS: '3' });
    voice.script.push(503, 503, 503, 503);
    await post(h, '/api/demo-requests', lead(await verified(h)));
    await expect.poll(async () => (await callOf(h)).status, { timeout: patience(5000) }).toBe('failed');
    expect(await callOf(h)).toMatchObject({ attempts: 3, failureReason: 'max-attempts' });
    expect(voice.posts).toHaveLength(3);
  });

  it("waits for calling hours in the visitor's time zone, else the phone country's", async () => {
    // 02:00 in India.
    const clock = testClock(Date.UTC(2026, 10, 23, 20, 30));
    const { h, voice } = await withProvider({ CALL_HOURS: '09:00-20:00' }, clock.now);
    const night = await post(h, '/api/demo-requests', lead(await verified(h)));
    expect(night.statusCode).toBe(201);
    expect(night.json()).toEqual({ id: 1, call: 'scheduled', callAt: '2026-11-24T03:30:00.000Z' });
    // A visitor in London at 20:30 UTC is outside hours too; one in New York (15:30) is inside.
    clock.later(OTP_RULES.cooldownMs);
    expect(
      (
        await post(
          h,
          '/api/demo-requests',
          lead(await verified(h), { agentId: 'realEstate', timeZone: 'America/New_York' }),
        )
      ).json(),
    ).toEqual({ id: 2, call: 'placed' });
    clock.later(OTP_RULES.cooldownMs);
    expect(
      (
        await post(
          h,
          '/api/demo-requests',
          lead(await verified(h, '+919876543299'), { phone: '+919876543299', timeZone: 'Europe/London' }),
        )
      ).json(),
    ).toMatchObject({ call: 'scheduled', callAt: '2026-11-24T09:00:00.000Z' });
    // An unknown zone falls back to the country's.
    clock.later(OTP_RULES.cooldownMs);
    expect(
      (
        await post(
          h,
          '/api/demo-requests',
          lead(await verified(h, '+919876543298'), { phone: '+919876543298', timeZone: 'Mars/Olympus' }),
        )
      ).json(),
    ).toMatchObject({ callAt: '2026-11-24T03:30:00.000Z' });
    expect(voice.posts).toHaveLength(1);
    // At 09:00 India time the first is placed.
    clock.set(Date.UTC(2026, 10, 24, 3, 30));
    h.domain.calls.poke();
    await expect.poll(async () => (await callOf(h, 1)).status, { timeout: patience(5000) }).toBe('placed');
  });

  it("waits for calling hours in every zone of a phone country beyond India's neighbours (Japan, Indonesia)", async () => {
    // 05:30 in Tokyo; 03:30 in Jakarta and 05:30 in Jayapura.
    const clock = testClock(Date.UTC(2026, 10, 23, 20, 30));
    const { h } = await withProvider({ CALL_HOURS: '09:00-20:00', OTP_COUNTRIES: 'IN,JP,ID' }, clock.now);
    const tokyo = '+819012345678';
    expect((await post(h, '/api/demo-requests', lead(await verified(h, tokyo), { phone: tokyo }))).json()).toEqual({
      id: 1,
      call: 'scheduled',
      callAt: '2026-11-24T00:00:00.000Z',
    });
    // Indonesia spans three zones: 09:00 in Jakarta is 11:00 in Jayapura, inside the window in all of them.
    const jakarta = '+6281234567890';
    expect((await post(h, '/api/demo-requests', lead(await verified(h, jakarta), { phone: jakarta }))).json()).toEqual({
      id: 2,
      call: 'scheduled',
      callAt: '2026-11-24T02:00:00.000Z',
    });
    expect(JSON.stringify(h.logs)).not.toContain('no time zone known');
  });

  it('is never placed to a suppressed number: the lead is kept, its call failed as suppressed', async () => {
    const { h, voice } = await withProvider();
    await h.store.suppressions.add({ phone: PHONE, reason: 'asked', now: Date.now() });
    expect((await post(h, '/api/demo-requests', lead(await verified(h)))).json()).toEqual({ id: 1, call: 'failed' });
    expect(await callOf(h)).toMatchObject({ status: 'failed', failureReason: 'suppressed' });
    expect(voice.posts).toHaveLength(0);
  });
});

describe('POST /api/voice/events', () => {
  const report = {
    type: 'end-of-call-report',
    call: { id: 'call-1' },
    endedReason: 'customer-ended-call',
    startedAt: '2026-11-23T10:00:00.000Z',
    endedAt: '2026-11-23T10:03:30.000Z',
    analysis: { summary: 'Wants a receptionist for two clinics.', successEvaluation: true },
    artifact: { transcript: 'AI: Hello Asha…', recordingUrl: 'https://recordings.example/1.wav' },
  };

  it('refuses unsigned and wrongly signed messages (401), storing nothing', async () => {
    const { h } = await withProvider();
    await post(h, '/api/demo-requests', lead(await verified(h)));
    for (const secret of [null, 'wrong-secret', 'vapi-secret ']) {
      const res = await event(h, report, secret);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('unauthorized');
    }
    expect(await callOf(h)).toMatchObject({ status: 'placed', endedReason: null });
  });

  it('stores the outcome once (replays change nothing), ignores progress arriving after the end, and answers unknown calls 2xx', async () => {
    const hook = await webhookReceiver('whsec');
    cleanups.push(hook.close);
    const { h } = await withProvider({
      LEAD_WEBHOOK_URL: hook.url,
      LEAD_WEBHOOK_SECRET: 'whsec',
      LEAD_WEBHOOK_BACKOFF_MS: '20',
    });
    await post(h, '/api/demo-requests', lead(await verified(h)));
    expect((await event(h, { type: 'status-update', call: { id: 'call-1' }, status: 'in-progress' })).json()).toEqual({
      received: true,
      result: 'updated',
    });
    expect((await event(h, report)).json().result).toBe('updated');
    expect((await event(h, report)).json().result).toBe('unchanged');
    expect((await event(h, { type: 'status-update', call: { id: 'call-1' }, status: 'ringing' })).json().result).toBe(
      'unchanged',
    );
    const unknown = await event(h, { ...report, call: { id: 'call-nobody' } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().result).toBe('unknown');
    expect(h.logs.some((l) => String(l.msg).includes('did not place'))).toBe(true);
    expect(await callOf(h)).toMatchObject({
      status: 'ended',
      providerStatus: 'ended',
      endedReason: 'customer-ended-call',
      durationSeconds: 210,
      summary: 'Wants a receptionist for two clinics.',
      successEvaluation: 'true',
      transcript: 'AI: Hello Asha…',
      recordingUrl: 'https://recordings.example/1.wav',
    });
    // The CRM heard: the lead, the call placed, the call ended; in that order, each with its own delivery id.
    await expect.poll(() => hook.received.length, { timeout: patience(5000) }).toBe(3);
    await new Promise((r) => setTimeout(r, 200));
    expect(hook.received.map((r) => [r.event, r.body.call?.status])).toEqual([
      ['lead.created', 'pending'],
      ['lead.call.updated', 'placed'],
      ['lead.call.updated', 'ended'],
    ]);
    expect(new Set(hook.received.map((r) => r.deliveryId)).size).toBe(3);
    expect(hook.received[2].body.call).toMatchObject({
      endedReason: 'customer-ended-call',
      durationSeconds: 210,
      summary: 'Wants a receptionist for two clinics.',
    });
  });

  it('reads back a call whose end was never heard of, 30 minutes after it was placed', async () => {
    const clock = testClock(Date.UTC(2026, 10, 23, 6, 30));
    const { h, voice } = await withProvider({}, clock.now);
    await post(h, '/api/demo-requests', lead(await verified(h)));
    voice.end('call-1', {
      endedReason: 'customer-did-not-answer',
      startedAt: '2026-11-23T06:30:05.000Z',
      endedAt: '2026-11-23T06:30:35.000Z',
    });
    clock.later(CHECK_AFTER_MS + 1000);
    h.domain.calls.poke();
    await expect.poll(async () => (await callOf(h)).status, { timeout: patience(5000) }).toBe('ended');
    expect(await callOf(h)).toMatchObject({ endedReason: 'customer-did-not-answer', durationSeconds: 30 });
  });
});

describe('exports of calls', () => {
  it('carry status, attempts, last error, callAt, ended reason, duration and summary', async () => {
    const { h, voice } = await withProvider();
    voice.script.push(503);
    await post(h, '/api/demo-requests', lead(await verified(h)));
    await expect.poll(async () => (await callOf(h)).status, { timeout: patience(5000) }).toBe('placed');
    await event(h, {
      type: 'end-of-call-report',
      call: { id: 'call-1' },
      endedReason: 'voicemail',
      startedAt: '2026-11-23T10:00:00Z',
      endedAt: '2026-11-23T10:00:20Z',
      summary: 'Left a voicemail.',
    });
    const { execFileSync } = await import('node:child_process');
    const [row] = JSON.parse(
      execFileSync('npm', ['run', '-s', 'export-leads', '--', '--format', 'json', '--db', h.store.path], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    );
    expect(row).toMatchObject({
      callStatus: 'ended',
      callAttempts: 2,
      callLastError: null,
      callEndedReason: 'voicemail',
      callDurationSeconds: 20,
      callSummary: 'Left a voicemail.',
      callAt: null,
    });
  });
});

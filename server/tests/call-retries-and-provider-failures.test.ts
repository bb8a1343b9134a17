import { afterEach, describe, expect, it } from 'vitest';
import { webhookReceiver } from '../../tests/support/fakes';
import { lead, post, testClock, verified, withVoiceProvider, type Harness } from './harness.ts';
import { patience } from '../../tests/support/slowdown.mjs';

// A slow or busy voice provider (issue 29): retries stay inside calling hours, an attempt whose outcome
// is unknown is looked up late enough to see the call a slow provider makes, and an end stays final.
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});

const withProvider = (env: Record<string, string> = {}, now?: () => number) =>
  withVoiceProvider(cleanups, { PROVIDER_TIMEOUT_MS: '500', ...env }, now);
const callOf = async (h: Harness, id = 1) => (await h.store.leads.get({ id }))!.call!;
const event = (h: Harness, message: unknown) =>
  post(h, '/api/voice/events', { message }, { 'x-vapi-secret': 'vapi-secret' });

describe('retries inside calling hours', () => {
  it('a retry that would fall after the window closes waits for the next one: the visitor and the CRM hear scheduled, with the time', async () => {
    const hook = await webhookReceiver('whsec');
    cleanups.push(hook.close);
    // 19:59 in India; the first retry would come at 20:01.
    const clock = testClock(Date.UTC(2026, 10, 23, 14, 29));
    const { h, voice } = await withProvider(
      {
        CALL_HOURS: '09:00-20:00',
        CALL_RETRY_MS: '120000',
        LEAD_WEBHOOK_URL: hook.url,
        LEAD_WEBHOOK_SECRET: 'whsec',
        LEAD_WEBHOOK_BACKOFF_MS: '20',
      },
      clock.now,
    );
    voice.script.push(503);
    const res = await post(h, '/api/demo-requests', lead(await verified(h)));
    expect(res.json()).toEqual({ id: 1, call: 'scheduled', callAt: '2026-11-24T03:30:00.000Z' });
    expect(await callOf(h)).toMatchObject({ status: 'scheduled', attempts: 1, callAt: '2026-11-24T03:30:00.000Z' });
    // Each delivery once, by its id: on a starved machine a delivery can outlast the 500 ms limit and be sent again (at least once).
    const deliveries = () => [...new Map(hook.received.map((r) => [r.deliveryId, r])).values()];
    await expect.poll(() => deliveries().length, { timeout: patience(5000) }).toBe(2);
    expect(deliveries().map((r) => [r.event, r.body.call?.status, r.body.call?.callAt])).toEqual([
      ['lead.created', 'pending', null],
      ['lead.call.updated', 'scheduled', '2026-11-24T03:30:00.000Z'],
    ]);
    // Nothing is tried before the window opens; at 09:00 the call is placed.
    clock.set(Date.UTC(2026, 10, 24, 3, 29));
    h.domain.calls.poke();
    await new Promise((r) => setTimeout(r, 300));
    expect(voice.posts).toHaveLength(1);
    clock.set(Date.UTC(2026, 10, 24, 3, 30));
    h.domain.calls.poke();
    await expect.poll(async () => (await callOf(h)).status, { timeout: patience(5000) }).toBe('placed');
    expect(voice.posts).toHaveLength(2);
  });

  it('a retry inside the window is told as retrying', async () => {
    // 19:50 in India: the retry at 19:52 is inside.
    const clock = testClock(Date.UTC(2026, 10, 23, 14, 20));
    const { h, voice } = await withProvider({ CALL_HOURS: '09:00-20:00', CALL_RETRY_MS: '120000' }, clock.now);
    voice.script.push(503);
    expect((await post(h, '/api/demo-requests', lead(await verified(h)))).json()).toEqual({ id: 1, call: 'retrying' });
    expect(await callOf(h)).toMatchObject({ status: 'retrying', callAt: null });
  });

  it('an unknown attempt whose look-up falls after the window closes waits for the next one too', async () => {
    // 19:58 in India: the look-up may come no sooner than 2 minutes after the attempt, at 20:00.
    const clock = testClock(Date.UTC(2026, 10, 23, 14, 28));
    const { h, voice } = await withProvider(
      { CALL_HOURS: '09:00-20:00', CALL_RETRY_MS: '100', CALL_LOOKUP_DELAY_MS: '120000' },
      clock.now,
    );
    voice.script.push('hang');
    expect((await post(h, '/api/demo-requests', lead(await verified(h)))).json()).toEqual({
      id: 1,
      call: 'scheduled',
      callAt: '2026-11-24T03:30:00.000Z',
    });
    expect(voice.posts).toHaveLength(1);
  });
});

describe('a provider slow to act', () => {
  it('is looked up no sooner than CALL_LOOKUP_DELAY_MS after the attempt: the call it made late is found, never made twice', async () => {
    const { h, voice } = await withProvider({ CALL_RETRY_MS: '100', CALL_LOOKUP_DELAY_MS: '2500' });
    // The request hangs (500 ms timeout); the provider makes the call 1.5 s after it was asked.
    voice.script.push({ hangThenCreateAfterMs: 1500 });
    expect((await post(h, '/api/demo-requests', lead(await verified(h)))).json()).toEqual({ id: 1, call: 'retrying' });
    await expect.poll(async () => (await callOf(h)).status, { timeout: patience(10_000) }).toBe('placed');
    expect(await callOf(h)).toMatchObject({ providerCallId: 'call-1', attempts: 1 });
    expect(voice.posts).toHaveLength(1);
    expect(voice.calls).toHaveLength(1);
    expect((await h.store.calls.attempts({ leadId: 1 })).map((a) => a.outcome)).toEqual(['unknown']);
  });

  it('looks up the last attempt too: a call made late is found, not given up as max-attempts', async () => {
    const { h, voice } = await withProvider({
      CALL_RETRY_MS: '100',
      CALL_LOOKUP_DELAY_MS: '2000',
      CALL_MAX_ATTEMPTS: '1',
    });
    voice.script.push({ hangThenCreateAfterMs: 1000 });
    await post(h, '/api/demo-requests', lead(await verified(h)));
    await expect.poll(async () => (await callOf(h)).status, { timeout: patience(10_000) }).toBe('placed');
    expect(await callOf(h)).toMatchObject({ providerCallId: 'call-1', failureReason: null });
    expect(voice.posts).toHaveLength(1);
  });

  it('keeps an unresolved attempt through a failed look-up: nothing is placed until a look-up has answered', async () => {
    const { h, voice } = await withProvider({ CALL_RETRY_MS: '100', CALL_LOOKUP_DELAY_MS: '800' });
    voice.script.push('create-then-hang');
    voice.listFails = true;
    await post(h, '/api/demo-requests', lead(await verified(h)));
    await expect
      .poll(async () => (await callOf(h)).lastError ?? '', { timeout: patience(8000) })
      .toMatch(/^could not check the last attempt/);
    await new Promise((r) => setTimeout(r, 500));
    expect(voice.posts).toHaveLength(1);
    voice.listFails = false;
    await expect.poll(async () => (await callOf(h)).status, { timeout: patience(8000) }).toBe('placed');
    expect(voice.posts).toHaveLength(1);
    expect(await callOf(h)).toMatchObject({ providerCallId: 'call-1' });
  });
});

describe('the end of a call', () => {
  it('is final: later events only fill fields still empty', async () => {
    const { h } = await withProvider();
    await post(h, '/api/demo-requests', lead(await verified(h)));
    const report = {
      type: 'end-of-call-report',
      call: { id: 'call-1' },
      endedReason: 'customer-ended-call',
      analysis: { summary: 'Wants a receptionist.' },
    };
    expect((await event(h, report)).json().result).toBe('updated');
    expect(
      (
        await event(h, {
          type: 'status-update',
          call: { id: 'call-1' },
          status: 'ended',
          endedReason: 'silence-timed-out',
        })
      ).json().result,
    ).toBe('unchanged');
    expect(
      (await event(h, { type: 'end-of-call-report', call: { id: 'call-1' }, summary: 'Partial.' })).json().result,
    ).toBe('unchanged');
    // A field the end did not carry may still come.
    expect(
      (
        await event(h, {
          type: 'end-of-call-report',
          call: { id: 'call-1' },
          summary: 'Other.',
          artifact: { recordingUrl: 'https://recordings.example/1.wav' },
        })
      ).json().result,
    ).toBe('updated');
    expect(await callOf(h)).toMatchObject({
      status: 'ended',
      endedReason: 'customer-ended-call',
      summary: 'Wants a receptionist.',
      recordingUrl: 'https://recordings.example/1.wav',
    });
  });
});

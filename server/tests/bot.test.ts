import { afterEach, describe, expect, it } from 'vitest';
import { fakeTurnstile } from '../../tests/support/fakes';
import { post, testApp, testClock, type Harness } from './harness.ts';
import { patience } from '../../tests/support/slowdown.mjs';

// A bot that wants the service to text every number it can (SMS pumping): what it tries, how many
// codes go out, and what stops it. docs/operations.md quotes the figures this prints.
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});
const clock = testClock();
async function service(env: Record<string, string>) {
  const h = await testApp(env, { now: clock.now });
  cleanups.push(h.close);
  return h;
}

/** `numbers` Indian mobile numbers, from `addresses` rotating client addresses (X-Forwarded-For). */
async function attack(
  h: Harness,
  { numbers, addresses, body = {} }: { numbers: number; addresses: number; body?: Record<string, unknown> },
) {
  const outcomes: Record<string, number> = {};
  for (let i = 0; i < numbers; i++) {
    const phone = `+9170${String(10_000_000 + i).slice(-8)}`;
    const res = await post(
      h,
      '/api/otp',
      { phone, ...body },
      { 'x-forwarded-for': `198.51.${Math.floor((i % addresses) / 250)}.${(i % addresses) % 250}` },
    );
    const key = res.statusCode === 200 ? 'answered 200' : res.json().error;
    outcomes[key] = (outcomes[key] ?? 0) + 1;
  }
  const sent = h.codes.length;
  return { tried: numbers, sent, outcomes };
}

describe('a bot pumping text messages', () => {
  it(
    'from one address: stopped after OTP_CLIENT_LIMIT codes',
    async () => {
      const h = await service({});
      const result = await attack(h, { numbers: 300, addresses: 300 });
      console.log('one address (forged X-Forwarded-For ignored):', JSON.stringify(result));
      expect(result.sent).toBe(10);
      expect(result.outcomes['client-limit']).toBe(290);
    },
    patience(60_000),
  );

  it(
    'rotating 300 addresses behind a trusted proxy: stopped by OTP_MAX_PER_HOUR',
    async () => {
      const h = await service({ TRUST_PROXY: '1' });
      const result = await attack(h, { numbers: 1000, addresses: 300 });
      console.log('300 addresses through a trusted proxy:', JSON.stringify(result));
      expect(result.sent).toBe(200);
      expect(result.outcomes['otp-capacity']).toBe(800);
      expect(h.logs.some((l) => String(l.msg).includes('OTP_MAX_PER_HOUR'))).toBe(true);
    },
    patience(120_000),
  );

  it(
    'filling every field: the honeypot answers it and sends nothing',
    async () => {
      const h = await service({ TRUST_PROXY: '1' });
      const result = await attack(h, {
        numbers: 300,
        addresses: 300,
        body: { website: 'https://cheap-pills.example' },
      });
      console.log('filling the honeypot:', JSON.stringify(result));
      expect(result).toMatchObject({ sent: 0, outcomes: { 'answered 200': 300 } });
    },
    patience(60_000),
  );

  it(
    'with Turnstile on: no valid challenge, no code',
    async () => {
      const turnstile = await fakeTurnstile('ts-secret');
      cleanups.push(turnstile.close);
      const h = await service({ TRUST_PROXY: '1', TURNSTILE_SECRET: 'ts-secret', TURNSTILE_API_URL: turnstile.url });
      const result = await attack(h, { numbers: 300, addresses: 300, body: { turnstileToken: 'replayed-or-forged' } });
      console.log('with Turnstile:', JSON.stringify(result));
      expect(result).toMatchObject({ sent: 0, outcomes: { challenge: 300 } });
    },
    patience(60_000),
  );
});

import { afterEach, describe, expect, it } from 'vitest';
import { OTP_RULES } from '../domain/otp/otp-service.ts';
import { bothDatabases, PHONE, post, testApp, testClock } from './harness.ts';

// Issue 55, item 11: a code checked again after it was used is told so ("ask for a new one"), not
// "Ask for a code first", whichever database keeps the codes.
const { backends } = bothDatabases();

const USED = {
  error: 'code-used',
  message: 'This code was already used. Ask for a new one to verify the number again.',
};

describe.each(backends)('a used code on $name', (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of cleanups.splice(0).reverse()) await close();
  });
  async function service() {
    const clock = testClock();
    const h = await testApp({ ...backend.env(), OTP_CLIENT_LIMIT: '1000' }, { now: clock.now });
    cleanups.push(h.close);
    return { h, clock };
  }

  it('is refused as used, with the way on; a number that never asked is told to ask first', async () => {
    const { h, clock } = await service();
    const never = await post(h, '/api/otp/verify', { phone: '+919876500001', code: '123456' });
    expect(never.statusCode).toBe(400);
    expect(never.json()).toEqual({ error: 'no-code', message: 'Ask for a code first: press Get OTP.' });

    await post(h, '/api/otp', { phone: PHONE });
    const code = h.codeFor(PHONE)!;
    expect((await post(h, '/api/otp/verify', { phone: PHONE, code })).statusCode).toBe(200);
    const again = await post(h, '/api/otp/verify', { phone: PHONE, code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(USED);

    // A new code is the way on, as the words say.
    clock.later(OTP_RULES.cooldownMs);
    await post(h, '/api/otp', { phone: PHONE });
    expect((await post(h, '/api/otp/verify', { phone: PHONE, code: h.codeFor(PHONE) })).statusCode).toBe(200);
  });

  it('tells the checks that raced with the one that used it that it was used', async () => {
    const { h } = await service();
    // A number of its own: the PostgreSQL database is the file's, shared by its tests.
    const phone = '+919876500002';
    expect((await post(h, '/api/otp', { phone })).statusCode).toBe(200);
    const code = h.codeFor(phone)!;
    const answers = await Promise.all(Array.from({ length: 4 }, () => post(h, '/api/otp/verify', { phone, code })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((a) => a.statusCode !== 200)) expect(a.json()).toEqual(USED);
  });
});

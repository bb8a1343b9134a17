import { afterEach, describe, expect, it } from 'vitest';
import { fakeTurnstile, fakeTwilio, TWILIO } from '../../tests/support/fakes';
import { OTP_RULES } from '../domain/otp/otp-service.ts';
import { PHONE, post, testApp, testClock, type Harness } from './harness.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});
const clock = testClock();
async function service(env: Record<string, string> = {}) {
  const h = await testApp({ OTP_CLIENT_LIMIT: '1000', OTP_MAX_PER_HOUR: '1000', ...env }, { now: clock.now });
  cleanups.push(h.close);
  return h;
}
async function twilioService(env: Record<string, string> = {}) {
  const twilio = await fakeTwilio();
  cleanups.push(twilio.close);
  const h = await service({
    OTP_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: TWILIO.accountSid,
    TWILIO_AUTH_TOKEN: TWILIO.authToken,
    TWILIO_VERIFY_SERVICE_SID: TWILIO.serviceSid,
    TWILIO_API_URL: twilio.url,
    ...env,
  });
  return { h, twilio };
}
const wrong = (code: string | undefined) => (code === '000000' ? '111111' : '000000');

describe('GET /api/otp/countries', () => {
  it('answers the countries codes may be sent to, India by default, OTP_COUNTRIES otherwise', async () => {
    const india = await service();
    const res = await india.app.inject({ method: 'GET', url: '/api/otp/countries' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ countries: ['IN'], channels: ['sms', 'whatsapp', 'call'] });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const two = await service({ OTP_COUNTRIES: 'in,GB' });
    expect((await two.app.inject({ method: 'GET', url: '/api/otp/countries' })).json()).toEqual({
      countries: ['IN', 'GB'],
      channels: ['sms', 'whatsapp', 'call'],
    });
  });
});

describe('POST /api/otp', () => {
  it('sends a 6-digit code (printed by the console provider), storing only its hash', async () => {
    const h = await service();
    const res = await post(h, '/api/otp', { phone: PHONE });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      sent: true,
      phone: PHONE,
      display: '+91 98765 43210',
      resendAfterSeconds: 30,
      expiresInSeconds: 600,
      channel: 'sms',
    });
    const code = h.codeFor(PHONE)!;
    expect(code).toMatch(/^\d{6}$/);
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(h.store.path, { readonly: true });
    const rows = db.prepare('SELECT * FROM otp_codes').all() as { code_hash: string }[];
    db.close();
    expect(rows).toHaveLength(1);
    expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('refuses a malformed number, a country codes may not go to, and every number that is not a mobile, in words, sending nothing', async () => {
    const h = await service();
    for (const phone of ['98765', '+91 123', ''])
      expect((await post(h, '/api/otp', { phone })).json().error).toBe('invalid-phone');
    expect((await post(h, '/api/otp', { phone: 12 })).json()).toMatchObject({ error: 'invalid-phone', field: 'phone' });
    const uk = await post(h, '/api/otp', { phone: '+447400123456' });
    expect(uk.statusCode).toBe(400);
    expect(uk.json()).toEqual({
      error: 'country-not-allowed',
      message: 'We can only send codes to numbers in India for now.',
    });
    const kinds: [string, string][] = [
      ['+911123456789', 'a landline'],
      ['+9118001234567', 'a toll-free number'],
    ];
    for (const [phone, words] of kinds) {
      const res = await post(h, '/api/otp', { phone });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json()).toEqual({
        error: 'not-mobile',
        message: `This looks like ${words}. Enter a mobile number that can receive text messages.`,
      });
    }
    const world = await service({ OTP_COUNTRIES: 'GB,US,FR' });
    for (const [phone, words] of [
      ['+448712345678', 'a premium-rate number'],
      ['+18005551234', 'a toll-free number'],
      ['+19005551234', 'a premium-rate number'],
      ['+442071234567', 'a landline'],
      ['+33810123456', 'a shared-cost number'],
      ['+447012345678', 'a personal (forwarding) number'],
      ['+443001234567', 'a company (UAN) number'],
    ])
      expect((await post(world, '/api/otp', { phone })).json().message, phone).toBe(
        `This looks like ${words}. Enter a mobile number that can receive text messages.`,
      );
    expect((await post(world, '/api/otp', { phone: '+447400123456' })).statusCode).toBe(200);
    // Fixed-or-mobile (the plan cannot tell): allowed.
    expect((await post(world, '/api/otp', { phone: '+12025550123' })).statusCode).toBe(200);
    expect(h.codes).toEqual([]);
  });

  it('sends a new code to a phone no sooner than 30 s after the last, and at most 5 an hour', async () => {
    const h = await service();
    expect((await post(h, '/api/otp', { phone: PHONE })).statusCode).toBe(200);
    clock.later(10_000);
    const early = await post(h, '/api/otp', { phone: PHONE });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({
      error: 'cooldown',
      retryAfterSeconds: 20,
      message: 'A code was just sent. You can ask for another in 20 seconds.',
    });
    expect(early.headers['retry-after']).toBe('20');
    for (let i = 2; i <= OTP_RULES.perPhoneHour; i++) {
      clock.later(OTP_RULES.cooldownMs);
      expect((await post(h, '/api/otp', { phone: PHONE })).statusCode, `code ${i}`).toBe(200);
    }
    clock.later(OTP_RULES.cooldownMs);
    const sixth = await post(h, '/api/otp', { phone: PHONE });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toBe('hourly');
    expect(sixth.json().message).toMatch(
      /^Too many codes were sent to this number\. Please try again in \d+ minutes\.$/,
    );
    clock.later(3_600_000);
    expect((await post(h, '/api/otp', { phone: PHONE })).statusCode).toBe(200);
  });

  it('limits the codes one client asks for, whatever the numbers, in the database (a restart does not reset it)', async () => {
    const h = await service({ OTP_CLIENT_LIMIT: '3' });
    for (let i = 0; i < 3; i++) expect((await post(h, '/api/otp', { phone: `+91987654321${i}` })).statusCode).toBe(200);
    const fourth = await post(h, '/api/otp', { phone: '+919876543219' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({
      error: 'client-limit',
      message: 'Too many codes were requested from your connection. Please try again later.',
    });
    // Another client is not limited by this one.
    expect(
      (await post(h, '/api/otp', { phone: '+919876543218' }, { 'x-forwarded-for': '203.0.113.9' })).statusCode,
    ).toBe(429);
    const rows = await h.store.otp.request({
      phone: '+919876543217',
      clientIp: '127.0.0.1',
      codeHash: null,
      now: clock.now(),
      ttlMs: 1,
      cooldownMs: 1,
      perPhoneHour: 5,
      perClientHour: 3,
      perServiceHour: 100,
    });
    expect(rows).toMatchObject({ ok: false, reason: 'client-limit' });
  });

  it('stops every number once OTP_MAX_PER_HOUR codes went out, with 503 otp-capacity and a warning', async () => {
    const h = await service({ OTP_MAX_PER_HOUR: '3' });
    for (let i = 0; i < 3; i++) expect((await post(h, '/api/otp', { phone: `+91987654330${i}` })).statusCode).toBe(200);
    const over = await post(h, '/api/otp', { phone: '+919876543309' });
    expect(over.statusCode).toBe(503);
    expect(over.json()).toMatchObject({
      error: 'otp-capacity',
      message: 'We are sending too many codes right now. Please try again in a few minutes.',
    });
    expect(h.logs.some((l) => l.level === 40 && String(l.msg).includes('OTP_MAX_PER_HOUR'))).toBe(true);
    clock.later(3_600_001);
    expect((await post(h, '/api/otp', { phone: '+919876543309' })).statusCode).toBe(200);
  });

  it('answers a filled honeypot as if it worked, and sends nothing', async () => {
    const h = await service();
    const res = await post(h, '/api/otp', { phone: PHONE, website: 'http://spam.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sent: true, phone: PHONE });
    expect(h.codeFor(PHONE)).toBeUndefined();
    expect(await h.store.otp.startCheck({ phone: PHONE, now: clock.now(), maxChecks: 5 })).toEqual({ status: 'none' });
    // The log names the client by a keyed hash, never by its address.
    const line = h.logs.find((l) => String(l.msg).includes('honeypot'));
    expect(line).toMatchObject({ client: expect.stringMatching(/^hmac-sha256:[0-9a-f]{16}$/) });
    expect(JSON.stringify(line)).not.toContain('127.0.0.1');
  });

  it('with TURNSTILE_SECRET, sends nothing without a valid challenge token (403 challenge); a token is good once', async () => {
    const turnstile = await fakeTurnstile('ts-secret');
    cleanups.push(turnstile.close);
    const h = await service({ TURNSTILE_SECRET: 'ts-secret', TURNSTILE_API_URL: turnstile.url });
    for (const body of [{ phone: PHONE }, { phone: PHONE, turnstileToken: 'fail-1' }]) {
      const res = await post(h, '/api/otp', body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'challenge', message: 'Please complete the check above and try again.' });
    }
    expect(h.codeFor(PHONE)).toBeUndefined();
    expect((await post(h, '/api/otp', { phone: PHONE, turnstileToken: 'pass-1' })).statusCode).toBe(200);
    expect(turnstile.requests.at(-1)).toEqual({ secret: 'ts-secret', response: 'pass-1', remoteip: '127.0.0.1' });
    clock.later(OTP_RULES.cooldownMs);
    expect((await post(h, '/api/otp', { phone: PHONE, turnstileToken: 'pass-1' })).statusCode).toBe(403);
  });

  it('takes the client address from the proxies TRUST_PROXY names, never from what the client claims', async () => {
    const direct = await service({ OTP_CLIENT_LIMIT: '1' });
    expect(
      (await post(direct, '/api/otp', { phone: '+919876543401' }, { 'x-forwarded-for': '198.51.100.1' })).statusCode,
    ).toBe(200);
    // Untrusted header: the same client however it rotates the header.
    expect(
      (await post(direct, '/api/otp', { phone: '+919876543402' }, { 'x-forwarded-for': '198.51.100.2' })).json().error,
    ).toBe('client-limit');
    const proxied = await service({ OTP_CLIENT_LIMIT: '1', TRUST_PROXY: '1' });
    // One trusted hop: the address the proxy saw (the right-most), not the client's left-most claim.
    expect(
      (await post(proxied, '/api/otp', { phone: '+919876543403' }, { 'x-forwarded-for': '10.9.9.9, 198.51.100.7' }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await post(proxied, '/api/otp', { phone: '+919876543404' }, { 'x-forwarded-for': '10.9.9.8, 198.51.100.7' })
      ).json().error,
    ).toBe('client-limit');
    expect(
      (await post(proxied, '/api/otp', { phone: '+919876543405' }, { 'x-forwarded-for': '198.51.100.8' })).statusCode,
    ).toBe(200);
  });
});

describe('POST /api/otp/verify', () => {
  it('answers a token for the right code, once; a wrong code says how many tries are left', async () => {
    const h = await service();
    await post(h, '/api/otp', { phone: PHONE });
    const code = h.codeFor(PHONE)!;
    const no = await post(h, '/api/otp/verify', { phone: PHONE, code: wrong(code) });
    expect(no.statusCode).toBe(400);
    expect(no.json()).toEqual({
      error: 'wrong-code',
      message: 'That code is not right. You have 4 tries left.',
      attemptsLeft: 4,
    });
    const right = await post(h, '/api/otp/verify', { phone: PHONE, code });
    expect(right.statusCode).toBe(200);
    expect(right.json().token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect((await post(h, '/api/otp/verify', { phone: PHONE, code })).json().error).toBe('code-used');
    expect((await post(h, '/api/otp/verify', { phone: PHONE, code: '12 34' })).json().error).toBe('code-format');
  });

  it.each([10, 50])('gives one token for %i concurrent right answers', async (n) => {
    const h = await service();
    await post(h, '/api/otp', { phone: PHONE });
    const code = h.codeFor(PHONE)!;
    const answers = await Promise.all(
      Array.from({ length: n }, () => post(h, '/api/otp/verify', { phone: PHONE, code })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((a) => a.statusCode !== 200))
      expect(['code-used', 'too-many']).toContain(a.json().error);
  });

  it('checks a code at most 5 times, and not after 10 minutes', async () => {
    const h = await service();
    await post(h, '/api/otp', { phone: PHONE });
    const code = h.codeFor(PHONE)!;
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push((await post(h, '/api/otp/verify', { phone: PHONE, code: wrong(code) })).json());
    expect(answers.map((a) => a.attemptsLeft)).toEqual([4, 3, 2, 1, 0]);
    expect(answers[4].message).toBe('That code is not right, and that was the last try. Ask for a new one.');
    expect((await post(h, '/api/otp/verify', { phone: PHONE, code })).json().error).toBe('too-many');
    clock.later(OTP_RULES.cooldownMs);
    await post(h, '/api/otp', { phone: PHONE });
    clock.later(OTP_RULES.ttlMs);
    const expired = await post(h, '/api/otp/verify', { phone: PHONE, code: h.codeFor(PHONE) });
    expect(expired.json()).toEqual({ error: 'expired', message: 'This code has expired. Ask for a new one.' });
  });
});

describe('Twilio Verify as the provider', () => {
  it('sends and checks through the Verify API, and an outage answers 502 at once without counting', async () => {
    const { h, twilio } = await twilioService();
    twilio.down = true;
    const asked = twilio.requests.length;
    const down = await post(h, '/api/otp', { phone: PHONE });
    expect(down.statusCode).toBe(502);
    expect(down.json()).toEqual({
      error: 'provider-unavailable',
      message: 'We could not send or check the code right now. Please try again in a minute.',
    });
    // At once: one request and the answer, with no retry (and so no wait) after an outage.
    expect(twilio.requests.length - asked).toBe(1);
    twilio.down = false;
    expect((await post(h, '/api/otp', { phone: PHONE })).statusCode).toBe(200);
    expect(twilio.requests.at(-1)).toEqual({
      path: `/v2/Services/${TWILIO.serviceSid}/Verifications`,
      form: { To: PHONE, Channel: 'sms' },
    });
    expect(
      (await post(h, '/api/otp/verify', { phone: PHONE, code: wrong(twilio.codes.get(PHONE)) })).json().attemptsLeft,
    ).toBe(4);
    const ok = await post(h, '/api/otp/verify', { phone: PHONE, code: twilio.codes.get(PHONE) });
    expect(ok.statusCode).toBe(200);
    const [concurrent] = [
      await Promise.all(Array.from({ length: 10 }, () => post(h, '/api/otp/verify', { phone: PHONE, code: '123456' }))),
    ];
    expect(concurrent.every((a) => a.statusCode !== 200)).toBe(true);
  });

  it.each([
    [60200, 400, 'number-invalid', 'This number cannot receive text messages. Check it and try again.', undefined],
    [60203, 429, 'too-many-sends', 'Too many codes were sent to this number. Please try again later.', 600],
    [60212, 429, 'too-many-sends', 'Too many codes were sent to this number. Please try again later.', 60],
    [60410, 403, 'number-blocked', 'We cannot send codes to this number. Please use another number.', undefined],
    [60605, 403, 'country-disabled', 'We cannot send codes to this country yet.', undefined],
  ])('words Twilio error %i as what the visitor can do (%i %s)', async (code, status, error, message, seconds) => {
    const { h, twilio } = await twilioService();
    twilio.errors.set(PHONE, { status: status === 400 ? 400 : status, code });
    const res = await post(h, '/api/otp', { phone: PHONE });
    expect(res.statusCode).toBe(status);
    // A 429 says when to try again, in the body and in Retry-After, as every 429 of ours does.
    expect(res.json()).toEqual(seconds ? { error, message, retryAfterSeconds: seconds } : { error, message });
    expect(res.headers['retry-after']).toBe(seconds && String(seconds));
  });

  it('words too many checks (60202), and retries Twilio being busy (20429) once before saying so', async () => {
    const { h, twilio } = await twilioService();
    expect((await post(h, '/api/otp', { phone: PHONE })).statusCode).toBe(200);
    twilio.errors.set(PHONE, { status: 429, code: 60202 });
    expect((await post(h, '/api/otp/verify', { phone: PHONE, code: '123456' })).json()).toEqual({
      error: 'too-many-checks',
      message: 'Too many tries for this code. Ask for a new one.',
      retryAfterSeconds: 600,
    });

    const other = '+919876543299';
    twilio.errors.set(other, { status: 429, code: 20429, times: 1 });
    expect((await post(h, '/api/otp', { phone: other })).statusCode).toBe(200);
    const third = '+919876543298';
    twilio.errors.set(third, { status: 429, code: 20429 });
    const busy = await post(h, '/api/otp', { phone: third });
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toEqual({
      error: 'provider-busy',
      message: 'Our text message service is busy. Please try again in a minute.',
    });
    expect(twilio.requests.filter((r) => r.form.To === third)).toHaveLength(2);
  });
});

export type { Harness };

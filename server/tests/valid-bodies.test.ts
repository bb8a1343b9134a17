import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimitOf } from '../../model/body-size.ts';
import { DemoRequestBody } from '../../model/lead.ts';
import { lead, post, testApp, verified } from './harness.ts';

// Issue 43: valid input refused. A body limit below the largest valid body (a 5,000-character message of
// emoji), metadata counted in UTF-16 units, a long honeypot refused naming the field, a missing token a 400.

/** JSON as a client may write it: every character outside ASCII as \u escapes (an emoji as two). */
const escaped = (value: unknown) =>
  JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

describe('valid bodies', () => {
  let h: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    h = await testApp({ FEEDBACK_RATE_LIMIT: '5', OTP_CLIENT_LIMIT: '1000' });
  });
  afterAll(() => h.close());

  const raw = (url: string, payload: string) =>
    h.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });

  it.each([
    ['emoji', '😀'],
    ['non-ASCII text sent escaped', 'é'],
  ])('takes a 5,000-character feedback message of %s', async (_what, character) => {
    const body = { name: character.repeat(200), email: 'asha@example.com', message: character.repeat(5000) };
    const res = await raw('/api/feedback', escaped(body));
    expect(res.statusCode).toBe(201);
  });

  it('counts a feedback name in the characters a person sees: 200 of क्षि (4 code points each) fit, 201 do not', async () => {
    const body = { name: 'क्षि'.repeat(200), email: 'asha@example.com', message: 'Lovely demo.' };
    expect((await post(h, '/api/feedback', body)).statusCode).toBe(201);
    const over = await post(h, '/api/feedback', { ...body, name: 'क्षि'.repeat(201) });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ field: 'name', message: 'Your name must be at most 200 characters.' });
  });

  it('has room for the largest demo request, every field full and escaped', () => {
    const emoji = (n: number) => '😀'.repeat(n);
    const largest = {
      agentId: 'real-estate',
      name: emoji(400),
      phone: emoji(32),
      token: emoji(1000),
      consent: true,
      consentText: emoji(2000),
      consentVersion: emoji(100),
      consentedAt: emoji(40),
      timeZone: emoji(64),
      pageUrl: emoji(2048),
      referrer: emoji(2048),
      utm: { source: emoji(200), medium: emoji(200), campaign: emoji(200), term: emoji(200), content: emoji(200) },
      clickIds: { gclid: emoji(500), fbclid: emoji(500) },
      metadata: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`.padEnd(40, 'x'), emoji(200)])),
    };
    expect(Buffer.byteLength(escaped(largest))).toBeLessThanOrEqual(bodyLimitOf(DemoRequestBody));
  });

  it('counts metadata in characters, not UTF-16 units: 150 emoji are 150', async () => {
    const token = await verified(h);
    const res = await post(h, '/api/demo-requests', lead(token, { metadata: { plan: '😀'.repeat(150) } }));
    expect(res.statusCode).toBe(201);
    const refused = await post(h, '/api/demo-requests', lead(token, { metadata: { plan: '😀'.repeat(201) } }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('metadata');
  });

  it.each([
    ['a long one', 'x'.repeat(10_000)],
    ['one with a control character', 'http://spam.example/\u0000'],
  ])('answers a filled honeypot, %s, like a success', async (_what, website) => {
    const before = h.codes.length;
    const res = await post(h, '/api/otp', { phone: '+919876543211', website });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sent: true });
    expect(h.codes.length).toBe(before);
  });

  it.each([
    ['missing', {}],
    ['malformed', { token: 'x'.repeat(1001) }],
    ['not text', { token: 5 }],
  ])('refuses a %s token with 401 verification', async (_what, extra) => {
    const body = { ...lead(''), ...extra } as Record<string, unknown>;
    if (!('token' in extra)) delete body.token;
    const res = await post(h, '/api/demo-requests', body);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('verification');
  });

  it('says when to try again in a feedback 429, as every 429 does', async () => {
    let res;
    for (let i = 0; i < 3; i++) res = await post(h, '/api/feedback', { name: 'A', email: 'a@b.co', message: 'x' });
    expect(res!.statusCode).toBe(429);
    expect(res!.json()).toMatchObject({ error: 'rate-limited', retryAfterSeconds: expect.any(Number) });
    expect(res!.headers['retry-after']).toBe(String(res!.json().retryAfterSeconds));
  });
});

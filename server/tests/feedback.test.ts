import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FEEDBACK_COLUMNS, feedbackRow, toCsv } from '../domain/exports/csv.ts';
import { bodyLimitOf } from '../../model/body-size.ts';
import { FeedbackBody } from '../../model/feedback.ts';
import { testApp } from './harness.ts';

type Harness = Awaited<ReturnType<typeof testApp>>;
let h: Harness;

beforeEach(async () => {
  h = await testApp({ CORS_ORIGINS: 'https://partner.example' });
});
afterEach(() => h.close());

const valid = { name: 'Asha Rao', email: 'asha@example.com', message: 'Lovely demo.' };
const post = (payload: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  h.app.inject({
    method: 'POST',
    url: '/api/feedback',
    headers,
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe('POST /api/feedback', () => {
  it('stores trimmed feedback and answers 201 in plain text, after the row is committed', async () => {
    const res = await post({ name: '  Asha Rao ', email: ' asha@example.com', message: '\n Lovely demo. \n' });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe('Thank you for your feedback.');
    expect(await h.store.feedback.list()).toEqual([expect.objectContaining({ id: 1, ...valid })]);
  });

  const refusals: [string, unknown, RegExp][] = [
    ['name missing', { email: valid.email, message: valid.message }, /^Your name is required\.$/],
    ['email missing', { name: valid.name, message: valid.message }, /^Your email is required\.$/],
    ['message missing', { name: valid.name, email: valid.email }, /^Your feedback is required\.$/],
    ['name only spaces', { ...valid, name: '   ' }, /^Your name must not be empty\.$/],
    ['message only spaces', { ...valid, message: ' \n\t ' }, /^Your feedback must not be empty\.$/],
    ['name over 200 characters', { ...valid, name: 'n'.repeat(201) }, /^Your name must be at most 200 characters\.$/],
    ['email not an address', { ...valid, email: 'asha at example' }, /^Your email must be a valid email address\.$/],
    [
      'email over 254 characters',
      { ...valid, email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(60)}.com` },
      /^Your email must be at most 254 characters\.$/,
    ],
    [
      'message over 5000 characters',
      { ...valid, message: 'm'.repeat(5001) },
      /^Your feedback must be at most 5000 characters\.$/,
    ],
    ['an unknown field', { ...valid, phone: '+91' }, /^Unknown field: phone\./],
    ['name as a number', { ...valid, name: 42 }, /^Your name must be a string\.$/],
    ['an array body', [valid], /^The body must be a JSON object/],
    ['broken JSON', '{"name": "Asha",', /^The body is not valid JSON\.$/],
  ];
  for (const [label, payload, message] of refusals) {
    it(`refuses ${label} with 400 and a clear message, storing nothing`, async () => {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json().message).toMatch(message);
      expect(res.json().error).toMatch(/^(invalid|bad-json)$/);
      // The field the refusal is about, for the form to point at.
      const field = label.split(' ')[0];
      expect(res.json().field).toBe(['name', 'email', 'message'].includes(field) ? field : undefined);
      expect(await h.store.feedback.count()).toBe(0);
    });
  }

  it('accepts the limits exactly', async () => {
    const res = await post({
      name: 'n'.repeat(200),
      email: `${'a'.repeat(64)}@example.com`,
      message: 'm'.repeat(5000),
    });
    expect(res.statusCode).toBe(201);
  });

  it('counts code points, as the widget does: 5,000 emoji (10,000 UTF-16 units, 20,000 bytes) are taken, 5,001 refused', async () => {
    const taken = await post({ name: '🙂'.repeat(200), email: valid.email, message: '🙂'.repeat(5000) });
    expect(taken.statusCode).toBe(201);
    const refused = await post({ ...valid, message: '🙂'.repeat(5001) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe('message');
  });

  it('counts a name in the characters a person sees: 200 of क्षि (800 code points) are taken, 201 refused', async () => {
    expect((await post({ ...valid, name: 'क्षि'.repeat(200) })).statusCode).toBe(201);
    const refused = await post({ ...valid, name: 'क्षि'.repeat(201) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'name', message: 'Your name must be at most 200 characters.' });
  });

  it('answers 413 over its limit (the largest valid body, every character escaped), storing nothing', async () => {
    const limit = bodyLimitOf(FeedbackBody);
    // The number docs/api.md gives.
    expect(limit).toBe(82_944);
    const res = await post({ ...valid, message: 'm'.repeat(limit) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: 'too-large',
      message: `The request is too large: the limit is ${Math.floor(limit / 1024)} KiB.`,
    });
    expect(await h.store.feedback.count()).toBe(0);
  });

  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
    it(`answers 415 for ${type.split(';')[0]}, storing nothing`, async () => {
      const res = await post('name=Asha', { 'content-type': type });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        error: 'unsupported-media-type',
        message: 'Send the request as JSON (Content-Type: application/json).',
      });
      expect(await h.store.feedback.count()).toBe(0);
    });
  }

  it('stores HTML and script as text, and never answers with markup', async () => {
    const hostile = {
      name: '<img src=x onerror=alert(1)>',
      email: 'x@example.com',
      message: '<script>alert("hi")</script> & "quotes"',
    };
    const res = await post(hostile);
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).not.toContain('<');
    const [row] = await h.store.feedback.list();
    expect(row).toMatchObject(hostile);
    expect(JSON.parse(JSON.stringify(await h.store.feedback.list()))[0].message).toBe(hostile.message);
    expect(toCsv(FEEDBACK_COLUMNS, (await h.store.feedback.list()).map(feedbackRow))).toContain(
      '"<script>alert(""hi"")</script> & ""quotes"""',
    );
  });
});

describe('a body with a __proto__ key', () => {
  it('is valid JSON: the key is dropped, the rest stored, and no object gains a prototype', async () => {
    const text = `{"__proto__": {"polluted": true}, "name": "Asha Rao", "email": "asha@example.com", "message": "Lovely demo."}`;
    const res = await post(text);
    expect(res.statusCode, res.body).toBe(201);
    expect(await h.store.feedback.list()).toEqual([expect.objectContaining(valid)]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('CORS and rate limiting', () => {
  it('lets a configured partner origin post, and not an unknown one', async () => {
    const preflight = (origin: string) =>
      h.app.inject({
        method: 'OPTIONS',
        url: '/api/feedback',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    expect((await preflight('https://partner.example')).headers['access-control-allow-origin']).toBe(
      'https://partner.example',
    );
    expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
    const sameSite = await post(valid, { 'content-type': 'application/json', origin: 'http://127.0.0.1:4173' });
    expect(sameSite.headers['access-control-allow-origin']).toBe('http://127.0.0.1:4173');
  });

  it('answers 429 past the per-client limit, storing nothing more', async () => {
    const limited = await testApp({ FEEDBACK_RATE_LIMIT: '3' });
    try {
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/feedback',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(valid),
        });
      for (let i = 0; i < 3; i++) expect((await send()).statusCode).toBe(201);
      const res = await send();
      expect(res.statusCode).toBe(429);
      // The window began at the first post: what is left of its minute, however long the posts took here.
      const { retryAfterSeconds } = res.json();
      expect(res.json()).toEqual({
        error: 'rate-limited',
        message: 'Too many requests from this address. Please wait a minute and try again.',
        retryAfterSeconds: expect.any(Number),
      });
      expect(retryAfterSeconds).toBeGreaterThan(0);
      expect(retryAfterSeconds).toBeLessThanOrEqual(60);
      expect(res.headers['retry-after']).toBe(String(retryAfterSeconds));
      expect(await limited.store.feedback.count()).toBe(3);
    } finally {
      await limited.close();
    }
  });
});

describe('the CSV export', () => {
  it('quotes every cell and neutralises spreadsheet formulas', () => {
    const csv = toCsv(FEEDBACK_COLUMNS, [
      {
        id: 1,
        createdAt: '2026-11-22T00:00:00.000Z',
        name: '=HYPERLINK("x")',
        email: 'a@b.co',
        message: 'line 1\nline 2',
        embed: null,
      },
    ]);
    expect(csv).toBe(
      'id,createdAt,name,email,message,embed\r\n"1","2026-11-22T00:00:00.000Z","\'=HYPERLINK(""x"")","a@b.co","line 1\nline 2",""\r\n',
    );
  });
});

describe('one answer shape', () => {
  it('answers 404 and 405 on the API in the JSON shape of every refusal', async () => {
    const missing = await h.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'not-found', message: 'Nothing is at GET /api/nothing-here.' });
    const wrongMethod = await h.app.inject({ method: 'GET', url: '/api/feedback' });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toBe('POST');
    expect(wrongMethod.json()).toEqual({ error: 'method-not-allowed', message: 'This address takes POST only.' });
    const file = await h.app.inject({ method: 'GET', url: '/nothing.js' });
    expect(file.statusCode).toBe(404);
    expect(file.json().error).toBe('not-found');
  });
});

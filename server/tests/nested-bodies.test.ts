import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from './harness.ts';

// 6,000 nested arrays fit in 12 KB, under every body limit, and once answered 500 with a stack
// overflow on every JSON route, the provider's unsigned events included.
const nested = (levels: number, inner = '1') => '['.repeat(levels) + inner + ']'.repeat(levels);

describe('a deeply nested body', () => {
  let h: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    h = await testApp({ VAPI_WEBHOOK_SECRET: 'the-secret', FEEDBACK_RATE_LIMIT: '1000' });
  });
  afterAll(() => h.close());

  const raw = (url: string, payload: string, headers: Record<string, string> = {}) =>
    h.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', origin: new URL(h.config.publicUrl).origin, ...headers },
      payload,
    });

  it.each(['/api/feedback', '/api/otp', '/api/otp/verify', '/api/demo-requests', '/api/session'])(
    'is refused on %s as invalid, past 32 levels',
    async (url) => {
      const res = await raw(url, `{"name":${nested(6000)}}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid', message: expect.stringContaining('at most 32 levels') });
    },
  );

  it('is refused as a whole body of arrays', async () => {
    const res = await raw('/api/feedback', nested(8000));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid', message: expect.stringContaining('at most 32 levels') });
  });

  it('at 32 levels is read as usual', async () => {
    const res = await raw('/api/feedback', `{"name":${nested(31)}}`);
    // Refused for what it is (a name must be text), not for its depth.
    expect(res.statusCode).toBe(400);
    expect(res.json().message).not.toContain('levels');
  });

  it('without the provider’s secret is refused before it is read', async () => {
    const before = h.logs.length;
    const res = await raw('/api/voice/events', `{"message":${nested(6000)}}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('unauthorized');
    expect(h.logs.slice(before).filter((line) => Number(line.level) >= 50)).toEqual([]);
  });

  it('from the provider loses only what lies past 32 levels', async () => {
    const message = `{"type":"status-update","status":"in-progress","call":{"id":"c-1"},"deep":${nested(100_000)}}`;
    const res = await raw('/api/voice/events', `{"message":${message}}`, { 'x-vapi-secret': 'the-secret' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: true, result: 'unknown' });
  });

  it('never leaves a stack trace in the log', async () => {
    await raw('/api/otp', nested(8000));
    expect(h.logs.filter((line) => Number(line.level) >= 50)).toEqual([]);
  });
});

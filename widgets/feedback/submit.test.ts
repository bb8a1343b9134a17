import { describe, expect, it, vi } from 'vitest';
import { SUBMIT_TIMEOUT_MS } from './contract';
import { endpoint } from '../lib/endpoint';
import { postFeedback } from './submit';

const fields = { name: 'Zoë', email: 'zoe@example.com', message: 'Line one\nline two 🚀' };

/** A fetch stand-in that answers with `body` and `status`, and remembers how it was called. */
function answering(status: number, body: string) {
  const text = vi.fn(async () => body);
  const fetchImpl = vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) =>
      ({ ok: status >= 200 && status < 300, status, text }) as unknown as Response,
  );
  return { fetchImpl, text };
}

/** Like a real fetch to a server that never answers: it settles only when its signal aborts. */
const hanging = vi.fn(
  (_url: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) =>
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
    ),
);

describe('endpoint', () => {
  it('joins with exactly one slash whatever the base ends with', () => {
    expect(endpoint('https://api.example.com', 'feedback')).toBe('https://api.example.com/feedback');
    expect(endpoint('https://api.example.com/', 'feedback')).toBe('https://api.example.com/feedback');
    expect(endpoint('https://api.example.com/v1//', '/feedback')).toBe('https://api.example.com/v1/feedback');
    expect(endpoint('/api', 'feedback')).toBe('/api/feedback');
  });
});

describe('postFeedback', () => {
  it('POSTs the three fields as JSON to {backend}/feedback and resolves with the text answer', async () => {
    const { fetchImpl, text } = answering(201, 'Thanks');
    await expect(postFeedback('https://api.example.com/', fields, { fetchImpl })).resolves.toBe('Thanks');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('https://api.example.com/feedback');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(JSON.parse(init?.body as string)).toEqual(fields);
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    // Read as text, never as JSON: the backend's answer need not be JSON.
    expect(text).toHaveBeenCalledTimes(1);
  });

  it('sends only name, email and message, whatever else the object carries', async () => {
    const { fetchImpl } = answering(200, '');
    await postFeedback('/api', { ...fields, extra: 'x' } as typeof fields, { fetchImpl });
    expect(Object.keys(JSON.parse(fetchImpl.mock.calls[0]![1]?.body as string))).toEqual(['name', 'email', 'message']);
  });

  it('rejects on a non-2xx answer, naming the status and the answer', async () => {
    const { fetchImpl } = answering(500, 'Internal error');
    await expect(postFeedback('/api', fields, { fetchImpl })).rejects.toThrow(
      'Feedback was refused with HTTP 500: Internal error',
    );
  });

  it('reads a refusal as the service words it: its sentence and the field it is about', async () => {
    const body = JSON.stringify({
      error: 'invalid',
      message: 'Your email must be a valid email address.',
      field: 'email',
    });
    const refused = await postFeedback('/api', fields, { fetchImpl: answering(400, body).fetchImpl }).catch(
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ status: 400, reason: 'Your email must be a valid email address.', field: 'email' });
  });

  it('accepts any 2xx, not only 200', async () => {
    for (const status of [200, 201, 204, 299]) {
      await expect(postFeedback('/api', fields, answering(status, 'ok'))).resolves.toBe('ok');
    }
  });

  it('rejects without calling fetch when backend-url is missing', async () => {
    const { fetchImpl } = answering(201, 'ok');
    await expect(postFeedback('', fields, { fetchImpl })).rejects.toThrow('The backend-url attribute is not set.');
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('passes a network error through', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(postFeedback('/api', fields, { fetchImpl })).rejects.toThrow('Failed to fetch');
  });

  it('aborts the request when no answer comes within timeoutMs', async () => {
    const started = Date.now();
    const error = await postFeedback('/api', fields, { timeoutMs: 30, fetchImpl: hanging }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TimeoutError', message: 'No answer within 30 ms.' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(hanging.mock.calls[0]![1]?.signal?.aborted).toBe(true);
  });

  it('waits 15 s by default, driven by timers so a fake clock controls it', async () => {
    vi.useFakeTimers();
    try {
      hanging.mockClear();
      const outcome = postFeedback('/api', fields, { fetchImpl: hanging }).catch((e: unknown) => e);
      expect(SUBMIT_TIMEOUT_MS).toBe(15_000);
      await vi.advanceTimersByTimeAsync(14_999);
      expect(hanging.mock.calls[0]![1]?.signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await expect(outcome).resolves.toMatchObject({ name: 'TimeoutError' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('disarms the timer once answered, leaving nothing pending', async () => {
    vi.useFakeTimers();
    try {
      await postFeedback('/api', fields, answering(201, 'ok'));
      expect(vi.getTimerCount()).toBe(0);
      await expect(postFeedback('/api', fields, answering(500, 'no'))).rejects.toThrow();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('postFeedback with an embed (#54)', () => {
  it('names the embed in the body, and only when there is one', async () => {
    const { fetchImpl } = answering(201, '{"ok":true}');
    await postFeedback('/api', fields, { fetchImpl, embedId: 'emb_abcdefghijklmnop' });
    await postFeedback('/api', fields, { fetchImpl });
    const bodies = fetchImpl.mock.calls.map((call) => JSON.parse(String(call[1]!.body)) as Record<string, unknown>);
    expect(bodies[0]).toEqual({ ...fields, embedId: 'emb_abcdefghijklmnop' });
    expect(bodies[1]).toEqual(fields);
  });

  it("keeps the service's error code of a refusal, so 403 origin reads as not set up", async () => {
    const fetchImpl = vi.fn(
      async () => new Response('{"error":"origin","message":"This page may not send feedback."}', { status: 403 }),
    );
    await expect(postFeedback('/api', fields, { fetchImpl })).rejects.toMatchObject({ status: 403, code: 'origin' });
  });
});

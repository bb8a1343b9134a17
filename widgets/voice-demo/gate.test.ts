import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_SESSION_STORAGE_KEY } from '../../model/demo-session';
import { askGate, endDemo, GateError, grantCall } from './gate';
import { forgetEmbeds } from '../lib/embed';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers }));

const ask = () => askGate({ backendUrl: 'https://svc.test/api/', assistantId: 'asst', mode: 'text', timeoutMs: 1000 });

afterEach(() => vi.unstubAllGlobals());

describe('the demo gate (backend-url)', () => {
  it('posts the assistant and the mode as JSON, and returns the grant', async () => {
    const grant = { sessionId: 's1', token: 't1', expiresInSeconds: 60, maxDurationSeconds: 120 };
    const fetch = answer(200, grant);
    vi.stubGlobal('fetch', fetch);
    await expect(ask()).resolves.toEqual(grant);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://svc.test/api/voice/session');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ assistantId: 'asst', mode: 'text' });
  });

  it.each([
    [429, { error: 'demo-limit', message: 'x' }, 'demo-limit'],
    [503, { error: 'demo-budget', message: 'x' }, 'demo-budget'],
    [503, { error: { code: 'demo-budget', message: 'x' } }, 'demo-budget'],
    [503, { error: 'demo-unavailable', message: 'x' }, 'demo-unavailable'],
    [403, { error: 'origin', message: 'x' }, 'demo-unavailable'],
    [400, { error: 'unknown-assistant', message: 'x' }, 'demo-unavailable'],
    [500, 'not json', 'demo-unavailable'],
    [200, { sessionId: 's1' }, 'demo-unavailable'],
  ])('%i %j is refused as %s', async (status, body, code) => {
    vi.stubGlobal('fetch', answer(status, body));
    await expect(ask()).rejects.toMatchObject({ name: 'GateError', code });
  });

  it('keeps Retry-After', async () => {
    vi.stubGlobal('fetch', answer(429, { error: 'demo-limit' }, { 'Retry-After': '300' }));
    const error = (await ask().catch((e: unknown) => e)) as GateError;
    expect(error.retryAfterSeconds).toBe(300);
  });

  it("a network failure rejects as fetch's own", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(ask()).rejects.toThrow('Failed to fetch');
  });

  it('a call grant carries the demo id and the longest duration as overrides', async () => {
    vi.stubGlobal('fetch', answer(200, { sessionId: 's1', token: 't1', expiresInSeconds: 60, maxDurationSeconds: 90 }));
    await expect(
      grantCall({ backendUrl: 'https://svc.test/api', assistantId: 'asst', connectTimeout: undefined }),
    ).resolves.toMatchObject({
      token: 't1',
      sessionId: 's1',
      overrides: { metadata: { demoSessionId: 's1' }, maxDurationSeconds: 90 },
    });
  });
});

describe("the gate's refusals in words", () => {
  it('says when to try again in minutes, in English and Hindi', async () => {
    const { gateSays } = await import('./failure');
    const { VOICE_STRINGS } = await import('./strings');
    expect(gateSays(VOICE_STRINGS.en, 'demo-limit', 290)).toBe('The demo is busy right now. Try again in 5 minutes.');
    expect(gateSays(VOICE_STRINGS.en, 'demo-limit')).toBe('The demo is busy right now. Try again in a few minutes.');
    expect(gateSays(VOICE_STRINGS.hi, 'demo-limit', 60)).toBe('डेमो अभी व्यस्त है। 1 मिनट बाद फिर से कोशिश करें।');
    expect(gateSays(VOICE_STRINGS.hi, 'demo-budget')).toBe('डेमो आज व्यस्त है। इसके बजाय कॉल का अनुरोध करें।');
  });

  it('sends the agent and the conversation’s demo, and leaves the granted id in the tab’s sessionStorage', async () => {
    const fetch = answer(200, { sessionId: 's2', token: 't2', expiresInSeconds: 60, maxDurationSeconds: 90 });
    vi.stubGlobal('fetch', fetch);
    const stored = new Map<string, string>();
    vi.stubGlobal('sessionStorage', { setItem: (k: string, v: string) => stored.set(k, v) });
    await askGate({
      backendUrl: 'https://svc.test/api',
      assistantId: 'asst',
      agentId: 'receptionist',
      mode: 'voice',
      demoSessionId: 's1',
      timeoutMs: 1000,
    });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({
      assistantId: 'asst',
      agentId: 'receptionist',
      mode: 'voice',
      demoSessionId: 's1',
    });
    expect(stored.get(DEMO_SESSION_STORAGE_KEY)).toBe('s2');
    // Storage that throws (blocked, full) costs the grant nothing.
    vi.stubGlobal('sessionStorage', {
      setItem: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    await expect(ask()).resolves.toMatchObject({ sessionId: 's2' });
  });

  it('ends a demo with keepalive, its transcript as a call’s reads, cut to 20,000 characters', async () => {
    const fetch = answer(200, { result: 'ended' });
    vi.stubGlobal('fetch', fetch);
    endDemo('https://svc.test/api/', 's1', [
      { id: 1, role: 'assistant', text: 'Hello!', final: true, via: 'text' },
      { id: 2, role: 'user', text: ' Prices? ', final: true, via: 'voice' },
      { id: 3, role: 'assistant', text: 'x'.repeat(30_000), final: true, via: 'text' },
    ]);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://svc.test/api/voice/session/end');
    expect(init.keepalive).toBe(true);
    const body = JSON.parse(init.body as string);
    expect(body.demoSessionId).toBe('s1');
    expect(body.transcript.startsWith('AI: Hello!\nUser: Prices?\nAI: xxx')).toBe(true);
    expect(body.transcript).toHaveLength(20_000);
  });
});

describe('the demo gate with embed (#54)', () => {
  const EMBED = {
    id: 'emb_abcdefghijklmnop',
    active: true,
    brandName: 'Acme',
    agents: ['receptionist'],
    countries: ['IN'],
    consentText: '',
    consentVersion: '',
    consentTexts: {},
    allowed: true,
  };
  const withEmbed = (agentId?: string) =>
    askGate({
      backendUrl: 'https://svc.test/api',
      assistantId: 'asst',
      agentId,
      embedId: EMBED.id,
      mode: 'text',
      timeoutMs: 1000,
    });
  /** Answers the embed's question with `embed`, the gate with `gate`. */
  const service = (embed: unknown, gate: [number, unknown]) =>
    vi.fn(async (url: string) =>
      url.includes('/embeds/')
        ? new Response(JSON.stringify(embed), { status: 200 })
        : new Response(JSON.stringify(gate[1]), { status: gate[0] }),
    );
  afterEach(() => {
    forgetEmbeds();
    vi.restoreAllMocks();
  });

  it('asks for the embed first, then sends embedId with the ask', async () => {
    const grant = { sessionId: 's1', token: 't1', expiresInSeconds: 60, maxDurationSeconds: 120 };
    const fetch = service(EMBED, [200, grant]);
    vi.stubGlobal('fetch', fetch);
    await expect(withEmbed('receptionist')).resolves.toEqual(grant);
    const urls = fetch.mock.calls.map((c) => String(c[0]));
    expect(urls).toEqual([`https://svc.test/api/embeds/${EMBED.id}`, 'https://svc.test/api/voice/session']);
    const body = JSON.parse((fetch.mock.calls[1] as unknown as [string, RequestInit])[1].body as string);
    expect(body).toEqual({ assistantId: 'asst', mode: 'text', agentId: 'receptionist', embedId: EMBED.id });
  });

  it('asks nothing of the gate on a page outside the embed’s origins, and says so in the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetch = service({ ...EMBED, allowed: false }, [200, {}]);
    vi.stubGlobal('fetch', fetch);
    await expect(withEmbed()).rejects.toMatchObject({ name: 'GateError', code: 'demo-not-set-up' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain(`not one of embed "${EMBED.id}"'s origins`);
  });

  it('reads 403 origin and embed-paused as not set up', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const error of ['origin', 'embed-paused']) {
      forgetEmbeds();
      vi.stubGlobal('fetch', service(EMBED, [403, { error, message: 'x' }]));
      await expect(withEmbed()).rejects.toMatchObject({ code: 'demo-not-set-up' });
    }
  });

  it('does not send an agent-id the embed does not offer, with a note naming the embed’s agents', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetch = service(EMBED, [200, { sessionId: 's1', token: 't1', expiresInSeconds: 60, maxDurationSeconds: 0 }]);
    vi.stubGlobal('fetch', fetch);
    await withEmbed('realEstate');
    const body = JSON.parse((fetch.mock.calls[1] as unknown as [string, RequestInit])[1].body as string);
    expect(body.agentId).toBeUndefined();
    expect(String(warn.mock.calls[0]?.[0])).toContain(
      'agent-id="realEstate" is ignored: embed\'s value is "receptionist"',
    );
  });
});

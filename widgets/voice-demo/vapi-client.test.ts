// @vitest-environment happy-dom
import { createRequire } from 'node:module';
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createVapiClient } from './vapi-client';
import { waitFor } from '../../tests/support/wait-for.ts';

// The SDK requires Daily as CommonJS: spy on that very module object, not an ESM copy.
const Daily = createRequire(import.meta.url)('@daily-co/daily-js') as {
  createCallObject: (...a: unknown[]) => unknown;
};

/** Daily's call object, reduced to what the SDK touches; `join` decides the outcome. */
class FakeCall extends EventEmitter {
  join = vi.fn(async () => ({}));
  destroy = vi.fn(async () => {});
  leave = vi.fn(async () => {});
  iframe = () => null;
  updateInputSettings = vi.fn(async () => ({}));
  startRemoteParticipantsAudioLevelObserver = vi.fn();
  startLocalAudioLevelObserver = vi.fn(async () => {});
  participants = () => ({});
  setLocalAudio = vi.fn();
  sendAppMessage = vi.fn();
}

let call: FakeCall;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  call = new FakeCall();
  vi.spyOn(Daily, 'createCallObject').mockImplementation(() => call);
  fetchMock = vi.fn(
    async () =>
      new Response(
        JSON.stringify({
          id: 'call-1',
          webCallUrl: 'https://room.example/abc',
          artifactPlan: { videoRecordingEnabled: false },
          assistant: { voice: { provider: 'vapi' } },
        }),
        {
          status: 201,
          headers: { 'Content-Type': 'application/json' },
        },
      ),
  );
  vi.stubGlobal('fetch', fetchMock);
  const stop = vi.fn();
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop }] })) },
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function listen(client: ReturnType<typeof createVapiClient>) {
  const seen: [string, unknown[]][] = [];
  for (const name of [
    'call-start',
    'call-end',
    'speech-start',
    'speech-end',
    'volume-level',
    'message',
    'error',
  ] as const) {
    client.on(name, (...args: unknown[]) => seen.push([name, args]));
  }
  return seen;
}

describe('the Vapi voice client', () => {
  it('posts {apiUrl}/call/web with the bearer key and the assistant id, and joins the returned room', async () => {
    const client = createVapiClient({ publicKey: 'pk_test', apiUrl: 'http://127.0.0.1:9/vapi' });
    listen(client);
    const result = await client.start('assistant-123');

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:9/vapi/call/web');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer pk_test');
    expect(JSON.parse(String(init.body))).toMatchObject({ assistantId: 'assistant-123' });
    expect(Daily.createCallObject).toHaveBeenCalledWith(
      expect.objectContaining({ dailyConfig: expect.objectContaining({ avoidEval: true }) }),
    );
    expect(call.join).toHaveBeenCalledWith(expect.objectContaining({ url: 'https://room.example/abc' }));
    expect(result).toMatchObject({ id: 'call-1' });
  });

  it('maps the call object events to the contract', async () => {
    const client = createVapiClient({ publicKey: 'pk', apiUrl: 'http://127.0.0.1:9' });
    const seen = listen(client);
    await client.start('a');

    call.emit('app-message', { data: 'listening' });
    call.emit('app-message', { data: JSON.stringify({ type: 'speech-update', role: 'user', status: 'started' }) });
    call.emit('remote-participants-audio-level', { participantsAudioLevel: { p1: 0.03, p2: 0.03 } });
    call.emit('left-meeting');

    const names = seen.map(([name]) => name);
    // Leaving also reports an 'ended' status as a final message.
    expect(names).toEqual(['call-start', 'message', 'volume-level', 'speech-start', 'call-end', 'message']);
    // The SDK's level: the sum of remote levels divided by 0.15, clamped to 1.
    expect(seen.find(([n]) => n === 'volume-level')?.[1][0]).toBeCloseTo(0.4);
    expect(seen.find(([n]) => n === 'message')?.[1][0]).toEqual({
      type: 'speech-update',
      role: 'user',
      status: 'started',
    });
  });

  it('logs a message that is not JSON and emits nothing for it', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const client = createVapiClient({ publicKey: 'pk', apiUrl: 'http://127.0.0.1:9' });
    const seen = listen(client);
    await client.start('a');
    call.emit('app-message', { data: '{not json' });
    expect(seen).toEqual([]);
    expect(log).toHaveBeenCalled();
  });

  it('resolves null and emits an error when the room cannot be joined', async () => {
    call.join.mockRejectedValueOnce(new Error('Failed to load call object bundle'));
    const client = createVapiClient({ publicKey: 'pk', apiUrl: 'http://127.0.0.1:9' });
    const seen = listen(client);
    expect(await client.start('a')).toBeNull();
    expect(seen.some(([name]) => name === 'error')).toBe(true);
    expect(call.destroy).toHaveBeenCalled();
  });

  it('resolves null and emits an error when the provider refuses the call', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('{"message":"Invalid key"}', { status: 401, headers: { 'Content-Type': 'application/json' } }),
    );
    const client = createVapiClient({ publicKey: 'pk', apiUrl: 'http://127.0.0.1:9' });
    const seen = listen(client);
    expect(await client.start('a')).toBeNull();
    expect(seen.map(([n]) => n)).toContain('error');
    expect(Daily.createCallObject).not.toHaveBeenCalled();
  });

  it('keeps the call up on a non-fatal audio-processing error', async () => {
    call.updateInputSettings.mockRejectedValueOnce(new Error('KrispInitError: Canceled'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const client = createVapiClient({ publicKey: 'pk', apiUrl: 'http://127.0.0.1:9' });
    const seen = listen(client);
    expect(await client.start('a')).not.toBeNull();
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(seen.map(([n]) => n)).not.toContain('error');
  });

  it('refuses to start without an assistant, with the spec wording, and sends nothing', async () => {
    const client = createVapiClient({ publicKey: 'pk', apiUrl: 'http://127.0.0.1:9' });
    await expect(client.start('')).rejects.toThrow('Assistant or Squad must be provided.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses to be built without a public key', () => {
    expect(() => createVapiClient({ publicKey: '', apiUrl: 'http://127.0.0.1:9' })).toThrow('public-key');
  });

  it('stops by destroying the call object, which ends the call', async () => {
    const client = createVapiClient({ publicKey: 'pk', apiUrl: 'http://127.0.0.1:9' });
    listen(client);
    await client.start('a');
    await client.stop();
    expect(call.destroy).toHaveBeenCalled();
  });
});

// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { beginCall, callSent, cancelEarly, startEarly } from './begin-call';
import type { VoiceClient } from './contract';
import { waitFor } from '../../tests/support/wait-for.ts';

/** A client whose `start` is recorded and never answers (the provider still thinking). */
function quietClient() {
  const start = vi.fn(() => new Promise<unknown>(() => {}));
  const client: VoiceClient = { start, stop: vi.fn(), on: vi.fn(), off: vi.fn() };
  return { client, start };
}

let microphone: { resolve(): void; reject(error: unknown): void };

beforeEach(() => {
  const getUserMedia = vi.fn(
    () =>
      new Promise<MediaStream>(
        (resolve, reject) =>
          (microphone = { resolve: () => resolve({ getTracks: () => [] } as unknown as MediaStream), reject }),
      ),
  );
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
});

afterEach(() => vi.unstubAllGlobals());

/** Whether `promise` has settled once the tasks queued so far have run. */
const settledSoon = async (promise: Promise<unknown>) => {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return settled;
};

describe('a call started before React', () => {
  it('says when its request has left: after the microphone opened and the client was asked to start', async () => {
    const { client, start } = quietClient();
    const call = beginCall({ client, assistantId: 'a' });
    expect(await settledSoon(call.sent)).toBe(false);
    microphone.resolve();
    await waitFor(() => expect(start).toHaveBeenCalledWith('a'));
    // The call itself is still connecting: only its request has gone.
    expect(await settledSoon(call.sent)).toBe(true);
    expect(await settledSoon(call.started)).toBe(false);
  });

  it('lets React come when the attempt ends before any request: a refused microphone, no assistant, a cancel', async () => {
    const refused = beginCall({ client: quietClient().client, assistantId: 'a' });
    microphone.reject(new DOMException('blocked', 'NotAllowedError'));
    await expect(refused.started).rejects.toThrow('blocked');
    expect(await settledSoon(refused.sent)).toBe(true);

    const unset = beginCall({ client: quietClient().client });
    await expect(unset.started).rejects.toThrow('Assistant or Squad must be provided.');
    expect(await settledSoon(unset.sent)).toBe(true);

    const host = document.createElement('ai-voice-demo');
    const { client, start } = quietClient();
    startEarly(host, { client, assistantId: 'a' });
    const sent = callSent(host)!;
    cancelEarly(host);
    microphone.resolve();
    expect(await settledSoon(sent)).toBe(true);
    expect(start).not.toHaveBeenCalled();
    expect(callSent(host)).toBeUndefined();
  });
});

describe('backend-url', () => {
  it("is not asked for a page's own client, nor with simulate", async () => {
    const fetch = vi.fn(() => Promise.reject(new Error('no request expected')));
    vi.stubGlobal('fetch', fetch);
    const { client, start } = quietClient();
    beginCall({ client, assistantId: 'a', backendUrl: 'https://svc.test/api' });
    microphone.resolve();
    await waitFor(() => expect(start).toHaveBeenCalledWith('a'));

    const simulated = beginCall({ simulate: true, assistantId: 'a', backendUrl: 'https://svc.test/api' });
    await simulated.sent;
    expect(simulated.client()).not.toBeNull();
    simulated.stop();
    expect(fetch).not.toHaveBeenCalled();
  });
});

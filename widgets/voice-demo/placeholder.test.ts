import { afterEach, describe, expect, it, vi } from 'vitest';
import { beginCall } from './begin-call';
import { errorCodeOf } from './error-code';
import { isPlaceholder, placeholders } from './placeholder';

afterEach(() => vi.unstubAllGlobals());

describe('a setting left as a placeholder (#55 item 4)', () => {
  it.each([
    'YOUR_PUBLIC_KEY',
    'YOUR_ASSISTANT_ID',
    'your-public-key',
    'your-assistant-id',
    'yourPublicKey',
    '<your public key>',
    '<KEY>',
    'paste key here',
    '{{ VAPI_PUBLIC_KEY }}',
    '${VAPI_PUBLIC_KEY}',
    'xxxxxxxx',
    '...',
    'undefined',
    'public-key',
    'changeme',
  ])('%s is a placeholder', (value) => expect(isPlaceholder(value)).toBe(true));

  it.each(['3f2b8c1e-9d4a-4c6b-8f7e-2a1d5c9b0e34', 'pk_live_abc123', 'test-public-key', 'key-a', ' 3f2b8c1e ', ''])(
    '%j is not',
    (value) => expect(isPlaceholder(value)).toBe(false),
  );

  it("is judged only for the provider's own address: a page's own api-url decides for itself", () => {
    const settings = { publicKey: 'YOUR_PUBLIC_KEY', assistantId: 'YOUR_ASSISTANT_ID' };
    expect(placeholders(settings)).toEqual(['public-key', 'assistant-id']);
    expect(placeholders({ ...settings, apiUrl: 'https://api.vapi.ai/' })).toEqual(['public-key', 'assistant-id']);
    expect(placeholders({ ...settings, apiUrl: 'http://127.0.0.1:8080' })).toEqual([]);
  });

  it('stops a call before the microphone or any request, as not set up, and tells the console what to set', async () => {
    const getUserMedia = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('navigator', { mediaDevices: { getUserMedia } });
    const call = beginCall({ publicKey: 'YOUR_PUBLIC_KEY', assistantId: 'YOUR_ASSISTANT_ID' });
    const error = await call.started.catch((e: unknown) => e);
    expect(errorCodeOf(error)).toBe('not-configured');
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('public-key and assistant-id are placeholders'));
    expect(warn.mock.calls.join(' ')).not.toContain('YOUR_PUBLIC_KEY');
    warn.mockRestore();
  });

  it('with simulate or a client of the page, is not asked', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const track = { stop() {} };
    vi.stubGlobal('navigator', { mediaDevices: { getUserMedia: async () => ({ getTracks: () => [track] }) } });
    const simulated = beginCall({ simulate: true, publicKey: 'YOUR_PUBLIC_KEY', assistantId: 'YOUR_ASSISTANT_ID' });
    await expect(simulated.started).resolves.toEqual({ id: 'simulated-call' });
    simulated.stop();
    const start = vi.fn(async () => ({ id: 'own' }));
    const client = { start, stop() {}, on() {}, off() {} };
    const own = beginCall({ client, publicKey: 'YOUR_PUBLIC_KEY', assistantId: 'YOUR_ASSISTANT_ID' });
    await expect(own.started).resolves.toEqual({ id: 'own' });
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});

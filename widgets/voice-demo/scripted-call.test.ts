import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { beginCall } from './begin-call';
import { createScriptedCall, scriptedAnswer, streamScripted } from './scripted-call';
import { errorCodeOf } from './error-code';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Every event the client emits, in order, with a transcript's final text. */
function record(client: ReturnType<typeof createScriptedCall>) {
  const events: string[] = [];
  for (const name of ['call-start', 'call-end', 'speech-start', 'speech-end'] as const)
    client.on(name, () => events.push(name));
  client.on('message', (m) => {
    const message = m as { transcriptType: string; role: string; transcript: string };
    if (message.transcriptType === 'final') events.push(`${message.role}: ${message.transcript}`);
  });
  return events;
}

describe('the scripted call (simulate)', () => {
  it('plays its lines, the agent last, then hangs up by itself, once', async () => {
    const client = createScriptedCall('en');
    const events = record(client);
    await client.start('');
    await vi.runAllTimersAsync();
    const lines = events.filter((e) => e.includes(': '));
    expect(events[0]).toBe('call-start');
    expect(lines.at(-1)).toBe('assistant: Done: you are booked for Tuesday at ten. Goodbye!');
    expect(events.at(-1)).toBe('call-end');
    expect(events.filter((e) => e === 'call-end')).toHaveLength(1);
    client.stop();
    expect(events.filter((e) => e === 'call-end')).toHaveLength(1);
  });

  it('answers typed words during the call, and hangs up after that answer', async () => {
    const client = createScriptedCall('en');
    const events = record(client);
    await client.start('');
    await vi.advanceTimersByTimeAsync(2000);
    client.send!({ type: 'add-message', message: { role: 'user', content: 'Sundays?' }, triggerResponseEnabled: true });
    await vi.runAllTimersAsync();
    const end = events.indexOf('call-end');
    expect(events.indexOf(`assistant: ${scriptedAnswer('Sundays?')}`)).toBeGreaterThan(0);
    expect(events.indexOf(`assistant: ${scriptedAnswer('Sundays?')}`)).toBeLessThan(end);
  });

  it('speaks Hindi with lang="hi"', async () => {
    const client = createScriptedCall('hi');
    const events = record(client);
    await client.start('');
    await vi.runAllTimersAsync();
    expect(events[1]).toBe('speech-start');
    expect(events.find((e) => e.startsWith('assistant: '))).toContain('नमस्ते');
  });

  it('streams a typed answer word by word', async () => {
    let text = '';
    const done = streamScripted('Hello', 'en', (delta) => (text += delta));
    await vi.runAllTimersAsync();
    await done;
    expect(text).toBe(scriptedAnswer('Hello'));
  });
});

describe('beginCall without settings', () => {
  it('without simulate, a missing key fails before the microphone or any request, as not set up', async () => {
    const getUserMedia = vi.fn();
    vi.stubGlobal('navigator', { mediaDevices: { getUserMedia } });
    const call = beginCall({ assistantId: 'an-assistant' });
    const error = await call.started.catch((e: unknown) => e);
    expect(errorCodeOf(error)).toBe('not-configured');
    expect(getUserMedia).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('with simulate, needs no key, no assistant and no microphone', async () => {
    const getUserMedia = vi.fn();
    vi.stubGlobal('navigator', { mediaDevices: { getUserMedia } });
    const call = beginCall({ simulate: true });
    await expect(call.started).resolves.toEqual({ id: 'simulated-call' });
    expect(getUserMedia).not.toHaveBeenCalled();
    call.stop();
    vi.unstubAllGlobals();
  });
});

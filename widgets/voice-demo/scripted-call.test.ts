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
  it("plays the agent's lines only (never words the visitor did not say), says goodbye, then hangs up by itself, once", async () => {
    const client = createScriptedCall('en');
    const events = record(client);
    await client.start('');
    await vi.runAllTimersAsync();
    const lines = events.filter((e) => e.includes(': '));
    expect(events[0]).toBe('call-start');
    expect(lines.every((l) => l.startsWith('assistant: '))).toBe(true);
    expect(lines[0]).toContain('in a preview with scripted answers');
    expect(lines[1]).toContain('type a question below');
    expect(lines.at(-1)).toBe('assistant: Thanks for trying the preview. Goodbye!');
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

describe("the scripted agent's answers to typed words", () => {
  it.each([
    ['How much does it cost?', 'Plans depend on'],
    ['Can I book an appointment for tomorrow?', 'I can book that.'],
    ['Do you speak Tamil?', 'regional language'],
    ['Are you open on Sundays?', '24 hours a day'],
    ['hello', 'Hello! Ask me about'],
    ['Thanks!', 'You are welcome!'],
    ['What is the capital of Peru?', 'In this preview I can answer about prices'],
  ])('%s: answered in kind', (question, answer) => {
    expect(scriptedAnswer(question)).toContain(answer);
    expect(scriptedAnswer(question)).not.toContain(question);
  });

  it.each([
    ['कीमत कितनी है?', 'प्लान'],
    ['मुझे अपॉइंटमेंट बुक करना है', 'बुक कर सकती'],
    ['रविवार को खुले हैं?', 'चौबीसों घंटे'],
    ['क्या है?', 'इस झलक में'],
  ])('in Hindi, %s', (question, answer) => {
    expect(scriptedAnswer(question, 'hi')).toContain(answer);
  });

  it('in a voice-only card, the call asks for nothing typed', async () => {
    const client = createScriptedCall('en', undefined, false);
    const events = record(client);
    await client.start('');
    await vi.runAllTimersAsync();
    expect(events.join('\n')).not.toContain('type a question');
    expect(events.at(-1)).toBe('call-end');
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

import { describe, expect, it, vi } from 'vitest';
import { initialVoiceState, voiceEvents, voiceReducer, type VoiceAction, type VoiceState } from './machine';
import { turnInput } from './log';

const run = (from: VoiceState, ...actions: VoiceAction[]) => actions.reduce(voiceReducer, from);
const greeted: VoiceState = {
  ...initialVoiceState,
  lines: [{ id: 1, role: 'assistant', text: 'Hi!', final: true, via: 'text' }],
  nextId: 2,
};
const talked = run(
  greeted,
  { type: 'type', text: 'Hello' },
  { type: 'delta', text: 'Hello back', sessionId: 's1' },
  { type: 'answered', seen: 0 },
);

describe('End (#55 item 6)', () => {
  it('asks nothing: the conversation is ended at once, its lines kept for Undo', () => {
    const ended = run(talked, { type: 'end-conversation' });
    expect(ended.status).toBe('ended');
    expect(ended.lines).toBe(talked.lines);
    expect(ended.sessionId).toBe('s1');
  });

  it('Undo brings it back as it was, to go on in the same session', () => {
    const back = run(talked, { type: 'end-conversation' }, { type: 'undo-end' });
    expect(back).toEqual(talked);
  });

  it("once Undo's seconds are over, it is cleared: the greeting opens the next", () => {
    const cleared = run(talked, { type: 'end-conversation' }, { type: 'clear', greeting: 'Hi!' });
    expect(cleared).toEqual(greeted);
    // Clear and Undo mean nothing outside an ended conversation.
    expect(run(talked, { type: 'clear', greeting: 'Hi!' })).toBe(talked);
    expect(run(talked, { type: 'undo-end' })).toBe(talked);
  });

  it('an ended conversation takes no words and starts no call until it is cleared (the hook clears it first)', () => {
    const ended = run(talked, { type: 'end-conversation' });
    expect(run(ended, { type: 'type', text: 'More' })).toBe(ended);
    expect(run(ended, { type: 'press', needsConsent: false })).toBe(ended);
    expect(run(ended, { type: 'end-conversation' })).toBe(ended);
  });

  it('fires no page event: ending a typed conversation is no call ending', () => {
    expect(voiceEvents(talked, run(talked, { type: 'end-conversation' }))).toEqual([]);
  });
});

describe('words sent while an answer arrives (#55 item 10)', () => {
  const replying = run(greeted, { type: 'type', text: 'Prices?' }, { type: 'delta', text: 'From', sessionId: 's1' });

  it('wait, shown apart from the log, and join each other when sent twice', () => {
    const queued = run(replying, { type: 'type', text: 'And hours?' }, { type: 'type', text: 'On Sunday?' });
    expect(queued.queued).toBe('And hours?\nOn Sunday?');
    expect(queued.lines).toBe(replying.lines);
    expect(queued.status).toBe('replying');
  });

  it('go as the next turn once the answer has ended, after it in the log, and only the words go', () => {
    const next = run(replying, { type: 'type', text: 'And hours?' }, { type: 'answered', seen: 0 });
    expect(next.status).toBe('sending');
    expect(next.queued).toBeNull();
    expect(next.lines.map((l) => [l.role, l.text, l.final])).toEqual([
      ['assistant', 'Hi!', true],
      ['user', 'Prices?', true],
      ['assistant', 'From', true],
      ['user', 'And hours?', true],
    ]);
    // The chat has seen everything before the words: its input is the words alone.
    expect(turnInput(next.lines.slice(0, -1), next.chatSeen, 'And hours?')).toBe('And hours?');
  });

  it('are taken out when the answer fails, for the field: nothing is sent unasked', () => {
    const queued = run(replying, { type: 'type', text: 'And hours?' });
    for (const problem of ['busy', 'interrupted', 'network'] as const) {
      const failed = run(queued, { type: 'unanswered', problem });
      expect(failed.queued).toBeNull();
      expect(failed.status).toBe('idle');
      expect(failed.lines.some((l) => l.text === 'And hours?')).toBe(false);
    }
  });
});

describe('a reload in the middle of a call (#55 item 6)', () => {
  const storage = () => {
    const kept = new Map<string, string>();
    return {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => void kept.set(k, v),
      removeItem: (k: string) => void kept.delete(k),
    };
  };

  it('restores the log with its last line saying the call ended then; a call ended before says nothing', async () => {
    vi.stubGlobal('sessionStorage', storage());
    const { save } = await import('./keep');
    const { restored } = await import('./saved');
    const inCall = run(talked, { type: 'press', needsConsent: false }, { type: 'call-start' });
    save('k', inCall);
    const back = restored('k');
    expect(back.status).toBe('idle');
    expect(back.lines.at(-1)).toMatchObject({ note: 'call-reloaded', text: '', final: true });
    expect(back.lines.slice(0, -1)).toEqual(talked.lines);
    // The note is no words said: never carried to the chat or announced as a message.
    expect(turnInput(back.lines, 0, 'Next')).toEqual([
      { role: 'assistant', content: 'Hi!' },
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'Hello back' },
      { role: 'user', content: 'Next' },
    ]);
    save('k', run(inCall, { type: 'call-end' }));
    expect(restored('k').lines.some((l) => l.note)).toBe(false);
    vi.unstubAllGlobals();
  });
});

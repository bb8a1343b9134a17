import { describe, expect, it } from 'vitest';
import { carriedIntoCall, itemsAfter } from './log';
import { initialVoiceState, voiceEvents, voiceReducer, type VoiceAction, type VoiceState } from './machine';
import { agentText } from './conversation-view';

const run = (from: VoiceState, ...actions: VoiceAction[]) => actions.reduce(voiceReducer, from);
const inCall: VoiceState = { ...initialVoiceState, status: 'listening' };

describe('a typed turn', () => {
  it('is logged at once, then streams the answer in and settles it with the session', () => {
    const sending = run(initialVoiceState, { type: 'type', text: '  Hello  ' });
    expect(sending.status).toBe('sending');
    expect(sending.lines).toEqual([{ id: 1, role: 'user', text: 'Hello', final: true, via: 'text' }]);
    const replying = run(sending, { type: 'delta', text: 'Hi', sessionId: 's-1' }, { type: 'delta', text: ' there' });
    expect(replying.status).toBe('replying');
    expect(replying.lines[1]).toMatchObject({ role: 'assistant', text: 'Hi there', final: false, via: 'text' });
    const done = run(replying, { type: 'answered', sessionId: 's-1', seen: 0 });
    expect(done).toMatchObject({ status: 'idle', sessionId: 's-1', chatSeen: 2 });
    expect(done.lines[1]!.final).toBe(true);
  });

  it('announces each settled line to the page once, with who said it and how', () => {
    const sending = run(initialVoiceState, { type: 'type', text: 'Hello' });
    expect(voiceEvents(initialVoiceState, sending)).toEqual([
      ['ai-voice-demo-message', { role: 'user', text: 'Hello', via: 'text' }],
    ]);
    const replying = run(sending, { type: 'delta', text: 'Hi' });
    expect(voiceEvents(sending, replying)).toEqual([]);
    const done = run(replying, { type: 'answered', seen: 0 });
    expect(voiceEvents(replying, done)).toEqual([
      ['ai-voice-demo-message', { role: 'assistant', text: 'Hi', via: 'text' }],
    ]);
    expect(voiceEvents(done, run(done, { type: 'muted', muted: true }))).toEqual([]);
  });

  it('busy: the words leave the log (they go back to the field) and the problem is said', () => {
    const busy = run(initialVoiceState, { type: 'type', text: 'Hello' }, { type: 'unanswered', problem: 'busy' });
    expect(busy).toMatchObject({ status: 'idle', problem: 'busy', lines: [], retry: null });
  });

  it('cut off: what arrived stays, marked unfinished, and the turn can be sent again', () => {
    const cut = run(
      initialVoiceState,
      { type: 'type', text: 'Tell me more' },
      { type: 'delta', text: 'We open at' },
      { type: 'unanswered', problem: 'interrupted' },
    );
    expect(cut).toMatchObject({ status: 'idle', problem: 'interrupted', retry: 'Tell me more' });
    expect(cut.lines[1]).toMatchObject({ text: 'We open at', final: true, unfinished: true });
    const again = run(cut, { type: 'retry' });
    expect(again).toMatchObject({ status: 'sending', problem: null });
    expect(again.lines).toHaveLength(2);
  });

  it('during a call goes into the call: logged, with no typed answer awaited', () => {
    const said = run(inCall, { type: 'type', text: 'Can you hear me?' });
    expect(said.status).toBe('listening');
    expect(said.lines.at(-1)).toMatchObject({ role: 'user', text: 'Can you hear me?', via: 'text' });
  });

  it('waits while a call connects, and a press does not start a call while an answer streams', () => {
    const connecting = { ...initialVoiceState, status: 'connecting' as const };
    expect(run(connecting, { type: 'type', text: 'x' })).toBe(connecting);
    const sending = run(initialVoiceState, { type: 'type', text: 'x' });
    expect(run(sending, { type: 'press', needsConsent: false })).toBe(sending);
  });

  it("ends, after Undo's seconds, afresh; never in the middle of a call or an answer", () => {
    const talked = run(initialVoiceState, { type: 'type', text: 'x' }, { type: 'answered', sessionId: 's', seen: 0 });
    expect(run(talked, { type: 'end-conversation' }, { type: 'clear' })).toEqual(initialVoiceState);
    expect(run(inCall, { type: 'end-conversation' })).toBe(inCall);
    const sending = run(initialVoiceState, { type: 'type', text: 'x' });
    expect(run(sending, { type: 'end-conversation' })).toBe(sending);
  });
});

describe('one conversation across typing and a call', () => {
  const spoken = run(
    initialVoiceState,
    { type: 'type', text: 'Do you open on Sunday?' },
    { type: 'delta', text: 'Yes, from 10.' },
    { type: 'answered', sessionId: 's', seen: 0 },
    { type: 'press', needsConsent: false },
    { type: 'call-start' },
    { type: 'transcript', line: { role: 'assistant', text: 'Hello again!', final: true } },
    { type: 'transcript', line: { role: 'user', text: 'Book me at 11', final: true } },
    { type: 'call-end' },
  );

  it('a call keeps the typed lines, and its own stay after it ends', () => {
    expect(spoken.status).toBe('idle');
    expect(spoken.lines.map((l) => [l.via, l.text])).toEqual([
      ['text', 'Do you open on Sunday?'],
      ['text', 'Yes, from 10.'],
      ['voice', 'Hello again!'],
      ['voice', 'Book me at 11'],
    ]);
  });

  it('the next typed turn carries what was said in the call', () => {
    expect(itemsAfter(spoken.lines, spoken.chatSeen)).toEqual([
      { role: 'assistant', content: 'Hello again!' },
      { role: 'user', content: 'Book me at 11' },
    ]);
  });

  it('a new call is told every earlier line word for word, each marked with who said it', () => {
    expect(carriedIntoCall(spoken.lines)).toBe(
      [
        'Earlier in this conversation, before this call (each line says who said it):',
        'Visitor (typed): Do you open on Sunday?',
        'Agent (typed): Yes, from 10.',
        'Agent: Hello again!',
        'Visitor: Book me at 11',
      ].join('\n'),
    );
    expect(carriedIntoCall([])).toBeNull();
  });
});

describe("the agent's words", () => {
  it('are plain text, with https addresses only as links that open apart', () => {
    expect(agentText('See https://example.com/a?b=1. Or http://x.test and <b>x</b>')).toEqual([
      'See ',
      [
        'a',
        { href: 'https://example.com/a?b=1', target: '_blank', rel: 'noopener noreferrer nofollow' },
        'https://example.com/a?b=1',
      ],
      '. Or http://x.test and <b>x</b>',
    ]);
  });
});

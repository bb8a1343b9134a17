import { describe, expect, it } from 'vitest';
import { initialVoiceState, voiceEvents, voiceReducer } from './machine';
import { transcriptOf } from './gate';

describe('a page tool the agent called', () => {
  const inCall = { ...initialVoiceState, status: 'listening' as const };

  it('is one quiet line, one event of exactly {name, ok}, and no message', () => {
    const next = voiceReducer(inCall, {
      type: 'tool',
      tool: { name: 'slot', ok: true, description: 'Looked up a slot' },
    });
    expect(next.lines.at(-1)).toMatchObject({ note: 'tool', text: '', tool: { name: 'slot', ok: true } });
    expect(voiceEvents(inCall, next)).toEqual([['ai-voice-demo-tool', { name: 'slot', ok: true }]]);
    expect(voiceEvents(next, next)).toEqual([]);
  });

  it('reaches the demo’s transcript as a Tool line, and an ended conversation takes none', () => {
    const said = voiceReducer(inCall, {
      type: 'transcript',
      line: { role: 'assistant', text: 'One moment.', final: true },
    });
    const used = voiceReducer(said, { type: 'tool', tool: { name: 'open_url', ok: false } });
    expect(transcriptOf(used.lines)).toBe('AI: One moment.\nTool: open_url (failed)');
    const ended = { ...used, status: 'ended' as const };
    expect(voiceReducer(ended, { type: 'tool', tool: { name: 'x', ok: true } })).toBe(ended);
  });
});

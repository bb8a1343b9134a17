import { describe, expect, it } from 'vitest';
import { initialVoiceState, isUserSpeech, tooltipFor, voiceReducer, type VoiceAction, type VoiceState, type VoiceStatus } from './machine';

const at = (status: VoiceStatus, extra: Partial<VoiceState> = {}): VoiceState => ({ ...initialVoiceState, status, ...extra });
const run = (...actions: VoiceAction[]) => actions.reduce(voiceReducer, initialVoiceState);

describe('voice demo machine', () => {
  it('starts idle with the invitation tooltip', () => {
    expect(initialVoiceState.status).toBe('idle');
    expect(tooltipFor(initialVoiceState)).toBe('Click to experience our AI agent');
  });

  it('connects on a press, with the connecting text', () => {
    const s = run({ type: 'press' });
    expect(s.status).toBe('connecting');
    expect(tooltipFor(s)).toBe('Connecting to AI agent...');
  });

  it('becomes active on call-start, inviting the visitor to end the call', () => {
    const s = run({ type: 'press' }, { type: 'call-start' });
    expect(s.status).toBe('listening');
    expect(tooltipFor(s)).toBe('Click to end the call');
  });

  it('shows the assistant speaking, and returns when it stops or the visitor speaks', () => {
    const speaking = run({ type: 'press' }, { type: 'call-start' }, { type: 'speech-start' });
    expect(speaking.status).toBe('speaking');
    expect(tooltipFor(speaking)).toBe('AI agent is speaking...');
    expect(voiceReducer(speaking, { type: 'speech-end' }).status).toBe('listening');
    expect(tooltipFor(voiceReducer(speaking, { type: 'user-speech' }))).toBe('Click to end the call');
  });

  it('ends the call on a press while active or speaking, back to idle', () => {
    expect(voiceReducer(at('listening'), { type: 'press' })).toEqual(initialVoiceState);
    expect(voiceReducer(at('speaking', { volume: 0.7 }), { type: 'press' })).toEqual(initialVoiceState);
  });

  it('cancels a call that is still connecting on a press', () => {
    expect(voiceReducer(at('connecting'), { type: 'press' })).toEqual(initialVoiceState);
  });

  it('resets on call-end from any call state, and ignores it at rest', () => {
    for (const status of ['connecting', 'listening', 'speaking'] as const) {
      expect(voiceReducer(at(status), { type: 'call-end' })).toEqual(initialVoiceState);
    }
    const failed = at('error', { error: 'x' });
    expect(voiceReducer(failed, { type: 'call-end' })).toBe(failed);
  });

  it('fails from any call state with the retry tooltip and keeps the reason', () => {
    for (const status of ['connecting', 'listening', 'speaking'] as const) {
      const s = voiceReducer(at(status, { volume: 0.5 }), { type: 'fail', message: 'boom' });
      expect(s).toEqual({ status: 'error', volume: 0, error: 'boom' });
      expect(tooltipFor(s)).toBe('Error connecting. Click to try again');
    }
  });

  it('ignores a late failure after the visitor ended the call', () => {
    expect(voiceReducer(initialVoiceState, { type: 'fail', message: 'late' })).toBe(initialVoiceState);
  });

  it('retries from the error state on a press', () => {
    const s = voiceReducer(at('error', { error: 'x' }), { type: 'press' });
    expect(s).toEqual({ status: 'connecting', volume: 0, error: null });
  });

  it('ignores speech and call-start outside the states they belong to', () => {
    expect(voiceReducer(initialVoiceState, { type: 'call-start' })).toBe(initialVoiceState);
    expect(voiceReducer(at('connecting'), { type: 'speech-start' }).status).toBe('connecting');
    expect(voiceReducer(at('listening'), { type: 'speech-end' }).status).toBe('listening');
    expect(voiceReducer(at('listening'), { type: 'call-start' }).status).toBe('listening');
  });

  it('tracks the volume during a call only, clamped to 0..1', () => {
    expect(voiceReducer(at('listening'), { type: 'volume', level: 0.4 }).volume).toBe(0.4);
    expect(voiceReducer(at('speaking'), { type: 'volume', level: 3 }).volume).toBe(1);
    expect(voiceReducer(at('speaking'), { type: 'volume', level: -1 }).volume).toBe(0);
    expect(voiceReducer(at('speaking'), { type: 'volume', level: Number.NaN }).volume).toBe(0);
    expect(voiceReducer(at('connecting'), { type: 'volume', level: 0.4 }).volume).toBe(0);
    expect(voiceReducer(initialVoiceState, { type: 'volume', level: 0.4 })).toBe(initialVoiceState);
  });

  it('recognises the visitor speaking in provider messages', () => {
    expect(isUserSpeech({ type: 'speech-update', role: 'user', status: 'started' })).toBe(true);
    expect(isUserSpeech({ type: 'transcript', role: 'user', transcript: 'hi' })).toBe(true);
    expect(isUserSpeech({ type: 'speech-update', role: 'user', status: 'stopped' })).toBe(false);
    expect(isUserSpeech({ type: 'speech-update', role: 'assistant', status: 'started' })).toBe(false);
    expect(isUserSpeech('listening')).toBe(false);
    expect(isUserSpeech(null)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { VOICE_STRINGS } from './strings';
import { failureView } from './failure';
import {
  LOG_LINES,
  captionOf,
  errorCodeOf,
  initialVoiceState,
  isUserSpeech,
  voiceEvents,
  voiceReducer,
  type VoiceAction,
  type VoiceState,
  type VoiceStatus,
} from './machine';

const tooltipFor = (state: VoiceState) => VOICE_STRINGS.en.tooltips[state.status as Exclude<VoiceStatus, 'consent'>];
const PRESS = { type: 'press', needsConsent: false } as const;

const at = (status: VoiceStatus, extra: Partial<VoiceState> = {}): VoiceState => ({
  ...initialVoiceState,
  status,
  ...extra,
});
const run = (...actions: VoiceAction[]) => actions.reduce(voiceReducer, initialVoiceState);

describe('voice demo machine', () => {
  it('starts idle with the invitation tooltip', () => {
    expect(initialVoiceState.status).toBe('idle');
    expect(tooltipFor(initialVoiceState)).toBe('Click to experience our AI agent');
  });

  it('connects on a press, with the connecting text', () => {
    const s = run(PRESS);
    expect(s.status).toBe('connecting');
    expect(tooltipFor(s)).toBe('Connecting to AI agent...');
  });

  it('becomes active on call-start, inviting the visitor to end the call', () => {
    const s = run(PRESS, { type: 'call-start' });
    expect(s.status).toBe('listening');
    expect(tooltipFor(s)).toBe('Click to end the call');
  });

  it('shows the assistant speaking, and returns when it stops or the visitor speaks', () => {
    const speaking = run(PRESS, { type: 'call-start' }, { type: 'speech-start' });
    expect(speaking.status).toBe('speaking');
    expect(tooltipFor(speaking)).toBe('AI agent is speaking...');
    expect(voiceReducer(speaking, { type: 'speech-end' }).status).toBe('listening');
    expect(tooltipFor(voiceReducer(speaking, { type: 'user-speech' }))).toBe('Click to end the call');
  });

  it('ends the call on a press while active or speaking, back to idle', () => {
    expect(voiceReducer(at('listening'), PRESS)).toEqual(initialVoiceState);
    expect(voiceReducer(at('speaking', { volume: 0.7 }), PRESS)).toEqual(initialVoiceState);
  });

  it('cancels a call that is still connecting on a press', () => {
    expect(voiceReducer(at('connecting'), PRESS)).toEqual(initialVoiceState);
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
      const s = voiceReducer(at(status, { volume: 0.5 }), { type: 'fail', message: 'boom', code: 'provider' });
      expect(s).toEqual({ ...initialVoiceState, status: 'error', error: 'boom', code: 'provider' });
      expect(tooltipFor(s)).toBe('Error connecting. Click to try again');
    }
  });

  it('ignores a late failure after the visitor ended the call', () => {
    expect(voiceReducer(initialVoiceState, { type: 'fail', message: 'late', code: 'provider' })).toBe(
      initialVoiceState,
    );
  });

  it('retries from the error state on a press', () => {
    const s = voiceReducer(at('error', { error: 'x' }), PRESS);
    expect(s).toEqual({ ...initialVoiceState, status: 'connecting' });
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

  it('asks for consent first when the page wants it; Accept connects, Cancel or a press goes back to rest', () => {
    const asking = run({ type: 'press', needsConsent: true });
    expect(asking.status).toBe('consent');
    expect(voiceReducer(asking, { type: 'accept' }).status).toBe('connecting');
    expect(voiceReducer(asking, { type: 'cancel' })).toEqual(initialVoiceState);
    expect(voiceReducer(asking, PRESS)).toEqual(initialVoiceState);
    expect(voiceReducer(initialVoiceState, { type: 'accept' })).toBe(initialVoiceState);
  });

  it('mutes and unmutes during a call only; a new call starts unmuted', () => {
    const muted = voiceReducer(at('listening'), { type: 'muted', muted: true });
    expect(muted.muted).toBe(true);
    expect(voiceReducer(muted, { type: 'muted', muted: false }).muted).toBe(false);
    expect(voiceReducer(at('connecting'), { type: 'muted', muted: true }).muted).toBe(false);
    expect(voiceReducer(voiceReducer(muted, PRESS), PRESS).muted).toBe(false);
  });

  it("keeps the conversation's lines (the latest two hundred), a partial growing in place until it is final", () => {
    const line = (role: 'user' | 'assistant', text: string, final = true) =>
      ({ type: 'transcript', line: { role, text, final } }) as const;
    let s = voiceReducer(at('listening'), line('assistant', 'Hello', false));
    s = voiceReducer(s, line('assistant', 'Hello there', false));
    expect(s.lines).toEqual([{ id: 1, role: 'assistant', text: 'Hello there', final: false, via: 'voice' }]);
    s = voiceReducer(s, line('assistant', 'Hello there!'));
    s = voiceReducer(s, line('user', 'Hi'));
    s = voiceReducer(s, line('assistant', 'How can I help?'));
    s = voiceReducer(s, line('user', 'Book a visit'));
    // Every line stays (the area scrolls): none is dropped from the top while the others are read.
    expect(s.lines.map((l) => l.text)).toEqual(['Hello there!', 'Hi', 'How can I help?', 'Book a visit']);
    for (let i = 0; i < LOG_LINES; i++) s = voiceReducer(s, line(i % 2 ? 'user' : 'assistant', `Line ${i}`));
    expect(s.lines).toHaveLength(LOG_LINES);
    expect(s.lines[0]!.text).toBe('Line 0');
    expect(s.lines.at(-1)!.text).toBe(`Line ${LOG_LINES - 1}`);
    expect(voiceReducer(initialVoiceState, line('user', 'late')).lines).toEqual([]);
    // The call's last lines stay in the log once it ends.
    expect(voiceReducer(s, { type: 'call-end' }).lines).toEqual(s.lines);
  });

  it('reads provider transcript messages as captions', () => {
    expect(captionOf({ type: 'transcript', role: 'assistant', transcriptType: 'partial', transcript: ' Hi ' })).toEqual(
      { role: 'assistant', text: 'Hi', final: false },
    );
    expect(captionOf({ type: 'transcript', role: 'user', transcriptType: 'final', transcript: 'Yes' })).toEqual({
      role: 'user',
      text: 'Yes',
      final: true,
    });
    expect(captionOf({ type: 'speech-update', role: 'user' })).toBeNull();
    expect(captionOf({ type: 'transcript', role: 'system', transcript: 'x' })).toBeNull();
  });

  it('tells microphone failures apart from provider failures', () => {
    expect(errorCodeOf(new DOMException('denied', 'NotAllowedError'))).toBe('microphone-denied');
    expect(errorCodeOf(new DOMException('busy', 'NotReadableError'))).toBe('microphone-in-use');
    expect(errorCodeOf(new DOMException('none', 'NotFoundError'))).toBe('microphone-not-found');
    expect(errorCodeOf(new Error('wrapped', { cause: new DOMException('denied', 'NotAllowedError') }))).toBe(
      'microphone-denied',
    );
    expect(errorCodeOf({ type: 'start-method-error', error: { name: 'NotAllowedError' } })).toBe('microphone-denied');
    expect(errorCodeOf(new Error('The assistant hung up'))).toBe('provider');
  });

  it('says calls are not set up, or the network is down, where the failure shows it (#34)', () => {
    expect(errorCodeOf(new Error('Assistant or Squad must be provided.'))).toBe('not-configured');
    expect(
      errorCodeOf({
        error: {
          status: 401,
          message: 'Invalid Key. Hot tip, you may be using the private key instead of the public key',
        },
      }),
    ).toBe('not-configured');
    expect(errorCodeOf(new TypeError('Failed to fetch'))).toBe('network');
    expect(errorCodeOf(new Error('anything'), false)).toBe('network');
    // A blocked microphone is the microphone's, offline or not.
    expect(errorCodeOf(new DOMException('denied', 'NotAllowedError'), false)).toBe('microphone-denied');
  });

  it('replaces a partial line where it is when the other side spoke meanwhile: no second bubble (#34)', () => {
    const line = (role: 'user' | 'assistant', text: string, final = true) =>
      ({ type: 'transcript', line: { role, text, final } }) as const;
    let s = voiceReducer(at('listening'), line('user', 'I would', false));
    s = voiceReducer(s, line('assistant', 'Sure', false));
    s = voiceReducer(s, line('user', 'I would like a cleaning', false));
    s = voiceReducer(s, line('user', 'I would like a cleaning.'));
    s = voiceReducer(s, line('assistant', 'Sure, which day?'));
    expect(s.lines).toMatchObject([
      { role: 'user', text: 'I would like a cleaning.', final: true },
      { role: 'assistant', text: 'Sure, which day?', final: true },
    ]);
  });

  it('names the page events of each transition, once', () => {
    const connecting = run(PRESS);
    const listening = voiceReducer(connecting, { type: 'call-start' });
    expect(voiceEvents(initialVoiceState, connecting)).toEqual([]);
    expect(voiceEvents(connecting, listening)).toEqual([['ai-voice-demo-start', {}]]);
    expect(voiceEvents(listening, voiceReducer(listening, { type: 'speech-start' }))).toEqual([]);
    expect(voiceEvents(listening, voiceReducer(listening, PRESS))).toEqual([['ai-voice-demo-end', {}]]);
    expect(voiceEvents(connecting, voiceReducer(connecting, PRESS))).toEqual([]);
    const failed = voiceReducer(connecting, { type: 'fail', message: 'Microphone blocked', code: 'microphone-denied' });
    expect(voiceEvents(connecting, failed)).toEqual([
      ['ai-voice-demo-error', { message: 'Microphone blocked', code: 'microphone-denied' }],
    ]);
    expect(voiceEvents(listening, { ...listening, volume: 0.5 })).toEqual([]);
  });
});

describe('an embed that is not set up for the page (#54)', () => {
  it('fails a call as demo-not-set-up and says so, with fallback-href, in each language', () => {
    const failed = voiceReducer(at('connecting'), {
      type: 'fail',
      message: 'Not set up for this page (not-allowed).',
      code: 'demo-not-set-up',
    });
    expect(failed).toMatchObject({ status: 'error', code: 'demo-not-set-up' });
    expect(failureView(failed, VOICE_STRINGS.en, '/contact')).toEqual([
      ['p', { id: 'reason', class: 'reason', part: 'reason' }, "This demo isn't set up for this page yet."],
      ['a', { class: 'fallback', part: 'fallback', href: '/contact' }, VOICE_STRINGS.en.fallback],
    ]);
    expect(failureView(failed, VOICE_STRINGS.hi, undefined)).toEqual([
      ['p', { id: 'reason', class: 'reason', part: 'reason' }, 'यह डेमो अभी इस पेज के लिए सेट नहीं किया गया है।'],
    ]);
  });

  it('gives a typed turn refused as not set up back to the field, nothing of it kept', () => {
    const typed = voiceReducer(initialVoiceState, { type: 'type', text: 'Hello' });
    const refused = voiceReducer(typed, { type: 'unanswered', problem: 'demo-not-set-up' });
    expect(refused).toMatchObject({ status: 'idle', problem: 'demo-not-set-up' });
    expect(refused.lines.filter((l) => l.role === 'user')).toEqual([]);
  });
});

import type { ViewNode } from '../elements/view';
import { failureView, gateSays } from './failure';
import { isInCall, type VoiceState } from './state';
import { MICROPHONE_ERRORS, type Notices, type VoiceViewOptions } from './options';
import { VOICE_STRINGS } from './strings';
import { VOICE_TURNS_STRINGS } from './turn-strings';

// Only React reaches a failure: these come with the component, not with the first paint.

/** A failed call's reason and ways on, and typing instead when the microphone is what failed. */
function callFailure(state: VoiceState, options: VoiceViewOptions): ViewNode[] {
  const failure = failureView(state, options.t, options.fallbackHref);
  const microphone = !!state.code && state.code in MICROPHONE_ERRORS;
  return options.mode === 'voice' && microphone && options.typeInstead
    ? [
        ...failure,
        [
          'button',
          { type: 'button', class: 'type-instead', part: 'type-instead', 'data-control': 'type-instead' },
          options.t.typeInstead,
        ],
      ]
    : failure;
}

/** A typed turn that got no answer: what happened, in words, and the way on. */
function problemView(state: VoiceState, options: VoiceViewOptions): ViewNode[] {
  const { t } = options;
  if (!state.problem) return [];
  const way: ViewNode[] =
    state.problem === 'interrupted' || state.problem === 'network'
      ? state.retry
        ? [['button', { type: 'button', class: 'retry', part: 'retry-button', 'data-control': 'retry' }, t.tryAgain]]
        : []
      : (state.problem === 'unavailable' || state.problem === 'not-configured' || state.problem.startsWith('demo-')) &&
          options.fallbackHref
        ? [['a', { class: 'fallback', part: 'fallback', href: options.fallbackHref }, t.fallback]]
        : [];
  const p = state.problem;
  const words =
    p === 'demo-limit' || p === 'demo-budget' || p === 'demo-unavailable' || p === 'demo-not-set-up'
      ? gateSays(t, p, state.retryAfter)
      : t.problems[p];
  return [['p', { class: 'problem', part: 'problem', role: 'alert' }, words], ...way];
}

/** During a call with a client that cannot take typed words: why the field waits. */
const noSendView = (state: VoiceState, options: VoiceViewOptions): ViewNode[] =>
  options.mode !== 'voice' && isInCall(state.status) && !options.canSend
    ? [['p', { class: 'problem', role: 'status' }, options.t.noSendInCall]]
    : [];

/** An ended conversation's Undo, for its few seconds; words sent while an answer arrives, until they go. */
function turnsView(state: VoiceState, options: VoiceViewOptions): ViewNode[] {
  const words = VOICE_TURNS_STRINGS[options.t === VOICE_STRINGS.hi ? 'hi' : 'en'];
  if (state.status === 'ended')
    return [['button', { type: 'button', class: 'undo', part: 'undo-button', 'data-control': 'undo' }, words.undo]];
  return state.queued ? [['p', { class: 'queued', part: 'queued' }, words.queued({ text: state.queued })]] : [];
}

/** The notices React draws: a failed call's, and a typed turn's. */
export const notices: Notices = {
  call: callFailure,
  typed: (state, options) => [
    ...problemView(state, options),
    ...noSendView(state, options),
    ...turnsView(state, options),
  ],
};

import type { ViewNode } from '../elements/view';
import type { VoiceStrings } from './strings';
import { VOICE_STRINGS } from './strings';
import { VOICE_GATE_STRINGS } from './gate-strings';
import type { VoiceState } from './state';
import type { GateRefusal } from './gate';

/**
 * After a failed call, beside the brief's error tooltip: why, where it is known, and a way on
 * (`fallback-href`, the call-me form). Drawn right after the status text, or over the captions'
 * area when there is one. Only React reaches the error state, so the first paint has none of it.
 */
export function failureView(state: VoiceState, t: VoiceStrings, fallbackHref: string | undefined): ViewNode[] {
  if (state.status !== 'error') return [];
  const code = state.code;
  const reason =
    code === 'not-configured' || code === 'network' || code === 'timeout'
      ? t.reasons[code]
      : code === 'demo-limit' || code === 'demo-budget' || code === 'demo-unavailable' || code === 'demo-not-set-up'
        ? gateSays(t, code, state.retryAfter)
        : '';
  const href = fallbackHref?.trim();
  return [
    ...(reason ? [['p', { id: 'reason', class: 'reason', part: 'reason' }, reason] satisfies ViewNode] : []),
    ...(href ? [['a', { class: 'fallback', part: 'fallback', href }, t.fallback] satisfies ViewNode] : []),
  ];
}

/** A gate's refusal in the language of `t` (kept apart from the first paint's strings), with Retry-After in minutes. */
export function gateSays(t: VoiceStrings, code: GateRefusal, retryAfter?: number): string {
  const words = VOICE_GATE_STRINGS[t === VOICE_STRINGS.hi ? 'hi' : 'en'];
  return code === 'demo-limit' && retryAfter ? words.limitIn(Math.ceil(retryAfter / 60)) : words[code];
}

import type { ShellNode } from '../elements/shell';
import type { VoiceStrings } from '../lib/strings';
import type { VoiceState } from './machine';

/**
 * After a failed call, beside the brief's error tooltip: why, where it is known, and a way on
 * (`fallback-href`, the call-me form). Only React reaches the error state, so the element's first
 * paint does not carry these.
 */
export function failureView(state: VoiceState, t: VoiceStrings, fallbackHref: string | undefined): ShellNode[] {
  if (state.status !== 'error') return [];
  const code = state.code;
  const reason = code === 'not-configured' || code === 'network' || code === 'timeout' ? t.reasons[code] : '';
  const href = fallbackHref?.trim();
  return [
    ...(reason ? [['p', { id: 'reason', class: 'reason', part: 'reason' }, reason] satisfies ShellNode] : []),
    ...(href ? [['a', { class: 'fallback', part: 'fallback', href }, t.fallback] satisfies ShellNode] : []),
  ];
}

/** The view with `extra` put right after the status text (the button's description names `reason` too). */
export function withFailure(view: ShellNode, extra: ShellNode[]): ShellNode {
  if (!extra.length || typeof view === 'string') return view;
  const [tag, attrs, ...children] = view;
  const at = children.findIndex((c) => typeof c !== 'string' && c[1].id === 'status');
  return [tag, attrs, ...children.slice(0, at + 1), ...extra, ...children.slice(at + 1)];
}

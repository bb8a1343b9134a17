import { useEffect, useLayoutEffect, useRef } from 'react';
import type { Localized } from '../lib/strings';
import { renderView } from '../react/view';
import type { VoiceDemoProps } from './contract';
import { useVoiceCall } from './useVoiceCall';
import { viewOptions, voiceView } from './view';

/** The live voice demo: one round button, a status bubble, a ring that follows the agent's voice, and optional captions. */
export function VoiceDemo(props: VoiceDemoProps & Localized) {
  const call = useVoiceCall(props);
  const options = viewOptions(props, call.canMute);
  const view = voiceView(call.state, options);
  // The captions' area is fixed: the newest line is kept in view as lines come, scrolled before the
  // browser paints (a frame drawn between the new line and the scroll would move the lines twice).
  const lines = call.state.lines;
  useLayoutEffect(() => {
    const area = call.ref.current?.querySelector('.captions');
    if (area) area.scrollTop = area.scrollHeight;
  }, [lines, call.ref]);
  // Accept or Cancel takes the consent step away with the focused button in it: focus goes back to
  // the microphone button, not to the page.
  const status = call.state.status;
  const was = useRef(status);
  useEffect(() => {
    const from = was.current;
    was.current = status;
    if (from === 'consent' && status !== 'consent') call.ref.current?.querySelector<HTMLElement>('.mic')?.focus();
  }, [status, call.ref]);
  const handlers: Record<string, Record<string, unknown>> = {
    mic: { onClick: call.press, onPointerEnter: call.prefetch, onFocus: call.prefetch },
    mute: { onClick: call.toggleMute },
    accept: { onClick: call.accept },
    cancel: { onClick: call.cancel },
  };
  return renderView(view, (attrs) =>
    attrs.part === 'base' ? { ref: call.ref } : handlers[attrs['data-control'] ?? ''],
  );
}

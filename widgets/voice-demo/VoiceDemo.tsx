import type { Localized } from '../lib/strings';
import { renderView } from '../react/view';
import type { VoiceDemoProps } from './contract';
import { useVoiceCall } from './useVoiceCall';
import { viewOptions, voiceView } from './view';

/** The live voice demo: one round button, a status bubble, a ring that follows the agent's voice, and optional captions. */
export function VoiceDemo(props: VoiceDemoProps & Localized) {
  const call = useVoiceCall(props);
  const view = voiceView(call.state, viewOptions(props, call.canMute));
  const handlers: Record<string, Record<string, unknown>> = {
    mic: { onClick: call.press, onPointerEnter: call.prefetch, onFocus: call.prefetch },
    mute: { onClick: call.toggleMute },
    accept: { onClick: call.accept },
    cancel: { onClick: call.cancel },
  };
  return renderView(view, (attrs) => (attrs.part === 'base' ? { ref: call.ref } : handlers[attrs['data-control'] ?? '']));
}

import { useEffect, useRef, type CSSProperties } from 'react';
import { useEmit } from '../shared/events';
import { MicIcon, StopIcon } from '../shared/icons';
import type { VoiceDemoProps } from './contract';
import { BUTTON_LABELS, tooltipFor, type VoiceStatus } from './machine';
import { useVoiceCall } from './useVoiceCall';

/** The live voice demo: one round button, a status bubble, and a ring that follows the agent's voice. */
export function VoiceDemo(props: VoiceDemoProps) {
  const { state, press, prefetch } = useVoiceCall(props);
  const [rootRef, emit] = useEmit<HTMLDivElement>();
  const previous = useRef<VoiceStatus>(state.status);

  // Events follow real transitions of the machine, never property changes.
  useEffect(() => {
    const from = previous.current;
    const to = state.status;
    previous.current = to;
    if (from === to) return;
    if (from === 'connecting' && to === 'listening') emit('ai-voice-demo-start', {});
    else if ((from === 'listening' || from === 'speaking') && to === 'idle') emit('ai-voice-demo-end', {});
    else if (to === 'error') emit('ai-voice-demo-error', { message: state.error ?? '' });
  }, [state.status, state.error, emit]);

  const { status, volume } = state;
  const inCall = status === 'listening' || status === 'speaking';
  return (
    <div ref={rootRef} className="root" part="base" data-status={status}>
      <button
        type="button"
        className="mic"
        part="button"
        aria-label={BUTTON_LABELS[status]}
        aria-describedby="status"
        aria-pressed={inCall}
        onClick={press}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        style={{ '--level': String(volume) } as CSSProperties}
      >
        <span className="ring" aria-hidden="true" />
        {status === 'connecting' ? (
          <span className="spinner" part="spinner" data-icon="spinner" aria-hidden="true" />
        ) : status === 'listening' ? (
          <StopIcon data-icon="stop" />
        ) : (
          <MicIcon data-icon="mic" className={status === 'speaking' ? 'speaking-icon' : undefined} />
        )}
      </button>
      <div id="status" className="tooltip" part="tooltip" role="status" aria-live="polite">
        {tooltipFor(state)}
      </div>
      {inCall && (
        <div className="meter" part="meter" role="meter" aria-label="Agent voice level" aria-valuemin={0} aria-valuemax={1} aria-valuenow={Math.round(volume * 100) / 100}>
          <span className="meter-fill" style={{ transform: `scaleX(${volume})` }} />
        </div>
      )}
    </div>
  );
}

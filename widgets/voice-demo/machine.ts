/** The voice demo's states (README, `<ai-voice-demo>`): `listening` is a connected call, `speaking` the agent talking. */
export type VoiceStatus = 'idle' | 'connecting' | 'listening' | 'speaking' | 'error';

export interface VoiceState {
  status: VoiceStatus;
  /** Assistant volume, 0 to 1, while a call is up. */
  volume: number;
  /** Why the last call failed (for the error event and the log; the tooltip stays generic). */
  error: string | null;
}

export type VoiceAction =
  | { type: 'press' }
  | { type: 'call-start' }
  | { type: 'call-end' }
  | { type: 'speech-start' }
  | { type: 'speech-end' }
  | { type: 'user-speech' }
  | { type: 'volume'; level: number }
  | { type: 'fail'; message: string };

export const TOOLTIPS = {
  idle: 'Click to experience our AI agent',
  connecting: 'Connecting to AI agent...',
  listening: 'Click to end the call',
  speaking: 'AI agent is speaking...',
  error: 'Error connecting. Click to try again',
} as const satisfies Record<VoiceStatus, string>;

/** The button's accessible name in each state. */
export const BUTTON_LABELS = {
  idle: 'Start a voice call with our AI agent',
  connecting: 'Cancel connecting',
  listening: 'End the call',
  speaking: 'End the call',
  error: 'Try the voice call again',
} as const satisfies Record<VoiceStatus, string>;

export const initialVoiceState: VoiceState = { status: 'idle', volume: 0, error: null };

const inCall = (status: VoiceStatus) => status === 'connecting' || status === 'listening' || status === 'speaking';

export function voiceReducer(state: VoiceState, action: VoiceAction): VoiceState {
  switch (action.type) {
    case 'press':
      // A press starts a call from rest, and ends (or cancels) one otherwise.
      return inCall(state.status) ? initialVoiceState : { status: 'connecting', volume: 0, error: null };
    case 'call-start':
      return state.status === 'connecting' ? { ...state, status: 'listening' } : state;
    case 'speech-start':
      return state.status === 'listening' ? { ...state, status: 'speaking' } : state;
    case 'speech-end':
    case 'user-speech':
      return state.status === 'speaking' ? { ...state, status: 'listening' } : state;
    case 'volume':
      if (state.status !== 'listening' && state.status !== 'speaking') return state;
      return { ...state, volume: Math.min(1, Math.max(0, Number.isFinite(action.level) ? action.level : 0)) };
    case 'call-end':
      return inCall(state.status) ? initialVoiceState : state;
    case 'fail':
      // A late error from a call the visitor already ended changes nothing.
      return inCall(state.status) ? { status: 'error', volume: 0, error: action.message } : state;
  }
}

export function tooltipFor(state: VoiceState): string {
  return TOOLTIPS[state.status];
}

/** Whether a provider `message` says the visitor started speaking. */
export function isUserSpeech(message: unknown): boolean {
  if (!message || typeof message !== 'object') return false;
  const m = message as { type?: unknown; role?: unknown; status?: unknown };
  return m.role === 'user' && (m.type === 'speech-update' ? m.status === 'started' : m.type === 'transcript');
}

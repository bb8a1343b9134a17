import type { LogLine } from './log';
import type { GateRefusal } from './gate';

/**
 * The voice demo's states: `consent` asks first, `listening` is a connected call, `speaking` the agent
 * talking; `sending` a typed turn on its way, `replying` the agent's typed answer streaming in; `ended` the
 * conversation ended by End, its lines still there for a few seconds in which Undo brings it back.
 */
export type VoiceStatus =
  'idle' | 'consent' | 'connecting' | 'listening' | 'speaking' | 'error' | 'sending' | 'replying' | 'ended';

/**
 * Why a call failed, as `ai-voice-demo-error`'s `detail.code`: the microphone, the connection
 * timing out or the network down, calls not set up (no assistant, a key the provider refuses), or
 * the provider; or the demo refused by `backend-url`'s gate (busy for now, spent for the day, not on this page).
 */
export type VoiceErrorCode =
  | 'microphone-denied'
  | 'microphone-in-use'
  | 'microphone-not-found'
  | 'timeout'
  | 'network'
  | 'not-configured'
  | 'provider'
  | GateRefusal;

/**
 * Why the last typed turn did not get its answer: the agent busy (429), the demo refused (another
 * 4xx), no key or assistant on the page (known before any request), the answer cut off or stalled,
 * the network or the service down after one more try; or the demo refused by `backend-url`'s gate.
 */
export type TextProblem = 'busy' | 'unavailable' | 'not-configured' | 'interrupted' | 'network' | GateRefusal;

export interface VoiceState {
  status: VoiceStatus;
  /** Assistant volume, 0 to 1, while a call is up. */
  volume: number;
  /** The visitor's microphone is muted (only during a call). */
  muted: boolean;
  /** Why the last call failed (for the error event and the log). */
  error: string | null;
  code: VoiceErrorCode | null;
  /** The conversation, typed and spoken, oldest first (the latest `LOG_LINES`). */
  lines: LogLine[];
  /** The id the next line takes. */
  nextId: number;
  /** The gate's id of this demo (`backend-url`): asked once per typed conversation, never sent to the chat. */
  demoSessionId?: string | null;
  /** The provider's id of the typed conversation, sent back on every later turn. */
  sessionId: string | null;
  /** The last line the typed conversation's session has seen: later ones go with the next turn. */
  chatSeen: number;
  problem: TextProblem | null;
  /** Seconds until the gate has a place again (its Retry-After), with a `demo-limit` failure or problem. */
  retryAfter?: number;
  /** The turn to send again after an interrupted answer. */
  retry: string | null;
  /** Words sent while an answer was still arriving: they go once it has ended. */
  queued: string | null;
  /** With `variant="launcher"`: the panel with the conversation is open, or folded into the round button. */
  panel: 'folded' | 'open';
  /**
   * With `invite`: the bubble beside the folded launcher is still to come (`waiting`), `shown`, or `over` for
   * the tab's session (dismissed, or the panel opened).
   */
  invite: 'waiting' | 'shown' | 'over';
}

export const initialVoiceState: VoiceState = {
  status: 'idle',
  volume: 0,
  muted: false,
  error: null,
  code: null,
  lines: [],
  nextId: 1,
  sessionId: null,
  chatSeen: 0,
  problem: null,
  retry: null,
  queued: null,
  panel: 'folded',
  invite: 'waiting',
};

export const isInCall = (status: VoiceStatus) => status === 'listening' || status === 'speaking';
export const isBusy = (status: VoiceStatus) => status === 'connecting' || isInCall(status);
export const isTyping = (status: VoiceStatus) => status === 'sending' || status === 'replying';

/** Back at rest or in another call state, the conversation kept. */
export const callState = (state: VoiceState, status: VoiceStatus): VoiceState => ({
  ...state,
  status,
  volume: 0,
  muted: false,
  error: null,
  code: null,
});

/**
 * A press on the call's controls, the actions the first paint answers before React (`voiceShell`, view.ts):
 * the button, the consent step's Accept and Cancel, and the launcher's opening and folding of its panel.
 */
export type CallPress =
  | { type: 'press'; needsConsent: boolean }
  | { type: 'accept' }
  | { type: 'cancel' }
  | { type: 'open' }
  | { type: 'fold' }
  | { type: 'invite' }
  | { type: 'dismiss-invite' };

/** What a press on the button, Accept or Cancel makes of the state: the same steps for the first paint and for React. */
export function pressed(state: VoiceState, action: CallPress): VoiceState {
  switch (action.type) {
    case 'press':
      // A press starts a call from rest (asking first when the page wants consent), and ends or cancels one otherwise.
      // The hook settles an ended conversation (clears it) before a press starts a call.
      if (isTyping(state.status) || state.status === 'ended') return state;
      if (isBusy(state.status) || state.status === 'consent') return callState(state, 'idle');
      return callState({ ...state, problem: null }, action.needsConsent ? 'consent' : 'connecting');
    case 'accept':
      return state.status === 'consent' ? callState(state, 'connecting') : state;
    case 'cancel':
      return state.status === 'consent' ? callState(state, 'idle') : state;
    // Folding only hides the panel: a call or a typed conversation goes on behind the launcher.
    // Opening the panel answers the invitation too: it is over for the session.
    case 'open':
    case 'fold': {
      const panel = action.type === 'open' ? 'open' : 'folded';
      const invite = panel === 'open' ? 'over' : state.invite;
      return state.panel === panel && state.invite === invite ? state : { ...state, panel, invite };
    }
    // Its seconds are up: the bubble shows beside the folded button (never over the open panel).
    case 'invite':
      return state.invite === 'waiting' && state.panel === 'folded' ? { ...state, invite: 'shown' } : state;
    case 'dismiss-invite':
      return state.invite === 'over' ? state : { ...state, invite: 'over' };
  }
}

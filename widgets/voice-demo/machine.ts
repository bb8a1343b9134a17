import { appended, withSpoken, type LogLine } from './log';

export { captionOf, isUserSpeech, LOG_LINES, type LogLine } from './log';
export { errorCodeOf } from './error-code';

/**
 * The voice demo's states: `consent` asks first, `listening` is a connected call, `speaking` the agent
 * talking; `sending` a typed turn on its way, `replying` the agent's typed answer streaming in.
 */
export type VoiceStatus =
  'idle' | 'consent' | 'connecting' | 'listening' | 'speaking' | 'error' | 'sending' | 'replying';

/**
 * Why a call failed, as `ai-voice-demo-error`'s `detail.code`: the microphone, the connection
 * timing out or the network down, calls not set up (no assistant, a key the provider refuses), or
 * the provider.
 */
export type VoiceErrorCode =
  | 'microphone-denied'
  | 'microphone-in-use'
  | 'microphone-not-found'
  | 'timeout'
  | 'network'
  | 'not-configured'
  | 'provider';

/**
 * Why the last typed turn did not get its answer: the agent busy (429), the demo refused (another
 * 4xx), the answer cut off or stalled, the network or the service down after one more try.
 */
export type TextProblem = 'busy' | 'unavailable' | 'interrupted' | 'network';

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
  /** The provider's id of the typed conversation, sent back on every later turn. */
  sessionId: string | null;
  /** The last line the typed conversation's session has seen: later ones go with the next turn. */
  chatSeen: number;
  problem: TextProblem | null;
  /** The turn to send again after an interrupted answer. */
  retry: string | null;
}

export type VoiceAction =
  | { type: 'press'; needsConsent: boolean }
  | { type: 'accept' }
  | { type: 'cancel' }
  | { type: 'call-start' }
  | { type: 'call-end' }
  | { type: 'speech-start' }
  | { type: 'speech-end' }
  | { type: 'user-speech' }
  | { type: 'volume'; level: number }
  | { type: 'muted'; muted: boolean }
  | { type: 'transcript'; line: Omit<LogLine, 'id' | 'via'> }
  | { type: 'fail'; message: string; code: VoiceErrorCode }
  | { type: 'type'; text: string }
  | { type: 'retry' }
  | { type: 'delta'; text: string; sessionId?: string }
  | { type: 'answered'; sessionId?: string; seen: number }
  | { type: 'unanswered'; problem: TextProblem }
  | { type: 'end-conversation'; greeting?: string };

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
};

export const isInCall = (status: VoiceStatus) => status === 'listening' || status === 'speaking';
const isBusy = (status: VoiceStatus) => status === 'connecting' || isInCall(status);
export const isTyping = (status: VoiceStatus) => status === 'sending' || status === 'replying';

/** Back at rest or in another call state, the conversation kept. */
const callState = (state: VoiceState, status: VoiceStatus): VoiceState => ({
  ...state,
  status,
  volume: 0,
  muted: false,
  error: null,
  code: null,
});

const line = (state: VoiceState, fields: Omit<LogLine, 'id'>): VoiceState => ({
  ...state,
  lines: appended(state.lines, { ...fields, id: state.nextId }),
  nextId: state.nextId + 1,
});

/** The agent's answer as it streams: its open typed line grows, or one is opened. */
function withDelta(state: VoiceState, text: string): VoiceState {
  const last = state.lines.at(-1);
  if (last && last.role === 'assistant' && last.via === 'text' && !last.final)
    return { ...state, lines: [...state.lines.slice(0, -1), { ...last, text: last.text + text }] };
  return line(state, { role: 'assistant', text, final: false, via: 'text' });
}

/** The open typed answer settled, as complete or as cut off. */
const settled = (lines: LogLine[], unfinished: boolean) =>
  lines.map((l) => (l.via === 'text' && !l.final ? { ...l, final: true, ...(unfinished && { unfinished }) } : l));

function typed(
  state: VoiceState,
  action: Extract<VoiceAction, { type: 'type' | 'retry' | 'delta' | 'answered' | 'unanswered' | 'end-conversation' }>,
): VoiceState {
  switch (action.type) {
    case 'type': {
      const text = action.text.trim();
      if (!text || isTyping(state.status) || state.status === 'connecting' || state.status === 'consent') return state;
      const said = line(state, { role: 'user', text, final: true, via: 'text' });
      // During a call the words go into the call: the answer comes as speech and its transcript.
      if (isInCall(state.status)) return said;
      return { ...said, status: 'sending', problem: null, retry: null };
    }
    case 'retry':
      return state.retry && !isTyping(state.status) && !isBusy(state.status)
        ? { ...state, status: 'sending', problem: null }
        : state;
    case 'delta':
      if (!isTyping(state.status) || !action.text) return state;
      return { ...withDelta(state, action.text), status: 'replying', sessionId: action.sessionId ?? state.sessionId };
    case 'answered':
      if (!isTyping(state.status)) return state;
      return {
        ...state,
        status: 'idle',
        lines: settled(state.lines, false),
        sessionId: action.sessionId ?? state.sessionId,
        chatSeen: Math.max(state.chatSeen, action.seen, state.nextId - 1),
        retry: null,
      };
    case 'unanswered': {
      if (!isTyping(state.status)) return state;
      const lastUser = state.lines.findLast((l) => l.role === 'user' && l.via === 'text');
      // Busy or refused: the turn goes back to the field for one press to send again; nothing of it stays in the log.
      if (action.problem === 'busy' || action.problem === 'unavailable') {
        const lines = state.lines.filter((l) => l !== lastUser && !(l.via === 'text' && !l.final));
        return { ...state, status: 'idle', lines, problem: action.problem, retry: null };
      }
      return {
        ...state,
        status: 'idle',
        lines: settled(state.lines, true),
        problem: action.problem,
        retry: lastUser?.text ?? null,
      };
    }
    case 'end-conversation':
      if (isBusy(state.status) || state.status === 'consent') return state;
      // Afresh: the greeting opens the next conversation as it opened this one.
      return action.greeting
        ? {
            ...initialVoiceState,
            lines: [{ id: 1, role: 'assistant', text: action.greeting, final: true, via: 'text' }],
            nextId: 2,
          }
        : initialVoiceState;
  }
}

export function voiceReducer(state: VoiceState, action: VoiceAction): VoiceState {
  switch (action.type) {
    case 'press':
      // A press starts a call from rest (asking first when the page wants consent), and ends or cancels one otherwise.
      if (isTyping(state.status)) return state;
      if (isBusy(state.status) || state.status === 'consent') return callState(state, 'idle');
      return callState({ ...state, problem: null }, action.needsConsent ? 'consent' : 'connecting');
    case 'accept':
      return state.status === 'consent' ? callState(state, 'connecting') : state;
    case 'cancel':
      return state.status === 'consent' ? callState(state, 'idle') : state;
    case 'call-start':
      return state.status === 'connecting' ? { ...state, status: 'listening' } : state;
    case 'speech-start':
      return state.status === 'listening' ? { ...state, status: 'speaking' } : state;
    case 'speech-end':
    case 'user-speech':
      return state.status === 'speaking' ? { ...state, status: 'listening' } : state;
    case 'volume':
      if (!isInCall(state.status)) return state;
      return { ...state, volume: Math.min(1, Math.max(0, Number.isFinite(action.level) ? action.level : 0)) };
    case 'muted':
      return isInCall(state.status) && state.muted !== action.muted ? { ...state, muted: action.muted } : state;
    case 'transcript': {
      if (!isBusy(state.status) || !action.line.text) return state;
      const lines = withSpoken(state.lines, action.line, state.nextId);
      return { ...state, lines, nextId: lines.at(-1)?.id === state.nextId ? state.nextId + 1 : state.nextId };
    }
    case 'call-end':
      // The call's lines stay in the log; its open partial words are what was said.
      return isBusy(state.status) ? callState({ ...state, lines: settledSpoken(state.lines) }, 'idle') : state;
    case 'fail':
      // A late error from a call the visitor already ended changes nothing.
      return isBusy(state.status)
        ? {
            ...callState({ ...state, lines: settledSpoken(state.lines) }, 'error'),
            error: action.message,
            code: action.code,
          }
        : state;
    default:
      return typed(state, action);
  }
}

const settledSpoken = (lines: LogLine[]) =>
  lines.map((l) => (l.via === 'voice' && !l.final ? { ...l, final: true } : l));

/** The page's events for a transition: fired from one place, when the state changes. */
export type VoiceEvent =
  | ['ai-voice-demo-start', Record<string, never>]
  | ['ai-voice-demo-end', Record<string, never>]
  | ['ai-voice-demo-error', { message: string; code: VoiceErrorCode }]
  | ['ai-voice-demo-message', { role: 'user' | 'assistant'; text: string; via: 'text' | 'voice' }];

/** Lines settled by this transition: only the last few lines of the log ever change. */
function settledLines(from: VoiceState, to: VoiceState): VoiceEvent[] {
  if (from.lines === to.lines) return [];
  const events: VoiceEvent[] = [];
  for (const l of to.lines.slice(-4)) {
    if (!l.final || !l.text) continue;
    const before = from.lines.findLast((f) => f.id === l.id);
    if (before?.final) continue;
    events.push(['ai-voice-demo-message', { role: l.role, text: l.text, via: l.via }]);
  }
  return events;
}

export function voiceEvents(from: VoiceState, to: VoiceState): VoiceEvent[] {
  const lines = settledLines(from, to);
  if (from.status === to.status) return lines;
  if (from.status === 'connecting' && to.status === 'listening') return [['ai-voice-demo-start', {}], ...lines];
  if (isInCall(from.status) && to.status === 'idle') return [...lines, ['ai-voice-demo-end', {}]];
  if (to.status === 'error')
    return [...lines, ['ai-voice-demo-error', { message: to.error ?? '', code: to.code ?? 'provider' }]];
  return lines;
}

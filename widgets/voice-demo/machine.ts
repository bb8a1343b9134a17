import { appended, withSpoken, type LogLine } from './log';
import type { ToolDone, VoiceDemoToolDetail } from './tools';
import {
  callState,
  initialVoiceState,
  isBusy,
  isInCall,
  isTyping,
  pressed,
  type CallPress,
  type TextProblem,
  type VoiceErrorCode,
  type VoiceState,
} from './state';

export {
  initialVoiceState,
  isInCall,
  isTyping,
  type TextProblem,
  type VoiceErrorCode,
  type VoiceState,
  type VoiceStatus,
} from './state';

export { captionOf, isUserSpeech, LOG_LINES, type LogLine } from './log';
export { errorCodeOf } from './error-code';

export type VoiceAction =
  | CallPress
  | { type: 'call-start' }
  | { type: 'call-end' }
  | { type: 'speech-start' }
  | { type: 'speech-end' }
  | { type: 'user-speech' }
  | { type: 'volume'; level: number }
  | { type: 'muted'; muted: boolean }
  | { type: 'transcript'; line: Omit<LogLine, 'id' | 'via'> }
  | { type: 'fail'; message: string; code: VoiceErrorCode; retryAfter?: number }
  | { type: 'type'; text: string }
  | { type: 'retry' }
  | { type: 'delta'; text: string; sessionId?: string }
  | { type: 'answered'; sessionId?: string; seen: number }
  | { type: 'unanswered'; problem: TextProblem; retryAfter?: number }
  | { type: 'granted'; demoSessionId: string }
  | { type: 'tool'; tool: ToolDone }
  | { type: 'end-conversation' }
  | { type: 'undo-end' }
  | { type: 'clear'; greeting?: string };

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
  action: Extract<
    VoiceAction,
    {
      type:
        'type' | 'retry' | 'delta' | 'answered' | 'unanswered' | 'granted' | 'end-conversation' | 'undo-end' | 'clear';
    }
  >,
): VoiceState {
  switch (action.type) {
    case 'type': {
      const text = action.text.trim();
      // An ended conversation is cleared by the hook before new words go (`clear`).
      if (!text || state.status === 'connecting' || state.status === 'consent' || state.status === 'ended')
        return state;
      // While an answer is arriving the words wait, and go once it has ended (`answered`).
      if (isTyping(state.status)) return { ...state, queued: state.queued ? `${state.queued}\n${text}` : text };
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
    case 'answered': {
      if (!isTyping(state.status)) return state;
      const answered: VoiceState = {
        ...state,
        status: 'idle',
        lines: settled(state.lines, false),
        sessionId: action.sessionId ?? state.sessionId,
        chatSeen: Math.max(state.chatSeen, action.seen, state.nextId - 1),
        retry: null,
        queued: null,
      };
      // The words sent meanwhile are the next turn, on its way at once.
      return state.queued
        ? { ...line(answered, { role: 'user', text: state.queued, final: true, via: 'text' }), status: 'sending' }
        : answered;
    }
    case 'unanswered': {
      if (!isTyping(state.status)) return state;
      const lastUser = state.lines.findLast((l) => l.role === 'user' && l.via === 'text');
      // Busy or refused: the turn goes back to the field for one press to send again; nothing of it stays in the log.
      if (
        [
          'busy',
          'unavailable',
          'not-configured',
          'demo-limit',
          'demo-budget',
          'demo-unavailable',
          'demo-not-set-up',
        ].includes(action.problem)
      ) {
        const lines = state.lines.filter((l) => l !== lastUser && !(l.via === 'text' && !l.final));
        return {
          ...state,
          status: 'idle',
          lines,
          problem: action.problem,
          retry: null,
          retryAfter: action.retryAfter,
          queued: null,
        };
      }
      // Words sent meanwhile go back to the field (the hook puts them there): none is lost, none goes unasked.
      return {
        ...state,
        queued: null,
        status: 'idle',
        lines: settled(state.lines, true),
        problem: action.problem,
        retry: lastUser?.text ?? null,
      };
    }
    case 'granted':
      // The gate's id of this conversation's demo (`backend-url`): kept, asked no more until it ends.
      return { ...state, demoSessionId: action.demoSessionId };
    case 'end-conversation':
      if (isBusy(state.status) || isTyping(state.status) || state.status === 'consent' || state.status === 'ended')
        return state;
      // Nothing is asked: the lines stay for a few seconds, in which Undo brings the conversation back.
      return { ...state, status: 'ended', problem: null, retry: null };
    case 'undo-end':
      return state.status === 'ended' ? { ...state, status: 'idle' } : state;
    case 'clear':
      if (state.status !== 'ended') return state;
      // Afresh: the greeting opens the next conversation as it opened this one; a launcher's panel stays as it is.
      return action.greeting
        ? {
            ...initialVoiceState,
            panel: state.panel,
            invite: state.invite,
            lines: [{ id: 1, role: 'assistant', text: action.greeting, final: true, via: 'text' }],
            nextId: 2,
          }
        : { ...initialVoiceState, panel: state.panel, invite: state.invite };
  }
}

export function voiceReducer(state: VoiceState, action: VoiceAction): VoiceState {
  switch (action.type) {
    case 'press':
    case 'accept':
    case 'cancel':
    case 'open':
    case 'fold':
    case 'invite':
    case 'dismiss-invite':
      return pressed(state, action);
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
    case 'tool':
      // A page tool the agent called: a quiet line of the log, whatever came of the call since (an ended conversation takes none).
      if (state.status === 'ended') return state;
      return line(state, { role: 'assistant', text: '', final: true, via: 'voice', note: 'tool', tool: action.tool });
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
            retryAfter: action.retryAfter,
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
  | ['ai-voice-demo-message', { role: 'user' | 'assistant'; text: string; via: 'text' | 'voice' }]
  | ['ai-voice-demo-tool', VoiceDemoToolDetail];

/** Lines settled by this transition: only the last few lines of the log ever change. */
function settledLines(from: VoiceState, to: VoiceState): VoiceEvent[] {
  if (from.lines === to.lines) return [];
  const events: VoiceEvent[] = [];
  for (const l of to.lines.slice(-4)) {
    const before = from.lines.findLast((f) => f.id === l.id);
    // A tool line is new once: its call is told to the page with its name and whether it answered, nothing else.
    if (l.note === 'tool' && l.tool && !before)
      events.push(['ai-voice-demo-tool', { name: l.tool.name, ok: l.tool.ok }]);
    if (!l.final || !l.text) continue;
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

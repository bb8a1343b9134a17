/** The voice demo's states: `consent` asks first, `listening` is a connected call, `speaking` the agent talking. */
export type VoiceStatus = 'idle' | 'consent' | 'connecting' | 'listening' | 'speaking' | 'error';

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

/** One caption line: who spoke and what, `final` once the provider has settled the words. */
export interface CaptionLine {
  role: 'user' | 'assistant';
  text: string;
  final: boolean;
}

export interface VoiceState {
  status: VoiceStatus;
  /** Assistant volume, 0 to 1, while a call is up. */
  volume: number;
  /** The visitor's microphone is muted (only during a call). */
  muted: boolean;
  /** Why the last call failed (for the error event and the log). */
  error: string | null;
  code: VoiceErrorCode | null;
  /** The conversation's lines, oldest first (the latest `CAPTION_LINES`). */
  lines: CaptionLine[];
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
  | { type: 'transcript'; line: CaptionLine }
  | { type: 'fail'; message: string; code: VoiceErrorCode };

/**
 * How many caption lines a call keeps. The captions' area shows the latest and scrolls back to the
 * others: a line dropped from the top would move every line under it, so a call of any usual length
 * drops none.
 */
export const CAPTION_LINES = 100;

export const initialVoiceState: VoiceState = {
  status: 'idle',
  volume: 0,
  muted: false,
  error: null,
  code: null,
  lines: [],
};

const connectingState: VoiceState = { ...initialVoiceState, status: 'connecting' };

export const isInCall = (status: VoiceStatus) => status === 'listening' || status === 'speaking';
const isBusy = (status: VoiceStatus) => status === 'connecting' || isInCall(status);

function withLine(lines: CaptionLine[], line: CaptionLine): CaptionLine[] {
  // A partial transcript grows in place until the provider sends the final words, even when the
  // other side spoke meanwhile (overlapping speech): the speaker's open line is replaced where it is.
  const open = lines.findLastIndex((l) => !l.final && l.role === line.role);
  if (open >= 0) return lines.map((l, i) => (i === open ? line : l));
  return [...lines, line].slice(-CAPTION_LINES);
}

export function voiceReducer(state: VoiceState, action: VoiceAction): VoiceState {
  switch (action.type) {
    case 'press':
      // A press starts a call from rest (asking first when the page wants consent), and ends or cancels one otherwise.
      if (isBusy(state.status) || state.status === 'consent') return initialVoiceState;
      return action.needsConsent ? { ...initialVoiceState, status: 'consent' } : connectingState;
    case 'accept':
      return state.status === 'consent' ? connectingState : state;
    case 'cancel':
      return state.status === 'consent' ? initialVoiceState : state;
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
    case 'transcript':
      return isBusy(state.status) && action.line.text ? { ...state, lines: withLine(state.lines, action.line) } : state;
    case 'call-end':
      return isBusy(state.status) ? initialVoiceState : state;
    case 'fail':
      // A late error from a call the visitor already ended changes nothing.
      return isBusy(state.status)
        ? { ...initialVoiceState, status: 'error', error: action.message, code: action.code }
        : state;
  }
}

/** The page's events for a transition: fired from one place, when the state changes. */
export type VoiceEvent =
  | ['ai-voice-demo-start', Record<string, never>]
  | ['ai-voice-demo-end', Record<string, never>]
  | ['ai-voice-demo-error', { message: string; code: VoiceErrorCode }];

export function voiceEvents(from: VoiceState, to: VoiceState): VoiceEvent[] {
  if (from.status === to.status) return [];
  if (from.status === 'connecting' && to.status === 'listening') return [['ai-voice-demo-start', {}]];
  if (isInCall(from.status) && to.status === 'idle') return [['ai-voice-demo-end', {}]];
  if (to.status === 'error') return [['ai-voice-demo-error', { message: to.error ?? '', code: to.code ?? 'provider' }]];
  return [];
}

/** Whether a provider `message` says the visitor started speaking. */
export function isUserSpeech(message: unknown): boolean {
  if (!message || typeof message !== 'object') return false;
  const m = message as { type?: unknown; role?: unknown; status?: unknown };
  return m.role === 'user' && (m.type === 'speech-update' ? m.status === 'started' : m.type === 'transcript');
}

/** A provider transcript message (`{type: 'transcript', role, transcriptType: 'partial' | 'final', transcript}`) as a caption line. */
export function captionOf(message: unknown): CaptionLine | null {
  if (!message || typeof message !== 'object') return null;
  const m = message as { type?: unknown; role?: unknown; transcriptType?: unknown; transcript?: unknown };
  if (m.type !== 'transcript' || typeof m.transcript !== 'string') return null;
  if (m.role !== 'user' && m.role !== 'assistant') return null;
  return { role: m.role, text: m.transcript.trim(), final: m.transcriptType !== 'partial' };
}

// The product's own words for a call without an assistant, and the provider's for a key it refuses.
const NOT_CONFIGURED = /Assistant or Squad must be provided|Invalid Key|unauthori[sz]ed|\b40[13]\b/i;
const NETWORK = /Failed to fetch|NetworkError|Load failed|network/i;

/**
 * What a failure was, from the browser's microphone error names (or the voice client's wrapping of
 * them), a missing assistant or a refused key (not set up), or a network that is down.
 */
export function errorCodeOf(
  error: unknown,
  online = typeof navigator === 'undefined' || navigator.onLine !== false,
): VoiceErrorCode {
  const code = microphoneOrTimeout(error);
  if (code !== 'provider') return code;
  const text = describe(error);
  if (NOT_CONFIGURED.test(text)) return 'not-configured';
  if (!online || NETWORK.test(text)) return 'network';
  return 'provider';
}

/** An error's messages, statuses and names along its chain, as one text to match. */
function describe(error: unknown): string {
  const parts: string[] = [];
  const seen = new Set<unknown>();
  for (
    let e = error;
    e && typeof e === 'object' && !seen.has(e) && parts.length < 30;
    e = (e as { cause?: unknown; error?: unknown }).cause ?? (e as { error?: unknown }).error
  ) {
    seen.add(e);
    const o = e as { name?: unknown; message?: unknown; status?: unknown; statusCode?: unknown };
    parts.push(
      ...[o.name, o.message, o.status, o.statusCode]
        .filter((v) => typeof v === 'string' || typeof v === 'number')
        .map(String),
    );
  }
  if (typeof error === 'string') parts.push(error);
  return parts.join(' ');
}

function microphoneOrTimeout(error: unknown): VoiceErrorCode {
  const seen = new Set<unknown>();
  for (
    let e = error;
    e && typeof e === 'object' && !seen.has(e);
    e = (e as { cause?: unknown; error?: unknown }).cause ?? (e as { error?: unknown }).error
  ) {
    seen.add(e);
    const name = String((e as { name?: unknown }).name ?? (e as { type?: unknown }).type ?? '');
    if (/NotAllowed|PermissionDenied|SecurityError/.test(name)) return 'microphone-denied';
    if (/NotReadable|TrackStart|AbortError/.test(name)) return 'microphone-in-use';
    if (/NotFound|DevicesNotFound|Overconstrained/.test(name)) return 'microphone-not-found';
    if (name === 'TimeoutError') return 'timeout';
  }
  return 'provider';
}

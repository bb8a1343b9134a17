import type { LogLine } from './log';
import { initialVoiceState, type VoiceState } from './state';

/**
 * A typed conversation kept for the tab's session, so a reload or another page of the same tab goes
 * on with it: its settled lines and the provider's session. `sessionStorage` only (no cookie, nothing
 * that outlives the tab); ending the conversation forgets it.
 */
interface Saved {
  lines: LogLine[];
  nextId: number;
  sessionId: string | null;
  chatSeen: number;
  /** The gate's id of the demo (`backend-url`), asked once per conversation. */
  demoSessionId?: string | null;
  /** A call was up when this was kept: a reload stopped it, and the restored log says so. */
  inCall?: boolean;
}

const PREFIX = 'ai-voice-demo-conversation:';

/** Each instance's key: its `id`, else its assistant and its place among the elements with that assistant. */
export function conversationKey(host: Element): string {
  if (host.id) return `${PREFIX}#${host.id}`;
  const assistant = host.getAttribute('assistant-id') ?? '';
  const same = [...host.ownerDocument.querySelectorAll('ai-voice-demo, [assistant-id]')].filter(
    (el) => el.localName === host.localName && (el.getAttribute('assistant-id') ?? '') === assistant,
  );
  return `${PREFIX}${assistant}:${Math.max(0, same.indexOf(host))}`;
}

function read(key: string): Saved | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(key) ?? 'null') as Saved | null;
    return saved && Array.isArray(saved.lines) && saved.lines.length ? saved : null;
  } catch {
    // Storage blocked (sandboxed frames, strict privacy settings) or a value not ours: start afresh.
    return null;
  }
}

/** Whether the page's launcher was left open in this tab (the launcher's own key: one per page). */
const LAUNCHER_KEY = 'ai-voice-demo-launcher';
type Panel = VoiceState['panel'];

/** The launcher's panel as it is now: the launcher control writes it as it opens and folds (launcher.ts). */
export function panelNow(): Panel {
  try {
    return sessionStorage.getItem(LAUNCHER_KEY) === 'open' ? 'open' : 'folded';
  } catch {
    return 'folded';
  }
}

let found: Panel | undefined;
/** The panel as this page found it: what the first paint's presses count from, however they have changed it since. */
export const panelAsFound = (): Panel => (found ??= panelNow());

/** Keeps the launcher's panel, open or folded, for the next page of the tab. */
export function keepPanel(panel: Panel): void {
  try {
    sessionStorage.setItem(LAUNCHER_KEY, panel);
  } catch {
    // Storage full or blocked: the next page shows the launcher folded.
  }
}

/** The launcher's invitation in this tab: not yet shown (null), `shown` and not yet answered, or `over`. */
const INVITE_KEY = 'ai-voice-demo-invite';
type Invite = VoiceState['invite'];

export function inviteNow(): Invite {
  try {
    const kept = sessionStorage.getItem(INVITE_KEY);
    return kept === 'shown' || kept === 'over' ? kept : 'waiting';
  } catch {
    // Storage blocked: nothing remembers it was answered, so it is not shown at all rather than on every page.
    return 'over';
  }
}

/** Keeps the invitation's state for the tab's next pages (the launcher control writes it, launcher.ts). */
export function keepInvite(invite: Invite): void {
  try {
    sessionStorage.setItem(INVITE_KEY, invite);
  } catch {
    // Storage full or blocked: inviteNow says it is over.
  }
}

/** The state a widget starts from: the tab's saved conversation, else the beginning; a launcher's `panel` as given. */
export function restored(key: string | null, greeting?: string, panel?: Panel, invite?: Invite): VoiceState {
  const start = panel ? { ...initialVoiceState, panel, ...(invite && { invite }) } : initialVoiceState;
  const saved = key ? read(key) : null;
  if (saved) {
    const { inCall, ...kept } = saved;
    const state = { ...start, ...kept };
    // The page went away in the middle of a call, which ended with it: the log's last line says so.
    if (!inCall) return state;
    const note = {
      id: state.nextId,
      role: 'assistant',
      text: '',
      final: true,
      via: 'voice',
      note: 'call-reloaded',
    } as const;
    return { ...state, lines: [...state.lines, note], nextId: state.nextId + 1 };
  }
  const opening = greeting?.trim();
  if (!opening) return start;
  return {
    ...start,
    lines: [{ id: 1, role: 'assistant', text: opening, final: true, via: 'text' }],
    nextId: 2,
  };
}

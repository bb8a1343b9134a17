import { isInCall, type VoiceState } from './state';

// Writing the tab's conversation is React's alone: the first paint only reads it (saved.ts).

/** Keeps the settled lines; an answer still streaming is kept once it is complete. */
export function save(key: string, state: VoiceState): void {
  const lines = state.lines.filter((l) => l.final);
  try {
    if (!lines.length) sessionStorage.removeItem(key);
    else
      sessionStorage.setItem(
        key,
        JSON.stringify({
          lines,
          nextId: state.nextId,
          sessionId: state.sessionId,
          chatSeen: state.chatSeen,
          demoSessionId: state.demoSessionId,
          ...(isInCall(state.status) && { inCall: true }),
        }),
      );
  } catch {
    // Storage full or blocked: the conversation goes on, only a reload loses it.
  }
}

export function forget(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // See save.
  }
}

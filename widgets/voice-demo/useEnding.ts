import { useCallback, useEffect, useRef } from 'react';
import { DEFAULT_API_URL, type VoiceRenderProps } from './contract';
import type { VoiceAction, VoiceState } from './machine';
import { forget } from './keep';
import { modeOf } from './options';
import { loadGate } from './begin-call';

/** How long End can be undone before the conversation is cleared. */
export const UNDO_SECONDS = 8;

interface Machine {
  dispatch(action: VoiceAction): VoiceState;
  current(): VoiceState;
  state: VoiceState;
}

/**
 * End, asking nothing: the conversation is `ended` at once, its lines kept for `UNDO_SECONDS`, in which Undo
 * brings it back as it was (its provider session and gate demo still open). After them, or once new words or a
 * call begin, it is cleared for good (`settle`): the greeting opens the next, and what it held open is closed.
 */
export function useEnding(props: VoiceRenderProps, machine: Machine, onClosed: () => void) {
  const { dispatch, current } = machine;
  const { apiUrl, publicKey, assistantId, conversationKey, simulate, backendUrl } = props;
  const greeting = modeOf(props.mode) === 'voice' ? undefined : props.greeting;
  /** The conversation ended by End, as it was then: what is closed once it is cleared for good. */
  const ended = useRef<VoiceState | null>(null);

  const end = useCallback(() => {
    const before = current();
    if (dispatch({ type: 'end-conversation' }) === before) return;
    ended.current = before;
    // A reload from here on starts afresh, as the visitor asked.
    if (conversationKey) forget(conversationKey);
  }, [conversationKey, current, dispatch]);

  const undo = useCallback(() => {
    if (dispatch({ type: 'undo-end' }).status === 'idle') ended.current = null;
  }, [dispatch]);

  /** Closes what the ended conversation held open: its gate demo and the provider's chat session. */
  const close = useCallback(
    (before: VoiceState) => {
      const { sessionId, demoSessionId } = before;
      onClosed();
      if (demoSessionId && backendUrl?.trim())
        void loadGate().then((gate) => gate.endDemo(backendUrl, demoSessionId, before.lines));
      if (sessionId && publicKey && assistantId && !simulate)
        void import('./chat-client').then((chat) =>
          chat.endChat({ apiUrl: apiUrl || DEFAULT_API_URL, publicKey, assistantId, sessionId }),
        );
    },
    [apiUrl, publicKey, assistantId, simulate, backendUrl, onClosed],
  );

  const settle = useCallback(() => {
    const before = ended.current;
    if (current().status !== 'ended' || !before) return;
    ended.current = null;
    dispatch({ type: 'clear', greeting: greeting?.trim() || undefined });
    close(before);
  }, [close, current, dispatch, greeting]);

  const status = machine.state.status;
  useEffect(() => {
    if (status !== 'ended') return;
    const timer = setTimeout(settle, UNDO_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [status, settle]);

  return { end, undo, settle };
}

import { useCallback, useEffect, useRef } from 'react';
import type { VoiceClient, VoiceRenderProps } from './contract';
import { DEFAULT_API_URL, DEFAULT_CONNECT_TIMEOUT } from './contract';
import { turnInput } from './log';
import { isInCall, isTyping, type TextProblem, type VoiceAction, type VoiceState } from './machine';
import { forget, save } from './keep';
import { modeOf } from './options';
import type { ChatItem } from './chat-client';
import { loadedGate, loadGate, loadScripted } from './begin-call';

/** The typed conversation's code (the chat client), fetched when the visitor reaches for the field. */
export const loadChat = () => import('./chat-client');

interface Machine {
  dispatch(action: VoiceAction): VoiceState;
  current(): VoiceState;
  state: VoiceState;
  ref: { current: Element | null };
}

/**
 * Typed turns: into the call during one (`send`), else to the provider's chat, streamed into the log,
 * with the lines the chat has not seen yet (a greeting, a call's transcript) carried before the words.
 * Keeps the conversation for the tab's session, and tells a new call what was said before it.
 */
export function useTyping(props: VoiceRenderProps, machine: Machine, callClient: () => VoiceClient | null) {
  const { dispatch, current } = machine;
  const turn = useRef<AbortController | null>(null);
  const { apiUrl, publicKey, assistantId, connectTimeout, conversationKey, simulate, lang, backendUrl } = props;
  const { agentId, turnstileSiteKey } = props;
  /** The demo this chat was granted under: a chat asks again only when the conversation's demo is another. */
  const chatDemo = useRef<string | null>(null);
  const greeting = modeOf(props.mode) === 'voice' ? undefined : props.greeting;

  const ask = useCallback(
    async (text: string, input: string | ChatItem[]) => {
      turn.current?.abort();
      const stop = (turn.current = new AbortController());
      if (simulate) {
        // The scripted answer, streamed as the chat streams: nothing leaves the page.
        const scripted = await loadScripted();
        await scripted.streamScripted(
          text,
          lang ?? 'en',
          (delta) => dispatch({ type: 'delta', text: delta }),
          stop.signal,
        );
        if (!stop.signal.aborted) dispatch({ type: 'answered', seen: 0 });
        return null;
      }
      // Settings that are missing are known here: no request leaves, and the words say so.
      if (!assistantId?.trim() || !publicKey?.trim()) {
        dispatch({ type: 'unanswered', problem: 'not-configured' });
        return text;
      }
      try {
        const seconds = Number(connectTimeout) > 0 ? Number(connectTimeout) : DEFAULT_CONNECT_TIMEOUT;
        // With `backend-url`, a chat asks once in the conversation's demo (a call's, if one came first: the
        // service continues it); the chat keeps the public key, and the gate's id is never the chat's `sessionId`.
        const demo = current().demoSessionId;
        if (backendUrl?.trim() && (!demo || demo !== chatDemo.current)) {
          const gate = await loadGate();
          const host = (machine.ref.current?.getRootNode() as ShadowRoot | undefined)?.host;
          const grant = await gate.askGate({
            backendUrl,
            assistantId,
            agentId,
            mode: 'text',
            demoSessionId: demo,
            challenge: host && turnstileSiteKey?.trim() ? { host, siteKey: turnstileSiteKey, lang } : undefined,
            timeoutMs: seconds * 1000,
            signal: stop.signal,
          });
          if (stop.signal.aborted) return null;
          chatDemo.current = grant.sessionId;
          dispatch({ type: 'granted', demoSessionId: grant.sessionId });
        }
        const chat = await loadChat();
        const { sessionId } = await chat.streamChat({
          apiUrl: apiUrl || DEFAULT_API_URL,
          publicKey,
          assistantId,
          input,
          sessionId: current().sessionId,
          demoSessionId: current().demoSessionId ?? undefined,
          stallMs: seconds * 1000,
          signal: stop.signal,
          onDelta: (delta, id) => !stop.signal.aborted && dispatch({ type: 'delta', text: delta, sessionId: id }),
        });
        if (!stop.signal.aborted) dispatch({ type: 'answered', sessionId: sessionId ?? undefined, seen: 0 });
        return null;
      } catch (error) {
        if (stop.signal.aborted) return null;
        const refused = (error as { name?: unknown }).name === 'GateError';
        const problem = refused ? (error as { code: TextProblem }).code : (error as { problem?: unknown }).problem;
        const next = dispatch({
          type: 'unanswered',
          retryAfter: (error as { retryAfterSeconds?: number }).retryAfterSeconds,
          problem:
            refused || problem === 'busy' || problem === 'unavailable' || problem === 'interrupted'
              ? (problem as TextProblem)
              : 'network',
        });
        return next.problem === 'busy' || next.problem === 'unavailable' || refused ? text : null;
      }
    },
    [
      apiUrl,
      publicKey,
      assistantId,
      connectTimeout,
      simulate,
      lang,
      backendUrl,
      agentId,
      turnstileSiteKey,
      machine.ref,
      dispatch,
      current,
    ],
  );

  /** Says `text`; false when it cannot go now (nothing to say, a turn or a call starting). Resolves to text to put back in the field. */
  const say = useCallback(
    (raw: string): false | Promise<string | null> => {
      const text = raw.trim();
      const before = current();
      if (!text || isTyping(before.status) || before.status === 'connecting' || before.status === 'consent')
        return false;
      if (isInCall(before.status)) {
        const client = callClient();
        if (!client?.send) return false;
        client.send({ type: 'add-message', message: { role: 'user', content: text }, triggerResponseEnabled: true });
        dispatch({ type: 'type', text });
        return Promise.resolve(null);
      }
      const input = turnInput(before.lines, before.chatSeen, text);
      dispatch({ type: 'type', text });
      return ask(text, input);
    },
    [ask, callClient, current, dispatch],
  );

  /** Sends again the turn whose answer was cut off. */
  const retry = useCallback(() => {
    const state = current();
    if (!state.retry) return;
    // The turn's own line is in the log already: it goes last, as the words, not among the lines before.
    const last = state.lines.findLast((l) => l.role === 'user' && l.via === 'text');
    const text = state.retry;
    const input = turnInput(
      state.lines.filter((l) => l !== last),
      state.chatSeen,
      text,
    );
    dispatch({ type: 'retry' });
    void ask(text, input);
  }, [ask, current, dispatch]);

  const end = useCallback(() => {
    const before = current();
    const { sessionId, demoSessionId } = before;
    if (dispatch({ type: 'end-conversation', greeting: greeting?.trim() || undefined }) === before) return;
    turn.current?.abort();
    if (conversationKey) forget(conversationKey);
    chatDemo.current = null;
    if (demoSessionId && backendUrl?.trim())
      void loadGate().then((gate) => gate.endDemo(backendUrl, demoSessionId, before.lines));
    if (sessionId && publicKey && assistantId && !simulate)
      void loadChat().then((chat) =>
        chat.endChat({ apiUrl: apiUrl || DEFAULT_API_URL, publicKey, assistantId, sessionId }),
      );
  }, [apiUrl, publicKey, assistantId, simulate, conversationKey, greeting, backendUrl, current, dispatch]);

  // The tab closing (or going away) ends the conversation's demo for the service; a request with keepalive
  // outlives the page. It leaves at once: the gate's code is there already, since a demo was granted by it.
  useEffect(() => {
    if (!backendUrl?.trim()) return;
    const leave = () => {
      const { demoSessionId, lines } = current();
      if (demoSessionId) loadedGate()?.endDemo(backendUrl, demoSessionId, lines);
    };
    window.addEventListener('pagehide', leave);
    return () => window.removeEventListener('pagehide', leave);
  }, [backendUrl, current]);

  const { lines, sessionId, chatSeen, status } = machine.state;
  useEffect(() => {
    // Settled lines only: a reload in the middle of an answer keeps the question, not half an answer.
    if (conversationKey && lines.length) save(conversationKey, machine.current());
  }, [conversationKey, lines, sessionId, chatSeen, status, machine]);

  useEffect(() => () => turn.current?.abort(), []);

  const prefetch = useCallback(() => void (simulate ? loadScripted() : loadChat()).catch(() => {}), [simulate]);
  return { say, retry, end, prefetch };
}

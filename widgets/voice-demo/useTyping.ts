import { useCallback, useEffect, useRef } from 'react';
import type { VoiceClient, VoiceRenderProps } from './contract';
import { DEFAULT_API_URL, DEFAULT_CONNECT_TIMEOUT } from './contract';
import { turnInput } from './log';
import { isInCall, isTyping, type TextProblem, type VoiceAction, type VoiceState } from './machine';
import { save } from './keep';
import type { ChatItem } from './chat-client';
import { loadedGate, loadGate, loadScripted } from './begin-call';
import { placeholdersWarned } from './placeholder';
import { useEnding } from './useEnding';

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
  const { agentId, embed, turnstileSiteKey } = props;
  /** The demo this chat was granted under: a chat asks again only when the conversation's demo is another. */
  const chatDemo = useRef<string | null>(null);

  /** Words sent while an answer was arriving: settled with what goes back to the field once their own turn ends. */
  const waiting = useRef<{ promise: Promise<string | null>; resolve(back: string | null): void } | null>(null);
  /** `ask` itself, for the turn it starts when the words waiting for its answer go. */
  const again = useRef<(text: string, input: string | ChatItem[]) => Promise<string | null>>(async () => null);

  const ask = useCallback(
    async (text: string, input: string | ChatItem[]): Promise<string | null> => {
      turn.current?.abort();
      const stop = (turn.current = new AbortController());
      /** The answer ended: the words sent meanwhile are the next turn, asked now. */
      const answered = (action: Extract<VoiceAction, { type: 'answered' }>) => {
        const after = dispatch(action);
        const next = waiting.current;
        waiting.current = null;
        if (after.status !== 'sending') return next?.resolve(null);
        const said = after.lines.at(-1)!;
        void again
          .current(said.text, turnInput(after.lines.slice(0, -1), after.chatSeen, said.text))
          .then((back) => next?.resolve(back));
      };
      /** No answer: the words sent meanwhile come back to the field too, after this turn's own. */
      const unanswered = (action: Extract<VoiceAction, { type: 'unanswered' }>, back: (s: VoiceState) => boolean) => {
        const queued = current().queued;
        const after = dispatch(action);
        waiting.current?.resolve(null);
        waiting.current = null;
        return [back(after) ? text : null, queued].filter(Boolean).join('\n') || null;
      };
      if (simulate) {
        // The scripted answer, streamed as the chat streams: nothing leaves the page.
        const scripted = await loadScripted();
        await scripted.streamScripted(
          text,
          lang ?? 'en',
          (delta) => dispatch({ type: 'delta', text: delta }),
          stop.signal,
        );
        if (!stop.signal.aborted) answered({ type: 'answered', seen: 0 });
        return null;
      }
      // Settings that are missing or left as placeholders are known here: no request leaves, and the words say so.
      if (!assistantId?.trim() || !publicKey?.trim() || placeholdersWarned({ publicKey, assistantId, apiUrl })) {
        return unanswered({ type: 'unanswered', problem: 'not-configured' }, () => true);
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
            embedId: embed,
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
        if (!stop.signal.aborted) answered({ type: 'answered', sessionId: sessionId ?? undefined, seen: 0 });
        return null;
      } catch (error) {
        if (stop.signal.aborted) return null;
        const refused = (error as { name?: unknown }).name === 'GateError';
        const problem = refused ? (error as { code: TextProblem }).code : (error as { problem?: unknown }).problem;
        return unanswered(
          {
            type: 'unanswered',
            retryAfter: (error as { retryAfterSeconds?: number }).retryAfterSeconds,
            problem:
              refused || problem === 'busy' || problem === 'unavailable' || problem === 'interrupted'
                ? (problem as TextProblem)
                : 'network',
          },
          (next) => next.problem === 'busy' || next.problem === 'unavailable' || refused,
        );
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
      embed,
      turnstileSiteKey,
      machine.ref,
      dispatch,
      current,
    ],
  );

  useEffect(() => {
    again.current = ask;
  }, [ask]);

  // A conversation cleared for good asks the gate afresh (stable, so End's countdown is not restarted by a render).
  const forgetDemo = useCallback(() => void (chatDemo.current = null), []);
  const { end, undo, settle } = useEnding(props, machine, forgetDemo);

  /** Says `text`; false when it cannot go now (nothing to say, a turn or a call starting). Resolves to text to put back in the field. */
  const say = useCallback(
    (raw: string): false | Promise<string | null> => {
      const text = raw.trim();
      if (!text) return false;
      settle();
      const before = current();
      if (before.status === 'connecting' || before.status === 'consent') return false;
      // An answer is arriving: the words wait for it, and go as the next turn once it has ended.
      if (isTyping(before.status)) {
        dispatch({ type: 'type', text });
        if (!waiting.current) {
          let resolve = (_back: string | null) => {};
          const promise = new Promise<string | null>((done) => (resolve = done));
          waiting.current = { promise, resolve };
        }
        return waiting.current.promise;
      }
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
    [ask, callClient, current, dispatch, settle],
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

  const status = machine.state.status;

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

  const { lines, sessionId, chatSeen } = machine.state;
  useEffect(() => {
    // Settled lines only: a reload in the middle of an answer keeps the question, not half an answer.
    // An ended conversation is kept no more (Undo keeps it again).
    if (conversationKey && lines.length && status !== 'ended') save(conversationKey, machine.current());
  }, [conversationKey, lines, sessionId, chatSeen, status, machine]);

  useEffect(() => () => turn.current?.abort(), []);

  const prefetch = useCallback(() => void (simulate ? loadScripted() : loadChat()).catch(() => {}), [simulate]);
  return { say, retry, end, undo, settle, prefetch };
}

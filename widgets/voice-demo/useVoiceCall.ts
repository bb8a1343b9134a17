import { useCallback, useEffect, useRef, useState } from 'react';
import { reportError } from '../lib/report';
import { messageOf } from '../lib/message-of';
import { useMachine } from '../react/use-machine';
import { claimCall, releaseCall, type CallHolder } from './call-registry';
import { adoptEarly, beginCall, loadScripted, loadSdk, type CallStart } from './begin-call';
import { DEFAULT_CONNECT_TIMEOUT, type VoiceClient, type VoiceRenderProps } from './contract';
import { carriedIntoCall, type LogLine } from './log';
import { startOf } from './view';
import { consentOf, needsConsent, rememberConsent } from './consent';
import { toolCallsOf, toolSeconds } from './tools';
import { runToolCall } from './page-actions';
import { captionOf, errorCodeOf, isUserSpeech, voiceEvents, voiceReducer, type VoiceErrorCode } from './machine';

/** A refusal of `backend-url`'s gate carries its own code (gate.ts, whose class is not loaded here). */
const gateCode = (error: unknown) =>
  (error as { name?: unknown } | null)?.name === 'GateError' ? (error as { code: VoiceErrorCode }).code : undefined;

export const START_FAILED = 'The voice call could not be started.';

/** At a call's start, its agent hears what was said before it, word for word, without answering it. */
function tellCall(client: VoiceClient | null, lines: LogLine[]) {
  const earlier = carriedIntoCall(lines);
  if (earlier && client?.send)
    client.send({ type: 'add-message', message: { role: 'system', content: earlier }, triggerResponseEnabled: false });
}

/** One call attempt: its call, its listeners, and whether it still owns the widget. */
interface Session extends CallHolder {
  call: CallStart | null;
  detach(): void;
  timer?: ReturnType<typeof setTimeout>;
}

const seconds = (value: number | undefined) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_CONNECT_TIMEOUT;
};

/**
 * Runs the voice demo's side effects around the pure reducer: asks for consent when the page
 * wants it, opens the microphone, loads the SDK, starts and ends calls, maps client events to
 * actions, gives up on a call that does not connect in time, and holds the page's one call.
 */
export function useVoiceCall(props: VoiceRenderProps) {
  const { publicKey, assistantId, apiUrl, client, consentText, connectTimeout, simulate, lang, backendUrl } = props;
  const { agentId, embed, turnstileSiteKey, mode } = props;
  // Where this widget starts, read once: the tab's conversation so far, or the greeting.
  const [start] = useState(() => startOf(props, true));
  const machine = useMachine(voiceReducer, start, voiceEvents);
  const { dispatch, current } = machine;
  const session = useRef<Session | null>(null);
  // The page's tools as they are when the agent calls one (a page may set them during a call).
  const toolProps = useRef(props);
  useEffect(() => {
    toolProps.current = props;
  });

  const finish = useCallback(
    (s: Session, action: Parameters<typeof dispatch>[0] | null) => {
      if (session.current !== s) return;
      session.current = null;
      clearTimeout(s.timer);
      releaseCall(s);
      s.detach();
      if (action) dispatch(action);
    },
    [dispatch],
  );

  const stop = (s: Session) => s.call?.stop();

  const fail = useCallback(
    (s: Session, error: unknown, code: VoiceErrorCode = gateCode(error) ?? errorCodeOf(error)) => {
      if (session.current !== s) return;
      const message = messageOf(error, START_FAILED);
      if (code === 'provider' || code === 'timeout')
        reportError(error instanceof Error ? error : new Error(message), { widget: 'voice-demo', message });
      const retryAfter = (error as { retryAfterSeconds?: number } | null)?.retryAfterSeconds;
      finish(s, { type: 'fail', message, code, retryAfter });
      stop(s);
    },
    [finish],
  );

  const hangUp = useCallback(() => {
    const s = session.current;
    if (!s) return;
    finish(s, { type: 'press', needsConsent: false });
    stop(s);
  }, [finish]);

  const connect = useCallback(async () => {
    let detach = () => {};
    const s: Session = { call: null, hangUp, detach: () => detach() };
    session.current = s;
    claimCall(s);
    const limit = seconds(connectTimeout);
    s.timer = setTimeout(
      () => fail(s, new Error(`The voice provider did not answer within ${limit} s.`), 'timeout'),
      limit * 1000,
    );
    // A press on the button drawn before React started this call already: take it over.
    const host = (machine.ref.current?.getRootNode() as ShadowRoot | undefined)?.host;
    const call =
      adoptEarly(host) ??
      beginCall({
        client,
        publicKey,
        apiUrl,
        assistantId,
        simulate,
        lang,
        backendUrl,
        connectTimeout,
        agentId,
        embed,
        turnstileSiteKey,
        mode,
        // A call after typed turns goes on in the conversation's demo (one id), when the service allows.
        demoSessionId: current().demoSessionId,
        host,
      });
    s.call = call;
    detach = call.attach({
      'call-start': () => {
        if (session.current !== s) return;
        clearTimeout(s.timer);
        dispatch({ type: 'call-start' });
        // The conversation's demo from here on: the same id when the service continued it, else the call's own.
        const demo = s.call?.demoSessionId();
        if (demo && demo !== current().demoSessionId) dispatch({ type: 'granted', demoSessionId: demo });
        tellCall(s.call?.client() ?? null, current().lines);
      },
      'call-end': () => finish(s, { type: 'call-end' }),
      'speech-start': () => session.current === s && dispatch({ type: 'speech-start' }),
      'speech-end': () => session.current === s && dispatch({ type: 'speech-end' }),
      'volume-level': (level) => session.current === s && dispatch({ type: 'volume', level }),
      message: (message) => {
        if (session.current !== s) return;
        const line = captionOf(message);
        if (line) dispatch({ type: 'transcript', line });
        if (isUserSpeech(message)) dispatch({ type: 'user-speech' });
        for (const call of toolCallsOf(message)) {
          const { tools, toolTimeout, toolOrigins } = toolProps.current;
          const context = { tools, seconds: toolSeconds(toolTimeout), origins: toolOrigins, host: host ?? null };
          void runToolCall(call, { ...context, client: s.call?.client() ?? null }).then((tool) =>
            dispatch({ type: 'tool', tool }),
          );
        }
      },
      error: (error) => fail(s, error),
    });
    try {
      const result = await call.started;
      if (result === null) fail(s, new Error(START_FAILED));
    } catch (error) {
      fail(s, error);
    }
  }, [
    assistantId,
    client,
    publicKey,
    apiUrl,
    simulate,
    lang,
    backendUrl,
    connectTimeout,
    agentId,
    embed,
    turnstileSiteKey,
    mode,
    dispatch,
    current,
    finish,
    fail,
    hangUp,
    machine.ref,
  ]);

  const press = useCallback(() => {
    if (session.current) return hangUp();
    const next = dispatch({ type: 'press', needsConsent: needsConsent(consentOf({ consentText, simulate, client })) });
    if (next.status === 'connecting') void connect();
  }, [consentText, simulate, client, dispatch, hangUp, connect]);

  const accept = useCallback(() => {
    if (consentText) rememberConsent(consentText);
    if (dispatch({ type: 'accept' }).status === 'connecting') void connect();
  }, [consentText, dispatch, connect]);

  const cancel = useCallback(() => void dispatch({ type: 'cancel' }), [dispatch]);
  /** The launcher's button opens its panel, or folds it; its close button folds it. Neither touches the call. */
  const toggle = useCallback(
    () => void dispatch({ type: machine.current().panel === 'open' ? 'fold' : 'open' }),
    [dispatch, machine],
  );
  const fold = useCallback(() => void dispatch({ type: 'fold' }), [dispatch]);
  const dismissInvite = useCallback(() => void dispatch({ type: 'dismiss-invite' }), [dispatch]);
  // The invitation's seconds ran out on this page (the launcher control's timer, as a prop): it shows.
  const { inviteDue } = props;
  useEffect(() => {
    if (inviteDue) dispatch({ type: 'invite' });
  }, [inviteDue, dispatch]);

  const toggleMute = useCallback(() => {
    const c = session.current?.call?.client();
    if (!c?.setMuted) return;
    const muted = !machine.current().muted;
    c.setMuted(muted);
    dispatch({ type: 'muted', muted });
  }, [dispatch, machine]);

  /** Hover or focus may fetch the SDK early, so a click connects sooner. */
  const prefetch = useCallback(() => {
    if (!client) (simulate ? loadScripted() : loadSdk()).catch(() => {});
  }, [client, simulate]);

  useEffect(() => () => session.current?.hangUp(), []);

  /** The client of the call under way, for what the visitor types into it. */
  const callClient = useCallback(() => session.current?.call?.client() ?? null, []);

  return {
    ...machine,
    press,
    accept,
    cancel,
    toggle,
    fold,
    dismissInvite,
    toggleMute,
    prefetch,
    callClient,
    // A simulated call opens no microphone: there is nothing to mute.
    canMute: !!(client ? client.setMuted : !simulate),
    // The built-in client is the SDK, which takes messages into a call (and so does the scripted one).
    canSend: !!(client ? client.send : true),
  };
}

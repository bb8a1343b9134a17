import { useCallback, useEffect, useReducer, useRef } from 'react';
import { reportError } from '../shared/report';
import { messageOf } from '../shared/message-of';
import { claimCall, releaseCall, type CallHolder } from './call-registry';
import { DEFAULT_API_URL, MISSING_ASSISTANT, type VoiceClient, type VoiceClientEventMap, type VoiceDemoProps } from './contract';
import { initialVoiceState, isUserSpeech, voiceReducer, type VoiceAction } from './machine';

export const START_FAILED = 'The voice call could not be started.';

const loadSdk = () => import('./vapi-client');

/** One call attempt: its client, its listeners, and whether it still owns the widget. */
interface Session extends CallHolder {
  client: VoiceClient | null;
  detach(): void;
}

/**
 * Runs the voice demo's side effects around the pure reducer: loads the SDK on first
 * use, starts and ends calls, maps client events to actions, and holds the page's one call.
 */
export function useVoiceCall({ publicKey = '', assistantId = '', apiUrl = DEFAULT_API_URL, client }: VoiceDemoProps) {
  const [state, dispatch] = useReducer(voiceReducer, initialVoiceState);
  const session = useRef<Session | null>(null);

  const finish = useCallback((s: Session, action: VoiceAction | null) => {
    if (session.current !== s) return;
    session.current = null;
    releaseCall(s);
    s.detach();
    if (action) dispatch(action);
  }, []);

  const fail = useCallback(
    (s: Session, error: unknown) => {
      if (session.current !== s) return;
      const message = messageOf(error, START_FAILED);
      reportError(error instanceof Error ? error : new Error(message), { widget: 'voice-demo', message });
      finish(s, { type: 'fail', message });
      // After a client error the call is cleaned up.
      Promise.resolve()
        .then(() => s.client?.stop())
        .catch(() => {});
    },
    [finish],
  );

  const hangUp = useCallback(() => {
    const s = session.current;
    if (!s) return;
    finish(s, { type: 'press' });
    Promise.resolve()
      .then(() => s.client?.stop())
      .catch((error: unknown) => reportError(error, { widget: 'voice-demo' }));
  }, [finish]);

  const start = useCallback(async () => {
    dispatch({ type: 'press' });
    let detach = () => {};
    const s: Session = { client: null, hangUp, detach: () => detach() };
    session.current = s;
    claimCall(s);
    try {
      if (!assistantId) throw new Error(MISSING_ASSISTANT);
      s.client = client ?? (await loadSdk()).createVapiClient({ publicKey, apiUrl });
      if (session.current !== s) return;
      const on: { [E in keyof VoiceClientEventMap]: (...args: VoiceClientEventMap[E]) => void } = {
        'call-start': () => session.current === s && dispatch({ type: 'call-start' }),
        'call-end': () => finish(s, { type: 'call-end' }),
        'speech-start': () => session.current === s && dispatch({ type: 'speech-start' }),
        'speech-end': () => session.current === s && dispatch({ type: 'speech-end' }),
        'volume-level': (level) => session.current === s && dispatch({ type: 'volume', level }),
        message: (message) => session.current === s && isUserSpeech(message) && dispatch({ type: 'user-speech' }),
        error: (error) => fail(s, error),
      };
      const names = Object.keys(on) as (keyof VoiceClientEventMap)[];
      const c = s.client;
      for (const name of names) c.on(name, on[name] as never);
      detach = () => names.forEach((name) => c.off(name, on[name] as never));
      const result = await c.start(assistantId);
      if (result === null) fail(s, new Error(START_FAILED));
    } catch (error) {
      fail(s, error);
    }
  }, [assistantId, client, publicKey, apiUrl, finish, fail, hangUp]);

  const press = useCallback(() => (session.current ? hangUp() : void start()), [hangUp, start]);

  /** Hover or focus may fetch the SDK early, so a click connects sooner. */
  const prefetch = useCallback(() => {
    if (!client) loadSdk().catch(() => {});
  }, [client]);

  useEffect(() => () => session.current?.hangUp(), []);

  return { state, press, prefetch };
}

import {
  DEFAULT_API_URL,
  MISSING_ASSISTANT,
  MISSING_KEY,
  PLACEHOLDER_SETTINGS,
  type VoiceCallOverrides,
  type VoiceClient,
  type VoiceClientEventMap,
  type VoiceDemoProps,
} from './contract';
import { openMicrophone } from './microphone';
import { placeholdersWarned } from './placeholder';
import { modeOf } from './options';
import type { Lang } from '../lib/lang';

/** The Vapi SDK's chunk (about 80 KB gzip), fetched once whoever asks first. */
export const loadSdk = () => import('./vapi-client');

let gate: typeof import('./gate') | null = null;

/** `backend-url`'s gate (gate.ts): fetched only when a call or a chat asks it. */
export const loadGate = () => import('./gate').then((module) => (gate = module));

/** The gate's code once fetched, for what must leave at once (a tab closing waits for no import). */
export const loadedGate = () => gate;

/** `simulate`'s scripted call and answers (a few KB), fetched only by a simulated card. */
export const loadScripted = () => import('./scripted-call');

const EVENTS = [
  'call-start',
  'call-end',
  'speech-start',
  'speech-end',
  'volume-level',
  'message',
  'error',
] as const satisfies readonly (keyof VoiceClientEventMap)[];

export type CallHandlers = { [E in keyof VoiceClientEventMap]: (...args: VoiceClientEventMap[E]) => void };

/** A call on its way to the provider: events held until someone attaches to them. */
export interface CallStart {
  /** The client's `start` answer (`null`: refused); rejects when the microphone or the client fails first. */
  started: Promise<unknown>;
  /** Settles once the client's request has left (a task after `start`), or the attempt ended before it. */
  sent: Promise<void>;
  client(): VoiceClient | null;
  /** The gate's id of this call's demo (`backend-url`), once granted. */
  demoSessionId(): string | null;
  /** Receives the client's events, those that came before first; returns how to stop receiving them. */
  attach(handlers: CallHandlers): () => void;
  stop(): void;
}

/**
 * Opens the microphone and fetches the SDK side by side, then starts the call. Plain code, not
 * React: a press on the button drawn before React starts it at once (`startEarly`), and the
 * component, once there, takes it over (`adoptEarly`) instead of starting another.
 */
export function beginCall({
  client: given,
  publicKey = '',
  apiUrl,
  assistantId = '',
  simulate,
  lang,
  backendUrl,
  connectTimeout,
  agentId,
  embed,
  turnstileSiteKey,
  demoSessionId,
  host,
  mode,
}: VoiceDemoProps & {
  lang?: Lang;
  /** The conversation's demo so far (`backend-url`): the call goes on under it when the service allows. */
  demoSessionId?: string | null;
  /** The element, for Turnstile's check in its light DOM. */
  host?: Element | null;
}): CallStart {
  let client: VoiceClient | null = null;
  let handlers: CallHandlers | null = null;
  let stopped = false;
  let demo: string | null = null;
  const held: [keyof VoiceClientEventMap, unknown[]][] = [];
  const relay = Object.fromEntries(
    EVENTS.map((name) => [
      name,
      (...args: unknown[]) =>
        handlers ? (handlers[name] as (...a: unknown[]) => void)(...args) : held.push([name, args]),
    ]),
  ) as Record<(typeof EVENTS)[number], (...args: unknown[]) => void>;

  let markSent = () => {};
  const sent = new Promise<void>((resolve) => (markSent = resolve));
  const started = (async () => {
    try {
      // A page's own client comes first; then `simulate`, which needs no settings and no microphone.
      const simulated = !given && !!simulate;
      // Settings that are missing are known here, before the microphone or any request.
      if (!simulated && !assistantId.trim()) throw new Error(MISSING_ASSISTANT);
      // With `backend-url` the gate grants the call: its token is the bearer, not the public key.
      const gated = !given && !simulated && !!backendUrl?.trim();
      if (!given && !simulated && !gated && !publicKey.trim()) throw new Error(MISSING_KEY);
      // Placeholders left from the docs are known too: the provider could only refuse them.
      if (!given && !simulated && placeholdersWarned({ publicKey: gated ? '' : publicKey, assistantId, apiUrl }))
        throw new Error(PLACEHOLDER_SETTINGS);
      // With `embed`, a page outside its origins is known before the microphone is asked for.
      if (gated && embed?.trim()) await (await loadGate()).embedAgent(backendUrl!, embed.trim(), agentId);
      if (stopped) return null;
      const microphone = simulated ? Promise.resolve() : openMicrophone();
      microphone.catch(() => {});
      let key = publicKey;
      let overrides: VoiceCallOverrides | undefined;
      if (gated) {
        loadSdk().catch(() => {});
        const grant = await (
          await loadGate()
        ).grantCall({
          backendUrl: backendUrl!,
          assistantId,
          agentId,
          embedId: embed,
          demoSessionId,
          connectTimeout,
          challenge: host && turnstileSiteKey?.trim() ? { host, siteKey: turnstileSiteKey, lang } : undefined,
        });
        [key, overrides, demo] = [grant.token, grant.overrides, grant.sessionId];
        if (stopped) return null;
      }
      const c =
        given ??
        (simulated
          ? (await loadScripted()).createScriptedCall(lang, undefined, modeOf(mode) !== 'voice')
          : (await loadSdk()).createVapiClient({ publicKey: key, apiUrl: apiUrl || DEFAULT_API_URL }));
      client = c;
      for (const name of EVENTS) c.on(name, relay[name] as never);
      await microphone;
      if (stopped) return null;
      const answer = overrides ? c.start(assistantId, overrides) : c.start(assistantId);
      // The SDK sends its POST within the microtasks of `start` (it awaits nothing slower first).
      setTimeout(markSent);
      return await answer;
    } finally {
      markSent();
    }
  })();
  started.catch(() => {});

  return {
    started,
    sent,
    client: () => client,
    demoSessionId: () => demo,
    attach(next) {
      handlers = next;
      for (const [name, args] of held.splice(0)) (next[name] as (...a: unknown[]) => void)(...args);
      return () => {
        handlers = null;
        const c = client;
        if (c) for (const name of EVENTS) c.off(name, relay[name] as never);
      };
    },
    stop() {
      stopped = true;
      Promise.resolve()
        .then(() => client?.stop())
        .catch(() => {});
    },
  };
}

/** How long an early call waits for its component: past that, the press is treated as lost and the call ended. */
const ADOPT_WITHIN_MS = 15_000;

const early = new WeakMap<Element, { call: CallStart; timer: ReturnType<typeof setTimeout> }>();

/** Starts the call of a press made before React arrived, for the component of `host` to adopt. */
export function startEarly(host: Element, props: VoiceDemoProps): void {
  cancelEarly(host);
  const call = beginCall({ ...props, host });
  early.set(host, { call, timer: setTimeout(() => cancelEarly(host), ADOPT_WITHIN_MS) });
}

/**
 * What React's chunk waits for on `host`: the request of the call a press started (evaluating
 * React on the main thread before it would delay the call by that much). Nothing when no call is starting.
 */
export function callSent(host: Element): Promise<void> | undefined {
  return early.get(host)?.call.sent;
}

export function adoptEarly(host: Element | null | undefined): CallStart | null {
  const pending = host && early.get(host);
  if (!pending) return null;
  early.delete(host);
  clearTimeout(pending.timer);
  return pending.call;
}

export function cancelEarly(host: Element): void {
  const pending = early.get(host);
  if (!pending) return;
  early.delete(host);
  clearTimeout(pending.timer);
  pending.call.stop();
}

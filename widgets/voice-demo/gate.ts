import { DEMO_SESSION_STORAGE_KEY, DEMO_TRANSCRIPT_MAX } from '../../model/demo-session';
import { DEFAULT_CONNECT_TIMEOUT, type VoiceCallOverrides } from './contract';
import { GateError, type GateRefusal } from './gate-error';
import type { LogLine } from './log';
import { loadEmbed, notSetUpRefusal, warnIgnored, warnNotSetUp } from '../lib/embed';

export { GateError, type GateRefusal } from './gate-error';

/** The gate's grant: `token` is a call's bearer; `sessionId` goes with the call only as `demoSessionId`. */
export interface GateGrant {
  sessionId: string;
  token: string;
  expiresInSeconds: number;
  maxDurationSeconds: number;
}

export interface GateAsk {
  backendUrl: string;
  assistantId: string;
  /** `agent-id`: the service checks it names the same assistant. */
  agentId?: string;
  /** `embed`: asked for first (once a page); sent as `embedId`. Not set up here: nothing is asked. */
  embedId?: string;
  mode: 'voice' | 'text';
  /** The conversation's demo so far: the service continues it when it may, else grants a new one. */
  demoSessionId?: string | null;
  /** With `turnstile-site-key`: the element whose light DOM shows Turnstile's check, if it needs the visitor. */
  challenge?: { host: Element; siteKey: string; lang?: string };
  timeoutMs: number;
  signal?: AbortSignal;
}

const base = (backendUrl: string) => backendUrl.replace(/\/+$/, '');

/** The tab's latest demo, for a lead asked for from it (`<ai-demo-request>`); storage may be blocked or full. */
function remember(id: string) {
  try {
    sessionStorage.setItem(DEMO_SESSION_STORAGE_KEY, id);
  } catch {
    // Without storage the demo goes on; only a lead from this tab will not name it.
  }
}

/**
 * With `embed`: asks for the embed (once a page; the first press is the visitor's first reach, never
 * before) and resolves to the agent to send. Not set up here: a `demo-not-set-up` refusal, with the
 * console told, before the microphone or any ask. The embed decides the agents: an `agent-id` it does
 * not offer is not sent, with one note.
 */
export async function embedAgent(backendUrl: string, embedId: string, agentId: string | undefined) {
  const embed = await loadEmbed(backendUrl, embedId);
  if (embed.status === 'not-set-up') {
    warnNotSetUp('ai-voice-demo', embedId, embed.reason);
    throw new GateError('demo-not-set-up', `Not set up for this page (${embed.reason}).`);
  }
  if (embed.status === 'outage') throw new TypeError('The embed could not be asked for.');
  if (agentId?.trim() && !(embed.embed.agents as string[]).includes(agentId.trim())) {
    warnIgnored('ai-voice-demo', 'agent-id', agentId, embed.embed.agents.join(','));
    return undefined;
  }
  return agentId;
}

/**
 * Asks the service for a web demo (`POST {backend-url}/voice/session`) before a call or a chat. A
 * refusal is a `GateError`: `demo-limit` (429), `demo-budget`, and anything else `demo-unavailable`.
 * A network failure rejects as `fetch` does, and no answer within `timeoutMs` as a `TimeoutError`.
 */
export async function askGate(ask: GateAsk): Promise<GateGrant> {
  const { backendUrl, assistantId, mode, demoSessionId, challenge, timeoutMs, signal } = ask;
  const embedId = ask.embedId?.trim();
  const agentId = embedId ? await embedAgent(backendUrl, embedId, ask.agentId) : ask.agentId;
  // The visitor may take a while over Turnstile's check: the timeout starts once the token is there.
  // Turnstile's code comes only with `turnstile-site-key`.
  const turnstileToken = challenge?.siteKey.trim()
    ? await (await import('./challenge')).challengeToken(challenge, signal)
    : undefined;
  const timeout = AbortSignal.timeout(timeoutMs);
  const response = await fetch(`${base(backendUrl)}/voice/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      assistantId,
      mode,
      ...(agentId?.trim() && { agentId: agentId.trim() }),
      ...(demoSessionId && { demoSessionId }),
      ...(turnstileToken && { turnstileToken }),
      ...(embedId && { embedId }),
    }),
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok && typeof body?.token === 'string' && typeof body.sessionId === 'string') {
    remember(body.sessionId);
    return body as unknown as GateGrant;
  }
  // `{error, message}`, or `{error: {code, message}}`.
  const error = body?.error as string | { code?: unknown } | undefined;
  const name = String(typeof error === 'object' ? error?.code : error);
  const code: GateRefusal =
    name === 'demo-limit' || name === 'demo-budget'
      ? name
      : embedId && response.status === 403 && notSetUpRefusal(name)
        ? 'demo-not-set-up'
        : 'demo-unavailable';
  const refusedHere = code === 'demo-not-set-up' ? notSetUpRefusal(name) : null;
  if (refusedHere && embedId) warnNotSetUp('ai-voice-demo', embedId, refusedHere);
  const retry = Number(response.headers.get('Retry-After') ?? body?.retryAfterSeconds);
  throw new GateError(
    code,
    `The demo was refused (${response.status} ${name}).`,
    Number.isFinite(retry) && retry > 0 ? retry : undefined,
  );
}

/** A call's grant: the bearer to start it with, its overrides for the provider, and the demo's id. */
export async function grantCall(
  ask: Omit<GateAsk, 'mode' | 'timeoutMs' | 'signal'> & { connectTimeout: number | undefined },
) {
  const seconds = Number(ask.connectTimeout) > 0 ? Number(ask.connectTimeout) : DEFAULT_CONNECT_TIMEOUT;
  const grant = await askGate({ ...ask, mode: 'voice', timeoutMs: seconds * 1000 });
  const overrides: VoiceCallOverrides = { metadata: { demoSessionId: grant.sessionId } };
  if (grant.maxDurationSeconds > 0) overrides.maxDurationSeconds = grant.maxDurationSeconds;
  return { ...grant, overrides };
}

/** The conversation as the widget saw it, as a call's transcript reads, cut as one is. */
export const transcriptOf = (lines: readonly LogLine[]) =>
  lines
    .flatMap((l) =>
      // A page tool the agent called is one line of its own kind (the desk draws it apart from the turns).
      l.note === 'tool' && l.tool
        ? [`Tool: ${l.tool.description ?? l.tool.name}${l.tool.ok ? '' : ' (failed)'}`]
        : l.text.trim()
          ? [`${l.role === 'user' ? 'User' : 'AI'}: ${l.text.trim()}`]
          : [],
    )
    .join('\n')
    .slice(0, DEMO_TRANSCRIPT_MAX);

/**
 * Tells the service the conversation ended (`POST {backend-url}/voice/session/end`): End pressed, or the tab
 * closing, when `keepalive` lets the request outlive the page. Nothing waits for it, and a failure is only lost.
 */
export function endDemo(backendUrl: string, demoSessionId: string, lines: readonly LogLine[]) {
  const transcript = transcriptOf(lines);
  fetch(`${base(backendUrl)}/voice/session/end`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ demoSessionId, ...(transcript && { transcript }) }),
    keepalive: true,
  }).catch(() => {});
}

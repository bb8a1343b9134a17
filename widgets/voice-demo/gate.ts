import { DEFAULT_CONNECT_TIMEOUT, type VoiceCallOverrides } from './contract';

/** What the gate refused, as the widget's code (`ai-voice-demo-error`'s `detail.code`, a typed turn's problem). */
export type GateRefusal = 'demo-limit' | 'demo-budget' | 'demo-unavailable';

/** The gate's grant: `token` is a call's bearer; `sessionId` goes with the call only as `demoSessionId`. */
export interface GateGrant {
  sessionId: string;
  token: string;
  expiresInSeconds: number;
  maxDurationSeconds: number;
}

/** A refusal of `POST {backend-url}/voice/session`, in the widget's words (`code`). */
export class GateError extends Error {
  constructor(
    readonly code: GateRefusal,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'GateError';
  }
}

export interface GateAsk {
  backendUrl: string;
  assistantId: string;
  mode: 'voice' | 'text';
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * Asks the service for a web demo (`POST {backend-url}/voice/session`) before a call or a chat. A
 * refusal is a `GateError`: `demo-limit` (429), `demo-budget`, and anything else `demo-unavailable`.
 * A network failure rejects as `fetch` does, and no answer within `timeoutMs` as a `TimeoutError`.
 */
export async function askGate({ backendUrl, assistantId, mode, timeoutMs, signal }: GateAsk): Promise<GateGrant> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const response = await fetch(`${backendUrl.replace(/\/+$/, '')}/voice/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ assistantId, mode }),
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok && typeof body?.token === 'string' && typeof body.sessionId === 'string')
    return body as unknown as GateGrant;
  // `{error, message}`, or `{error: {code, message}}`.
  const error = body?.error as string | { code?: unknown } | undefined;
  const name = String(typeof error === 'object' ? error?.code : error);
  const code: GateRefusal = name === 'demo-limit' || name === 'demo-budget' ? name : 'demo-unavailable';
  const retry = Number(response.headers.get('Retry-After') ?? body?.retryAfterSeconds);
  throw new GateError(
    code,
    `The demo was refused (${response.status} ${name}).`,
    Number.isFinite(retry) && retry > 0 ? retry : undefined,
  );
}

/** A call's grant: the bearer to start it with, its overrides for the provider, and the demo's id. */
export async function grantCall(backendUrl: string, assistantId: string, connectTimeout: number | undefined) {
  const seconds = Number(connectTimeout) > 0 ? Number(connectTimeout) : DEFAULT_CONNECT_TIMEOUT;
  const grant = await askGate({ backendUrl, assistantId, mode: 'voice', timeoutMs: seconds * 1000 });
  const overrides: VoiceCallOverrides = { metadata: { demoSessionId: grant.sessionId } };
  if (grant.maxDurationSeconds > 0) overrides.maxDurationSeconds = grant.maxDurationSeconds;
  return { ...grant, overrides };
}

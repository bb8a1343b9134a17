import { endpoint } from '../lib/endpoint';
import type { CallAnswer, LeadAnswer } from '../../model/calls';
import type { CodeRequest, DemoRequest, OtpCountries } from '../../model/lead';

/**
 * The service behind `<ai-demo-request backend-url>`: one-time codes, their check, and the lead.
 * Every call ends within 15 s in an answer the form can show: the data, a refusal with the service's
 * own sentence (and what to do next), or an outage.
 */
export type CallOutcome = CallAnswer;
// The model's answers as a value the widget owns (the model reaches the widget as types only): the
// record's keys must be exactly the model's answers, or the typecheck fails.
const KNOWN: Record<CallAnswer, true> = {
  placed: true,
  scheduled: true,
  retrying: true,
  failed: true,
  'not-configured': true,
};
const CALL_OUTCOMES: readonly string[] = Object.keys(KNOWN);
export type OtpSent = { phone: string; display: string; resendAfterSeconds: number; expiresInSeconds: number };
export type Refusal = {
  ok: false;
  error: string;
  message: string;
  /** The field a schema refusal is about. */
  field?: string;
  retryAfterSeconds?: number;
  attemptsLeft?: number;
};
export type Answer<T> = ({ ok: true } & T) | Refusal;
/** The stored lead and what became of its call. */
export type LeadStored = LeadAnswer;

export const TIMEOUT_MS = 15_000;
export const OUTAGE = 'We could not reach our service. Check your connection and try again.';

async function post<T>(backendUrl: string, path: string, body: unknown): Promise<Answer<T>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    const res = await fetch(endpoint(backendUrl, path), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    const data = (await res.json().catch(() => null)) as (T & { error?: string; message?: string }) | null;
    if (res.ok && data) return { ok: true, ...data };
    // An answer the service explained (its `{error, message}`, a refusal or its provider's outage) is
    // shown as it is; anything else (a proxy's error page, no answer) is an outage of the service.
    if (data?.error && data.message) return { ok: false, ...data, error: data.error, message: data.message };
    return { ok: false, error: 'outage', message: OUTAGE };
  } catch {
    return { ok: false, error: 'outage', message: OUTAGE };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The lead's answer as the widget tells it. A `call` this widget does not know (an older service
 * said `queued`) promises nothing: it reads as `failed`, "our team has your request". A
 * `scheduled` call without a readable time is worded the same way rather than given a wrong one.
 */
export function leadStored(data: {
  id: number;
  call?: unknown;
  callAt?: unknown;
  calledAt?: unknown;
  duplicate?: unknown;
}): LeadStored {
  const known =
    typeof data.call === 'string' && CALL_OUTCOMES.includes(data.call) ? (data.call as CallOutcome) : 'failed';
  const time = (value: unknown) => (typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : undefined);
  const callAt = time(data.callAt);
  const calledAt = data.duplicate === true && known === 'placed' ? time(data.calledAt) : undefined;
  const call = known === 'scheduled' && !callAt ? 'failed' : known;
  return {
    id: data.id,
    call,
    ...(call === 'scheduled' && { callAt }),
    ...(calledAt && { calledAt }),
    ...(data.duplicate === true && { duplicate: true }),
  };
}

/** What Get OTP sends: `website` is the hidden honeypot field's value ("" from a person). */
export type { CodeRequest };

/** What Get a Call sends: the visitor's answers, the consent as shown, and where the visitor came from. */
export type Lead = DemoRequest;

export const requestCode = (backendUrl: string, request: CodeRequest) => post<OtpSent>(backendUrl, '/otp', request);
export const checkCode = (backendUrl: string, phone: string, code: string, embedId?: string) =>
  post<{ token: string }>(backendUrl, '/otp/verify', { phone, code, ...(embedId && { embedId }) });
export async function sendLead(backendUrl: string, lead: Lead): Promise<Answer<LeadStored>> {
  const answer = await post<LeadStored>(backendUrl, '/demo-requests', lead);
  return answer.ok ? { ok: true, ...leadStored(answer) } : answer;
}

/** The countries the service sends codes to (`GET /api/otp/countries`); null when it does not say (an older service, no answer). */
export async function serviceCountries(backendUrl: string): Promise<string[] | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    const res = await fetch(endpoint(backendUrl, 'otp/countries'), { signal: controller.signal });
    const data = res.ok ? ((await res.json()) as Partial<OtpCountries>) : null;
    const countries = Array.isArray(data?.countries) ? data.countries.filter((c) => /^[A-Z]{2}$/.test(String(c))) : [];
    return countries.length ? countries : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

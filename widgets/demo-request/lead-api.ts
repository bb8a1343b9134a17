import { endpoint } from '../lib/endpoint';

/**
 * The service behind `<ai-demo-request backend-url>`: one-time codes, their check, and the lead.
 * Every call ends within 15 s in an answer the form can show: the data, a refusal with the service's
 * own sentence (and what to do next), or an outage.
 */
export type CallOutcome = 'placed' | 'queued' | 'not-configured';
export type OtpSent = { phone: string; display: string; resendAfterSeconds: number; expiresInSeconds: number };
export type Refusal = { ok: false; error: string; message: string; retryAfterSeconds?: number; attemptsLeft?: number };
export type Answer<T> = ({ ok: true } & T) | Refusal;

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

export const requestCode = (backendUrl: string, phone: string) => post<OtpSent>(backendUrl, '/otp', { phone });
export const checkCode = (backendUrl: string, phone: string, code: string) => post<{ token: string }>(backendUrl, '/otp/verify', { phone, code });
export const sendLead = (backendUrl: string, lead: { agentId: string; name: string; phone: string; consent: true; consentText: string; token: string }) =>
  post<{ id: number; call: CallOutcome }>(backendUrl, '/demo-requests', lead);

// The doctor's questions to the providers: each a request that changes nothing (a GET of what the
// settings name), answered in words, given up after 5 s. Nothing asked or answered is printed with a
// key, token or secret in it, and a URL only by its origin.
import { randomUUID } from 'node:crypto';
import type { AgentId } from '../../model/agents.ts';
import type { ServerConfig } from '../config/settings.ts';
import { deliveryHeaders } from '../domain/crm-outbox.ts';

/** What one question found: `ok` when the provider answered as the settings expect. */
export type Reach = { ok: boolean; words: string };

/** How long each question waits for its whole answer. */
export const REACH_LIMIT_MS = 5_000;

type Answer = { status: number; statusText: string; body: Record<string, unknown> | null; text: string; ms: number };

/** One request, its answer read whole within the limit; a string when it never came. */
async function ask(url: string, init: RequestInit = {}): Promise<Answer | string> {
  const started = Date.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REACH_LIMIT_MS) });
    const text = await res.text();
    let body: Record<string, unknown> | null = null;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
    } catch {
      // Not JSON: said as text.
    }
    return { status: res.status, statusText: res.statusText, body, text, ms: Date.now() - started };
  } catch (error) {
    const { name, cause, message } = error as Error & { cause?: { code?: string; message?: string } };
    const why =
      name === 'TimeoutError'
        ? `no answer within ${REACH_LIMIT_MS / 1000} s`
        : (cause?.code ?? cause?.message ?? message);
    return `unreachable (${why}) at ${new URL(url).origin}`;
  }
}

const field = (answer: Answer, name: string) => {
  const value = answer.body?.[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};
/** The provider's own reason, short and on one line. */
const reason = (answer: Answer) => {
  const message = answer.body ? [answer.body.message].flat().filter(Boolean).join('; ') : answer.text;
  return String(message).replace(/\s+/g, ' ').trim().slice(0, 200);
};
const status = (answer: Answer) => {
  const code = field(answer, 'code');
  const why = reason(answer);
  return `${answer.status}${code ? `, code ${code}` : ''}${why ? `: ${why}` : ''}`;
};

export async function twilioVerify({ accountSid, authToken, serviceSid, apiUrl }: ServerConfig['otp']['twilio']) {
  const who = 'Twilio Verify';
  const answer = await ask(`${apiUrl}/v2/Services/${encodeURIComponent(serviceSid)}`, {
    headers: { authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}` },
  });
  if (typeof answer === 'string') return { ok: false, words: `${who}: ${answer}` };
  if (answer.status === 200)
    return { ok: true, words: `${who} answered: its service “${field(answer, 'friendly_name')}” is there` };
  const fix =
    answer.status === 401
      ? 'TWILIO_ACCOUNT_SID or TWILIO_AUTH_TOKEN is wrong'
      : answer.status === 404
        ? 'this account has no service TWILIO_VERIFY_SERVICE_SID'
        : 'try again later';
  return { ok: false, words: `${who} refused (${status(answer)}): ${fix}` };
}

const ASSISTANTS: Record<AgentId, string> = {
  receptionist: 'VAPI_ASSISTANT_RECEPTIONIST',
  realEstate: 'VAPI_ASSISTANT_REAL_ESTATE',
  supportHindi: 'VAPI_ASSISTANT_SUPPORT_HINDI',
  supportEnglish: 'VAPI_ASSISTANT_SUPPORT_ENGLISH',
};

/** The voice provider's record of one thing a setting names (`phone-number`, `assistant`), read with the private key. */
async function vapiRecord(
  voice: ServerConfig['voice'],
  kind: 'phone-number' | 'assistant',
  setting: string,
  id: string,
) {
  const who = `The voice provider (${setting})`;
  const answer = await ask(`${voice.apiUrl}/${kind}/${encodeURIComponent(id)}`, {
    headers: { authorization: `Bearer ${voice.privateKey}` },
  });
  if (typeof answer === 'string') return { ok: false, words: `${who}: ${answer}` };
  if (answer.status === 200) {
    const named = field(answer, kind === 'phone-number' ? 'number' : 'name') || field(answer, 'name');
    return { ok: true, words: `${who} answered: ${kind === 'assistant' ? 'assistant' : 'number'} “${named}” is there` };
  }
  const fix =
    answer.status === 401 || answer.status === 403
      ? 'VAPI_PRIVATE_KEY is wrong (the private key, not the public one)'
      : answer.status === 404 || answer.status === 400
        ? `the organisation has no ${kind === 'assistant' ? 'assistant' : 'phone number'} with this ${setting}`
        : 'try again later';
  return { ok: false, words: `${who} refused (${status(answer)}): ${fix}` };
}

/** The outbound calls' number and each demo agent's assistant. */
export function demoCalls(voice: ServerConfig['voice']): Promise<Reach>[] {
  if (!voice.privateKey) return [];
  return [
    ...(voice.phoneNumberId ? [vapiRecord(voice, 'phone-number', 'VAPI_PHONE_NUMBER_ID', voice.phoneNumberId)] : []),
    ...(Object.entries(ASSISTANTS) as [AgentId, string][])
      .filter(([agent]) => voice.assistants[agent])
      .map(([agent, setting]) => vapiRecord(voice, 'assistant', setting, voice.assistants[agent])),
  ];
}

/** The site's own demo assistant (the public key itself cannot be asked without starting a demo). */
export function webDemos(voice: ServerConfig['voice']): Promise<Reach>[] {
  return voice.privateKey && voice.siteAssistant
    ? [vapiRecord(voice, 'assistant', 'VITE_VAPI_ASSISTANT_ID', voice.siteAssistant)]
    : [];
}

/** The desk's sign-in provider's discovery document, which must name the issuer as set. */
export async function signInProvider(issuer: string): Promise<Reach> {
  const who = 'The sign-in provider';
  const answer = await ask(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
  if (typeof answer === 'string') return { ok: false, words: `${who}: ${answer}` };
  if (answer.status !== 200) return { ok: false, words: `${who} refused (${status(answer)}): check DESK_OIDC_ISSUER` };
  const named = field(answer, 'issuer');
  return named === issuer
    ? { ok: true, words: `${who} answered: its discovery document names this issuer` }
    : { ok: false, words: `${who} answered, naming issuer “${named}”: set DESK_OIDC_ISSUER to exactly that` };
}

/** The test event `npm run doctor -- --test-lead` sends: signed and sent as every CRM event is, about no lead. */
export function testEvent() {
  const id = randomUUID();
  const payload = JSON.stringify({
    id,
    event: 'lead.test',
    occurredAt: new Date().toISOString(),
    test: true,
    lead: null,
  });
  return { deliveryId: id, event: 'lead.test', payload };
}

export async function testLead(webhook: ServerConfig['webhook']): Promise<Reach> {
  const event = testEvent();
  const who = 'The CRM';
  const answer = await ask(webhook.url, {
    method: 'POST',
    headers: deliveryHeaders(webhook.secret, event),
    body: event.payload,
  });
  if (typeof answer === 'string') return { ok: false, words: `${who}: ${answer}` };
  const said = `${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''} in ${answer.ms} ms`;
  const body = answer.text.replace(/\s+/g, ' ').trim().slice(0, 200);
  const back = `${said}${body ? `: ${body}` : ''}`;
  if (answer.status >= 200 && answer.status < 300)
    return { ok: true, words: `${who} took the test event ${event.deliveryId}: ${back}` };
  const fix =
    answer.status === 401 || answer.status === 403
      ? 'check that LEAD_WEBHOOK_SECRET is the one the receiver checks with'
      : 'a real event would be retried until a 2xx';
  return { ok: false, words: `${who} refused the test event ${event.deliveryId}: ${back}; ${fix}` };
}

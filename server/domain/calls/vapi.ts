// The voice provider's REST API for outbound demo calls: place one, find the one placed for a lead
// (when an attempt's outcome is unknown), and read one (when its end was never heard of). Uses the
// private key, which never leaves the service.
import type { ServerConfig } from '../../config/settings.ts';
import type { ProviderUpdate } from '../../storage/index.ts';

export type PlaceResult =
  | { kind: 'created'; id: string; status: string | null }
  /** 4xx other than 429: final, with the provider's reason. */
  | { kind: 'refused'; reason: string }
  /** 5xx, 429 or no answer; `unknown` when the call may have been made all the same. */
  | { kind: 'transient'; reason: string; unknown: boolean };

type VapiCall = {
  id?: string;
  status?: string;
  endedReason?: string;
  startedAt?: string;
  endedAt?: string;
  customer?: { externalId?: string };
  analysis?: { summary?: string; successEvaluation?: unknown };
  artifact?: { transcript?: string; recordingUrl?: string };
  transcript?: string;
  summary?: string;
  recordingUrl?: string;
};

/** How long each of the provider's fields may be as stored: longer text is cut, never refused. */
export const PROVIDER_LIMITS = {
  transcript: 20_000,
  summary: 4_000,
  endedReason: 100,
  status: 100,
  url: 2_048,
  id: 200,
  time: 40,
  evaluation: 1_000,
};
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** The provider takes a customer name of at most 40 characters. */
export const callName = (name: string) =>
  [...graphemes.segment(name)]
    .slice(0, 40)
    .map((s) => s.segment)
    .join('')
    .slice(0, 40);

/** Text cut to `max`; anything that is not text is left out (undefined). */
export const text = (value: unknown, max: number): string | undefined =>
  typeof value === 'string' ? value.slice(0, max) : undefined;
/** An id as text (a number is taken as its digits); anything else is left out. */
export const idText = (value: unknown): string | undefined =>
  typeof value === 'string' && value
    ? value.slice(0, PROVIDER_LIMITS.id)
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : undefined;
/** A time the provider wrote, kept only when it is one. */
const time = (value: unknown) => {
  const t = text(value, PROVIDER_LIMITS.time);
  return t !== undefined && Number.isFinite(Date.parse(t)) ? t : undefined;
};
/** A recording's address: an https URL of at most 2,048 characters, else left out (the desk links to it). */
const httpsUrl = (value: unknown) => {
  if (typeof value !== 'string' || value.length > PROVIDER_LIMITS.url) return undefined;
  try {
    return new URL(value).protocol === 'https:' ? value : undefined;
  } catch {
    return undefined;
  }
};
/** A provider field as an object to read from: `{}` for anything that is not one. */
export const object = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * What a call object (or an end-of-call report) says of how the call went: each field cut to its bound,
 * or left out when its type is wrong, so the rest is stored whatever one field holds.
 */
export function outcomeOf(input: VapiCall | Record<string, unknown>): ProviderUpdate {
  const call = object(input);
  const [analysis, artifact] = [object(call.analysis), object(call.artifact)];
  const startedAt = time(call.startedAt);
  const endedAt = time(call.endedAt);
  const duration = startedAt && endedAt ? (Date.parse(endedAt) - Date.parse(startedAt)) / 1000 : undefined;
  const success = analysis.successEvaluation;
  return {
    status: text(call.status, PROVIDER_LIMITS.status),
    endedReason: text(call.endedReason, PROVIDER_LIMITS.endedReason),
    startedAt,
    endedAt,
    durationSeconds:
      duration !== undefined && Number.isFinite(duration) && duration >= 0 ? Math.round(duration * 10) / 10 : undefined,
    summary: text(analysis.summary, PROVIDER_LIMITS.summary) ?? text(call.summary, PROVIDER_LIMITS.summary),
    successEvaluation: ['string', 'number', 'boolean'].includes(typeof success)
      ? String(success).slice(0, PROVIDER_LIMITS.evaluation)
      : undefined,
    transcript:
      text(artifact.transcript, PROVIDER_LIMITS.transcript) ?? text(call.transcript, PROVIDER_LIMITS.transcript),
    recordingUrl: httpsUrl(artifact.recordingUrl) ?? httpsUrl(call.recordingUrl),
  };
}

export function vapiClient(voice: ServerConfig['voice'], timeoutMs: number) {
  const headers = { authorization: `Bearer ${voice.privateKey}`, 'content-type': 'application/json' };
  const request = (path: string, init: RequestInit = {}) =>
    fetch(`${voice.apiUrl}${path}`, { ...init, headers, signal: AbortSignal.timeout(timeoutMs) });
  const reasonOf = async (res: Response) => {
    const body = (await res.json().catch(() => null)) as { message?: string | string[]; error?: string } | null;
    const message = [body?.message].flat().filter(Boolean).join('; ') || body?.error || '';
    return `voice provider answered ${res.status}${message ? `: ${String(message).slice(0, 300)}` : ''}`;
  };

  return {
    configured: (assistantId: string) => Boolean(voice.privateKey && voice.phoneNumberId && assistantId),

    async place({
      assistantId,
      phone,
      name,
      leadId,
    }: {
      assistantId: string;
      phone: string;
      name: string;
      leadId: number;
    }): Promise<PlaceResult> {
      let res: Response;
      try {
        res = await request('/call', {
          method: 'POST',
          body: JSON.stringify({
            assistantId,
            phoneNumberId: voice.phoneNumberId,
            customer: { number: phone, name: callName(name), externalId: String(leadId) },
            assistantOverrides: { variableValues: { name } },
          }),
        });
      } catch (error) {
        // No answer: the provider may have made the call; the next attempt asks before calling again.
        return { kind: 'transient', reason: `voice provider did not answer: ${(error as Error).name}`, unknown: true };
      }
      if (res.ok) {
        const body = (await res.json().catch(() => null)) as VapiCall | null;
        const id = idText(body?.id);
        if (id) return { kind: 'created', id, status: text(body?.status, PROVIDER_LIMITS.status) ?? null };
        return { kind: 'transient', reason: 'voice provider answered without a call id', unknown: true };
      }
      if (res.status === 429 || res.status >= 500)
        return { kind: 'transient', reason: await reasonOf(res), unknown: false };
      return { kind: 'refused', reason: await reasonOf(res) };
    },

    /** The call placed for a lead since `since`, if the provider made one (it lists calls by phone number). */
    async find({
      leadId,
      since,
    }: {
      leadId: number;
      since: number;
    }): Promise<{ id: string; status: string | null } | null> {
      const query = new URLSearchParams({
        phoneNumberId: voice.phoneNumberId,
        createdAtGe: new Date(since - 60_000).toISOString(),
        limit: '1000',
      });
      const res = await request(`/call?${query}`);
      if (!res.ok) throw new Error(await reasonOf(res));
      const calls = (await res.json()) as VapiCall[];
      const found = (Array.isArray(calls) ? calls : []).find(
        (c) => String(object(c.customer).externalId) === String(leadId) && idText(c.id),
      );
      return found ? { id: idText(found.id)!, status: text(found.status, PROVIDER_LIMITS.status) ?? null } : null;
    },

    async get(id: string): Promise<ProviderUpdate> {
      const res = await request(`/call/${encodeURIComponent(id)}`);
      if (!res.ok) throw new Error(await reasonOf(res));
      return outcomeOf((await res.json()) as VapiCall);
    },
  };
}

export type VapiClient = ReturnType<typeof vapiClient>;

// Reading leads and calls back from rows (both databases name columns alike).
import type { Call, CallState, Lead } from '../../domain/crm-events.ts';
import { fragment, join, num, numOrNull, sql, type Row, type Sql } from '../sql.ts';

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const iso = (ms: unknown) => (ms === null || ms === undefined ? null : new Date(num(ms)).toISOString());
const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined && v !== '')) as T;

export const LEAD_COLUMNS = fragment(`l.id, l.created_at, l.agent_id, l.name, l.phone, l.consent_text, l.consent_version, l.consent_sha256, l.consented_at, l.verified_at,
  l.client_ip, l.user_agent, l.page_url, l.referrer, l.time_zone, l.utm_source, l.utm_medium, l.utm_campaign, l.utm_term, l.utm_content, l.gclid, l.fbclid, l.metadata`);

export const CALL_COLUMNS = fragment(`c.status AS call_status, c.call_at, c.attempts, c.last_error, c.failure_reason, c.provider_call_id, c.provider_status, c.ended_reason,
  c.started_at AS call_started_at, c.ended_at AS call_ended_at, c.duration_seconds, c.summary, c.success_evaluation, c.transcript, c.recording_url`);

export function leadOf(r: Row): Lead {
  return {
    id: num(r.id),
    createdAt: String(r.created_at),
    agentId: String(r.agent_id),
    name: String(r.name),
    phone: String(r.phone),
    consent: { text: String(r.consent_text), version: str(r.consent_version), sha256: str(r.consent_sha256), consentedAt: str(r.consented_at), verifiedAt: str(r.verified_at) },
    source: {
      pageUrl: str(r.page_url),
      referrer: str(r.referrer),
      userAgent: str(r.user_agent),
      ip: String(r.client_ip),
      timeZone: str(r.time_zone),
      utm: defined({ source: str(r.utm_source), medium: str(r.utm_medium), campaign: str(r.utm_campaign), term: str(r.utm_term), content: str(r.utm_content) }) as Lead['source']['utm'],
      clickIds: defined({ gclid: str(r.gclid), fbclid: str(r.fbclid) }) as Lead['source']['clickIds'],
      metadata: r.metadata ? (JSON.parse(String(r.metadata)) as Record<string, string>) : {},
    },
  };
}

export function callOf(r: Row): Call | null {
  if (r.call_status === null || r.call_status === undefined) return null;
  return {
    status: r.call_status as CallState,
    callAt: iso(r.call_at),
    attempts: num(r.attempts),
    lastError: str(r.last_error),
    failureReason: str(r.failure_reason),
    providerCallId: str(r.provider_call_id),
    providerStatus: str(r.provider_status),
    endedReason: str(r.ended_reason),
    startedAt: str(r.call_started_at),
    endedAt: str(r.call_ended_at),
    durationSeconds: numOrNull(r.duration_seconds),
    summary: str(r.summary),
    successEvaluation: str(r.success_evaluation),
    transcript: str(r.transcript),
    recordingUrl: str(r.recording_url),
  };
}

/** The conditions of a lead list's filters (ISO times, an agent, a call state), as values only. */
export function leadWhere({ from, to, agentId, callStatus }: { from?: string; to?: string; agentId?: string; callStatus?: string }): Sql {
  // Ids grow with time: a range of times is also a range of ids (from the first lead at or after `from`
  // to the last before `to`, each found at once by the time index), which the newest-first order walks by
  // its key instead of sorting every match. The times are still checked; only a lead stored out of order
  // (two instances' clocks a few milliseconds apart, at the range's very edge) could fall outside.
  const where = [
    from && sql`l.created_at >= ${from} AND l.id >= (SELECT id FROM leads WHERE created_at >= ${from} ORDER BY created_at, id LIMIT 1)`,
    to && sql`l.created_at < ${to} AND l.id <= (SELECT id FROM leads WHERE created_at < ${to} ORDER BY created_at DESC, id DESC LIMIT 1)`,
    agentId && sql`l.agent_id = ${agentId}`,
    callStatus && sql`c.status = ${callStatus}`,
  ].filter((c): c is Sql => Boolean(c));
  return join(where, ' AND ', '1 = 1');
}

/**
 * Newest first. Filtered by a call state, the same order is the calls' (lead_id equals the lead's id), so
 * the (status, lead_id) index gives the rows already in order, rare state or common, and none is sorted.
 */
export const newestFirst = (callStatus?: string) => fragment(callStatus ? 'c.lead_id DESC' : 'l.id DESC');

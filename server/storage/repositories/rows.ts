// Reading leads and calls back from rows (both databases name columns alike).
import type { Call, CallState } from '../../../model/calls.ts';
import type { Lead } from '../../../model/lead.ts';
import { columns, fragment, join, num, numOrNull, sql, type Row, type Sql } from '../sql.ts';
import type { CallsRow, LeadsRow } from '../tables.ts';
import { converting, isoOf, msOf, timeRange } from './times.ts';

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined && v !== '')) as T;

// The columns a lead and its call are read with, checked against the generated row types: a column a
// migration renames or drops fails the typecheck here and where its value is read below.
const LEAD_READ = columns<LeadsRow>(
  'id',
  'created_ms',
  'agent_id',
  'name',
  'phone',
  'consent_text',
  'consent_version',
  'consent_sha256',
  'consented_ms',
  'verified_ms',
  'client_ip',
  'user_agent',
  'page_url',
  'referrer',
  'time_zone',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'fbclid',
  'metadata',
);
const CALL_READ = columns<CallsRow>(
  'call_at',
  'attempts',
  'last_error',
  'failure_reason',
  'provider_call_id',
  'provider_status',
  'ended_reason',
  'duration_seconds',
  'summary',
  'success_evaluation',
  'transcript',
  'recording_url',
);
// Named apart from the lead's own columns of the same name.
const CALL_RENAMED = {
  call_status: 'status',
  call_started_ms: 'started_ms',
  call_ended_ms: 'ended_ms',
} as const satisfies Record<string, keyof CallsRow>;
/**
 * The old text of a time, read only where its milliseconds are still empty (a row stored before issue 31
 * and not yet converted, ./times.ts); once every row is converted no old column is read.
 */
const fallback = <T>(table: string, ms: keyof T & string, old: keyof T & string, as: string = old) =>
  `CASE WHEN ${table}.${ms} IS NULL THEN ${table}.${old} END AS ${as}`;
const LEAD_OLD = [
  fallback<LeadsRow>('l', 'created_ms', 'created_at'),
  fallback<LeadsRow>('l', 'consented_ms', 'consented_at'),
  fallback<LeadsRow>('l', 'verified_ms', 'verified_at'),
];
/** A call's start and end as the readers of CALL_COLUMNS take them (the exports read fewer columns, these among them). */
export const CALL_TIMES = [
  ...Object.entries(CALL_RENAMED).map(([as, c]) => `c.${c} AS ${as}`),
  fallback<CallsRow>('c', 'started_ms', 'started_at', 'call_started_at'),
  fallback<CallsRow>('c', 'ended_ms', 'ended_at', 'call_ended_at'),
].join(', ');

export const LEAD_COLUMNS = fragment([...LEAD_READ.map((c) => `l.${c}`), ...LEAD_OLD].join(', '));
export const CALL_COLUMNS = fragment([CALL_TIMES, ...CALL_READ.map((c) => `c.${c}`)].join(', '));
/** A call as the exports write it: CALL_COLUMNS without the transcript, which no export writes. */
export const EXPORT_CALL_COLUMNS = fragment(
  [CALL_TIMES, ...CALL_READ.filter((c) => c !== 'transcript').map((c) => `c.${c}`)].join(', '),
);

/** A row read with LEAD_COLUMNS. */
export type LeadRead = Pick<LeadsRow, (typeof LEAD_READ)[number]> &
  Partial<Pick<LeadsRow, 'created_at' | 'consented_at' | 'verified_at'>>;
/** A row read with CALL_COLUMNS (after a LEFT JOIN: every column may be null). */
export type CallRead = { [K in (typeof CALL_READ)[number]]: CallsRow[K] | null } & {
  [K in keyof typeof CALL_RENAMED]: CallsRow[(typeof CALL_RENAMED)[K]] | null;
} & {
  call_started_at?: string | null;
  call_ended_at?: string | null;
};

export function leadOf(row: Row): Lead {
  const r = row as unknown as LeadRead;
  return {
    id: num(r.id),
    createdAt: isoOf(r.created_ms, r.created_at) ?? '',
    agentId: String(r.agent_id),
    name: String(r.name),
    phone: String(r.phone),
    consent: {
      text: String(r.consent_text),
      version: str(r.consent_version),
      sha256: str(r.consent_sha256),
      consentedAt: isoOf(r.consented_ms, r.consented_at),
      verifiedAt: isoOf(r.verified_ms, r.verified_at),
    },
    source: {
      pageUrl: str(r.page_url),
      referrer: str(r.referrer),
      userAgent: str(r.user_agent),
      ip: String(r.client_ip),
      timeZone: str(r.time_zone),
      utm: defined({
        source: str(r.utm_source),
        medium: str(r.utm_medium),
        campaign: str(r.utm_campaign),
        term: str(r.utm_term),
        content: str(r.utm_content),
      }) as Lead['source']['utm'],
      clickIds: defined({ gclid: str(r.gclid), fbclid: str(r.fbclid) }) as Lead['source']['clickIds'],
      metadata: r.metadata ? (JSON.parse(String(r.metadata)) as Record<string, string>) : {},
    },
  };
}

export function callOf(row: Row): Call | null {
  const r = row as unknown as CallRead;
  if (r.call_status === null || r.call_status === undefined) return null;
  return {
    status: r.call_status as CallState,
    callAt: isoOf(r.call_at),
    attempts: num(r.attempts),
    lastError: str(r.last_error),
    failureReason: str(r.failure_reason),
    providerCallId: str(r.provider_call_id),
    providerStatus: str(r.provider_status),
    endedReason: str(r.ended_reason),
    startedAt: isoOf(r.call_started_ms, r.call_started_at),
    endedAt: isoOf(r.call_ended_ms, r.call_ended_at),
    durationSeconds: numOrNull(r.duration_seconds),
    summary: str(r.summary),
    successEvaluation: str(r.success_evaluation),
    transcript: str(r.transcript),
    recordingUrl: str(r.recording_url),
  };
}

/** A lead list's filters (ISO times, an agent, a call state), as values only. */
export type LeadFilters = { from?: string; to?: string; agentId?: string; callStatus?: string };

/** The conditions of a lead list's filters; reads whether old leads are still being converted (./times.ts) only when times are filtered. */
export function* leadWhere({ from, to, agentId, callStatus }: LeadFilters) {
  const range = { from: msOf(from) ?? undefined, to: msOf(to) ?? undefined };
  const timed = range.from !== undefined || range.to !== undefined;
  // Ids grow with time: a range of times is also a range of ids (from the first lead at or after `from`
  // to the last before `to`, each found at once by the time index), which the newest-first order walks by
  // its key instead of sorting every match. The times are still checked; only a lead stored out of order
  // (two instances' clocks a few milliseconds apart, at the range's very edge) could fall outside.
  const times =
    timed && (yield* converting('leads'))
      ? timeRange('l.created_ms', 'l.created_at', range, true)
      : [
          range.from !== undefined &&
            sql`l.created_ms >= ${range.from} AND l.id >= (SELECT id FROM leads WHERE created_ms >= ${range.from} ORDER BY created_ms, id LIMIT 1)`,
          range.to !== undefined &&
            sql`l.created_ms < ${range.to} AND l.id <= (SELECT id FROM leads WHERE created_ms < ${range.to} ORDER BY created_ms DESC, id DESC LIMIT 1)`,
        ];
  const where = [...times, agentId && sql`l.agent_id = ${agentId}`, callStatus && sql`c.status = ${callStatus}`].filter(
    (c): c is Sql => Boolean(c),
  );
  return join(where, ' AND ', '1 = 1');
}

/**
 * Newest first. Filtered by a call state, the same order is the calls' (lead_id equals the lead's id), so
 * the (status, lead_id) index gives the rows already in order, rare state or common, and none is sorted.
 */
export const newestFirst = (callStatus?: string) => fragment(callStatus ? 'c.lead_id DESC' : 'l.id DESC');

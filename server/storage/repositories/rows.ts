// Reading leads and calls back from rows (both databases name columns alike).
import { sql, type Selectable } from 'kysely';
import type { Call, CallState } from '../../../model/calls.ts';
import type { Lead } from '../../../model/lead.ts';
import { col, db, num, numOrNull, type Cond, type Row } from '../query.ts';
import type { Database } from '../schema.ts';
import type { CallsTable } from './calls-provider.ts';
import type { LeadsTable } from './leads.ts';
import { converting, isoOf, msOf, timeRange } from './times.ts';

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined && v !== '')) as T;

/**
 * The old text of a time, read only where its milliseconds are still empty (a row stored before issue 31
 * and not yet converted, ./times.ts); once every row is converted no old column is read.
 */
const fallback = <T extends keyof Database, A extends string>(
  table: T,
  alias: string,
  ms: keyof Database[T] & string,
  old: keyof Database[T] & string,
  as: A,
) => sql<string | null>`CASE WHEN ${col(table, ms, alias)} IS NULL THEN ${col(table, old, alias)} END`.as(as);

// The columns a lead and its call are read with (as `l` and `c`), checked against ./schema.ts by each
// query that selects them: a column a migration renames or drops fails the typecheck there.
export const LEAD_COLUMNS = [
  'l.id',
  'l.created_ms',
  'l.agent_id',
  'l.name',
  'l.phone',
  'l.consent_text',
  'l.consent_version',
  'l.consent_sha256',
  'l.consented_ms',
  'l.verified_ms',
  'l.client_ip',
  'l.user_agent',
  'l.page_url',
  'l.referrer',
  'l.time_zone',
  'l.utm_source',
  'l.utm_medium',
  'l.utm_campaign',
  'l.utm_term',
  'l.utm_content',
  'l.gclid',
  'l.fbclid',
  'l.metadata',
  'l.embed_id',
  fallback('leads', 'l', 'created_ms', 'created_at', 'created_at'),
  fallback('leads', 'l', 'consented_ms', 'consented_at', 'consented_at'),
  fallback('leads', 'l', 'verified_ms', 'verified_at', 'verified_at'),
] as const;
/** A call's start and end as the readers of CALL_COLUMNS take them (named apart from the lead's own columns). */
const CALL_TIMES = [
  'c.status as call_status',
  'c.started_ms as call_started_ms',
  'c.ended_ms as call_ended_ms',
  fallback('calls', 'c', 'started_ms', 'started_at', 'call_started_at'),
  fallback('calls', 'c', 'ended_ms', 'ended_at', 'call_ended_at'),
] as const;
/** A call as the exports write it: CALL_COLUMNS without the transcript, which no export writes. */
export const EXPORT_CALL_COLUMNS = [
  ...CALL_TIMES,
  'c.call_at',
  'c.attempts',
  'c.last_error',
  'c.failure_reason',
  'c.provider_call_id',
  'c.provider_status',
  'c.ended_reason',
  'c.duration_seconds',
  'c.summary',
  'c.success_evaluation',
  'c.recording_url',
] as const;
export const CALL_COLUMNS = [...EXPORT_CALL_COLUMNS, 'c.transcript'] as const;

type StoredLead = Selectable<LeadsTable>;
type Calls = Selectable<CallsTable>;
/** A row read with LEAD_COLUMNS. */
export type LeadRead = Pick<StoredLead, Exclude<keyof StoredLead, 'created_at' | 'consented_at' | 'verified_at'>> &
  Partial<Record<'created_at' | 'consented_at' | 'verified_at', string | null>>;
/** A row read with CALL_COLUMNS (after a LEFT JOIN: every column may be null). */
export type CallRead = { [K in keyof Calls]: Calls[K] | null } & {
  call_status: string | null;
  call_started_ms: Calls['started_ms'] | null;
  call_ended_ms: Calls['ended_ms'] | null;
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
    embedId: str(r.embed_id),
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
export type LeadFilters = { from?: string; to?: string; agentId?: string; callStatus?: string; embedId?: string };

/** The conditions of a lead list's filters; reads whether old leads are still being converted (./times.ts) only when times are filtered. */
export function* leadWhere({ from, to, agentId, callStatus, embedId }: LeadFilters) {
  const range = { from: msOf(from) ?? undefined, to: msOf(to) ?? undefined };
  const timed = range.from !== undefined || range.to !== undefined;
  const [ms, id] = [col('leads', 'created_ms', 'l'), col('leads', 'id', 'l')];
  // Ids grow with time: a range of times is also a range of ids (from the first lead at or after `from`
  // to the last before `to`, each found at once by the time index), which the newest-first order walks by
  // its key instead of sorting every match. The times are still checked; only a lead stored out of order
  // (two instances' clocks a few milliseconds apart, at the range's very edge) could fall outside.
  const times: Cond[] =
    timed && (yield* converting('leads'))
      ? timeRange('leads', 'created_ms', 'created_at', range, true, 'l')
      : [
          ...(range.from === undefined
            ? []
            : [
                sql<boolean>`${ms} >= ${range.from} AND ${id} >= ${db.selectFrom('leads').select('id').where('created_ms', '>=', range.from).orderBy('created_ms').orderBy('id').limit(1)}`,
              ]),
          ...(range.to === undefined
            ? []
            : [
                sql<boolean>`${ms} < ${range.to} AND ${id} <= ${db.selectFrom('leads').select('id').where('created_ms', '<', range.to).orderBy('created_ms', 'desc').orderBy('id', 'desc').limit(1)}`,
              ]),
        ];
  return [
    ...times,
    ...(agentId ? [sql<boolean>`${col('leads', 'agent_id', 'l')} = ${agentId}`] : []),
    ...(embedId ? [sql<boolean>`${col('leads', 'embed_id', 'l')} = ${embedId}`] : []),
    ...(callStatus ? [sql<boolean>`${col('calls', 'status', 'c')} = ${callStatus}`] : []),
  ];
}

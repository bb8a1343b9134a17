// What the provider says of a placed call (server messages, or a look-up of a call not heard of in time),
// applied to the call's row: the end is final, and later events only fill fields still empty.
import type { CallState } from '../../../model/calls.ts';
import { outcomeOf, successOf } from '../../../model/call-outcomes.ts';
import { db, num, one, query } from '../query.ts';
import { leadWithCall } from './leads.ts';
import { enqueue } from './outbox.ts';
import { CALL_COLUMNS, callOf, LEAD_COLUMNS, leadOf } from './rows.ts';
import { bump, setOutcome } from './tallies.ts';
import { isoOf, msOf } from './times.ts';
import type { Int, Big, BigOrNull, Real } from '../schema.ts';
import type { Generated } from 'kysely';

// The tables it owns, as the queries see them (each column held to the real one by server/tests/schema.test.ts).
export interface CallAttemptsTable {
  id: Generated<Int>;
  lead_id: Int;
  attempt: Int;
  started_at: Big;
  finished_at: BigOrNull;
  outcome: string | null;
  error: string | null;
  provider_call_id: string | null;
}
export interface CallsTable {
  lead_id: Int;
  status: string;
  call_at: BigOrNull;
  attempts: Generated<Int>;
  next_attempt_at: BigOrNull;
  lease_until: BigOrNull;
  attempt_started_at: BigOrNull;
  provider_call_id: string | null;
  provider_status: string | null;
  last_error: string | null;
  failure_reason: string | null;
  placed_at: BigOrNull;
  check_at: BigOrNull;
  ended_reason: string | null;
  started_at: string | null;
  ended_at: string | null;
  duration_seconds: Real | null;
  summary: string | null;
  success_evaluation: string | null;
  transcript: string | null;
  recording_url: string | null;
  updated_at: Big;
  outcome: string | null;
  to_call: Generated<Int>;
  started_ms: BigOrNull;
  ended_ms: BigOrNull;
}
declare module '../schema.ts' {
  interface Database {
    call_attempts: CallAttemptsTable;
    calls: CallsTable;
  }
}

/** What the provider said of a call (server messages or a lookup); absent fields are kept as they were. */
export type ProviderUpdate = {
  status?: string;
  endedReason?: string;
  startedAt?: string;
  endedAt?: string;
  durationSeconds?: number;
  summary?: string;
  successEvaluation?: string;
  transcript?: string;
  recordingUrl?: string;
};

/** The CRM hears of a call's change (when it is to be told at all). */
export function* changed(leadId: number, now: number, deliver: boolean) {
  if (!deliver) return;
  const row = yield* one(leadWithCall(leadId));
  if (row) yield* enqueue('lead.call.updated', now, leadOf(row), callOf(row));
}

export const providerReports = {
  /**
   * Applies what the provider said of a call; `unknown` when no lead has it, `unchanged` for a replay.
   * The end is final: once a call has ended (an end-of-call report, or a final status), later events only
   * fill fields still empty. The row is locked while it is read and written (PostgreSQL; SQLite has one
   * writer), so two events for one call on two instances never lose each other's fields.
   */
  *update({
    providerCallId,
    now,
    update,
    deliver,
  }: {
    providerCallId: string;
    now: number;
    update: ProviderUpdate;
    deliver: boolean;
  }) {
    const row = yield* one(
      db
        .selectFrom('calls as c')
        .innerJoin('leads as l', 'l.id', 'c.lead_id')
        .select([...LEAD_COLUMNS, ...CALL_COLUMNS, 'c.lead_id'])
        .where('c.provider_call_id', '=', providerCallId)
        .forUpdate('c'),
    );
    if (!row) return 'unknown' as const;
    const before = callOf(row)!;
    const ended = before.status === 'ended';
    // The provider's times are kept as epoch ms, so they are compared (and answered) as ISO text of those.
    const u = {
      ...update,
      startedAt: isoOf(null, update.startedAt) ?? undefined,
      endedAt: isoOf(null, update.endedAt) ?? undefined,
    };
    /** The new value of a field: what the event says, unless the call has ended and the field is filled already. */
    const field = <T>(was: T | null, given: T | undefined): T | null =>
      ended && was !== null && was !== '' ? was : (given ?? was);
    const next = {
      status: ended || u.status === 'ended' || u.endedReason ? 'ended' : before.status,
      // A status arriving after the end (out of order) changes nothing.
      providerStatus: ended || u.endedReason || u.status === 'ended' ? 'ended' : (u.status ?? before.providerStatus),
      endedReason: field(before.endedReason, u.endedReason),
      startedAt: field(before.startedAt, u.startedAt),
      endedAt: field(before.endedAt, u.endedAt),
      durationSeconds: field(before.durationSeconds, u.durationSeconds),
      summary: field(before.summary, u.summary),
      successEvaluation: field(before.successEvaluation, u.successEvaluation),
      transcript: field(before.transcript, u.transcript),
      recordingUrl: field(before.recordingUrl, u.recordingUrl),
    };
    const same = (Object.keys(next) as (keyof typeof next)[]).every((k) => next[k] === before[k]);
    if (same) return 'unchanged' as const;
    yield* one(
      db
        .updateTable('calls')
        .set({
          status: next.status,
          provider_status: next.providerStatus,
          ended_reason: next.endedReason,
          started_at: next.startedAt,
          started_ms: msOf(next.startedAt),
          ended_at: next.endedAt,
          ended_ms: msOf(next.endedAt),
          duration_seconds: next.durationSeconds,
          summary: next.summary,
          success_evaluation: next.successEvaluation,
          transcript: next.transcript,
          recording_url: next.recordingUrl,
          ...(next.status === 'ended' ? { check_at: null } : {}),
          updated_at: now,
        })
        .where('provider_call_id', '=', providerCallId),
    );
    const leadId = num(row.lead_id);
    yield* setOutcome(
      leadId,
      outcomeOf({
        status: next.status as CallState,
        endedReason: next.endedReason,
        failureReason: before.failureReason,
      }),
      now,
    );
    if (successOf(next.successEvaluation) === true && successOf(before.successEvaluation) !== true) {
      yield* bump('successful', now, { agentId: row.agent_id, campaign: row.utm_campaign });
    }
    // The CRM hears of the end (and of a later, fuller report); progress in between is ours alone.
    if (next.status === 'ended') yield* changed(leadId, now, deliver);
    return 'updated' as const;
  },

  /** Placed calls whose end has not been heard of by `now`: each is checked again no sooner than `recheckMs` later. */
  *claimChecks({ now, recheckMs, limit }: { now: number; recheckMs: number; limit: number }) {
    const due = db
      .selectFrom('calls')
      .select('lead_id')
      .where('status', '=', 'placed')
      .where('check_at', '<=', now)
      .orderBy('check_at')
      .limit(limit)
      .forUpdate()
      .skipLocked();
    const rows = yield* query(
      db
        .updateTable('calls')
        .set({ check_at: now + recheckMs })
        .where('lead_id', 'in', due)
        .returning(['lead_id', 'provider_call_id']),
    );
    return rows.map((r) => ({ leadId: num(r.lead_id), providerCallId: String(r.provider_call_id) }));
  },
};

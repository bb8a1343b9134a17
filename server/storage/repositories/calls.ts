// Demo calls as durable jobs: each lead has one row, leased by one worker at a time (across instances),
// with every attempt written down before it is made, so an attempt whose outcome is unknown (a crash,
// a timeout) is recognised and checked with the provider before anything is tried again.
import type { CallState } from '../../../model/calls.ts';
import { fragment, num, numOrNull, one, query, raw, sql } from '../sql.ts';
import { outcomeOf, successOf } from '../../../model/call-outcomes.ts';
import { enqueue } from './outbox.ts';
import { CALL_COLUMNS, callOf, LEAD_COLUMNS, leadOf } from './rows.ts';
import { bump, setOutcome } from './tallies.ts';
import { isoOf, msOf } from './times.ts';

export type CallJob = {
  leadId: number;
  phone: string;
  name: string;
  agentId: string;
  timeZone: string | null;
  attempts: number;
  attemptStartedAt: number | null;
  suppressed: boolean;
};

export type AttemptOutcome =
  | { kind: 'placed'; providerCallId: string; providerStatus: string | null; checkAt: number }
  /** `scheduled`: the wait was stretched to the next calling hours (the CRM hears it, with the new time). */
  | { kind: 'retry'; error: string; nextAttemptAt: number; unknown: boolean; scheduled: boolean }
  /** No attempt was made: the job waits until `at` (for calling hours when `scheduled`, else for a look-up). */
  | { kind: 'wait'; at: number; scheduled: boolean }
  | { kind: 'failed'; error: string | null; reason: string };

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

function* changed(leadId: number, now: number, deliver: boolean) {
  if (!deliver) return;
  const row = yield* one(
    sql`SELECT ${LEAD_COLUMNS}, ${CALL_COLUMNS} FROM leads l JOIN calls c ON c.lead_id = l.id WHERE l.id = ${leadId}`,
  );
  if (row) yield* enqueue('lead.call.updated', now, leadOf(row), callOf(row));
}

export const calls = {
  /** Leases due calls for `leaseMs`. */
  *claim({ now, leaseMs, limit }: { now: number; leaseMs: number; limit: number }) {
    const leased = yield* query(sql`UPDATE calls SET lease_until = ${now + leaseMs} WHERE lead_id IN (
        SELECT lead_id FROM calls WHERE status IN ('pending', 'scheduled', 'retrying') AND next_attempt_at <= ${now}
          AND (lease_until IS NULL OR lease_until <= ${now})
        ORDER BY next_attempt_at LIMIT ${limit} ${raw({ postgres: 'FOR UPDATE SKIP LOCKED' })})
      RETURNING lead_id`);
    if (!leased.length) return [] as CallJob[];
    const jobs: CallJob[] = [];
    for (const { lead_id } of leased) {
      const r = yield* one(sql`SELECT l.id, l.phone, l.name, l.agent_id, l.time_zone, c.attempts, c.attempt_started_at,
          (SELECT COUNT(*) FROM suppressions s WHERE s.phone = l.phone OR s.phone = l.phone_hash) AS suppressed
        FROM leads l JOIN calls c ON c.lead_id = l.id WHERE l.id = ${lead_id}`);
      if (r)
        jobs.push({
          leadId: num(r.id),
          phone: String(r.phone),
          name: String(r.name),
          agentId: String(r.agent_id),
          timeZone: r.time_zone === null || r.time_zone === undefined ? null : String(r.time_zone),
          attempts: num(r.attempts),
          attemptStartedAt: numOrNull(r.attempt_started_at),
          suppressed: num(r.suppressed) > 0,
        });
    }
    return jobs;
  },

  /**
   * When the worker should look again: the earliest due call (or the end of the lease that holds it) and the
   * earliest read-back of a placed call; null when nothing waits.
   */
  *nextDue() {
    const r = yield* one(sql`SELECT
        (SELECT MIN(CASE WHEN lease_until > next_attempt_at THEN lease_until ELSE next_attempt_at END) FROM calls
          WHERE status IN ('pending', 'scheduled', 'retrying')) AS due,
        (SELECT MIN(check_at) FROM calls WHERE status = 'placed') AS check_at`);
    const times = [numOrNull(r?.due), numOrNull(r?.check_at)].filter((t): t is number => t !== null);
    return times.length ? Math.min(...times) : null;
  },

  /**
   * Writes an attempt down before it is made (its outcome stays unknown until `record`); null when the call
   * is no longer to be placed (its lead was erased, or it was given up, since it was leased): no attempt then.
   */
  *begin({ leadId, now }: { leadId: number; now: number }) {
    const row =
      yield* one(sql`UPDATE calls SET attempts = attempts + 1, attempt_started_at = ${now}, updated_at = ${now}
      WHERE lead_id = ${leadId} AND status IN ('pending', 'scheduled', 'retrying') RETURNING attempts`);
    if (!row) return null;
    const attempt = num(row.attempts);
    yield* one(sql`INSERT INTO call_attempts (lead_id, attempt, started_at) VALUES (${leadId}, ${attempt}, ${now})`);
    return attempt;
  },

  /**
   * The outcome of the lead's latest attempt (or of a check of an unknown one); releases the lease. When the
   * lead was erased while its call was being placed, nothing of the answer is kept (no provider call id, no
   * error text, no CRM event): the attempt is closed and the call stays as the erasure left it. The lead's row
   * is locked first (PostgreSQL), so an erasure under way finishes before this reads it, and one that comes
   * later waits for this to commit and then erases what it wrote.
   */
  *record({
    leadId,
    now,
    outcome,
    deliver,
  }: {
    leadId: number;
    now: number;
    outcome: AttemptOutcome;
    deliver: boolean;
  }) {
    const o = outcome;
    const lead = yield* one(sql`SELECT erased_at FROM leads WHERE id = ${leadId} ${raw({ postgres: 'FOR SHARE' })}`);
    if (!lead || lead.erased_at !== null) {
      yield* one(
        sql`UPDATE calls SET attempt_started_at = NULL, lease_until = NULL, next_attempt_at = NULL, updated_at = ${now} WHERE lead_id = ${leadId}`,
      );
      if (o.kind !== 'wait') {
        yield* one(sql`UPDATE call_attempts SET finished_at = ${now}, outcome = ${o.kind === 'placed' ? 'placed' : o.kind === 'retry' ? (o.unknown ? 'unknown' : 'retry') : 'failed'}
          WHERE id = (SELECT MAX(id) FROM call_attempts WHERE lead_id = ${leadId}) AND finished_at IS NULL`);
      }
      return 'erased' as const;
    }
    if (o.kind === 'wait') {
      // Nothing was tried: an unresolved attempt stays unresolved (its look-up comes later).
      yield* one(sql`UPDATE calls SET status = ${o.scheduled ? 'scheduled' : fragment('status')}, call_at = ${o.scheduled ? o.at : fragment('call_at')},
        next_attempt_at = ${o.at}, lease_until = NULL, updated_at = ${now} WHERE lead_id = ${leadId}`);
      if (o.scheduled) yield* changed(leadId, now, deliver);
      return;
    }
    if (o.kind === 'placed') {
      yield* one(sql`UPDATE calls SET status = 'placed', provider_call_id = ${o.providerCallId}, provider_status = ${o.providerStatus}, placed_at = ${now},
        check_at = ${o.checkAt}, attempt_started_at = NULL, lease_until = NULL, last_error = NULL, updated_at = ${now} WHERE lead_id = ${leadId}`);
    } else if (o.kind === 'retry') {
      yield* one(sql`UPDATE calls SET status = ${o.scheduled ? 'scheduled' : 'retrying'}, next_attempt_at = ${o.nextAttemptAt}, last_error = ${o.error},
        call_at = ${o.scheduled ? o.nextAttemptAt : fragment('call_at')},
        attempt_started_at = ${o.unknown ? fragment('attempt_started_at') : null}, lease_until = NULL, updated_at = ${now} WHERE lead_id = ${leadId}`);
    } else {
      yield* one(sql`UPDATE calls SET status = 'failed', last_error = ${o.error}, failure_reason = ${o.reason}, attempt_started_at = NULL, lease_until = NULL,
        next_attempt_at = NULL, updated_at = ${now} WHERE lead_id = ${leadId}`);
    }
    if (o.kind === 'placed') {
      const lead = yield* one(sql`SELECT agent_id, utm_campaign FROM leads WHERE id = ${leadId}`);
      yield* bump('calls-placed', now, {
        agentId: String(lead?.agent_id ?? ''),
        campaign: (lead?.utm_campaign as string | null) ?? null,
      });
    }
    yield* setOutcome(
      leadId,
      o.kind === 'placed'
        ? 'calling'
        : o.kind === 'retry'
          ? 'retrying'
          : outcomeOf({ status: 'failed', failureReason: o.reason }),
      now,
    );
    const result =
      o.kind === 'placed'
        ? `placed ${o.providerCallId}`
        : o.kind === 'retry'
          ? o.unknown
            ? 'unknown'
            : 'retry'
          : 'failed';
    yield* one(sql`UPDATE call_attempts SET finished_at = ${now}, outcome = ${result}, error = ${o.kind === 'placed' ? null : o.error},
      provider_call_id = ${o.kind === 'placed' ? o.providerCallId : null}
      WHERE id = (SELECT MAX(id) FROM call_attempts WHERE lead_id = ${leadId}) AND finished_at IS NULL`);
    // The CRM hears of a call placed, failed, or moved to the next calling hours; not of each retry.
    if (o.kind !== 'retry' || o.scheduled) yield* changed(leadId, now, deliver);
  },

  /** The call's state now (for the answer to the request that made it). */
  *state({ leadId }: { leadId: number }) {
    const r = yield* one(sql`SELECT status, call_at FROM calls WHERE lead_id = ${leadId}`);
    return r ? { status: r.status as CallState, callAt: numOrNull(r.call_at) } : null;
  },

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
    const row =
      yield* one(sql`SELECT ${LEAD_COLUMNS}, ${CALL_COLUMNS}, c.lead_id FROM calls c JOIN leads l ON l.id = c.lead_id
      WHERE c.provider_call_id = ${providerCallId} ${raw({ postgres: 'FOR UPDATE OF c' })}`);
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
    yield* one(sql`UPDATE calls SET status = ${next.status}, provider_status = ${next.providerStatus}, ended_reason = ${next.endedReason},
      started_at = ${next.startedAt}, started_ms = ${msOf(next.startedAt)}, ended_at = ${next.endedAt}, ended_ms = ${msOf(next.endedAt)}, duration_seconds = ${next.durationSeconds}, summary = ${next.summary},
      success_evaluation = ${next.successEvaluation}, transcript = ${next.transcript}, recording_url = ${next.recordingUrl},
      check_at = ${next.status === 'ended' ? null : fragment('check_at')}, updated_at = ${now}
      WHERE provider_call_id = ${providerCallId}`);
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
      yield* bump('successful', now, {
        agentId: String(row.agent_id),
        campaign: (row.utm_campaign as string | null) ?? null,
      });
    }
    // The CRM hears of the end (and of a later, fuller report); progress in between is ours alone.
    if (next.status === 'ended') yield* changed(leadId, now, deliver);
    return 'updated' as const;
  },

  /** Placed calls whose end has not been heard of by `now`: each is checked again no sooner than `recheckMs` later. */
  *claimChecks({ now, recheckMs, limit }: { now: number; recheckMs: number; limit: number }) {
    const rows = yield* query(sql`UPDATE calls SET check_at = ${now + recheckMs} WHERE lead_id IN (
        SELECT lead_id FROM calls WHERE status = 'placed' AND check_at <= ${now} ORDER BY check_at LIMIT ${limit} ${raw({ postgres: 'FOR UPDATE SKIP LOCKED' })})
      RETURNING lead_id, provider_call_id`);
    return rows.map((r) => ({ leadId: num(r.lead_id), providerCallId: String(r.provider_call_id) }));
  },

  /** Every attempt of a lead's call, in order. */
  *attempts({ leadId }: { leadId: number }) {
    const rows = yield* query(
      sql`SELECT attempt, started_at, finished_at, outcome, error, provider_call_id FROM call_attempts WHERE lead_id = ${leadId} ORDER BY attempt`,
    );
    return rows.map((r) => ({
      attempt: num(r.attempt),
      startedAt: new Date(num(r.started_at)).toISOString(),
      finishedAt: r.finished_at === null ? null : new Date(num(r.finished_at)).toISOString(),
      outcome: (r.outcome as string | null) ?? null,
      error: (r.error as string | null) ?? null,
      providerCallId: (r.provider_call_id as string | null) ?? null,
    }));
  },
};

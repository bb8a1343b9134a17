// Demo calls as durable jobs: each lead has one row, leased by one worker at a time (across instances),
// with every attempt written down before it is made, so an attempt whose outcome is unknown (a crash,
// a timeout) is recognised and checked with the provider before anything is tried again.
import type { CallState } from '../../../model/calls.ts';
import type { Updateable } from 'kysely';
import { db, num, numOrNull, one, query, reads } from '../query.ts';
import type { CallAttemptsTable } from './calls-provider.ts';
import { outcomeOf } from '../../../model/call-outcomes.ts';
import { changed, providerReports } from './calls-provider.ts';
import { bump, setOutcome } from './tallies.ts';

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

/** The states in which a call waits to be placed. */
const WAITING = ['pending', 'scheduled', 'retrying'];

/** Closes the lead's latest attempt, if still open. */
const finishAttempt = (leadId: number, set: Updateable<CallAttemptsTable>) =>
  db
    .updateTable('call_attempts')
    .set(set)
    .where('id', '=', (eb) =>
      eb
        .selectFrom('call_attempts')
        .select((a) => a.fn.max('id').as('id'))
        .where('lead_id', '=', leadId),
    )
    .where('finished_at', 'is', null);

export const calls = {
  ...providerReports,

  /** Leases due calls for `leaseMs`. */
  *claim({ now, leaseMs, limit }: { now: number; leaseMs: number; limit: number }) {
    const due = db
      .selectFrom('calls')
      .select('lead_id')
      .where('status', 'in', WAITING)
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
      .orderBy('next_attempt_at')
      .limit(limit)
      .forUpdate()
      .skipLocked();
    const leased = yield* query(
      db
        .updateTable('calls')
        .set({ lease_until: now + leaseMs })
        .where('lead_id', 'in', due)
        .returning('lead_id'),
    );
    if (!leased.length) return [] as CallJob[];
    const jobs: CallJob[] = [];
    for (const { lead_id } of leased) {
      const r = yield* one(
        db
          .selectFrom('leads as l')
          .innerJoin('calls as c', 'c.lead_id', 'l.id')
          .select((eb) => [
            'l.id',
            'l.phone',
            'l.name',
            'l.agent_id',
            'l.time_zone',
            'c.attempts',
            'c.attempt_started_at',
            eb
              .selectFrom('suppressions as s')
              .select((s) => s.fn.countAll().as('n'))
              .where((s) => s.or([s('s.phone', '=', s.ref('l.phone')), s('s.phone', '=', s.ref('l.phone_hash'))]))
              .as('suppressed'),
          ])
          .where('l.id', '=', lead_id),
      );
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
    const r = yield* one(
      db.selectNoFrom((eb) => [
        eb
          .selectFrom('calls')
          .select((c) =>
            c.fn
              .min(
                c
                  .case()
                  .when('lease_until', '>', c.ref('next_attempt_at'))
                  .then(c.ref('lease_until'))
                  .else(c.ref('next_attempt_at'))
                  .end(),
              )
              .as('due'),
          )
          .where('status', 'in', WAITING)
          .as('due'),
        eb
          .selectFrom('calls')
          .select((c) => c.fn.min('check_at').as('check_at'))
          .where('status', '=', 'placed')
          .as('check_at'),
      ]),
    );
    const times = [numOrNull(r?.due), numOrNull(r?.check_at)].filter((t): t is number => t !== null);
    return times.length ? Math.min(...times) : null;
  },

  /**
   * Writes an attempt down before it is made (its outcome stays unknown until `record`); null when the call
   * is no longer to be placed (its lead was erased, or it was given up, since it was leased): no attempt then.
   */
  *begin({ leadId, now }: { leadId: number; now: number }) {
    const row = yield* one(
      db
        .updateTable('calls')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), attempt_started_at: now, updated_at: now }))
        .where('lead_id', '=', leadId)
        .where('status', 'in', WAITING)
        .returning('attempts'),
    );
    if (!row) return null;
    const attempt = num(row.attempts);
    yield* one(db.insertInto('call_attempts').values({ lead_id: leadId, attempt, started_at: now }));
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
    const lead = yield* one(db.selectFrom('leads').select('erased_at').where('id', '=', leadId).forShare());
    if (!lead || lead.erased_at !== null) {
      yield* one(
        db
          .updateTable('calls')
          .set({ attempt_started_at: null, lease_until: null, next_attempt_at: null, updated_at: now })
          .where('lead_id', '=', leadId),
      );
      if (o.kind !== 'wait') {
        const outcome =
          o.kind === 'placed' ? 'placed' : o.kind === 'retry' ? (o.unknown ? 'unknown' : 'retry') : 'failed';
        yield* one(finishAttempt(leadId, { finished_at: now, outcome }));
      }
      return 'erased' as const;
    }
    if (o.kind === 'wait') {
      // Nothing was tried: an unresolved attempt stays unresolved (its look-up comes later).
      yield* one(
        db
          .updateTable('calls')
          .set({
            ...(o.scheduled ? { status: 'scheduled', call_at: o.at } : {}),
            next_attempt_at: o.at,
            lease_until: null,
            updated_at: now,
          })
          .where('lead_id', '=', leadId),
      );
      if (o.scheduled) yield* changed(leadId, now, deliver);
      return;
    }
    if (o.kind === 'placed') {
      yield* one(
        db
          .updateTable('calls')
          .set({
            status: 'placed',
            provider_call_id: o.providerCallId,
            provider_status: o.providerStatus,
            placed_at: now,
            check_at: o.checkAt,
            attempt_started_at: null,
            lease_until: null,
            last_error: null,
            updated_at: now,
          })
          .where('lead_id', '=', leadId),
      );
    } else if (o.kind === 'retry') {
      yield* one(
        db
          .updateTable('calls')
          .set({
            status: o.scheduled ? 'scheduled' : 'retrying',
            next_attempt_at: o.nextAttemptAt,
            last_error: o.error,
            ...(o.scheduled ? { call_at: o.nextAttemptAt } : {}),
            // An attempt whose outcome is unknown stays open, to be looked up.
            ...(o.unknown ? {} : { attempt_started_at: null }),
            lease_until: null,
            updated_at: now,
          })
          .where('lead_id', '=', leadId),
      );
    } else {
      yield* one(
        db
          .updateTable('calls')
          .set({
            status: 'failed',
            last_error: o.error,
            failure_reason: o.reason,
            attempt_started_at: null,
            lease_until: null,
            next_attempt_at: null,
            updated_at: now,
          })
          .where('lead_id', '=', leadId),
      );
    }
    if (o.kind === 'placed') {
      const lead = yield* one(
        db.selectFrom('leads').select(['agent_id', 'utm_campaign', 'embed_id']).where('id', '=', leadId),
      );
      yield* bump('calls-placed', now, {
        agentId: lead?.agent_id ?? '',
        campaign: lead?.utm_campaign ?? null,
        embedId: lead?.embed_id,
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
    yield* one(
      finishAttempt(leadId, {
        finished_at: now,
        outcome: result,
        error: o.kind === 'placed' ? null : o.error,
        provider_call_id: o.kind === 'placed' ? o.providerCallId : null,
      }),
    );
    // The CRM hears of a call placed, failed, or moved to the next calling hours; not of each retry.
    if (o.kind !== 'retry' || o.scheduled) yield* changed(leadId, now, deliver);
  },

  /** The call's state now (for the answer to the request that made it). */
  *state({ leadId }: { leadId: number }) {
    const r = yield* one(db.selectFrom('calls').select(['status', 'call_at']).where('lead_id', '=', leadId));
    return r ? { status: r.status as CallState, callAt: numOrNull(r.call_at) } : null;
  },

  /** Every attempt of a lead's call, in order. */
  attempts: reads(function* ({ leadId }: { leadId: number }) {
    const rows = yield* query(
      db
        .selectFrom('call_attempts')
        .select(['attempt', 'started_at', 'finished_at', 'outcome', 'error', 'provider_call_id'])
        .where('lead_id', '=', leadId)
        .orderBy('attempt'),
    );
    return rows.map((r) => ({
      attempt: num(r.attempt),
      startedAt: new Date(num(r.started_at)).toISOString(),
      finishedAt: r.finished_at === null ? null : new Date(num(r.finished_at)).toISOString(),
      outcome: (r.outcome as string | null) ?? null,
      error: (r.error as string | null) ?? null,
      providerCallId: (r.provider_call_id as string | null) ?? null,
    }));
  }),
};

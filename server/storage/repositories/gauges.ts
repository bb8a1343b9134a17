// What the operators' gauges read from the database (/metrics): calls by state and by outcome, the calls
// due and the oldest of them, the CRM deliveries waiting and the oldest of them, and the schema's version
// (readiness). Every read rests on an index (calls_status_lead, calls_outcome, calls_due, outbox_due), and
// the service reads them at most once per METRICS_CACHE_MS, never once per scrape.
import { CALL_STATES, type CallState } from '../../../model/calls.ts';
import { OUTCOME_IDS, type Outcome } from '../../../model/call-outcomes.ts';
import { num, numOrNull, one, query, sql } from '../sql.ts';

export type Gauges = {
  callsByState: Record<CallState, number>;
  callsByOutcome: Record<Outcome, number>;
  callsDue: number;
  /** When the call that has waited longest became due (epoch ms), null when none is due. */
  oldestDueAt: number | null;
  outboxPending: number;
  /** When the oldest undelivered CRM event happened (epoch ms), null when none waits. */
  oldestPendingAt: number | null;
};

/** The states a call waits in until the worker places it (as calls.claim reads them). */
const WAITING = ['pending', 'scheduled', 'retrying'] as const;

const counted = <K extends string>(keys: readonly K[], rows: Record<string, unknown>[]) => {
  const by = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (const r of rows) if (keys.includes(r.k as K)) by[r.k as K] = num(r.n);
  return by;
};

export const gauges = {
  *read({ now }: { now: number }) {
    // Two scans of two narrow indexes: one GROUP BY over (status, outcome) would read the table's wide rows.
    const states = yield* query(sql`SELECT status AS k, COUNT(*) AS n FROM calls GROUP BY status`);
    const outcomes = yield* query(
      sql`SELECT outcome AS k, COUNT(*) AS n FROM calls WHERE outcome IS NOT NULL GROUP BY outcome`,
    );
    const due = yield* one(sql`SELECT COUNT(*) AS n, MIN(next_attempt_at) AS oldest FROM calls
      WHERE status IN (${WAITING[0]}, ${WAITING[1]}, ${WAITING[2]}) AND next_attempt_at <= ${now}`);
    // id + 0: a plain MIN(id) lets PostgreSQL walk the primary key from the first (long delivered) event.
    const outbox = yield* one(sql`SELECT COUNT(*) AS n, MIN(id + 0) AS first FROM outbox WHERE delivered_at IS NULL`);
    const first = numOrNull(outbox?.first);
    // The outbox keeps no time of its own: the event's is in its payload, near the start.
    const payload = first === null ? undefined : yield* one(sql`SELECT payload FROM outbox WHERE id = ${first}`);
    const at = /"occurredAt":"([^"]+)"/.exec(String(payload?.payload ?? '').slice(0, 400))?.[1];
    return {
      callsByState: counted(CALL_STATES, states),
      callsByOutcome: counted(OUTCOME_IDS, outcomes),
      callsDue: num(due?.n),
      oldestDueAt: numOrNull(due?.oldest),
      outboxPending: num(outbox?.n),
      oldestPendingAt: at && Number.isFinite(Date.parse(at)) ? Date.parse(at) : null,
    } satisfies Gauges;
  },

  /** The highest migration applied to this database. */
  *schema() {
    return num((yield* one(sql`SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations`))?.v);
  },
};

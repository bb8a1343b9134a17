// What the operators' gauges read from the database (/metrics): calls by state and by outcome, the calls
// due and the oldest of them, the CRM deliveries waiting and the oldest of them, and the migrations applied
// (readiness). Every read rests on an index (calls_status_lead, calls_outcome, calls_due, outbox_due), and
// the service reads them at most once per METRICS_CACHE_MS, never once per scrape.
import { sql } from 'kysely';
import { CALL_STATES, type CallState } from '../../../model/calls.ts';
import { OUTCOME_IDS, type Outcome } from '../../../model/call-outcomes.ts';
import { db, num, numOrNull, one, query, reads } from '../query.ts';

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

/** Kysely's migrator's own record (../migrate.ts), which ./schema.ts leaves out. */
type MigrationTables = { kysely_migration: { name: string; timestamp: string } };

const counted = <K extends string>(keys: readonly K[], rows: { k: string | null; n: unknown }[]) => {
  const by = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (const r of rows) if (keys.includes(r.k as K)) by[r.k as K] = num(r.n);
  return by;
};

export const gauges = {
  read: reads(function* ({ now }: { now: number }) {
    // Two scans of two narrow indexes: one GROUP BY over (status, outcome) would read the table's wide rows.
    const states = yield* query(
      db
        .selectFrom('calls')
        .select((eb) => ['status as k', eb.fn.countAll().as('n')])
        .groupBy('status'),
    );
    const outcomes = yield* query(
      db
        .selectFrom('calls')
        .select((eb) => ['outcome as k', eb.fn.countAll().as('n')])
        .where('outcome', 'is not', null)
        .groupBy('outcome'),
    );
    const due = yield* one(
      db
        .selectFrom('calls')
        .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('next_attempt_at').as('oldest')])
        .where('status', 'in', WAITING)
        .where('next_attempt_at', '<=', now),
    );
    // id + 0: a plain MIN(id) lets PostgreSQL walk the primary key from the first (long delivered) event.
    const outbox = yield* one(
      db
        .selectFrom('outbox')
        .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min(eb('id', '+', sql.lit(0))).as('first')])
        .where('delivered_at', 'is', null),
    );
    const first = numOrNull(outbox?.first);
    // The outbox keeps no time of its own: the event's is in its payload, near the start.
    const payload =
      first === null ? undefined : yield* one(db.selectFrom('outbox').select('payload').where('id', '=', first));
    const at = /"occurredAt":"([^"]+)"/.exec(String(payload?.payload ?? '').slice(0, 400))?.[1];
    return {
      callsByState: counted(CALL_STATES, states),
      callsByOutcome: counted(OUTCOME_IDS, outcomes),
      callsDue: num(due?.n),
      oldestDueAt: numOrNull(due?.oldest),
      outboxPending: num(outbox?.n),
      oldestPendingAt: at && Number.isFinite(Date.parse(at)) ? Date.parse(at) : null,
    } satisfies Gauges;
  }),

  /** The names of the migrations applied to this database, in the order they ran (Kysely's migrator's record). */
  migrations: reads(function* () {
    const rows = yield* query(
      db.withTables<MigrationTables>().selectFrom('kysely_migration').select('name').orderBy('name'),
    );
    return rows.map((r) => r.name);
  }),
};

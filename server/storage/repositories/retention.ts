// Retention: what is older than its period goes, in batches (each its own short transaction, so writes
// keep their turn between them), and a lease so one instance at a time runs the hourly purge.
import { sql } from 'kysely';
import { db, num, one, onlyOn, query, reads } from '../query.ts';
import type { Database } from '../schema.ts';
import { converting, timeRange } from './times.ts';
import type { Big } from '../schema.ts';

// The tables it owns, as the queries see them (each column held to the real one by server/tests/schema.test.ts).
export interface LeasesTable {
  name: string;
  holder: string;
  until_ms: Big;
}
declare module '../schema.ts' {
  interface Database {
    leases: LeasesTable;
  }
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const retention = {
  /**
   * Takes (or renews) the lease `name` for `ms`: true when this holder has it now, false while another
   * holder's lease runs. One statement, so two instances asking together cannot both get it.
   */
  *lease({ name, holder, now, ms }: { name: string; holder: string; now: number; ms: number }) {
    const row = yield* one(
      db
        .insertInto('leases')
        .values({ name, holder, until_ms: now + ms })
        .onConflict((oc) =>
          oc
            .column('name')
            .doUpdateSet((eb) => ({ holder: eb.ref('excluded.holder'), until_ms: eb.ref('excluded.until_ms') }))
            .where((eb) =>
              eb.or([eb('leases.until_ms', '<=', now), eb('leases.holder', '=', eb.ref('excluded.holder'))]),
            ),
        )
        .returning('name'),
    );
    return Boolean(row);
  },

  /** Up to `batch` leads created before `before` (ms), with their calls, attempts, marks and CRM events; how many went. */
  *leads({ before, batch }: { before: number; batch: number }) {
    const older = timeRange('leads', 'created_ms', 'created_at', { to: before }, yield* converting('leads'));
    const ids = (yield* query(
      db
        .selectFrom('leads')
        .select('id')
        .where((eb) => eb.and(older))
        .orderBy('created_ms')
        .limit(batch),
    )).map((r) => num(r.id));
    if (!ids.length) return 0;
    for (const table of [
      'call_attempts',
      'calls',
      'lead_marks',
      'lead_mark_events',
      'lead_search',
      'outbox',
    ] as const) {
      yield* one(db.deleteFrom(table).where('lead_id', 'in', ids));
    }
    yield* one(db.deleteFrom('leads').where('id', 'in', ids));
    return ids.length;
  },

  /** Transcripts, summaries and recording links of calls last changed before `before` (ms); the call and its outcome stay. */
  *callContent({ before, batch }: { before: number; batch: number }) {
    const older = db
      .selectFrom('calls')
      .select('lead_id')
      .where('updated_at', '<', before)
      .where((eb) =>
        eb.or([eb('transcript', 'is not', null), eb('summary', 'is not', null), eb('recording_url', 'is not', null)]),
      )
      .orderBy('updated_at')
      .limit(batch);
    const rows = yield* query(
      db
        .updateTable('calls')
        .set({ transcript: null, summary: null, recording_url: null, success_evaluation: null })
        .where('lead_id', 'in', older)
        .returning('lead_id'),
    );
    return rows.length;
  },

  /** CRM events delivered before `before` (ms): they hold copies of what the lead said. */
  *outbox({ before, batch }: { before: number; batch: number }) {
    const older = db
      .selectFrom('outbox')
      .select('id')
      .where('delivered_at', 'is not', null)
      .where('delivered_at', '<', before)
      .orderBy('delivered_at')
      .limit(batch);
    const rows = yield* query(db.deleteFrom('outbox').where('id', 'in', older).returning('id'));
    return rows.length;
  },

  /**
   * Up to `batch` web demos granted before `before` (ms), oldest first, with all they hold. A lead that
   * names one keeps its id: it still tried the demo first, only how long is no longer known.
   */
  *demos({ before, batch }: { before: number; batch: number }) {
    const older = db
      .selectFrom('demo_sessions')
      .select('id')
      .where('created_at', '<', before)
      .orderBy('created_at')
      .limit(batch);
    const rows = yield* query(db.deleteFrom('demo_sessions').where('id', 'in', older).returning('id'));
    return rows.length;
  },

  /** Feedback sent before `before` (ms): kept as long as leads. */
  *feedback({ before, batch }: { before: number; batch: number }) {
    const older = timeRange('feedback', 'created_ms', 'created_at', { to: before }, yield* converting('feedback'));
    const ids = db
      .selectFrom('feedback')
      .select('id')
      .where((eb) => eb.and(older))
      .orderBy('created_ms')
      .limit(batch);
    const rows = yield* query(db.deleteFrom('feedback').where('id', 'in', ids).returning('id'));
    return rows.length;
  },

  /**
   * What lives a day at most: codes past their expiry and out of the hourly limits' window, failed
   * sign-ins, ended sessions; and audit entries older than `auditBefore` (ms).
   */
  *shortLived({ now, auditBefore, batch }: { now: number; auditBefore: number; batch: number }) {
    const codes = yield* query(
      db
        .deleteFrom('otp_codes')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('otp_codes')
            .select('id')
            .where('created_at', '<', now - HOUR)
            .where('expires_at', '<', now)
            .orderBy('created_at')
            .limit(batch),
        )
        .returning('id'),
    );
    const failures = yield* query(
      db
        .deleteFrom('desk_login_failures')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('desk_login_failures')
            .select('id')
            .where('at', '<', now - DAY)
            .orderBy('at')
            .limit(batch),
        )
        .returning('id'),
    );
    const sessions = yield* query(
      db
        .deleteFrom('desk_sessions')
        .where('token_hash', 'in', (eb) =>
          eb.selectFrom('desk_sessions').select('token_hash').where('expires_at', '<=', now).limit(batch),
        )
        .returning('user_id'),
    );
    const audit = yield* query(
      db
        .deleteFrom('desk_audit')
        .where('id', 'in', (eb) =>
          eb.selectFrom('desk_audit').select('id').where('at', '<', auditBefore).orderBy('at').limit(batch),
        )
        .returning('id'),
    );
    return { codes: codes.length, failures: failures.length, sessions: sessions.length, audit: audit.length };
  },

  /** Keeps the planner's statistics current after a purge (PostgreSQL's autovacuum analyses by itself). */
  *optimize() {
    yield* onlyOn({ sqlite: sql`PRAGMA optimize` });
  },

  /** Rows per table, for the purge's report and the tests. */
  counts: reads(function* () {
    const count = (table: keyof Database) => db.selectFrom(table).select((eb) => eb.fn.countAll().as('n'));
    const r = yield* one(
      db.selectNoFrom([
        count('leads').as('leads'),
        count('calls').as('calls'),
        count('call_attempts').as('attempts'),
        count('outbox').as('outbox'),
        count('otp_codes').as('codes'),
        count('feedback').as('feedback'),
        count('demo_sessions').as('demos'),
        count('desk_sessions').as('sessions'),
        count('desk_login_failures').as('failures'),
        count('desk_audit').as('audit'),
      ]),
    );
    return Object.fromEntries(Object.entries(r ?? {}).map(([k, v]) => [k, num(v)])) as Record<
      'leads' | 'calls' | 'attempts' | 'outbox' | 'codes' | 'feedback' | 'demos' | 'sessions' | 'failures' | 'audit',
      number
    >;
  }),
};

// Retention: what is older than its period goes, in batches (each its own short transaction, so writes
// keep their turn between them), and a lease so one instance at a time runs the hourly purge.
import { fragment, join, num, one, query, raw, sql } from '../sql.ts';
import { converting, timeRange } from './times.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const list = (ids: unknown[]) =>
  join(
    ids.map((id) => sql`${num(id)}`),
    ', ',
  );

export const retention = {
  /**
   * Takes (or renews) the lease `name` for `ms`: true when this holder has it now, false while another
   * holder's lease runs. One statement, so two instances asking together cannot both get it.
   */
  *lease({ name, holder, now, ms }: { name: string; holder: string; now: number; ms: number }) {
    const row = yield* one(sql`INSERT INTO leases (name, holder, until_ms) VALUES (${name}, ${holder}, ${now + ms})
      ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until_ms = excluded.until_ms
      WHERE leases.until_ms <= ${now} OR leases.holder = excluded.holder RETURNING name`);
    return Boolean(row);
  },

  /** Up to `batch` leads created before `before` (ms), with their calls, attempts, marks and CRM events; how many went. */
  *leads({ before, batch }: { before: number; batch: number }) {
    const older = timeRange('created_ms', 'created_at', { to: before }, yield* converting('leads'));
    const ids = (yield* query(
      sql`SELECT id FROM leads WHERE ${join(older, ' AND ')} ORDER BY created_ms LIMIT ${batch}`,
    )).map((r) => r.id);
    if (!ids.length) return 0;
    for (const table of [
      'call_attempts',
      'calls',
      'lead_marks',
      'lead_mark_events',
      'lead_search',
      'outbox',
    ] as const) {
      yield* one(sql`DELETE FROM ${fragment(table)} WHERE lead_id IN (${list(ids)})`);
    }
    yield* one(sql`DELETE FROM leads WHERE id IN (${list(ids)})`);
    return ids.length;
  },

  /** Transcripts, summaries and recording links of calls last changed before `before` (ms); the call and its outcome stay. */
  *callContent({ before, batch }: { before: number; batch: number }) {
    const rows =
      yield* query(sql`UPDATE calls SET transcript = NULL, summary = NULL, recording_url = NULL, success_evaluation = NULL
      WHERE lead_id IN (SELECT lead_id FROM calls WHERE updated_at < ${before}
        AND (transcript IS NOT NULL OR summary IS NOT NULL OR recording_url IS NOT NULL) ORDER BY updated_at LIMIT ${batch})
      RETURNING lead_id`);
    return rows.length;
  },

  /** CRM events delivered before `before` (ms): they hold copies of what the lead said. */
  *outbox({ before, batch }: { before: number; batch: number }) {
    const rows =
      yield* query(sql`DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE delivered_at IS NOT NULL AND delivered_at < ${before}
      ORDER BY delivered_at LIMIT ${batch}) RETURNING id`);
    return rows.length;
  },

  /** Feedback sent before `before` (ms): kept as long as leads. */
  *feedback({ before, batch }: { before: number; batch: number }) {
    const older = timeRange('created_ms', 'created_at', { to: before }, yield* converting('feedback'));
    const rows = yield* query(
      sql`DELETE FROM feedback WHERE id IN (SELECT id FROM feedback WHERE ${join(older, ' AND ')} ORDER BY created_ms LIMIT ${batch}) RETURNING id`,
    );
    return rows.length;
  },

  /**
   * What lives a day at most: codes past their expiry and out of the hourly limits' window, failed
   * sign-ins, ended sessions; and audit entries older than `auditBefore` (ms).
   */
  *shortLived({ now, auditBefore, batch }: { now: number; auditBefore: number; batch: number }) {
    const codes =
      yield* query(sql`DELETE FROM otp_codes WHERE id IN (SELECT id FROM otp_codes WHERE created_at < ${now - HOUR} AND expires_at < ${now}
      ORDER BY created_at LIMIT ${batch}) RETURNING id`);
    const failures = yield* query(
      sql`DELETE FROM desk_login_failures WHERE id IN (SELECT id FROM desk_login_failures WHERE at < ${now - DAY} ORDER BY at LIMIT ${batch}) RETURNING id`,
    );
    const sessions = yield* query(
      sql`DELETE FROM desk_sessions WHERE token_hash IN (SELECT token_hash FROM desk_sessions WHERE expires_at <= ${now} LIMIT ${batch}) RETURNING user_id`,
    );
    const audit = yield* query(
      sql`DELETE FROM desk_audit WHERE id IN (SELECT id FROM desk_audit WHERE at < ${auditBefore} ORDER BY at LIMIT ${batch}) RETURNING id`,
    );
    return { codes: codes.length, failures: failures.length, sessions: sessions.length, audit: audit.length };
  },

  /** Keeps the planner's statistics current after a purge (PostgreSQL's autovacuum analyses by itself). */
  *optimize() {
    yield* query(sql`${raw({ sqlite: 'PRAGMA optimize', postgres: 'SELECT 1' })}`);
  },

  /** Rows per table, for the purge's report and the tests. */
  *counts() {
    const r =
      yield* one(sql`SELECT (SELECT COUNT(*) FROM leads) AS leads, (SELECT COUNT(*) FROM calls) AS calls, (SELECT COUNT(*) FROM call_attempts) AS attempts,
      (SELECT COUNT(*) FROM outbox) AS outbox, (SELECT COUNT(*) FROM otp_codes) AS codes, (SELECT COUNT(*) FROM feedback) AS feedback,
      (SELECT COUNT(*) FROM desk_sessions) AS sessions, (SELECT COUNT(*) FROM desk_login_failures) AS failures, (SELECT COUNT(*) FROM desk_audit) AS audit`);
    return Object.fromEntries(Object.entries(r ?? {}).map(([k, v]) => [k, num(v)])) as Record<
      'leads' | 'calls' | 'attempts' | 'outbox' | 'codes' | 'feedback' | 'sessions' | 'failures' | 'audit',
      number
    >;
  },
};

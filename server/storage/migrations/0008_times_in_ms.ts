// Migration 8 (version 8 of schema_migrations before Kysely's migrator). Frozen: it ran as it stands,
// so it is never edited and imports nothing of ours; a change is the next migration.
// Issue 31: one time convention, epoch milliseconds, for every stored time. The text (and, for feedback on
// PostgreSQL, timestamptz) columns stay for a release, written but not read; rows stored before get their
// milliseconds after the start, a batch at a time (./repositories/times.ts): a `times-below:<table>` setting
// marks the leads' and calls' ids still to convert (none when the table was empty); feedback is found by its empty created_ms.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `ALTER TABLE leads ADD COLUMN consented_ms BIGINT`,
    `ALTER TABLE leads ADD COLUMN verified_ms BIGINT`,
    `ALTER TABLE feedback ADD COLUMN created_ms BIGINT`,
    `ALTER TABLE calls ADD COLUMN started_ms BIGINT`,
    `ALTER TABLE calls ADD COLUMN ended_ms BIGINT`,
    `DROP INDEX leads_created`,
    `DROP INDEX feedback_created`,
    `CREATE INDEX leads_created_ms ON leads (created_ms)`,
    `CREATE INDEX feedback_created_ms ON feedback (created_ms)`,
    `INSERT INTO settings (key, value) SELECT 'times-below:leads', CAST(m + 1 AS TEXT) FROM (SELECT MAX(id) AS m FROM leads) t WHERE m IS NOT NULL`,
    `INSERT INTO settings (key, value) SELECT 'times-below:calls', CAST(m + 1 AS TEXT) FROM (SELECT MAX(lead_id) AS m FROM calls WHERE started_at IS NOT NULL OR ended_at IS NOT NULL) t WHERE m IS NOT NULL`,
  ])
    await sql.raw(statement).execute(db);
}

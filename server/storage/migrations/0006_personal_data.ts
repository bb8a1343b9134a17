// Migration 6 (version 6 of schema_migrations before Kysely's migrator). Frozen: it ran as it stands,
// so it is never edited and imports nothing of ours; a change is the next migration.
// Issue 33: personal data over its whole life. A keyed hash of each lead's number (erasure keeps it, so
// the do-not-call list and repeat requests still match), when a lead was erased, desk roles (accounts
// made before roles are admins), the desk's audit, leases (one instance runs the hourly purge), and
// indexes the purge's batches walk.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const statement of [
    `ALTER TABLE leads ADD COLUMN phone_hash TEXT`,
    `ALTER TABLE leads ADD COLUMN erased_at BIGINT`,
    `CREATE INDEX leads_phone_hash ON leads (phone_hash)`,
    `ALTER TABLE desk_users ADD COLUMN role TEXT NOT NULL DEFAULT 'admin'`,
    postgres
      ? `CREATE TABLE desk_audit (
     id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     at BIGINT NOT NULL,
     actor TEXT NOT NULL,
     action TEXT NOT NULL,
     lead_id INTEGER,
     session_id TEXT,
     detail TEXT)`
      : `CREATE TABLE desk_audit (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     at BIGINT NOT NULL,
     actor TEXT NOT NULL,
     action TEXT NOT NULL,
     lead_id INTEGER,
     session_id TEXT,
     detail TEXT)`,
    `CREATE INDEX desk_audit_at ON desk_audit (at)`,
    `CREATE INDEX desk_audit_lead ON desk_audit (lead_id, at)`,
    `CREATE TABLE leases (name TEXT PRIMARY KEY, holder TEXT NOT NULL, until_ms BIGINT NOT NULL)`,
    `CREATE INDEX calls_content ON calls (updated_at) WHERE transcript IS NOT NULL OR summary IS NOT NULL OR recording_url IS NOT NULL`,
    `CREATE INDEX desk_login_failures_at ON desk_login_failures (at)`,
    `CREATE INDEX feedback_created ON feedback (created_at)`,
    `CREATE INDEX feedback_email ON feedback (LOWER(email))`,
  ])
    await sql.raw(statement).execute(db);
}

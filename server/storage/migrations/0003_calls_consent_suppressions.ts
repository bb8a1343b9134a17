// Migration 3 (version 3 of schema_migrations before Kysely's migrator). Frozen: it ran as it stands,
// so it is never edited and imports nothing of ours; a change is the next migration.
// Durable demo calls and their outcomes, proof of consent and attribution on leads, per-client and
// global code limits, typed CRM events, the do-not-call list.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const statement of [
    `ALTER TABLE leads ADD COLUMN consent_version TEXT`,
    `ALTER TABLE leads ADD COLUMN consent_sha256 TEXT`,
    `ALTER TABLE leads ADD COLUMN consented_at TEXT`,
    `ALTER TABLE leads ADD COLUMN verified_at TEXT`,
    `ALTER TABLE leads ADD COLUMN page_url TEXT`,
    `ALTER TABLE leads ADD COLUMN referrer TEXT`,
    `ALTER TABLE leads ADD COLUMN user_agent TEXT`,
    `ALTER TABLE leads ADD COLUMN utm_source TEXT`,
    `ALTER TABLE leads ADD COLUMN utm_medium TEXT`,
    `ALTER TABLE leads ADD COLUMN utm_campaign TEXT`,
    `ALTER TABLE leads ADD COLUMN utm_term TEXT`,
    `ALTER TABLE leads ADD COLUMN utm_content TEXT`,
    `ALTER TABLE leads ADD COLUMN gclid TEXT`,
    `ALTER TABLE leads ADD COLUMN fbclid TEXT`,
    `ALTER TABLE leads ADD COLUMN metadata TEXT`,
    `ALTER TABLE leads ADD COLUMN time_zone TEXT`,
    `ALTER TABLE leads ADD COLUMN created_ms BIGINT`,
    `CREATE INDEX leads_recent ON leads (phone, agent_id, created_ms)`,
    postgres
      ? `CREATE TABLE calls (
     lead_id INTEGER PRIMARY KEY REFERENCES leads (id),
     status TEXT NOT NULL,
     call_at BIGINT,
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at BIGINT,
     lease_until BIGINT,
     attempt_started_at BIGINT,
     provider_call_id TEXT UNIQUE,
     provider_status TEXT,
     last_error TEXT,
     failure_reason TEXT,
     placed_at BIGINT,
     check_at BIGINT,
     ended_reason TEXT,
     started_at TEXT,
     ended_at TEXT,
     duration_seconds DOUBLE PRECISION,
     summary TEXT,
     success_evaluation TEXT,
     transcript TEXT,
     recording_url TEXT,
     updated_at BIGINT NOT NULL)`
      : `CREATE TABLE calls (
     lead_id INTEGER PRIMARY KEY REFERENCES leads (id),
     status TEXT NOT NULL,
     call_at BIGINT,
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at BIGINT,
     lease_until BIGINT,
     attempt_started_at BIGINT,
     provider_call_id TEXT UNIQUE,
     provider_status TEXT,
     last_error TEXT,
     failure_reason TEXT,
     placed_at BIGINT,
     check_at BIGINT,
     ended_reason TEXT,
     started_at TEXT,
     ended_at TEXT,
     duration_seconds REAL,
     summary TEXT,
     success_evaluation TEXT,
     transcript TEXT,
     recording_url TEXT,
     updated_at BIGINT NOT NULL)`,
    `CREATE INDEX calls_due ON calls (status, next_attempt_at)`,
    postgres
      ? `CREATE TABLE call_attempts (
     id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     lead_id INTEGER NOT NULL REFERENCES leads (id),
     attempt INTEGER NOT NULL,
     started_at BIGINT NOT NULL,
     finished_at BIGINT,
     outcome TEXT,
     error TEXT,
     provider_call_id TEXT)`
      : `CREATE TABLE call_attempts (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     lead_id INTEGER NOT NULL REFERENCES leads (id),
     attempt INTEGER NOT NULL,
     started_at BIGINT NOT NULL,
     finished_at BIGINT,
     outcome TEXT,
     error TEXT,
     provider_call_id TEXT)`,
    `CREATE INDEX call_attempts_lead ON call_attempts (lead_id, attempt)`,
    `INSERT INTO calls (lead_id, status, provider_call_id, last_error, failure_reason, updated_at)
     SELECT id, CASE WHEN call_status = 'placed' THEN 'placed' WHEN call_status = 'queued' THEN 'failed' ELSE 'not-configured' END,
       call_id, call_error, CASE WHEN call_status = 'queued' THEN 'not-retried' END, 0 FROM leads`,
    `ALTER TABLE leads DROP COLUMN call_status`,
    `ALTER TABLE leads DROP COLUMN call_id`,
    `ALTER TABLE leads DROP COLUMN call_error`,
    `CREATE TABLE suppressions (phone TEXT PRIMARY KEY, reason TEXT NOT NULL, created_at BIGINT NOT NULL)`,
    `ALTER TABLE otp_codes ADD COLUMN client_ip TEXT`,
    `CREATE INDEX otp_codes_client ON otp_codes (client_ip, created_at)`,
    `CREATE INDEX otp_codes_created ON otp_codes (created_at)`,
    `ALTER TABLE outbox ADD COLUMN event TEXT NOT NULL DEFAULT 'lead.created'`,
    `ALTER TABLE outbox ADD COLUMN delivery_id TEXT`,
    postgres
      ? `UPDATE outbox SET delivery_id = 'lead-' || lead_id::text`
      : `UPDATE outbox SET delivery_id = 'lead-' || lead_id`,
    `CREATE INDEX outbox_lead ON outbox (lead_id, id)`,
  ])
    await sql.raw(statement).execute(db);
}

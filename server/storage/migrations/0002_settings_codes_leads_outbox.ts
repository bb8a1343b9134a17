// Migration 2 (version 2 of schema_migrations before Kysely's migrator). Frozen: it ran as it stands,
// so it is never edited and imports nothing of ours; a change is the next migration.
// IF NOT EXISTS on SQLite keeps the shape of files made before migrations were numbered, so they upgrade in place.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const statement of [
    postgres
      ? `CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)`
      : `CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
    postgres
      ? `CREATE TABLE otp_codes (
     id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     phone TEXT NOT NULL, code_hash TEXT,
     created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL,
     checks INTEGER NOT NULL DEFAULT 0, consumed_at BIGINT)`
      : `CREATE TABLE IF NOT EXISTS otp_codes (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     phone TEXT NOT NULL, code_hash TEXT,
     created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL,
     checks INTEGER NOT NULL DEFAULT 0, consumed_at BIGINT)`,
    postgres
      ? `CREATE INDEX otp_codes_phone ON otp_codes (phone, created_at)`
      : `CREATE INDEX IF NOT EXISTS otp_codes_phone ON otp_codes (phone, created_at)`,
    postgres
      ? `CREATE TABLE leads (
     id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     agent_id TEXT NOT NULL, name TEXT NOT NULL, phone TEXT NOT NULL,
     consent_text TEXT NOT NULL, client_ip TEXT NOT NULL, token_id TEXT NOT NULL UNIQUE,
     created_at TEXT NOT NULL, call_status TEXT, call_id TEXT, call_error TEXT)`
      : `CREATE TABLE IF NOT EXISTS leads (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     agent_id TEXT NOT NULL, name TEXT NOT NULL, phone TEXT NOT NULL,
     consent_text TEXT NOT NULL, client_ip TEXT NOT NULL, token_id TEXT NOT NULL UNIQUE,
     created_at TEXT NOT NULL, call_status TEXT, call_id TEXT, call_error TEXT)`,
    postgres
      ? `CREATE TABLE outbox (
     id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     lead_id INTEGER NOT NULL REFERENCES leads (id), payload TEXT NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at BIGINT NOT NULL,
     lease_until BIGINT, delivered_at BIGINT, last_error TEXT)`
      : `CREATE TABLE IF NOT EXISTS outbox (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     lead_id INTEGER NOT NULL REFERENCES leads (id), payload TEXT NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at BIGINT NOT NULL,
     lease_until BIGINT, delivered_at BIGINT, last_error TEXT)`,
    postgres
      ? `CREATE INDEX outbox_due ON outbox (delivered_at, next_attempt_at)`
      : `CREATE INDEX IF NOT EXISTS outbox_due ON outbox (delivered_at, next_attempt_at)`,
  ])
    await sql.raw(statement).execute(db);
}

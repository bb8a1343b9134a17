// Migration 4 (version 4 of schema_migrations before Kysely's migrator). Frozen: it ran as it stands,
// so it is never edited and imports nothing of ours; a change is the next migration.
// The sales desk: its accounts, their sessions (only a hash of each token), failed sign-ins (the
// lock-out, shared by instances), who marked a lead contacted; indexes for its "changed since".
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const statement of [
    postgres
      ? `CREATE TABLE desk_users (
     id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     email TEXT NOT NULL UNIQUE,
     password_hash TEXT NOT NULL,
     created_at BIGINT NOT NULL)`
      : `CREATE TABLE desk_users (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     email TEXT NOT NULL UNIQUE,
     password_hash TEXT NOT NULL,
     created_at BIGINT NOT NULL)`,
    `CREATE TABLE desk_sessions (
     token_hash TEXT PRIMARY KEY,
     user_id INTEGER NOT NULL REFERENCES desk_users (id),
     created_at BIGINT NOT NULL,
     expires_at BIGINT NOT NULL)`,
    `CREATE INDEX desk_sessions_user ON desk_sessions (user_id)`,
    `CREATE INDEX desk_sessions_expiry ON desk_sessions (expires_at)`,
    postgres
      ? `CREATE TABLE desk_login_failures (
     id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     email TEXT NOT NULL,
     client_ip TEXT NOT NULL,
     at BIGINT NOT NULL)`
      : `CREATE TABLE desk_login_failures (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     email TEXT NOT NULL,
     client_ip TEXT NOT NULL,
     at BIGINT NOT NULL)`,
    `CREATE INDEX desk_login_failures_email ON desk_login_failures (email, at)`,
    `CREATE INDEX desk_login_failures_client ON desk_login_failures (client_ip, at)`,
    `CREATE TABLE lead_marks (
     lead_id INTEGER PRIMARY KEY REFERENCES leads (id),
     contacted_at BIGINT NOT NULL,
     contacted_by TEXT NOT NULL)`,
    `CREATE INDEX lead_marks_at ON lead_marks (contacted_at)`,
    `CREATE INDEX leads_created ON leads (created_at)`,
    `CREATE INDEX calls_updated ON calls (updated_at)`,
  ])
    await sql.raw(statement).execute(db);
}

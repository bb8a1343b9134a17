// Migration 11. Frozen once shipped: it ran as it stands, so it is never edited and imports nothing of
// ours; a change is the next migration.
// Issue 46: the web demos POST /api/voice/session grants, each with what its end-of-call report said.
// The limits read the last hour of one client's grants and one UTC day's grants.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const statement of [
    `CREATE TABLE demo_sessions (
     id TEXT PRIMARY KEY,
     assistant_id TEXT NOT NULL,
     agent_id TEXT,
     mode TEXT NOT NULL,
     origin TEXT NOT NULL,
     page_url TEXT,
     client_hash TEXT NOT NULL,
     created_at BIGINT NOT NULL,
     grant_seconds INTEGER NOT NULL,
     ended_at BIGINT,
     duration_seconds ${postgres ? 'DOUBLE PRECISION' : 'REAL'},
     ended_reason TEXT,
     summary TEXT,
     transcript TEXT,
     provider_call_id TEXT)`,
    `CREATE INDEX demo_sessions_client ON demo_sessions (client_hash, created_at)`,
    `CREATE INDEX demo_sessions_day ON demo_sessions (mode, created_at)`,
  ])
    await sql.raw(statement).execute(db);
}

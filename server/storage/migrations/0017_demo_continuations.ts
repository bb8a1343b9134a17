// Migration 17. Frozen once shipped: never edited, imports nothing of ours; a change is the next migration.
// Issue 46: one demo across a conversation's chat and its call. The day's budget counts a demo's call by
// the seconds its report gave (call_seconds), apart from the whole demo's length (duration_seconds, which
// for a chat or a hybrid is its time from grant to end); and a chat's provider session is kept so its
// session.* messages find the demo; and how often it was continued (a continuation is no new grant, so
// it is bounded by its own count). Demos reported before this migration were all calls: their length was
// their call's.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const statement of [
    `ALTER TABLE demo_sessions ADD COLUMN call_seconds ${postgres ? 'DOUBLE PRECISION' : 'REAL'}`,
    `ALTER TABLE demo_sessions ADD COLUMN provider_session_id TEXT`,
    `ALTER TABLE demo_sessions ADD COLUMN continuations INTEGER NOT NULL DEFAULT 0`,
    `UPDATE demo_sessions SET call_seconds = duration_seconds WHERE mode = 'voice'`,
  ])
    await sql.raw(statement).execute(db);
}

// Migration 11. Frozen once shipped: never edited, imports nothing of ours; a change is the next migration.
// Issue 47: sessions a person sees and ends. Each session keeps the browser it was opened in (its
// User-Agent), the address it was last used from, and when (written at most once a minute).
// Sessions opened before this have none of them until their next use.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `ALTER TABLE desk_sessions ADD COLUMN last_seen_at BIGINT`,
    `ALTER TABLE desk_sessions ADD COLUMN client_ip TEXT`,
    `ALTER TABLE desk_sessions ADD COLUMN user_agent TEXT`,
  ])
    await sql.raw(statement).execute(db);
}

// Migration 14. Frozen once shipped: never edited, imports nothing of ours; a change is the next migration.
// Issue 46: a lead asked for from the tab that tried a demo names that demo (its demoSessionId), so the
// desk says how long the visitor talked first and counts "tried a demo, then asked for a call".
// Demos are also dropped by age (retention), oldest first, whatever their mode.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `ALTER TABLE leads ADD COLUMN demo_session_id TEXT`,
    `CREATE INDEX leads_demo_session ON leads (demo_session_id)`,
    `CREATE INDEX demo_sessions_created ON demo_sessions (created_at)`,
  ])
    await sql.raw(statement).execute(db);
}

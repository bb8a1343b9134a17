// Migration 15. Frozen once shipped: never edited, imports nothing of ours; a change is the next migration.
// Issue 46: the desk's Demos list, newest first (created_at, then id, so a page's cursor is exact), filtered
// by agent, page origin or mode: each filter's index holds its demos in that order, so a page is one walk
// of an index, however many demos there are. Each carries the other filters' columns, so a walk that
// checks a second filter reads the index alone until it has a page.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    `CREATE INDEX demo_sessions_recent ON demo_sessions (created_at, id, agent_id, origin, mode)`,
    `CREATE INDEX demo_sessions_agent ON demo_sessions (agent_id, created_at, id, origin, mode)`,
    `CREATE INDEX demo_sessions_origin ON demo_sessions (origin, created_at, id, agent_id, mode)`,
    `CREATE INDEX demo_sessions_mode ON demo_sessions (mode, created_at, id, agent_id, origin)`,
  ])
    await sql.raw(statement).execute(db);
}

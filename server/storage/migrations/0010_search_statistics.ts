// Migration 10 (version 10 of schema_migrations before Kysely's migrator). Frozen: it ran as it stands,
// so it is never edited and imports nothing of ours; a change is the next migration.
// Issue 31: the desk's plan for a typed beginning rests on PostgreSQL's estimate of how many terms
// fall in its range. From the default sample (30,000 of the table's rows) the same common number
// prefix was once estimated at 371 terms instead of about 5,400, and the list then sorted every match;
// a ten-times larger sample keeps the estimate, and the plan, steady. (SQLite's planner reads
// PRAGMA optimize's statistics instead.)
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`ALTER TABLE lead_search ALTER COLUMN term SET STATISTICS 1000`.execute(db);
}

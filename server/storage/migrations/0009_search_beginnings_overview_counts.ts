// Migration 9 (version 9 of schema_migrations before Kysely's migrator). Frozen: it ran as it stands,
// so it is never edited and imports nothing of ours; a change is the next migration.
// Issue 34 (the desk at a million leads): a name word's beginnings stored as terms of their own (see
// ../model/search.ts), so a typed beginning is one exact term whose leads the index holds newest first;
// the terms by lead and term, so a search can check one lead's terms at once; and the overview's counts
// summed per day and per month, by agent and by campaign apart (not their product), so that two years
// read a few thousand rows. daily_counts stays the record of each day. Leads stored before get their
// beginnings from the start-up backfill of search terms, 500 leads a transaction, newest first (issue 31: never
// one start-up transaction over a million rows); until then a whole word still finds them.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const statement of [
    `UPDATE settings SET value = (SELECT CAST(COALESCE(MAX(id), 0) + 1 AS TEXT) FROM leads) WHERE key = 'lead-search-below'`,
    `CREATE INDEX lead_search_lead_term ON lead_search (lead_id, term)`,
    `DROP INDEX lead_search_lead`,
    postgres
      ? `CREATE TABLE overview_counts (
     span TEXT NOT NULL,
     dim TEXT NOT NULL,
     period TEXT NOT NULL,
     metric TEXT NOT NULL,
     dim_value TEXT NOT NULL,
     n BIGINT NOT NULL,
     PRIMARY KEY (span, dim, period, metric, dim_value))`
      : `CREATE TABLE overview_counts (
     span TEXT NOT NULL,
     dim TEXT NOT NULL,
     period TEXT NOT NULL,
     metric TEXT NOT NULL,
     dim_value TEXT NOT NULL,
     n BIGINT NOT NULL,
     PRIMARY KEY (span, dim, period, metric, dim_value)) WITHOUT ROWID`,
    `INSERT INTO overview_counts (span, dim, period, metric, dim_value, n)
     SELECT 'day', '', day, metric, '', SUM(n) FROM daily_counts GROUP BY day, metric`,
    `INSERT INTO overview_counts (span, dim, period, metric, dim_value, n)
     SELECT 'day', 'agent', day, metric, agent_id, SUM(n) FROM daily_counts GROUP BY day, metric, agent_id`,
    `INSERT INTO overview_counts (span, dim, period, metric, dim_value, n)
     SELECT 'day', 'campaign', day, metric, campaign, SUM(n) FROM daily_counts GROUP BY day, metric, campaign`,
    `INSERT INTO overview_counts (span, dim, period, metric, dim_value, n)
     SELECT 'month', '', substr(day, 1, 7), metric, '', SUM(n) FROM daily_counts GROUP BY substr(day, 1, 7), metric`,
    `INSERT INTO overview_counts (span, dim, period, metric, dim_value, n)
     SELECT 'month', 'agent', substr(day, 1, 7), metric, agent_id, SUM(n) FROM daily_counts GROUP BY substr(day, 1, 7), metric, agent_id`,
    `INSERT INTO overview_counts (span, dim, period, metric, dim_value, n)
     SELECT 'month', 'campaign', substr(day, 1, 7), metric, campaign, SUM(n) FROM daily_counts GROUP BY substr(day, 1, 7), metric, campaign`,
  ])
    await sql.raw(statement).execute(db);
}

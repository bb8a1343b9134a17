// Migration 11. Frozen once it has run: a change is the next migration.
// Issue 44: the overview counts leads per day in the team's time zone, not only in UTC. A UTC day's sum
// cannot be split into another zone's days, so leads are also summed per UTC quarter hour (span
// 'quarter', period 2026-11-27T20:15), which every zone's days are made of (all zones' offsets are
// whole quarter hours: India's +05:30, Nepal's +05:45). Leads stored before are summed here from the
// leads themselves; those an earlier purge already removed were counted in their UTC days only.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const quarter = postgres
    ? `substr(created_at, 1, 14) || lpad(CAST(CAST(substr(created_at, 15, 2) AS INTEGER) / 15 * 15 AS TEXT), 2, '0')`
    : `substr(created_at, 1, 14) || printf('%02d', CAST(substr(created_at, 15, 2) AS INTEGER) / 15 * 15)`;
  await sql
    .raw(
      `INSERT INTO overview_counts (span, dim, period, metric, dim_value, n)
       SELECT 'quarter', '', ${quarter}, 'leads', '', COUNT(*) FROM leads GROUP BY ${quarter}`,
    )
    .execute(db);
}

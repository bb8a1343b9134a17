// Migration 19. Frozen once shipped: never edited, imports nothing of ours; a change is the next migration.
// Issue 54: the overview's figures per embed. A code names the embed it was asked for, so its check and
// its cancellation count for that embed; overview_counts gains the dim 'embed' (its value the embed's id),
// per UTC day and month, for codes sent, verified phones, leads, calls placed, demos and demos followed
// by a lead. The sums are filled in here from the rows stored since migration 18 named embeds:
// - leads, by the day each was made (created_ms);
// - calls placed, by the day each lead's call was last placed (calls.placed_at, as migration 5 did);
// - demos, by the day each was granted, and those a lead names, on the demo's day.
// What cannot be filled in: codes sent and phones verified before this migration (codes kept no embed),
// and leads, calls and demos already purged by retention (their rows are gone). Those days' totals stay
// whole; only their split by embed misses them.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const day = (ms: string) =>
    postgres
      ? `to_char(to_timestamp(${ms} / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD')`
      : `strftime('%Y-%m-%d', ${ms} / 1000, 'unixepoch')`;
  const days = (metric: string, from: string, ms: string, embed: string, where: string) =>
    `INSERT INTO overview_counts (span, dim, period, metric, dim_value, n)
     SELECT 'day', 'embed', ${day(ms)}, '${metric}', ${embed}, COUNT(*) FROM ${from}
     WHERE ${embed} IS NOT NULL AND ${where} GROUP BY ${day(ms)}, ${embed}`;
  for (const statement of [
    `ALTER TABLE otp_codes ADD COLUMN embed_id TEXT`,
    days('leads', 'leads', 'created_ms', 'embed_id', 'created_ms IS NOT NULL'),
    days(
      'calls-placed',
      'calls c JOIN leads l ON l.id = c.lead_id',
      'c.placed_at',
      'l.embed_id',
      'c.placed_at IS NOT NULL',
    ),
    days('demos', 'demo_sessions', 'created_at', 'embed_id', '1 = 1'),
    days(
      'demo-leads',
      'demo_sessions d',
      'd.created_at',
      'd.embed_id',
      'EXISTS (SELECT 1 FROM leads l WHERE l.demo_session_id = d.id)',
    ),
    `INSERT INTO overview_counts (span, dim, period, metric, dim_value, n)
     SELECT 'month', 'embed', substr(period, 1, 7), metric, dim_value, SUM(n) FROM overview_counts
     WHERE span = 'day' AND dim = 'embed' GROUP BY substr(period, 1, 7), metric, dim_value`,
  ])
    await sql.raw(statement).execute(db);
}

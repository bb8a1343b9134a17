// Migration 5 (version 5 of schema_migrations before Kysely's migrator). Frozen: it ran as it stands,
// so it is never edited and imports nothing of ours; a change is the next migration.
// Issue 34 (the desk as a work tool): each call's outcome in one word and whether it is on the To call
// list, decided once when the call changes (the rules of ../model/call-outcomes.ts, applied here to
// calls stored before); the search terms of each lead (older leads' filled in batches after the
// start, from the newest down); every mark and undo; counts per day that a purge never changes.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const statement of [
    `ALTER TABLE calls ADD COLUMN outcome TEXT`,
    `ALTER TABLE calls ADD COLUMN to_call INTEGER NOT NULL DEFAULT 0`,
    `UPDATE calls SET outcome = CASE status WHEN 'pending' THEN 'waiting' WHEN 'scheduled' THEN 'scheduled' WHEN 'retrying' THEN 'retrying' WHEN 'placed' THEN 'calling'
     WHEN 'not-configured' THEN 'not-set-up'
     WHEN 'failed' THEN CASE failure_reason WHEN 'suppressed' THEN 'do-not-call' WHEN 'not-configured' THEN 'not-set-up' ELSE 'failed' END
     ELSE CASE WHEN lower(COALESCE(ended_reason, '')) LIKE '%did-not-answer%' THEN 'no-answer' WHEN lower(COALESCE(ended_reason, '')) LIKE '%no-answer%' THEN 'no-answer' WHEN lower(COALESCE(ended_reason, '')) LIKE '%voicemail%' THEN 'voicemail' WHEN lower(COALESCE(ended_reason, '')) LIKE '%busy%' THEN 'busy' WHEN lower(COALESCE(ended_reason, '')) LIKE '%error%' THEN 'failed' WHEN lower(COALESCE(ended_reason, '')) LIKE '%failed%' THEN 'failed' WHEN lower(COALESCE(ended_reason, '')) LIKE '%fault%' THEN 'failed' WHEN lower(COALESCE(ended_reason, '')) LIKE '%canceled%' THEN 'failed' WHEN lower(COALESCE(ended_reason, '')) LIKE '%cancelled%' THEN 'failed' ELSE 'answered' END END`,
    `UPDATE calls SET to_call = 1 WHERE outcome IN ('no-answer', 'voicemail', 'busy', 'failed', 'not-set-up') AND lead_id NOT IN (SELECT lead_id FROM lead_marks)`,
    `CREATE INDEX calls_to_call ON calls (to_call, lead_id)`,
    `CREATE INDEX calls_outcome ON calls (outcome, lead_id)`,
    postgres
      ? `CREATE TABLE lead_search (
     term TEXT COLLATE "C" NOT NULL,
     lead_id INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
     PRIMARY KEY (term, lead_id))`
      : `CREATE TABLE lead_search (
     term TEXT NOT NULL,
     lead_id INTEGER NOT NULL REFERENCES leads (id),
     PRIMARY KEY (term, lead_id)) WITHOUT ROWID`,
    `CREATE INDEX lead_search_lead ON lead_search (lead_id)`,
    `INSERT INTO settings (key, value) SELECT 'lead-search-below', CAST(COALESCE(MAX(id), 0) + 1 AS TEXT) FROM leads`,
    postgres
      ? `CREATE TABLE lead_mark_events (
     id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     lead_id INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
     action TEXT NOT NULL,
     by_email TEXT NOT NULL,
     at BIGINT NOT NULL)`
      : `CREATE TABLE lead_mark_events (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     lead_id INTEGER NOT NULL REFERENCES leads (id),
     action TEXT NOT NULL,
     by_email TEXT NOT NULL,
     at BIGINT NOT NULL)`,
    `CREATE INDEX lead_mark_events_lead ON lead_mark_events (lead_id, id)`,
    `INSERT INTO lead_mark_events (lead_id, action, by_email, at) SELECT lead_id, 'marked', contacted_by, contacted_at FROM lead_marks`,
    `CREATE TABLE daily_counts (
     day TEXT NOT NULL,
     metric TEXT NOT NULL,
     agent_id TEXT NOT NULL DEFAULT '',
     campaign TEXT NOT NULL DEFAULT '',
     n BIGINT NOT NULL,
     PRIMARY KEY (day, metric, agent_id, campaign))`,
    `INSERT INTO daily_counts (day, metric, agent_id, campaign, n)
     SELECT substr(created_at, 1, 10), 'leads', agent_id, COALESCE(utm_campaign, ''), COUNT(*) FROM leads GROUP BY substr(created_at, 1, 10), agent_id, COALESCE(utm_campaign, '')`,
    postgres
      ? `INSERT INTO daily_counts (day, metric, n) SELECT to_char(to_timestamp(created_at / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'codes-sent', COUNT(*) FROM otp_codes GROUP BY to_char(to_timestamp(created_at / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD')`
      : `INSERT INTO daily_counts (day, metric, n) SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch'), 'codes-sent', COUNT(*) FROM otp_codes GROUP BY strftime('%Y-%m-%d', created_at / 1000, 'unixepoch')`,
    postgres
      ? `INSERT INTO daily_counts (day, metric, agent_id, campaign, n)
     SELECT to_char(to_timestamp(c.placed_at / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'calls-placed', l.agent_id, COALESCE(l.utm_campaign, ''), COUNT(*) FROM calls c JOIN leads l ON l.id = c.lead_id
     WHERE c.placed_at IS NOT NULL GROUP BY to_char(to_timestamp(c.placed_at / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD'), l.agent_id, COALESCE(l.utm_campaign, '')`
      : `INSERT INTO daily_counts (day, metric, agent_id, campaign, n)
     SELECT strftime('%Y-%m-%d', c.placed_at / 1000, 'unixepoch'), 'calls-placed', l.agent_id, COALESCE(l.utm_campaign, ''), COUNT(*) FROM calls c JOIN leads l ON l.id = c.lead_id
     WHERE c.placed_at IS NOT NULL GROUP BY strftime('%Y-%m-%d', c.placed_at / 1000, 'unixepoch'), l.agent_id, COALESCE(l.utm_campaign, '')`,
    postgres
      ? `INSERT INTO daily_counts (day, metric, agent_id, campaign, n)
     SELECT to_char(to_timestamp(c.updated_at / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'outcome:' || c.outcome, l.agent_id, COALESCE(l.utm_campaign, ''), COUNT(*) FROM calls c JOIN leads l ON l.id = c.lead_id
     WHERE c.outcome IN ('answered', 'no-answer', 'voicemail', 'busy', 'failed', 'not-set-up', 'do-not-call') GROUP BY to_char(to_timestamp(c.updated_at / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD'), c.outcome, l.agent_id, COALESCE(l.utm_campaign, '')`
      : `INSERT INTO daily_counts (day, metric, agent_id, campaign, n)
     SELECT strftime('%Y-%m-%d', c.updated_at / 1000, 'unixepoch'), 'outcome:' || c.outcome, l.agent_id, COALESCE(l.utm_campaign, ''), COUNT(*) FROM calls c JOIN leads l ON l.id = c.lead_id
     WHERE c.outcome IN ('answered', 'no-answer', 'voicemail', 'busy', 'failed', 'not-set-up', 'do-not-call') GROUP BY strftime('%Y-%m-%d', c.updated_at / 1000, 'unixepoch'), c.outcome, l.agent_id, COALESCE(l.utm_campaign, '')`,
  ])
    await sql.raw(statement).execute(db);
}

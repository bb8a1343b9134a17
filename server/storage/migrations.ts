// The schema, as numbered migrations shared by both databases: each runs once, in order, recorded in
// schema_migrations. Never edit one that has shipped; add the next. Where the two databases spell a
// type differently, a migration is a function of the dialect. (1 and 2 keep the shape databases made
// before migrations were numbered, with IF NOT EXISTS on SQLite, so those files upgrade in place.)
import {
  ENDED_REASON_RULES,
  FAILURE_REASON_OUTCOMES,
  OUTCOME_IDS,
  OUTCOMES,
  TO_CALL_OUTCOMES,
} from '../../model/call-outcomes.ts';
import type { Dialect } from './sql.ts';

type Migration = (d: Dialect) => string;

const id = (d: Dialect) =>
  d === 'sqlite' ? 'INTEGER PRIMARY KEY AUTOINCREMENT' : 'INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY';
const ifNew = (d: Dialect) => (d === 'sqlite' ? 'IF NOT EXISTS ' : '');

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** An epoch-milliseconds column as its UTC day (YYYY-MM-DD). */
const dayOfMs = (d: Dialect, column: string) =>
  d === 'sqlite'
    ? `strftime('%Y-%m-%d', ${column} / 1000, 'unixepoch')`
    : `to_char(to_timestamp(${column} / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
/** outcomeOf() of ../model/call-outcomes.ts in SQL, for calls stored before outcomes were. */
const outcomeCase = `CASE status WHEN 'pending' THEN 'waiting' WHEN 'scheduled' THEN 'scheduled' WHEN 'retrying' THEN 'retrying' WHEN 'placed' THEN 'calling'
     WHEN 'not-configured' THEN 'not-set-up'
     WHEN 'failed' THEN CASE failure_reason ${Object.entries(FAILURE_REASON_OUTCOMES)
       .map(([r, o]) => `WHEN ${quote(r)} THEN ${quote(o)}`)
       .join(' ')} ELSE 'failed' END
     ELSE CASE ${ENDED_REASON_RULES.map(([part, o]) => `WHEN lower(COALESCE(ended_reason, '')) LIKE ${quote(`%${part}%`)} THEN ${quote(o)}`).join(' ')} ELSE 'answered' END END`;
const FINAL_OUTCOMES = OUTCOME_IDS.filter((o) => OUTCOMES[o].final)
  .map(quote)
  .join(', ');

export const MIGRATIONS: Migration[] = [
  (d) => `CREATE TABLE ${ifNew(d)}feedback (
     id ${id(d)},
     name TEXT NOT NULL, email TEXT NOT NULL, message TEXT NOT NULL,
     created_at ${d === 'sqlite' ? `TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` : 'TIMESTAMPTZ NOT NULL DEFAULT now()'})`,
  (d) => `CREATE TABLE ${ifNew(d)}settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
   CREATE TABLE ${ifNew(d)}otp_codes (
     id ${d === 'sqlite' ? 'INTEGER PRIMARY KEY AUTOINCREMENT' : 'BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY'},
     phone TEXT NOT NULL, code_hash TEXT,
     created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL,
     checks INTEGER NOT NULL DEFAULT 0, consumed_at BIGINT);
   CREATE INDEX ${ifNew(d)}otp_codes_phone ON otp_codes (phone, created_at);
   CREATE TABLE ${ifNew(d)}leads (
     id ${id(d)},
     agent_id TEXT NOT NULL, name TEXT NOT NULL, phone TEXT NOT NULL,
     consent_text TEXT NOT NULL, client_ip TEXT NOT NULL, token_id TEXT NOT NULL UNIQUE,
     created_at TEXT NOT NULL, call_status TEXT, call_id TEXT, call_error TEXT);
   CREATE TABLE ${ifNew(d)}outbox (
     id ${id(d)},
     lead_id INTEGER NOT NULL REFERENCES leads (id), payload TEXT NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at BIGINT NOT NULL,
     lease_until BIGINT, delivered_at BIGINT, last_error TEXT);
   CREATE INDEX ${ifNew(d)}outbox_due ON outbox (delivered_at, next_attempt_at);`,
  // Durable demo calls and their outcomes, proof of consent and attribution on leads, per-client and
  // global code limits, typed CRM events, the do-not-call list.
  (d) => `
   ALTER TABLE leads ADD COLUMN consent_version TEXT;
   ALTER TABLE leads ADD COLUMN consent_sha256 TEXT;
   ALTER TABLE leads ADD COLUMN consented_at TEXT;
   ALTER TABLE leads ADD COLUMN verified_at TEXT;
   ALTER TABLE leads ADD COLUMN page_url TEXT;
   ALTER TABLE leads ADD COLUMN referrer TEXT;
   ALTER TABLE leads ADD COLUMN user_agent TEXT;
   ALTER TABLE leads ADD COLUMN utm_source TEXT;
   ALTER TABLE leads ADD COLUMN utm_medium TEXT;
   ALTER TABLE leads ADD COLUMN utm_campaign TEXT;
   ALTER TABLE leads ADD COLUMN utm_term TEXT;
   ALTER TABLE leads ADD COLUMN utm_content TEXT;
   ALTER TABLE leads ADD COLUMN gclid TEXT;
   ALTER TABLE leads ADD COLUMN fbclid TEXT;
   ALTER TABLE leads ADD COLUMN metadata TEXT;
   ALTER TABLE leads ADD COLUMN time_zone TEXT;
   ALTER TABLE leads ADD COLUMN created_ms BIGINT;
   CREATE INDEX leads_recent ON leads (phone, agent_id, created_ms);
   CREATE TABLE calls (
     lead_id INTEGER PRIMARY KEY REFERENCES leads (id),
     status TEXT NOT NULL,
     call_at BIGINT,
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at BIGINT,
     lease_until BIGINT,
     attempt_started_at BIGINT,
     provider_call_id TEXT UNIQUE,
     provider_status TEXT,
     last_error TEXT,
     failure_reason TEXT,
     placed_at BIGINT,
     check_at BIGINT,
     ended_reason TEXT,
     started_at TEXT,
     ended_at TEXT,
     duration_seconds ${d === 'sqlite' ? 'REAL' : 'DOUBLE PRECISION'},
     summary TEXT,
     success_evaluation TEXT,
     transcript TEXT,
     recording_url TEXT,
     updated_at BIGINT NOT NULL);
   CREATE INDEX calls_due ON calls (status, next_attempt_at);
   CREATE TABLE call_attempts (
     id ${id(d)},
     lead_id INTEGER NOT NULL REFERENCES leads (id),
     attempt INTEGER NOT NULL,
     started_at BIGINT NOT NULL,
     finished_at BIGINT,
     outcome TEXT,
     error TEXT,
     provider_call_id TEXT);
   CREATE INDEX call_attempts_lead ON call_attempts (lead_id, attempt);
   INSERT INTO calls (lead_id, status, provider_call_id, last_error, failure_reason, updated_at)
     SELECT id, CASE WHEN call_status = 'placed' THEN 'placed' WHEN call_status = 'queued' THEN 'failed' ELSE 'not-configured' END,
       call_id, call_error, CASE WHEN call_status = 'queued' THEN 'not-retried' END, 0 FROM leads;
   ALTER TABLE leads DROP COLUMN call_status;
   ALTER TABLE leads DROP COLUMN call_id;
   ALTER TABLE leads DROP COLUMN call_error;
   CREATE TABLE suppressions (phone TEXT PRIMARY KEY, reason TEXT NOT NULL, created_at BIGINT NOT NULL);
   ALTER TABLE otp_codes ADD COLUMN client_ip TEXT;
   CREATE INDEX otp_codes_client ON otp_codes (client_ip, created_at);
   CREATE INDEX otp_codes_created ON otp_codes (created_at);
   ALTER TABLE outbox ADD COLUMN event TEXT NOT NULL DEFAULT 'lead.created';
   ALTER TABLE outbox ADD COLUMN delivery_id TEXT;
   UPDATE outbox SET delivery_id = ${d === 'sqlite' ? `'lead-' || lead_id` : `'lead-' || lead_id::text`};
   CREATE INDEX outbox_lead ON outbox (lead_id, id);`,
  // The sales desk: its accounts, their sessions (only a hash of each token), failed sign-ins (the
  // lock-out, shared by instances), who marked a lead contacted; indexes for its "changed since".
  (d) => `
   CREATE TABLE desk_users (
     id ${id(d)},
     email TEXT NOT NULL UNIQUE,
     password_hash TEXT NOT NULL,
     created_at BIGINT NOT NULL);
   CREATE TABLE desk_sessions (
     token_hash TEXT PRIMARY KEY,
     user_id INTEGER NOT NULL REFERENCES desk_users (id),
     created_at BIGINT NOT NULL,
     expires_at BIGINT NOT NULL);
   CREATE INDEX desk_sessions_user ON desk_sessions (user_id);
   CREATE INDEX desk_sessions_expiry ON desk_sessions (expires_at);
   CREATE TABLE desk_login_failures (
     id ${id(d)},
     email TEXT NOT NULL,
     client_ip TEXT NOT NULL,
     at BIGINT NOT NULL);
   CREATE INDEX desk_login_failures_email ON desk_login_failures (email, at);
   CREATE INDEX desk_login_failures_client ON desk_login_failures (client_ip, at);
   CREATE TABLE lead_marks (
     lead_id INTEGER PRIMARY KEY REFERENCES leads (id),
     contacted_at BIGINT NOT NULL,
     contacted_by TEXT NOT NULL);
   CREATE INDEX lead_marks_at ON lead_marks (contacted_at);
   CREATE INDEX leads_created ON leads (created_at);
   CREATE INDEX calls_updated ON calls (updated_at);`,
  // Issue 34 (the desk as a work tool): each call's outcome in one word and whether it is on the To call
  // list, decided once when the call changes (the rules of ../model/call-outcomes.ts, applied here to
  // calls stored before); the search terms of each lead (older leads' filled in batches after the
  // start, from the newest down); every mark and undo; counts per day that a purge never changes.
  (d) => `
   ALTER TABLE calls ADD COLUMN outcome TEXT;
   ALTER TABLE calls ADD COLUMN to_call INTEGER NOT NULL DEFAULT 0;
   UPDATE calls SET outcome = ${outcomeCase};
   UPDATE calls SET to_call = 1 WHERE outcome IN (${TO_CALL_OUTCOMES.map(quote).join(', ')}) AND lead_id NOT IN (SELECT lead_id FROM lead_marks);
   CREATE INDEX calls_to_call ON calls (to_call, lead_id);
   CREATE INDEX calls_outcome ON calls (outcome, lead_id);
   CREATE TABLE lead_search (
     term TEXT ${d === 'postgres' ? 'COLLATE "C" ' : ''}NOT NULL,
     lead_id INTEGER NOT NULL REFERENCES leads (id)${d === 'postgres' ? ' ON DELETE CASCADE' : ''},
     PRIMARY KEY (term, lead_id))${d === 'sqlite' ? ' WITHOUT ROWID' : ''};
   CREATE INDEX lead_search_lead ON lead_search (lead_id);
   INSERT INTO settings (key, value) SELECT 'lead-search-below', CAST(COALESCE(MAX(id), 0) + 1 AS TEXT) FROM leads;
   CREATE TABLE lead_mark_events (
     id ${id(d)},
     lead_id INTEGER NOT NULL REFERENCES leads (id)${d === 'postgres' ? ' ON DELETE CASCADE' : ''},
     action TEXT NOT NULL,
     by_email TEXT NOT NULL,
     at BIGINT NOT NULL);
   CREATE INDEX lead_mark_events_lead ON lead_mark_events (lead_id, id);
   INSERT INTO lead_mark_events (lead_id, action, by_email, at) SELECT lead_id, 'marked', contacted_by, contacted_at FROM lead_marks;
   CREATE TABLE daily_counts (
     day TEXT NOT NULL,
     metric TEXT NOT NULL,
     agent_id TEXT NOT NULL DEFAULT '',
     campaign TEXT NOT NULL DEFAULT '',
     n BIGINT NOT NULL,
     PRIMARY KEY (day, metric, agent_id, campaign));
   INSERT INTO daily_counts (day, metric, agent_id, campaign, n)
     SELECT substr(created_at, 1, 10), 'leads', agent_id, COALESCE(utm_campaign, ''), COUNT(*) FROM leads GROUP BY substr(created_at, 1, 10), agent_id, COALESCE(utm_campaign, '');
   INSERT INTO daily_counts (day, metric, n) SELECT ${dayOfMs(d, 'created_at')}, 'codes-sent', COUNT(*) FROM otp_codes GROUP BY ${dayOfMs(d, 'created_at')};
   INSERT INTO daily_counts (day, metric, agent_id, campaign, n)
     SELECT ${dayOfMs(d, 'c.placed_at')}, 'calls-placed', l.agent_id, COALESCE(l.utm_campaign, ''), COUNT(*) FROM calls c JOIN leads l ON l.id = c.lead_id
     WHERE c.placed_at IS NOT NULL GROUP BY ${dayOfMs(d, 'c.placed_at')}, l.agent_id, COALESCE(l.utm_campaign, '');
   INSERT INTO daily_counts (day, metric, agent_id, campaign, n)
     SELECT ${dayOfMs(d, 'c.updated_at')}, 'outcome:' || c.outcome, l.agent_id, COALESCE(l.utm_campaign, ''), COUNT(*) FROM calls c JOIN leads l ON l.id = c.lead_id
     WHERE c.outcome IN (${FINAL_OUTCOMES}) GROUP BY ${dayOfMs(d, 'c.updated_at')}, c.outcome, l.agent_id, COALESCE(l.utm_campaign, '')`,
  // Issue 33: personal data over its whole life. A keyed hash of each lead's number (erasure keeps it, so
  // the do-not-call list and repeat requests still match), when a lead was erased, desk roles (accounts
  // made before roles are admins), the desk's audit, leases (one instance runs the hourly purge), and
  // indexes the purge's batches walk.
  (d) => `
   ALTER TABLE leads ADD COLUMN phone_hash TEXT;
   ALTER TABLE leads ADD COLUMN erased_at BIGINT;
   CREATE INDEX leads_phone_hash ON leads (phone_hash);
   ALTER TABLE desk_users ADD COLUMN role TEXT NOT NULL DEFAULT 'admin';
   CREATE TABLE desk_audit (
     id ${id(d)},
     at BIGINT NOT NULL,
     actor TEXT NOT NULL,
     action TEXT NOT NULL,
     lead_id INTEGER,
     session_id TEXT,
     detail TEXT);
   CREATE INDEX desk_audit_at ON desk_audit (at);
   CREATE INDEX desk_audit_lead ON desk_audit (lead_id, at);
   CREATE TABLE leases (name TEXT PRIMARY KEY, holder TEXT NOT NULL, until_ms BIGINT NOT NULL);
   CREATE INDEX calls_content ON calls (updated_at) WHERE transcript IS NOT NULL OR summary IS NOT NULL OR recording_url IS NOT NULL;
   CREATE INDEX desk_login_failures_at ON desk_login_failures (at);
   CREATE INDEX feedback_created ON feedback (created_at);
   CREATE INDEX feedback_email ON feedback (LOWER(email));`,
  // Issue 33: the desk's filters at a million leads: by agent and by call state, newest first.
  () => `
   CREATE INDEX leads_agent ON leads (agent_id, id);
   CREATE INDEX calls_status_lead ON calls (status, lead_id);`,
  // Issue 31: one time convention, epoch milliseconds, for every stored time. The text (and, for feedback on
  // PostgreSQL, timestamptz) columns stay for a release, written but not read; rows stored before get their
  // milliseconds after the start, a batch at a time (./repositories/times.ts): a `times-below:<table>` setting
  // marks the leads' and calls' ids still to convert (none when the table was empty); feedback is found by its empty created_ms.
  () => `
   ALTER TABLE leads ADD COLUMN consented_ms BIGINT;
   ALTER TABLE leads ADD COLUMN verified_ms BIGINT;
   ALTER TABLE feedback ADD COLUMN created_ms BIGINT;
   ALTER TABLE calls ADD COLUMN started_ms BIGINT;
   ALTER TABLE calls ADD COLUMN ended_ms BIGINT;
   DROP INDEX leads_created;
   DROP INDEX feedback_created;
   CREATE INDEX leads_created_ms ON leads (created_ms);
   CREATE INDEX feedback_created_ms ON feedback (created_ms);
   INSERT INTO settings (key, value) SELECT 'times-below:leads', CAST(m + 1 AS TEXT) FROM (SELECT MAX(id) AS m FROM leads) t WHERE m IS NOT NULL;
   INSERT INTO settings (key, value) SELECT 'times-below:calls', CAST(m + 1 AS TEXT) FROM (SELECT MAX(lead_id) AS m FROM calls WHERE started_at IS NOT NULL OR ended_at IS NOT NULL) t WHERE m IS NOT NULL`,
  // Issue 34 (the desk at a million leads): a name word's beginnings stored as terms of their own (see
  // ../model/search.ts), so a typed beginning is one exact term whose leads the index holds newest first;
  // the terms by lead and term, so a search can check one lead's terms at once; and the overview's counts
  // summed per day and per month, by agent and by campaign apart (not their product), so that two years
  // read a few thousand rows. daily_counts stays the record of each day. Leads stored before get their
  // beginnings from the start-up backfill of search terms, 500 leads a transaction, newest first (issue 31: never
  // one start-up transaction over a million rows); until then a whole word still finds them.
  (d) => `
   UPDATE settings SET value = (SELECT CAST(COALESCE(MAX(id), 0) + 1 AS TEXT) FROM leads) WHERE key = 'lead-search-below';
   CREATE INDEX lead_search_lead_term ON lead_search (lead_id, term);
   DROP INDEX lead_search_lead;
   CREATE TABLE overview_counts (
     span TEXT NOT NULL,
     dim TEXT NOT NULL,
     period TEXT NOT NULL,
     metric TEXT NOT NULL,
     dim_value TEXT NOT NULL,
     n BIGINT NOT NULL,
     PRIMARY KEY (span, dim, period, metric, dim_value))${d === 'sqlite' ? ' WITHOUT ROWID' : ''};
   ${['day', 'month']
     .flatMap((span) =>
       [
         ['', "''"],
         ['agent', 'agent_id'],
         ['campaign', 'campaign'],
       ].map(
         ([dim, value]) => `INSERT INTO overview_counts (span, dim, period, metric, dim_value, n)
     SELECT '${span}', '${dim}', ${span === 'day' ? 'day' : 'substr(day, 1, 7)'}, metric, ${value}, SUM(n) FROM daily_counts GROUP BY ${span === 'day' ? 'day' : 'substr(day, 1, 7)'}, metric${value === "''" ? '' : `, ${value}`};`,
       ),
     )
     .join('\n   ')}`,
  // Issue 31: the desk's plan for a typed beginning rests on PostgreSQL's estimate of how many terms
  // fall in its range. From the default sample (30,000 of the table's rows) the same common number
  // prefix was once estimated at 371 terms instead of about 5,400, and the list then sorted every match;
  // a ten-times larger sample keeps the estimate, and the plan, steady. (SQLite's planner reads
  // PRAGMA optimize's statistics instead.)
  (d) => (d === 'postgres' ? 'ALTER TABLE lead_search ALTER COLUMN term SET STATISTICS 1000' : 'SELECT 1'),
];

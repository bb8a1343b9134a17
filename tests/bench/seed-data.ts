// Seeds leads in bulk for `npm run bench:data` and the query-plan test: two years of leads, four agents,
// calls with outcomes (mostly ended, a few rare states), transcripts on ended calls. The database makes
// the rows itself (a recursive CTE on SQLite, generate_series on PostgreSQL) in batches, so a million
// takes minutes, not hours. Lead i has id i (a fresh database).
import type Database from 'better-sqlite3';
import type pg from 'pg';

export const SPAN_MS = 730 * 86_400_000;
const BATCH = 50_000;
const TRANSCRIPT =
  'AI: Hello, this is the demo receptionist. How can I help? User: I would like to book a table for four tonight. AI: Of course, at what time? User: Eight, please. AI: Booked. Anything else? User: No, thank you.';

/** Agent, call state and times of lead `i` (SQL over a column `i`), alike on both databases. */
function columns(d: 'sqlite' | 'postgres', start: number, step: number) {
  const ms = `(${start} + i * ${step})`;
  const iso =
    d === 'sqlite'
      ? `strftime('%Y-%m-%dT%H:%M:%fZ', ${ms} / 1000.0, 'unixepoch')`
      : `to_char(to_timestamp(${ms} / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const pad = d === 'sqlite' ? `printf('%08d', i)` : `lpad(i::text, 8, '0')`;
  // Mostly ended; failed 3 %, placed 5 %, not-configured 10 %; scheduled and retrying rare (1 in 1,000 and 1 in 10,000).
  const status = `CASE WHEN i % 10000 = 7 THEN 'retrying' WHEN i % 1000 = 3 THEN 'scheduled' WHEN i % 100 < 3 THEN 'failed' WHEN i % 100 < 8 THEN 'placed' WHEN i % 100 < 18 THEN 'not-configured' ELSE 'ended' END`;
  const agent = `CASE (i * 7) % 4 WHEN 0 THEN 'receptionist' WHEN 1 THEN 'realEstate' WHEN 2 THEN 'supportHindi' ELSE 'supportEnglish' END`;
  return { ms, iso, pad, status, agent };
}

function statements(d: 'sqlite' | 'postgres', from: number, to: number, start: number, step: number) {
  const c = columns(d, start, step);
  const series =
    d === 'sqlite' ? `WITH RECURSIVE s(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM s WHERE i < ${to}) ` : '';
  const source = d === 'sqlite' ? 'FROM s' : `FROM generate_series(${from}::bigint, ${to}::bigint) AS i`;
  const concat = (a: string, b: string) => `${a} || ${b}`;
  return [
    `${series}INSERT INTO leads (agent_id, name, phone, phone_hash, token_id, created_at, created_ms, consent_text, consent_version, consent_sha256, client_ip, user_agent, page_url, utm_source, metadata)
     SELECT ${c.agent}, ${concat(`'Lead '`, d === 'sqlite' ? 'i' : 'i::text')}, ${concat(`'+9198'`, c.pad)}, NULL, ${concat(`'seed-'`, d === 'sqlite' ? 'i' : 'i::text')}, ${c.iso}, ${c.ms},
       'I agree to receive messages, including automated calls and AI-powered demo calls.', 'default-en', 'c0ffee', '192.0.2.1',
       'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130 Safari/537.36', 'https://example.com/demo', 'newsletter', '{}' ${source}`,
    `${series}INSERT INTO calls (lead_id, status, attempts, call_at, ended_reason, summary, transcript, recording_url, failure_reason, updated_at)
     SELECT i, ${c.status}, 1, NULL, CASE WHEN ${c.status} = 'ended' THEN 'customer-ended-call' END, CASE WHEN ${c.status} = 'ended' THEN 'Wants a demo.' END,
       CASE WHEN ${c.status} = 'ended' THEN '${TRANSCRIPT}' END, CASE WHEN ${c.status} = 'ended' THEN 'https://rec.example/x.mp3' END,
       CASE WHEN ${c.status} = 'failed' THEN 'max-attempts' END, ${c.ms} ${source}`,
  ];
}

/** Seeds `count` leads over the last two years (ending at `end`), reporting progress. */
export async function seed(
  db: { sqlite?: Database.Database; postgres?: pg.Client },
  count: number,
  end = Date.now(),
  progress: (done: number) => void = () => {},
) {
  const step = Math.max(1, Math.floor(SPAN_MS / count));
  const start = end - step * count;
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    if (db.sqlite) {
      const s = db.sqlite;
      s.transaction(() => statements('sqlite', from, to, start, step).forEach((text) => s.exec(text)))();
    } else if (db.postgres) {
      await db.postgres.query('BEGIN');
      for (const text of statements('postgres', from, to, start, step)) await db.postgres.query(text);
      await db.postgres.query('COMMIT');
    }
    progress(to);
  }
  if (db.sqlite) db.sqlite.exec('ANALYZE');
  else await db.postgres?.query('ANALYZE');
}

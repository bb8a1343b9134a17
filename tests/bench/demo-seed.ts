// Seeds the web demos for `npm run bench:desk` and the desk's demo plan test: `count` demos over the two
// years before `end`, newest first by number (demo 1 is the newest; two demos share each moment, so the
// list's cursor needs its id), made by the database itself (a recursive CTE on SQLite, generate_series on
// PostgreSQL) in batches. Agents, sites and kinds are skewed as a real desk's are (the site's own origin
// 80 %, a partner 15 %, a clinic 5 %; calls 60 %, chats 30 %, both 10 %); every 33rd demo is named by the
// lead of the same number, where there is one. Then the overview's sums, as the service keeps them.
import type Database from 'better-sqlite3';
import type pg from 'pg';

const SPAN_MS = 730 * 86_400_000;
const BATCH = 50_000;
const TRANSCRIPT =
  'AI: Hello, this is the receptionist demo. How can I help?\nUser: Can you book appointments for my clinic?\nAI: Yes, straight into your calendar, with a reminder the day before.';

type Dialect = 'sqlite' | 'postgres';

/** Demo `i`'s id, alike on both databases: a UUID's shape with `i` in it. */
export const demoId = (d: Dialect, i: string) =>
  d === 'sqlite'
    ? `printf('%08x-0000-4000-8000-%012x', ${i}, ${i})`
    : `lpad(to_hex(${i}), 8, '0') || '-0000-4000-8000-' || lpad(to_hex(${i}), 12, '0')`;

function insert(d: Dialect, from: number, to: number, end: number, step: number) {
  const series =
    d === 'sqlite' ? `WITH RECURSIVE s(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM s WHERE i < ${to}) ` : '';
  const source = d === 'sqlite' ? 'FROM s' : `FROM generate_series(${from}::bigint, ${to}::bigint) AS i`;
  const at = `(${end} - (i / 2) * ${step})`;
  const origin = `CASE WHEN i % 20 < 16 THEN 'https://www.aurelo.test' WHEN i % 20 < 19 THEN 'https://partner.test' ELSE 'https://clinic.example' END`;
  const agent = `CASE WHEN i % 10 < 4 THEN 'receptionist' WHEN i % 10 < 6 THEN 'realEstate' WHEN i % 10 = 6 THEN 'supportHindi' WHEN i % 10 = 7 THEN 'supportEnglish' END`;
  const mode = `CASE WHEN (i / 3) % 10 < 6 THEN 'voice' WHEN (i / 3) % 10 < 9 THEN 'text' ELSE 'hybrid' END`;
  const page = `${origin} || CASE i % 3 WHEN 0 THEN '/' WHEN 1 THEN '/pricing' ELSE '/agents' END`;
  const reported = `i % 50 <> 0`;
  const seconds = `(i % 170 + 10)`;
  return `${series}INSERT INTO demo_sessions (id, assistant_id, agent_id, mode, origin, page_url, client_hash, created_at,
      grant_seconds, ended_at, duration_seconds, ended_reason, summary, transcript, provider_call_id)
    SELECT ${demoId(d, 'i')}, 'asst-bench', ${agent}, ${mode}, ${origin}, ${page}, 'bench-' || (i % 5000), ${at}, 180,
      CASE WHEN ${reported} THEN ${at} + ${seconds} * 1000 END, CASE WHEN ${reported} THEN ${seconds} END,
      CASE WHEN ${reported} THEN 'customer-ended-call' END, CASE WHEN ${reported} THEN 'Asked about bookings.' END,
      CASE WHEN ${reported} THEN '${TRANSCRIPT}' END, NULL ${source}`;
}

/** The overview's sums of the demos (and of those a lead named), as ../../server/storage/repositories/demo-tallies.ts keeps them. */
function sums(d: Dialect): string[] {
  const seconds = d === 'sqlite' ? `created_at / 1000, 'unixepoch'` : '';
  const utc = (format: string) =>
    d === 'sqlite'
      ? `strftime('${format}', ${seconds})`
      : `to_char(to_timestamp(created_at / 1000.0) AT TIME ZONE 'UTC', '${format.replace('%Y', 'YYYY').replace('%m', 'MM').replace('%d', 'DD').replace('T%H', '"T"HH24')}')`;
  const minute =
    d === 'sqlite'
      ? `CAST(strftime('%M', ${seconds}) AS INTEGER)`
      : `CAST(to_char(to_timestamp(created_at / 1000.0) AT TIME ZONE 'UTC', 'MI') AS INTEGER)`;
  const quarter = `${utc('%Y-%m-%dT%H')} || ':' || ${d === 'sqlite' ? `printf('%02d', (${minute} / 15) * 15)` : `lpad(((${minute} / 15) * 15)::text, 2, '0')`}`;
  const demos = `SELECT created_at, COALESCE(agent_id, '') AS agent, page_url AS page, 'demos' AS metric FROM demo_sessions
    UNION ALL SELECT d.created_at, COALESCE(d.agent_id, ''), d.page_url, 'demo-leads' FROM demo_sessions d
      WHERE EXISTS (SELECT 1 FROM leads l WHERE l.demo_session_id = d.id)`;
  const group = (span: string, period: string, dim: string, value: string) =>
    `INSERT INTO overview_counts (span, dim, period, metric, dim_value, n)
     SELECT '${span}', '${dim}', p, metric, v, COUNT(*) FROM (SELECT ${period} AS p, metric, ${value} AS v FROM (${demos}) x) y GROUP BY p, metric, v`;
  return [
    ...[
      ['day', utc('%Y-%m-%d')],
      ['month', utc('%Y-%m')],
    ].flatMap(([span, period]) => [
      group(span, period, '', `''`),
      group(span, period, 'agent', 'agent'),
      group(span, period, 'page', 'page'),
    ]),
    `INSERT INTO overview_counts (span, dim, period, metric, dim_value, n)
     SELECT 'quarter', 'demos', p, 'demos', '', COUNT(*) FROM (SELECT ${quarter} AS p FROM demo_sessions) x GROUP BY p`,
    `INSERT INTO daily_counts (day, metric, agent_id, campaign, n)
     SELECT p, metric, agent, '', COUNT(*) FROM (SELECT ${utc('%Y-%m-%d')} AS p, metric, agent FROM (${demos}) x) y GROUP BY p, metric, agent`,
  ];
}

/** Seeds `count` demos ending at `end` (a fresh demo_sessions), then names every 33rd from the lead of its number. */
export async function seedDemos(
  db: { sqlite?: Database.Database; postgres?: pg.Client },
  count: number,
  end: number,
  progress: (done: number) => void = () => {},
) {
  const d: Dialect = db.sqlite ? 'sqlite' : 'postgres';
  const step = Math.max(1, Math.floor((2 * SPAN_MS) / count));
  const run = async (statements: string[]) => {
    if (db.sqlite) db.sqlite.transaction(() => statements.forEach((text) => db.sqlite!.exec(text)))();
    else {
      await db.postgres!.query('BEGIN');
      for (const text of statements) await db.postgres!.query(text);
      await db.postgres!.query('COMMIT');
    }
  };
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    await run([insert(d, from, to, end, step)]);
    progress(to);
  }
  await run([`UPDATE leads SET demo_session_id = ${demoId(d, 'id')} WHERE id % 33 = 0 AND id <= ${count}`, ...sums(d)]);
}

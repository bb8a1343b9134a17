// The embeds of `npm run bench:desk` (issue 54): two embeds in the embeds table; the seeded leads tagged
// with them (one in ten through the first, one in a thousand through the second), the demos of the
// partner's origin (15 %) through the first and the clinic's (5 %) through the second; FEEDBACK feedback
// rows (100,000 by default) over the same two years, tagged as the leads are; and the overview's sums per
// embed as the service keeps them (../../server/storage/repositories/tallies.ts), from those rows, as
// migration 19 fills them in: codes and verified phones as ./desk-seed.ts tallies them for every lead.
// Idempotent: a kept database is tagged once and its embed sums made again.
import type { Store } from '../../server/storage/index.ts';

type Dialect = 'sqlite' | 'postgres';
export const EMBED_MANY = 'emb_benchManyLeads000000';
export const EMBED_FEW = 'emb_benchFewLeads0000000';
const FEEDBACK = Number(process.env.FEEDBACK ?? 100_000);
const SPAN_MS = 730 * 86_400_000;
const DAY = 86_400_000;

const tag = (n: string) => `CASE WHEN ${n} % 1000 = 7 THEN '${EMBED_FEW}' WHEN ${n} % 10 = 3 THEN '${EMBED_MANY}' END`;

/** The statements, in order, for one database; `end` is the seeds' last moment. */
export function embedStatements(d: Dialect, end: number, feedbackEmpty: boolean): string[] {
  const day = (ms: string) =>
    d === 'postgres'
      ? `to_char(to_timestamp(${ms} / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD')`
      : `strftime('%Y-%m-%d', ${ms} / 1000, 'unixepoch')`;
  const step = Math.max(1, Math.floor(SPAN_MS / Math.max(1, FEEDBACK)));
  const series =
    d === 'sqlite' ? `WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < ${FEEDBACK}) ` : '';
  const source = d === 'sqlite' ? 'FROM s' : `FROM generate_series(1::bigint, ${FEEDBACK}::bigint) AS i`;
  const days = (metric: string, n: string, from: string, ms: string, embed: string, where = '1 = 1') =>
    `INSERT INTO overview_counts (span, dim, period, metric, dim_value, n)
     SELECT 'day', 'embed', ${day(ms)}, '${metric}', ${embed}, ${n} FROM ${from}
     WHERE ${embed} IS NOT NULL AND ${where} GROUP BY ${day(ms)}, ${embed}`;
  return [
    `INSERT INTO embeds (id, name, origins, brand_name, agents, countries, active, created_ms, updated_ms) VALUES
     ('${EMBED_MANY}', 'Partner landing', '["https://partner.test"]', 'Partner Co', '["receptionist","realEstate","supportHindi","supportEnglish"]', '["IN"]', 1, 0, 0),
     ('${EMBED_FEW}', 'Clinic page', '["https://clinic.example"]', 'Clinic', '["receptionist"]', '["IN"]', 1, 0, 0)
     ON CONFLICT (id) DO NOTHING`,
    `UPDATE leads SET embed_id = ${tag('id')} WHERE embed_id IS NULL AND (id % 10 = 3 OR id % 1000 = 7)`,
    `UPDATE demo_sessions SET embed_id = CASE origin WHEN 'https://partner.test' THEN '${EMBED_MANY}' ELSE '${EMBED_FEW}' END
     WHERE embed_id IS NULL AND origin IN ('https://partner.test', 'https://clinic.example')`,
    ...(feedbackEmpty
      ? [
          `${series}INSERT INTO feedback (name, email, message, created_ms, embed_id)
           SELECT 'Asha Rao', 'asha@example.com', 'The demo booked a slot at once.', ${end} - i * ${step}, ${tag('i')} ${source}`,
        ]
      : []),
    `DELETE FROM overview_counts WHERE dim = 'embed'`,
    days('leads', 'COUNT(*)', 'leads', 'created_ms', 'embed_id'),
    days('verified', 'COUNT(*)', 'leads', 'created_ms', 'embed_id'),
    days('codes-sent', 'SUM(CASE WHEN id % 3 = 0 THEN 2 ELSE 1 END)', 'leads', 'created_ms', 'embed_id'),
    days(
      'calls-placed',
      'COUNT(*)',
      'leads l JOIN calls c ON c.lead_id = l.id',
      'l.created_ms',
      'l.embed_id',
      `c.status IN ('ended', 'placed')`,
    ),
    days('demos', 'COUNT(*)', 'demo_sessions', 'created_at', 'embed_id'),
    `INSERT INTO overview_counts (span, dim, period, metric, dim_value, n)
     SELECT 'month', 'embed', substr(period, 1, 7), metric, dim_value, SUM(n) FROM overview_counts
     WHERE span = 'day' AND dim = 'embed' GROUP BY substr(period, 1, 7), metric, dim_value`,
  ];
}

/** The Feedback list as GET /api/desk/feedback asks it (500 rows), all and by embed. */
export async function measureFeedback(
  store: Store,
  end: number,
  record: (label: string, run: () => Promise<unknown>) => Promise<void>,
) {
  const since = new Date(end - 7 * DAY).toISOString();
  for (const [label, filter] of [
    ['feedback: newest page', {}],
    ['feedback: embed= (a tenth)', { embedId: EMBED_MANY }],
    ['feedback: embed= (one in a thousand)', { embedId: EMBED_FEW }],
    ['feedback: embed= + 7 days', { embedId: EMBED_MANY, from: since }],
  ] as const)
    await record(label, () => store.desk.feedback(filter));
}

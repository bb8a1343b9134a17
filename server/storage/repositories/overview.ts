// The desk's overview: the funnel, leads per day and outcomes by agent and by campaign for a range of
// UTC days, summed from the per-day counts (./tallies.ts), so it costs the same at a million leads as
// at ten and a purge of old rows never changes a past day.
import { OUTCOME_IDS, type Outcome } from '../../../model/call-outcomes.ts';
import type { Funnel, OutcomeRow } from '../../../model/desk.ts';
import { num, query, sql } from '../sql.ts';

export type { Funnel, OutcomeRow };
export type Overview = { funnel: Funnel; perDay: { day: string; leads: number }[]; byAgent: OutcomeRow[]; byCampaign: OutcomeRow[] };

const FUNNEL: [keyof Funnel, string][] = [
  ['codesSent', 'codes-sent'],
  ['verified', 'verified'],
  ['leads', 'leads'],
  ['callsPlaced', 'calls-placed'],
  ['answered', 'outcome:answered'],
  ['successful', 'successful'],
];

/** The campaigns with the most calls with an outcome come first; the rest are summed as one row. */
const CAMPAIGNS_SHOWN = 12;

function grouped(rows: Record<string, unknown>[]): OutcomeRow[] {
  const by = new Map<string, OutcomeRow>();
  for (const r of rows) {
    const key = String(r.k);
    const row = by.get(key) ?? { key, outcomes: {} };
    row.outcomes[String(r.metric).slice('outcome:'.length) as Outcome] = num(r.n);
    by.set(key, row);
  }
  const total = (r: OutcomeRow) => Object.values(r.outcomes).reduce((a, b) => a + (b ?? 0), 0);
  return [...by.values()].filter((r) => total(r) > 0).sort((a, b) => total(b) - total(a) || a.key.localeCompare(b.key));
}

export const overview = {
  /** `from` and `to` are UTC days (YYYY-MM-DD), both included. */
  *get({ from, to }: { from: string; to: string }) {
    const outcomes = OUTCOME_IDS.map((o) => `outcome:${o}`);
    const totals = yield* query(sql`SELECT metric, SUM(n) AS n FROM daily_counts WHERE day >= ${from} AND day <= ${to} GROUP BY metric`);
    const perDay = yield* query(sql`SELECT day, SUM(n) AS n FROM daily_counts WHERE day >= ${from} AND day <= ${to} AND metric = 'leads' GROUP BY day ORDER BY day`);
    const byAgent = yield* query(sql`SELECT agent_id AS k, metric, SUM(n) AS n FROM daily_counts
      WHERE day >= ${from} AND day <= ${to} AND metric LIKE 'outcome:%' GROUP BY agent_id, metric`);
    const byCampaign = yield* query(sql`SELECT campaign AS k, metric, SUM(n) AS n FROM daily_counts
      WHERE day >= ${from} AND day <= ${to} AND metric LIKE 'outcome:%' GROUP BY campaign, metric`);
    const sums = new Map(totals.map((r) => [String(r.metric), num(r.n)]));
    const campaigns = grouped(byCampaign.filter((r) => outcomes.includes(String(r.metric))));
    const rest = campaigns.slice(CAMPAIGNS_SHOWN);
    const restRow: OutcomeRow = { key: '(other campaigns)', outcomes: {} };
    for (const r of rest) for (const [o, n] of Object.entries(r.outcomes)) restRow.outcomes[o as Outcome] = (restRow.outcomes[o as Outcome] ?? 0) + (n ?? 0);
    return {
      funnel: Object.fromEntries(FUNNEL.map(([name, metric]) => [name, sums.get(metric) ?? 0])) as Funnel,
      perDay: perDay.map((r) => ({ day: String(r.day), leads: num(r.n) })),
      byAgent: grouped(byAgent.filter((r) => outcomes.includes(String(r.metric)))),
      byCampaign: rest.length ? [...campaigns.slice(0, CAMPAIGNS_SHOWN), restRow] : campaigns,
    } satisfies Overview;
  },
};

// The desk's overview: the funnel, leads per day, outcomes by agent and by campaign, and each embed's
// figures (issue 54) for a range of days, summed from the per-day, per-month and (leads per day in a time zone) per-quarter-hour sums
// (./tallies.ts), so it costs the same at a million leads as at ten and a purge of old rows never
// changes a past day.
import { OUTCOME_IDS, type Outcome } from '../../../model/call-outcomes.ts';
import type { EmbedFigures, Funnel, OutcomeRow } from '../../../model/desk.ts';
import { sql } from 'kysely';
import { dayIn } from '../../../model/time-zones.ts';
import { db, num, onlyOn, query, reads } from '../query.ts';
import { quarterOf } from './tallies.ts';

export type { EmbedFigures, Funnel, OutcomeRow };
export type Overview = {
  funnel: Funnel;
  perDay: { day: string; leads: number }[];
  byAgent: OutcomeRow[];
  byCampaign: OutcomeRow[];
  byEmbed: EmbedFigures[];
};

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

const EMBED_METRICS: [keyof Omit<EmbedFigures, 'id' | 'name'>, string][] = [
  ['codesSent', 'codes-sent'],
  ['verified', 'verified'],
  ['leads', 'leads'],
  ['callsPlaced', 'calls-placed'],
  ['demos', 'demos'],
];

/**
 * Every embed with its figures (an embed with none in the period too: the desk sees a partner page that
 * brought nothing), the most leads first, then the most demos, then by name.
 */
function byEmbed(embeds: { id: string; name: string }[], rows: Record<string, unknown>[]): EmbedFigures[] {
  const zero = { codesSent: 0, verified: 0, leads: 0, callsPlaced: 0, demos: 0 };
  const by = new Map(embeds.map((e) => [e.id, { ...e, ...zero }]));
  for (const r of rows) {
    const field = EMBED_METRICS.find(([, metric]) => metric === r.metric)?.[0];
    if (!field) continue;
    const id = String(r.k);
    // Figures of an embed no longer stored are named by its id, so the sums still add up.
    const row = by.get(id) ?? { id, name: id, ...zero };
    row[field] += num(r.n);
    by.set(id, row);
  }
  return [...by.values()].sort((a, b) => b.leads - a.leads || b.demos - a.demos || a.name.localeCompare(b.name));
}

/** Whole months inside [from, to] and the days outside them, as ranges of overview_counts' periods. */
export function periods(from: string, to: string): { span: 'day' | 'month'; first: string; last: string }[] {
  const firstMonth = from.slice(8) === '01' ? from.slice(0, 7) : nextMonth(from.slice(0, 7));
  const lastMonth =
    nextMonth(to.slice(0, 7)) === nextDay(to).slice(0, 7) ? to.slice(0, 7) : previousMonth(to.slice(0, 7));
  if (firstMonth > lastMonth) return [{ span: 'day', first: from, last: to }];
  const ranges: { span: 'day' | 'month'; first: string; last: string }[] = [
    { span: 'month', first: firstMonth, last: lastMonth },
  ];
  if (from < `${firstMonth}-01`) ranges.push({ span: 'day', first: from, last: previousDay(`${firstMonth}-01`) });
  if (to > `${lastMonth}-31`) ranges.push({ span: 'day', first: `${nextMonth(lastMonth)}-01`, last: to });
  return ranges;
}
const shift = (day: string, by: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);
const nextDay = (day: string) => shift(day, 1);
const previousDay = (day: string) => shift(day, -1);
const nextMonth = (month: string) => shift(`${month}-28`, 4).slice(0, 7);
const previousMonth = (month: string) => shift(`${month}-01`, -1).slice(0, 7);

/** Leads (or another metric) per UTC day, from the days' sums (those of leads since purged included). */
export function* utcDays(from: string, to: string, metric = 'leads') {
  const rows = yield* query(
    db
      .selectFrom('overview_counts')
      .select(['period as day', 'n'])
      .where('span', '=', 'day')
      .where('dim', '=', '')
      .where('period', '>=', from)
      .where('period', '<=', to)
      .where('metric', '=', metric)
      .orderBy('period'),
  );
  return rows.map((r) => ({ day: String(r.day), leads: num(r.n) }));
}

/**
 * Leads per day in a time zone: the UTC quarter hours' sums (at most 96 a day: 35,040 in a year, by the
 * primary key) folded into the zone's days, which are whole quarter hours in every zone, DST or not.
 * The quarters read run 14 hours either side of the UTC days, as far as any zone's offset reaches.
 */
function* zoneDays(from: string, to: string, zone: string) {
  const rows = yield* query(
    db
      .selectFrom('overview_counts')
      .select(['period', 'n'])
      .where('span', '=', 'quarter')
      .where('dim', '=', '')
      .where('period', '>=', quarterOf(Date.parse(`${from}T00:00:00Z`) - REACH_MS))
      .where('period', '<', quarterOf(Date.parse(`${nextDay(to)}T00:00:00Z`) + REACH_MS))
      .where('metric', '=', 'leads'),
  );
  const day = dayIn(zone);
  const byDay = new Map<string, number>();
  for (const r of rows) {
    const d = day(Date.parse(`${String(r.period)}:00Z`));
    if (d >= from && d <= to) byDay.set(d, (byDay.get(d) ?? 0) + num(r.n));
  }
  return [...byDay].sort(([a], [b]) => a.localeCompare(b)).map(([d, leads]) => ({ day: d, leads }));
}
const REACH_MS = 14 * 3_600_000;

export const overview = {
  /**
   * `from` and `to` are UTC days (YYYY-MM-DD), both included; leads per day are counted in `zone`'s days
   * (an IANA name), the rest in UTC days.
   */
  get: reads(function* ({ from, to, zone = 'UTC' }: { from: string; to: string; zone?: string }) {
    const outcomes = OUTCOME_IDS.map((o) => `outcome:${o}`);
    // A few thousand rows by key: PostgreSQL's parallel workers cost more to start than the read (this transaction only).
    yield* onlyOn({ postgres: sql`SET LOCAL max_parallel_workers_per_gather = 0` });
    // Each (dim, span) range is one stretch of the primary key; whole months are read as months.
    const [head, ...tail] = ['', 'agent', 'campaign', 'embed'].flatMap((dim) =>
      periods(from, to).map((r) =>
        db
          .selectFrom('overview_counts')
          .select(['dim', 'dim_value', 'metric', 'n'])
          .where('span', '=', r.span)
          .where('dim', '=', dim)
          .where('period', '>=', r.first)
          .where('period', '<=', r.last),
      ),
    );
    const parts = tail.reduce((all, part) => all.unionAll(part), head);
    const sums = yield* query(
      db
        .selectFrom(parts.as('p'))
        .select((eb) => ['p.dim', 'p.dim_value as k', 'p.metric', eb.fn.sum('p.n').as('n')])
        .groupBy(['p.dim', 'p.dim_value', 'p.metric']),
    );
    const perDay = zone === 'UTC' ? yield* utcDays(from, to) : yield* zoneDays(from, to, zone);
    // Every embed, named: tens or hundreds of rows, as the Embeds page lists them all.
    const embeds = yield* query(db.selectFrom('embeds').select(['id', 'name']));
    const of = (dim: string) => sums.filter((r) => r.dim === dim && outcomes.includes(String(r.metric)));
    const totals = new Map(sums.filter((r) => r.dim === '').map((r) => [String(r.metric), num(r.n)]));
    const campaigns = grouped(of('campaign'));
    const rest = campaigns.slice(CAMPAIGNS_SHOWN);
    const restRow: OutcomeRow = { key: '(other campaigns)', outcomes: {} };
    for (const r of rest)
      for (const [o, n] of Object.entries(r.outcomes))
        restRow.outcomes[o as Outcome] = (restRow.outcomes[o as Outcome] ?? 0) + (n ?? 0);
    return {
      funnel: Object.fromEntries(FUNNEL.map(([name, metric]) => [name, totals.get(metric) ?? 0])) as Funnel,
      perDay,
      byAgent: grouped(of('agent')),
      byCampaign: rest.length ? [...campaigns.slice(0, CAMPAIGNS_SHOWN), restRow] : campaigns,
      byEmbed: byEmbed(
        embeds.map((e) => ({ id: String(e.id), name: String(e.name) })),
        sums.filter((r) => r.dim === 'embed'),
      ),
    } satisfies Overview;
  }),
};

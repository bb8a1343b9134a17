// The overview's demo figures (issue 46), counted as the leads' are (./tallies.ts): per UTC day, month and
// quarter hour in overview_counts, by agent, by page and by embed (issue 54), in the transaction that
// grants a demo and in the one that stores the first lead naming it (counted on the demo's own day, so
// "tried a demo → asked for a call" is a share of that period's demos). The overview reads a few hundred
// rows by key, however many demos there are, and a purge of old demos changes no past day.
import { demoPage, type DemoFigures } from '../../../model/demos.ts';
import { db, num, one, query } from '../query.ts';
import { QUARTER_DIM, zoneDemoDays } from './demo-days.ts';
import { periods, utcDays } from './overview.ts';
import { quarterOf, utcDay } from './tallies.ts';

type DemoMetric = 'demos' | 'demo-leads';
type Demo = {
  createdAt: number;
  agentId: string | null;
  origin: string;
  pageUrl: string | null;
  embedId: string | null;
};

/** The pages with the most demos come first; the rest are summed as one row. */
const PAGES_SHOWN = 12;

function* bumpDemo(metric: DemoMetric, d: Demo) {
  const day = utcDay(d.createdAt);
  const agentId = d.agentId ?? '';
  yield* one(
    db
      .insertInto('daily_counts')
      .values({ day, metric, agent_id: agentId, campaign: '', n: 1 })
      .onConflict((oc) =>
        oc
          .columns(['day', 'metric', 'agent_id', 'campaign'])
          .doUpdateSet((eb) => ({ n: eb('daily_counts.n', '+', eb.ref('excluded.n')) })),
      ),
  );
  const page = demoPage(d.origin, d.pageUrl);
  const sums = [
    ['day', day],
    ['month', day.slice(0, 7)],
  ].flatMap(([span, period]) =>
    [['', ''], ['agent', agentId], ['page', page], ...(d.embedId ? [['embed', d.embedId]] : [])].map(
      ([dim, value]) => ({ span, dim, period, metric, dim_value: value, n: 1 }),
    ),
  );
  // Demos per day in any time zone are summed from the UTC quarter hours (./demo-days.ts), under a dim of their
  // own so that a range of them is one stretch of the primary key, not interleaved with the leads'.
  if (metric === 'demos')
    sums.push({ span: 'quarter', dim: QUARTER_DIM, period: quarterOf(d.createdAt), metric, dim_value: '', n: 1 });
  yield* one(
    db
      .insertInto('overview_counts')
      .values(sums)
      .onConflict((oc) =>
        oc
          .columns(['span', 'dim', 'period', 'metric', 'dim_value'])
          .doUpdateSet((eb) => ({ n: eb('overview_counts.n', '+', eb.ref('excluded.n')) })),
      ),
  );
}

/** Counts a demo as it is granted. */
export const countDemo = (d: Demo) => bumpDemo('demos', d);

/**
 * Counts a demo as followed by a lead, once, when the first lead naming it is stored (call it after the
 * lead's insert). A demoSessionId is a claim: one that names no demo counts nothing.
 */
export function* countDemoLead(demoSessionId: string) {
  const demo = yield* one(
    db
      .selectFrom('demo_sessions')
      .select(['created_at', 'agent_id', 'origin', 'page_url', 'embed_id'])
      .where('id', '=', demoSessionId),
  );
  if (!demo) return;
  const leads = yield* query(db.selectFrom('leads').select('id').where('demo_session_id', '=', demoSessionId).limit(2));
  if (leads.length !== 1) return;
  yield* bumpDemo('demo-leads', {
    createdAt: num(demo.created_at),
    agentId: demo.agent_id,
    origin: demo.origin,
    pageUrl: demo.page_url,
    embedId: demo.embed_id,
  });
}

/** The overview's demos for [from, to] (UTC days; per day in `zone`'s days), from overview_counts by key. */
export function* demoFigures({ from, to, zone = 'UTC' }: { from: string; to: string; zone?: string }) {
  const [head, ...tail] = ['', 'page'].flatMap((dim) =>
    periods(from, to).map((r) =>
      db
        .selectFrom('overview_counts')
        .select(['dim', 'dim_value', 'metric', 'n'])
        .where('span', '=', r.span)
        .where('dim', '=', dim)
        .where('period', '>=', r.first)
        .where('period', '<=', r.last)
        .where('metric', 'in', ['demos', 'demo-leads']),
    ),
  );
  const sums = yield* query(
    db
      .selectFrom(tail.reduce((all, part) => all.unionAll(part), head).as('parts'))
      .select((eb) => ['parts.dim', 'parts.dim_value as k', 'parts.metric', eb.fn.sum('parts.n').as('n')])
      .groupBy(['parts.dim', 'parts.dim_value', 'parts.metric']),
  );
  const total = (metric: DemoMetric) => num(sums.find((r) => r.dim === '' && r.metric === metric)?.n);
  const pages = new Map<string, { page: string; demos: number; followed: number }>();
  for (const r of sums.filter((s) => s.dim === 'page')) {
    const page = pages.get(String(r.k)) ?? { page: String(r.k), demos: 0, followed: 0 };
    page[r.metric === 'demos' ? 'demos' : 'followed'] += num(r.n);
    pages.set(page.page, page);
  }
  const sorted = [...pages.values()]
    .filter((p) => p.demos > 0)
    .sort((a, b) => b.demos - a.demos || a.page.localeCompare(b.page));
  const rest = sorted.slice(PAGES_SHOWN);
  const restRow = {
    page: '(other pages)',
    demos: rest.reduce((n, p) => n + p.demos, 0),
    followed: rest.reduce((n, p) => n + p.followed, 0),
  };
  const days = zone === 'UTC' ? yield* utcDays(from, to, 'demos') : yield* zoneDemoDays(from, to, zone);
  return {
    total: total('demos'),
    followed: total('demo-leads'),
    perDay: days.map((d) => ({ day: d.day, demos: d.leads })),
    byPage: rest.length ? [...sorted.slice(0, PAGES_SHOWN), restRow] : sorted,
  } satisfies DemoFigures;
}

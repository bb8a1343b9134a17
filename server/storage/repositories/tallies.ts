// What the desk's overview counts, kept per UTC day in the transaction that makes each change (so a
// purge of old codes or leads never changes a past day), and each call's outcome word with its place on
// the To call list, set wherever a call changes.
import { sql } from 'kysely';
import { OUTCOMES, type Outcome } from '../../../model/call-outcomes.ts';
import { db, one } from '../query.ts';
import type { Big } from '../schema.ts';
import type { Generated } from 'kysely';

// The tables it owns, as the queries see them (each column held to the real one by server/tests/schema.test.ts).
export interface DailyCountsTable {
  day: string;
  metric: string;
  agent_id: Generated<string>;
  campaign: Generated<string>;
  n: Big;
}
export interface OverviewCountsTable {
  span: string;
  dim: string;
  period: string;
  metric: string;
  dim_value: string;
  n: Big;
}
declare module '../schema.ts' {
  interface Database {
    daily_counts: DailyCountsTable;
    overview_counts: OverviewCountsTable;
  }
}

export type Metric = 'codes-sent' | 'verified' | 'leads' | 'calls-placed' | 'successful' | `outcome:${Outcome}`;
/** `embedId`: the embed the change came from (issue 54), for the overview's figures per embed. */
export type Dimensions = { agentId?: string; campaign?: string | null; embedId?: string | null };

export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The UTC quarter hour an instant falls in: 2026-11-27T20:15. */
export const quarterOf = (ms: number) =>
  new Date(ms - (((ms % 900_000) + 900_000) % 900_000)).toISOString().slice(0, 16);

/**
 * Adds `by` to a day's count of `metric` (for an agent and campaign where it has them), and to the sums
 * the overview reads (overview_counts: the day's and the month's, in all, by agent, by campaign, and by
 * embed for a change that came from one; a change from no embed has no embed row).
 */
export function* bump(metric: Metric, at: number, { agentId = '', campaign, embedId }: Dimensions = {}, by = 1) {
  const day = utcDay(at);
  yield* one(
    db
      .insertInto('daily_counts')
      .values({ day, metric, agent_id: agentId, campaign: campaign ?? '', n: by })
      .onConflict((oc) =>
        oc
          .columns(['day', 'metric', 'agent_id', 'campaign'])
          .doUpdateSet((eb) => ({ n: eb('daily_counts.n', '+', eb.ref('excluded.n')) })),
      ),
  );
  const sums = [
    ['day', day],
    ['month', day.slice(0, 7)],
  ].flatMap(([span, period]) =>
    [['', ''], ['agent', agentId], ['campaign', campaign ?? ''], ...(embedId ? [['embed', embedId]] : [])].map(
      ([dim, value]) => ({ span, dim, period, metric, dim_value: value, n: by }),
    ),
  );
  // Leads also per UTC quarter hour, which the days of every time zone are made of (see ./overview.ts).
  if (metric === 'leads') sums.push({ span: 'quarter', dim: '', period: quarterOf(at), metric, dim_value: '', n: by });
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

/** Whether a call with this outcome belongs on the To call list (not while the lead is marked contacted). */
export const toCallSql = (outcome: Outcome, leadId: number) =>
  OUTCOMES[outcome].toCall
    ? sql<number>`CASE WHEN EXISTS ${db
        .selectFrom('lead_marks as m')
        .select(sql`1`.as('marked'))
        .where('m.lead_id', '=', leadId)} THEN 0 ELSE 1 END`
    : sql<number>`0`;

/** Stores a call's outcome word; a final one is counted on the day it is reached. */
export function* setOutcome(leadId: number, outcome: Outcome, now: number) {
  const before = yield* one(
    db
      .selectFrom('calls as c')
      .innerJoin('leads as l', 'l.id', 'c.lead_id')
      .select(['c.outcome', 'l.agent_id', 'l.utm_campaign'])
      .where('c.lead_id', '=', leadId),
  );
  if (!before || before.outcome === outcome) return;
  yield* one(
    db
      .updateTable('calls')
      .set({ outcome, to_call: toCallSql(outcome, leadId) })
      .where('lead_id', '=', leadId),
  );
  const was = before.outcome as Outcome | null;
  const dims = { agentId: String(before.agent_id), campaign: before.utm_campaign };
  // A fuller report that changes a final word (rare) moves its count, so each call is counted once.
  if (was && OUTCOMES[was]?.final) yield* bump(`outcome:${was}`, now, dims, -1);
  if (OUTCOMES[outcome].final) yield* bump(`outcome:${outcome}`, now, dims);
}

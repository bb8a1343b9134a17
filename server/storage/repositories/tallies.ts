// What the desk's overview counts, kept per UTC day in the transaction that makes each change (so a
// purge of old codes or leads never changes a past day), and each call's outcome word with its place on
// the To call list, set wherever a call changes.
import { OUTCOMES, type Outcome } from '../../../model/call-outcomes.ts';
import { join, one, sql } from '../sql.ts';

export type Metric = 'codes-sent' | 'verified' | 'leads' | 'calls-placed' | 'successful' | `outcome:${Outcome}`;
export type Dimensions = { agentId?: string; campaign?: string | null };

export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Adds `by` to a day's count of `metric` (for an agent and campaign where it has them), and to the sums
 * the overview reads (overview_counts: the day's and the month's, in all, by agent, by campaign).
 */
export function* bump(metric: Metric, at: number, { agentId = '', campaign }: Dimensions = {}, by = 1) {
  const day = utcDay(at);
  yield* one(sql`INSERT INTO daily_counts (day, metric, agent_id, campaign, n) VALUES (${day}, ${metric}, ${agentId}, ${campaign ?? ''}, ${by})
    ON CONFLICT (day, metric, agent_id, campaign) DO UPDATE SET n = daily_counts.n + excluded.n`);
  const sums = [
    ['day', day],
    ['month', day.slice(0, 7)],
  ].flatMap(([span, period]) =>
    [
      ['', ''],
      ['agent', agentId],
      ['campaign', campaign ?? ''],
    ].map(([dim, value]) => sql`(${span}, ${dim}, ${period}, ${metric}, ${value}, ${by})`),
  );
  yield* one(sql`INSERT INTO overview_counts (span, dim, period, metric, dim_value, n) VALUES ${join(sums, ', ')}
    ON CONFLICT (span, dim, period, metric, dim_value) DO UPDATE SET n = overview_counts.n + excluded.n`);
}

/** Whether a call with this outcome belongs on the To call list (not while the lead is marked contacted). */
export const toCallSql = (outcome: Outcome, leadId: unknown) =>
  OUTCOMES[outcome].toCall
    ? sql`CASE WHEN EXISTS (SELECT 1 FROM lead_marks m WHERE m.lead_id = ${leadId}) THEN 0 ELSE 1 END`
    : sql`0`;

/** Stores a call's outcome word; a final one is counted on the day it is reached. */
export function* setOutcome(leadId: number, outcome: Outcome, now: number) {
  const before = yield* one(
    sql`SELECT c.outcome, l.agent_id, l.utm_campaign FROM calls c JOIN leads l ON l.id = c.lead_id WHERE c.lead_id = ${leadId}`,
  );
  if (!before || before.outcome === outcome) return;
  yield* one(
    sql`UPDATE calls SET outcome = ${outcome}, to_call = ${toCallSql(outcome, leadId)} WHERE lead_id = ${leadId}`,
  );
  const was = before.outcome as Outcome | null;
  const dims = { agentId: String(before.agent_id), campaign: before.utm_campaign as string | null };
  // A fuller report that changes a final word (rare) moves its count, so each call is counted once.
  if (was && OUTCOMES[was]?.final) yield* bump(`outcome:${was}`, now, dims, -1);
  if (OUTCOMES[outcome].final) yield* bump(`outcome:${outcome}`, now, dims);
}

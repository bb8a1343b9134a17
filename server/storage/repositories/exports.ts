// Exports read page by page (keyset on the id, so each page is as cheap as the first, and each is its own
// short read: no snapshot is held for the whole export, so SQLite's checkpoints keep up). Only the
// columns an export writes are fetched: never a transcript.
import { fragment, join, num, query, sql, type Sql } from '../sql.ts';
import { FEEDBACK_READ, feedbackOf, feedbackRange } from './feedback.ts';
import { CALL_TIMES, callOf, LEAD_COLUMNS, leadOf, leadWhere, newestFirst } from './rows.ts';

export type ExportFilter = { from?: string; to?: string; agentId?: string; callStatus?: string };
/** `after`: the last id of the previous page (ascending), `before` (descending); the first page has neither. */
export type Page = { after?: number; before?: number; limit: number };

const EXPORT_CALL_COLUMNS = fragment(`${CALL_TIMES}, c.call_at, c.attempts, c.last_error, c.failure_reason, c.provider_call_id, c.provider_status, c.ended_reason,
  c.duration_seconds, c.summary, c.success_evaluation, c.recording_url`);

const contactedOf = (r: Record<string, unknown>) =>
  r.contacted_at === null || r.contacted_at === undefined ? null : { at: new Date(num(r.contacted_at)).toISOString(), by: String(r.contacted_by) };

export const exportsRepo = {
  /** One page of leads with their calls and marks, oldest first (`after`) or newest first (`before`). */
  *leads({ after, before, limit, ...filter }: ExportFilter & Page) {
    const descending = after === undefined;
    const keyset = descending ? (before === undefined ? sql`1 = 1` : sql`l.id < ${before}`) : sql`l.id > ${after}`;
    const where = yield* leadWhere(filter);
    const rows = yield* query(sql`SELECT ${LEAD_COLUMNS}, ${EXPORT_CALL_COLUMNS}, m.contacted_at, m.contacted_by
      FROM leads l LEFT JOIN calls c ON c.lead_id = l.id LEFT JOIN lead_marks m ON m.lead_id = l.id
      WHERE ${keyset} AND ${where} ORDER BY ${descending ? newestFirst(filter.callStatus) : fragment('l.id')} LIMIT ${limit}`);
    return rows.map((r) => ({ lead: leadOf(r), call: callOf(r), contacted: contactedOf(r) }));
  },

  /** One page of feedback, as `leads` pages. */
  *feedback({ after, before, limit, from, to }: { from?: string; to?: string } & Page) {
    const descending = after === undefined;
    const where = [descending ? before !== undefined && sql`id < ${before}` : sql`id > ${after}`, ...(yield* feedbackRange({ from, to }))].filter((c): c is Sql => Boolean(c));
    const rows = yield* query(sql`SELECT ${FEEDBACK_READ} FROM feedback
      WHERE ${join(where, ' AND ', '1 = 1')} ORDER BY id ${fragment(descending ? 'DESC' : 'ASC')} LIMIT ${limit}`);
    return rows.map(feedbackOf);
  },
};

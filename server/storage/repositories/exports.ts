// Exports read page by page (keyset on the id, so each page is as cheap as the first, and each is its own
// short read: no snapshot is held for the whole export, so SQLite's checkpoints keep up). Only the
// columns an export writes are fetched: never a transcript.
// The desk's download of a list pages through that list itself (desk.leads with `fields: 'export'`), so it
// honours exactly the filters the list does.
import { sql } from 'kysely';
import { db, num, query, type Cond, reads } from '../query.ts';
import { FEEDBACK_READ, feedbackOf, feedbackRange } from './feedback.ts';
import { callOf, EXPORT_CALL_COLUMNS, LEAD_COLUMNS, leadOf } from './rows.ts';

/** `after`: the last id of the previous page (ascending), `before` (descending); the first page has neither. */
export type Page = { after?: number; before?: number; limit: number };

const contactedOf = (r: Record<string, unknown>) =>
  r.contacted_at === null || r.contacted_at === undefined
    ? null
    : { at: new Date(num(r.contacted_at)).toISOString(), by: String(r.contacted_by) };

export const exportsRepo = {
  /** One page of every lead with its call and mark, oldest first: the leads after the id `after`. */
  leads: reads(function* ({ after, limit }: { after: number; limit: number }) {
    const rows = yield* query(
      db
        .selectFrom('leads as l')
        .leftJoin('calls as c', 'c.lead_id', 'l.id')
        .leftJoin('lead_marks as m', 'm.lead_id', 'l.id')
        .select([...LEAD_COLUMNS, ...EXPORT_CALL_COLUMNS, 'm.contacted_at', 'm.contacted_by'])
        .where('l.id', '>', after)
        .orderBy('l.id')
        .limit(limit),
    );
    return rows.map((r) => ({ lead: leadOf(r), call: callOf(r), contacted: contactedOf(r) }));
  }),

  /** One page of feedback, as `leads` pages. */
  feedback: reads(function* ({
    after,
    before,
    limit,
    from,
    to,
    embedId,
  }: { from?: string; to?: string; embedId?: string } & Page) {
    const descending = after === undefined;
    const where: Cond[] = [
      ...(descending
        ? before === undefined
          ? []
          : [sql<boolean>`${sql.ref('id')} < ${before}`]
        : [sql<boolean>`${sql.ref('id')} > ${after}`]),
      ...(yield* feedbackRange({ from, to, embedId })),
    ];
    const rows = yield* query(
      db
        .selectFrom('feedback')
        .select(FEEDBACK_READ)
        .where((eb) => eb.and(where))
        .orderBy('id', descending ? 'desc' : 'asc')
        .limit(limit),
    );
    return rows.map(feedbackOf);
  }),
};

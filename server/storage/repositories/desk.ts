// The sales desk: its accounts (./desk-accounts.ts) and who marked a lead contacted; the leads and feedback
// as the desk lists them (newest first), and one cheap "what changed" figure the open desks poll.
import { TO_CALL_OUTCOMES } from '../../../model/call-outcomes.ts';
import type { MarkEvent } from '../../../model/desk.ts';
import { sql, type RawBuilder } from 'kysely';
import { col, db, num, numOrNull, one, query, type Cond, reads } from '../query.ts';
import { accounts } from './desk-accounts.ts';
import { FEEDBACK_READ, feedbackOf, feedbackRange } from './feedback.ts';
import { indexTerms } from './leads.ts';
import { CALL_COLUMNS, callOf, EXPORT_CALL_COLUMNS, LEAD_COLUMNS, leadOf, leadWhere } from './rows.ts';
import type { Int, Big } from '../schema.ts';
import type { Generated } from 'kysely';

// The tables it owns, as the queries see them (each column held to the real one by server/tests/schema.test.ts).
export interface LeadMarkEventsTable {
  id: Generated<Int>;
  lead_id: Int;
  action: string;
  by_email: string;
  at: Big;
}
export interface LeadMarksTable {
  lead_id: Int;
  contacted_at: Big;
  contacted_by: string;
}
declare module '../schema.ts' {
  interface Database {
    lead_mark_events: LeadMarkEventsTable;
    lead_marks: LeadMarksTable;
  }
}

export type { DeskRole, DeskSession, DeskUser } from './desk-accounts.ts';
export type Contacted = { at: string; by: string } | null;
/**
 * A desk list: filters, `search` (term prefixes that must all match, ../../model/search.ts), the To call
 * queue, and `before` (a cursor: only leads older than that id).
 */
export type DeskLeadFilter = {
  from?: string;
  to?: string;
  agentId?: string;
  /** The leads of one embed (issue 54). */
  embedId?: string;
  callStatus?: string;
  outcome?: string;
  search?: string[];
  toCall?: boolean;
  before?: number;
  limit?: number;
  /** `export`: the columns the CSV writes (never a transcript), for the desk's download of the same list. */
  fields?: 'list' | 'export';
};
export type { MarkEvent };
export type DeskFeedbackFilter = { from?: string; to?: string; embedId?: string; limit?: number };

const contactedOf = (r: Record<string, unknown>): Contacted =>
  r.contacted_at === null || r.contacted_at === undefined
    ? null
    : { at: new Date(num(r.contacted_at)).toISOString(), by: String(r.contacted_by) };

/** The first text after every text that starts with `prefix` (byte order: PostgreSQL's column is COLLATE "C"). */
const after = (prefix: string) =>
  prefix.slice(0, -1) + String.fromCodePoint(prefix.codePointAt(prefix.length - 1)! + 1);

/**
 * A search term's rows of lead_search (as `s`): a name's beginning is one exact term (its leads in id
 * order in the index); a number's digits the range of stored endings that start with them.
 */
const termIs = (term: string, column: RawBuilder<unknown> = col('lead_search', 'term', 's')): Cond =>
  term.startsWith('p:')
    ? sql<boolean>`${column} >= ${term} AND ${column} < ${after(term)}`
    : sql<boolean>`${column} = ${term}`;
/**
 * Whether the lead `id` has the term: one index seek into its own terms. A scalar subquery with a LIMIT,
 * not EXISTS: PostgreSQL may turn EXISTS into a join that sorts every lead with the term, by its sample's
 * statistics; this it keeps as a probe per lead.
 */
const hasTerm = (term: string, id: RawBuilder<unknown>): Cond =>
  sql<boolean>`${db
    .selectFrom('lead_search as x')
    .select(sql`1`.as('found'))
    .where(sql<boolean>`${col('lead_search', 'lead_id', 'x')} = ${id}`)
    .where(termIs(term, col('lead_search', 'term', 'x')))
    .limit(1)} IS NOT NULL`;
/**
 * Below this many leads a search term drives the list (its leads, the other terms and filters checked
 * for each); above it every lead matches often enough (1 in 100 at a million) that the list walks its
 * own order newest first and checks each lead's terms, reaching a page within a few thousand leads.
 */
const FEW = 10_000;

/** The setting that holds where the search terms of older leads are still to be stored (below that lead id). */
const SEARCH_BELOW = 'lead-search-below';

const leadExists = (id: number) =>
  db
    .selectFrom('leads')
    .select(sql`1`.as('found'))
    .where('id', '=', id);

/** Where a list's rows come from (`l` the leads, `c` their calls), led by the table its order walks. */
type Source = 'leads' | 'calls' | 'search';

/** The leads (with calls and marks) that `where` picks, newest first by `order`. */
function* listed(
  where: Cond[],
  order: 'l.id' | 'c.lead_id',
  limit: number,
  fields: DeskLeadFilter['fields'],
  source: Exclude<Source, 'search'> = 'leads',
) {
  // The table the order comes from leads the join (CROSS JOIN keeps SQLite's planner to that order).
  const from =
    source === 'calls'
      ? db.selectFrom('calls as c').crossJoin('leads as l')
      : db.selectFrom('leads as l').leftJoin('calls as c', 'c.lead_id', 'l.id');
  // The marks are looked up for the page's leads only (PostgreSQL evaluates these after its sort and limit;
  // a join read every mark to sort a date range's leads).
  const rows = yield* query(
    from
      .select(LEAD_COLUMNS)
      .select(fields === 'export' ? EXPORT_CALL_COLUMNS : CALL_COLUMNS)
      .select((eb) => [
        'c.outcome',
        eb.selectFrom('lead_marks as m').select('m.contacted_at').whereRef('m.lead_id', '=', 'l.id').as('contacted_at'),
        eb.selectFrom('lead_marks as m').select('m.contacted_by').whereRef('m.lead_id', '=', 'l.id').as('contacted_by'),
      ])
      .where((eb) => eb.and(where))
      .orderBy(order, 'desc')
      .limit(limit),
  );
  return rows.map((r) => ({
    lead: leadOf(r),
    call: callOf(r),
    outcome: r.outcome ?? null,
    contacted: contactedOf(r),
  }));
}

function* marksOf(leadId: number) {
  const rows = yield* query(
    db.selectFrom('lead_mark_events').select(['action', 'by_email', 'at']).where('lead_id', '=', leadId).orderBy('id'),
  );
  return rows.map((r): MarkEvent => ({
    action: r.action as MarkEvent['action'],
    by: String(r.by_email),
    at: new Date(num(r.at)).toISOString(),
  }));
}

export const desk = {
  ...accounts,

  /**
   * Leads with their calls and marks, newest first, `limit` of them from the cursor. Each list walks an
   * index in id order or sorts a few thousand ids at most: a search its rarest term's leads (first counted,
   * up to FEW), the To call list and an outcome calls' indexes, the rest the leads' own ids, checking
   * common search terms per lead. Filters reach the SQL as values only.
   */
  leads: reads(function* ({
    from,
    to,
    agentId,
    embedId,
    callStatus,
    outcome,
    search,
    toCall,
    before,
    limit = 500,
    fields,
  }: DeskLeadFilter) {
    const filtered = Boolean(from || to || agentId || embedId || callStatus || outcome || toCall);
    const conditions = [
      ...(yield* leadWhere({ from, to, agentId, callStatus, embedId })),
      ...(outcome ? [sql<boolean>`${col('calls', 'outcome', 'c')} = ${outcome}`] : []),
      ...(toCall ? [sql<boolean>`${col('calls', 'to_call', 'c')} = 1`] : []),
    ];
    const terms = [];
    for (const term of search ?? []) {
      const found = db
        .selectFrom('lead_search as s')
        .select(sql`1`.as('one'))
        .where(termIs(term))
        .limit(FEW);
      const r = yield* one(db.selectFrom(found.as('found')).select((eb) => eb.fn.countAll().as('n')));
      terms.push({ term, n: num(r?.n) });
    }
    terms.sort((x, y) => x.n - y.n);
    const [rarest, ...others] = terms;
    if (rarest && (rarest.n < FEW || (!filtered && !rarest.term.startsWith('p:')))) {
      // The rarest term's leads pick the page (a name's already newest first; a number's few sorted), then
      // those leads are read.
      const d = col('lead_search', 'lead_id', 'd');
      const checks = [...others.map((o) => hasTerm(o.term, d)), ...(before ? [sql<boolean>`${d} < ${before}`] : [])];
      const rarestIs = termIs(rarest.term, col('lead_search', 'term', 'd'));
      const distinct = rarest.term.startsWith('p:');
      const ids = filtered
        ? db
            .selectFrom('lead_search as d')
            .crossJoin('leads as l')
            .leftJoin('calls as c', 'c.lead_id', 'l.id')
            .select('d.lead_id')
            .$if(distinct, (q) => q.distinct())
            .whereRef('l.id', '=', 'd.lead_id')
            .where((eb) => eb.and([...conditions, ...checks]))
            .where(rarestIs)
            .orderBy('d.lead_id', 'desc')
            .limit(limit)
        : db
            .selectFrom('lead_search as d')
            .select('d.lead_id')
            .$if(distinct, (q) => q.distinct())
            .where((eb) => eb.and(checks))
            .where(rarestIs)
            .orderBy('d.lead_id', 'desc')
            .limit(limit);
      return yield* listed([sql<boolean>`${col('leads', 'id', 'l')} IN ${ids}`], 'l.id', limit, fields);
    }
    // The table the order comes from leads the join (CROSS JOIN keeps SQLite's planner to that order): a call's
    // state, outcome or queue walks the calls' indexes (status, outcome, to_call with lead_id), the rest the leads' ids.
    const byCalls = Boolean(toCall || outcome || callStatus);
    const order = byCalls ? 'c.lead_id' : 'l.id';
    const key = byCalls ? col('calls', 'lead_id', 'c') : col('leads', 'id', 'l');
    if (byCalls) conditions.push(sql<boolean>`${col('leads', 'id', 'l')} = ${col('calls', 'lead_id', 'c')}`);
    if (before) conditions.push(sql<boolean>`${key} < ${before}`);
    conditions.push(...terms.map((t) => hasTerm(t.term, key)));
    return yield* listed(conditions, order, limit, fields, byCalls ? 'calls' : 'leads');
  }),

  /** One lead with its call, its mark and every mark and undo, oldest first. */
  lead: reads(function* ({ id }: { id: number }) {
    const r = yield* one(
      db
        .selectFrom('leads as l')
        .leftJoin('calls as c', 'c.lead_id', 'l.id')
        .leftJoin('lead_marks as m', 'm.lead_id', 'l.id')
        .select([...LEAD_COLUMNS, ...CALL_COLUMNS, 'c.outcome', 'm.contacted_at', 'm.contacted_by'])
        .where('l.id', '=', id),
    );
    if (!r) return null;
    return {
      lead: leadOf(r),
      call: callOf(r),
      outcome: r.outcome ?? null,
      contacted: contactedOf(r),
      marks: yield* marksOf(id),
    };
  }),

  /** Marks a lead contacted by `by` (a standing mark stays as it is); null when there is no such lead. */
  *markContacted({ leadId, by, now }: { leadId: number; by: string; now: number }) {
    if (!(yield* one(leadExists(leadId)))) return null;
    const made = yield* query(
      db
        .insertInto('lead_marks')
        .values({ lead_id: leadId, contacted_at: now, contacted_by: by })
        .onConflict((oc) => oc.column('lead_id').doNothing())
        .returning('lead_id'),
    );
    if (made.length) {
      yield* one(
        db.insertInto('lead_mark_events').values({ lead_id: leadId, action: 'marked', by_email: by, at: now }),
      );
      yield* one(db.updateTable('calls').set({ to_call: 0 }).where('lead_id', '=', leadId));
    }
    const r = yield* one(
      db.selectFrom('lead_marks').select(['contacted_at', 'contacted_by']).where('lead_id', '=', leadId),
    );
    return { contacted: contactedOf(r!), marks: yield* marksOf(leadId) };
  },

  /** Undoes a lead's mark (`by` is kept in its history; the lead returns to the To call list where it belongs); null when there is no such lead. */
  *unmarkContacted({ leadId, by, now }: { leadId: number; by: string; now: number }) {
    if (!(yield* one(leadExists(leadId)))) return null;
    const undone = yield* query(db.deleteFrom('lead_marks').where('lead_id', '=', leadId).returning('lead_id'));
    if (undone.length) {
      yield* one(
        db.insertInto('lead_mark_events').values({ lead_id: leadId, action: 'undone', by_email: by, at: now }),
      );
      yield* one(
        db
          .updateTable('calls')
          .set((eb) => ({
            to_call: eb
              .case()
              .when('outcome', 'in', [...TO_CALL_OUTCOMES])
              .then(1)
              .else(0)
              .end(),
          }))
          .where('lead_id', '=', leadId),
      );
    }
    return { contacted: null as Contacted, marks: yield* marksOf(leadId) };
  },

  /** Stores the search terms of leads stored before searches were (newest first, `limit` at a time); the number indexed, 0 when done. */
  *indexOlderLeads({ limit }: { limit: number }) {
    const below = num((yield* one(db.selectFrom('settings').select('value').where('key', '=', SEARCH_BELOW)))?.value);
    const rows = yield* query(
      db.selectFrom('leads').select(['id', 'name', 'phone']).where('id', '<', below).orderBy('id', 'desc').limit(limit),
    );
    for (const r of rows) yield* indexTerms(num(r.id), String(r.name), String(r.phone));
    if (rows.length)
      yield* one(
        db
          .updateTable('settings')
          .set({ value: String(num(rows.at(-1)!.id)) })
          .where('key', '=', SEARCH_BELOW),
      );
    return rows.length;
  },

  feedback: reads(function* ({ from, to, embedId, limit = 500 }: DeskFeedbackFilter) {
    const where = yield* feedbackRange({ from, to, embedId });
    const rows = yield* query(
      db
        .selectFrom('feedback')
        .select(FEEDBACK_READ)
        .where((eb) => eb.and(where))
        .orderBy('id', 'desc')
        .limit(limit),
    );
    return rows.map(feedbackOf);
  }),

  /**
   * One figure that changes whenever the desk's lists would: a new lead, a call's progress, a mark, new
   * feedback. Maxima over indexed columns, so an open desk can ask every few seconds.
   */
  version: reads(function* () {
    const r = yield* one(
      db.selectNoFrom((eb) => [
        eb
          .selectFrom('leads')
          .select((s) => s.fn.max('id').as('n'))
          .as('leads'),
        eb
          .selectFrom('calls')
          .select((s) => s.fn.max('updated_at').as('n'))
          .as('calls'),
        eb
          .selectFrom('lead_mark_events')
          .select((s) => s.fn.max('id').as('n'))
          .as('marks'),
        eb
          .selectFrom('feedback')
          .select((s) => s.fn.max('id').as('n'))
          .as('feedback'),
      ]),
    );
    return [r?.leads, r?.calls, r?.marks, r?.feedback].map((v) => numOrNull(v) ?? 0).join('.');
  }),
};

// The web demos as the desk reads them (issue 46): the list, newest first by (created_at, id), a page at a
// time from a cursor, each filter walking its own index (migration 15); and one demo with its conversation
// and the lead that followed it (leads.demo_session_id).
import { sql } from 'kysely';
import { type DemoDetail, type ListedDemo } from '../../../model/demos.ts';
import { col, db, num, numOrNull, one, query, type Cond, reads } from '../query.ts';
import { demoFigures } from './demo-tallies.ts';

export type DemoFilter = {
  /** Instants (ISO), from included, to excluded. */
  from?: string;
  to?: string;
  agentId?: string;
  origin?: string;
  mode?: string;
  /** The demos of one embed (issue 54). */
  embedId?: string;
  /** Only demos before this one in the list's order. */
  before?: { createdAt: number; id: string };
  limit?: number;
};

const iso = (ms: unknown) => new Date(num(ms)).toISOString();
const isoOrNull = (ms: unknown) => (ms === null || ms === undefined ? null : iso(ms));

const LIST_COLUMNS = [
  'd.id',
  'd.created_at',
  'd.agent_id',
  'd.mode',
  'd.origin',
  'd.page_url',
  'd.ended_at',
  'd.duration_seconds',
  'd.ended_reason',
] as const;

const listedOf = (r: Record<string, unknown>): Omit<ListedDemo, 'leadId'> => ({
  id: String(r.id),
  createdAt: iso(r.created_at),
  agentId: r.agent_id === null ? null : String(r.agent_id),
  mode: String(r.mode),
  origin: String(r.origin),
  pageUrl: r.page_url === null ? null : String(r.page_url),
  endedAt: isoOrNull(r.ended_at),
  durationSeconds: numOrNull(r.duration_seconds),
  endedReason: r.ended_reason === null ? null : String(r.ended_reason),
});

export const demoDesk = {
  /** The overview's demo figures (./demo-tallies.ts). */
  figures: reads(demoFigures),

  /**
   * Demos newest first, `limit` of them after the cursor. An equality filter walks its index (agent, origin,
   * mode, each then by time and id); without one, the time index. The index carries the other filters'
   * columns, so a walk that checks them reads no table row until it has a page. No count is made. A
   * combination that matches nothing walks its filter's whole stretch of the index.
   */
  list: reads(function* ({ from, to, agentId, origin, mode, embedId, before, limit = 100 }: DemoFilter) {
    const p = (column: 'created_at' | 'id' | 'agent_id' | 'origin' | 'mode' | 'embed_id') =>
      col('demo_sessions', column, 'p');
    const where: Cond[] = [
      ...(from ? [sql<boolean>`${p('created_at')} >= ${Date.parse(from)}`] : []),
      ...(to ? [sql<boolean>`${p('created_at')} < ${Date.parse(to)}`] : []),
      ...(agentId ? [sql<boolean>`${p('agent_id')} = ${agentId}`] : []),
      ...(origin ? [sql<boolean>`${p('origin')} = ${origin}`] : []),
      ...(mode ? [sql<boolean>`${p('mode')} = ${mode}`] : []),
      ...(embedId ? [sql<boolean>`${p('embed_id')} = ${embedId}`] : []),
      // A row value: both databases seek the index to the cursor and walk on from there.
      ...(before ? [sql<boolean>`(${p('created_at')}, ${p('id')}) < (${before.createdAt}, ${before.id})`] : []),
    ];
    // The page's ids from an index alone (every filter's column is in each index), so a database picks the
    // index by how many entries it walks, never by where their rows lie; then those rows, sorted again.
    const page = db
      .selectFrom('demo_sessions as p')
      .select('p.id')
      .where((eb) => eb.and(where))
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(limit);
    const rows = yield* query(
      db
        .selectFrom('demo_sessions as d')
        .select(LIST_COLUMNS)
        // The first lead asked for after each demo of the page: one probe of leads_demo_session each.
        .select((eb) =>
          eb
            .selectFrom('leads as l')
            .select((m) => m.fn.min('l.id').as('id'))
            .whereRef('l.demo_session_id', '=', 'd.id')
            .as('lead_id'),
        )
        .where('d.id', 'in', page)
        .orderBy('d.created_at', 'desc')
        .orderBy('d.id', 'desc'),
    );
    return rows.map((r): ListedDemo => ({ ...listedOf(r), leadId: numOrNull(r.lead_id) }));
  }),

  /** One demo with its summary and transcript, and the first lead that followed it; null when there is none. */
  get: reads(function* ({ id }: { id: string }) {
    const r = yield* one(
      db
        .selectFrom('demo_sessions as d')
        .select([...LIST_COLUMNS, 'd.summary', 'd.transcript'])
        .where('d.id', '=', id),
    );
    if (!r) return null;
    const lead = yield* one(
      db
        .selectFrom('leads')
        .select(['id', 'name', 'created_ms', 'created_at'])
        .where('demo_session_id', '=', id)
        .orderBy('id')
        .limit(1),
    );
    return {
      ...listedOf(r),
      summary: r.summary ?? null,
      transcript: r.transcript ?? null,
      lead: lead
        ? {
            id: num(lead.id),
            name: String(lead.name),
            createdAt: lead.created_ms === null ? String(lead.created_at) : iso(lead.created_ms),
          }
        : null,
    } satisfies DemoDetail;
  }),
};

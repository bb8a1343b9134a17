// The desk's audit: who signed in, viewed which lead, downloaded what, marked, unmarked or erased what,
// and when. Entries name desk accounts and lead ids, never a lead's personal data.
import { sql } from 'kysely';
import { db, num, one, query, reads } from '../query.ts';
import type { Int, Big } from '../schema.ts';
import type { Generated } from 'kysely';

// The tables it owns, as the queries see them (each column held to the real one by server/tests/schema.test.ts).
export interface DeskAuditTable {
  id: Generated<Int>;
  at: Big;
  actor: string;
  action: string;
  lead_id: Int | null;
  session_id: string | null;
  detail: string | null;
}
declare module '../schema.ts' {
  interface Database {
    desk_audit: DeskAuditTable;
  }
}

export type AuditAction =
  | 'sign-in'
  | 'sign-in.failed'
  | 'sign-in.second-step'
  | 'session.end'
  | 'account.add'
  | 'account.remove'
  | 'account.role'
  | 'account.password'
  | 'two-step.on'
  | 'two-step.off'
  | 'two-step.reset'
  | 'two-step.failed'
  | 'two-step.recovery-code'
  | 'two-step.recovery-codes'
  | 'lead.view'
  | 'leads.download'
  | 'feedback.download'
  | 'lead.mark'
  | 'lead.unmark'
  | 'lead.erase'
  | 'embed.add'
  | 'embed.change';
export type AuditEntry = {
  at: number;
  actor: string;
  action: AuditAction;
  leadId?: number | null;
  sessionId?: string | null;
  detail?: Record<string, unknown> | null;
};

const HOUR = 3_600_000;

export const audit = {
  *record(e: AuditEntry) {
    yield* one(
      db.insertInto('desk_audit').values({
        at: e.at,
        actor: e.actor,
        action: e.action,
        lead_id: e.leadId ?? null,
        session_id: e.sessionId ?? null,
        detail: e.detail ? JSON.stringify(e.detail) : null,
      }),
    );
  },

  /** A lead view, written once per lead, session and hour (an open lead page polls: one entry, not one a poll). */
  *viewed({ at, actor, leadId, sessionId }: { at: number; actor: string; leadId: number; sessionId: string }) {
    const seen = yield* one(
      db
        .selectFrom('desk_audit')
        .select(sql`1`.as('seen'))
        .where('lead_id', '=', leadId)
        .where('at', '>', at - HOUR)
        .where('action', '=', 'lead.view')
        .where('session_id', '=', sessionId)
        .limit(1),
    );
    if (!seen) yield* audit.record({ at, actor, action: 'lead.view', leadId, sessionId });
    return !seen;
  },

  /** Entries newest first, `limit` at a time; `before` the last id of the previous page. */
  list: reads(function* ({ before, limit }: { before?: number; limit: number }) {
    const rows = yield* query(
      db
        .selectFrom('desk_audit')
        .select(['id', 'at', 'actor', 'action', 'lead_id', 'detail'])
        .$if(before !== undefined, (q) => q.where('id', '<', before!))
        .orderBy('id', 'desc')
        .limit(limit),
    );
    return rows.map((r) => ({
      id: num(r.id),
      at: new Date(num(r.at)).toISOString(),
      actor: String(r.actor),
      action: r.action as AuditAction,
      leadId: r.lead_id === null || r.lead_id === undefined ? null : num(r.lead_id),
      detail: r.detail ? (JSON.parse(String(r.detail)) as Record<string, unknown>) : null,
    }));
  }),
};

// CRM deliveries waiting to be sent: one row an event, written in the transaction that made the change,
// leased while sent, delivered in order per lead (an event waits for the lead's earlier ones).
import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Call } from '../../../model/calls.ts';
import { crmPayload, type CrmEvent } from '../../../model/crm-events.ts';
import type { Lead, LeadDemo } from '../../../model/lead.ts';
import { db, num, numOrNull, one, query } from '../query.ts';
import type { Database } from '../schema.ts';
import type { Int, Big, BigOrNull } from '../schema.ts';
import type { Generated } from 'kysely';

// The tables it owns, as the queries see them (each column held to the real one by server/tests/schema.test.ts).
export interface OutboxTable {
  id: Generated<Int>;
  lead_id: Int;
  payload: string;
  attempts: Generated<Int>;
  next_attempt_at: Big;
  lease_until: BigOrNull;
  delivered_at: BigOrNull;
  last_error: string | null;
  event: Generated<string>;
  delivery_id: string | null;
}
declare module '../schema.ts' {
  interface Database {
    outbox: OutboxTable;
  }
}

export type OutboxRow = {
  id: number;
  leadId: number;
  event: CrmEvent;
  deliveryId: string;
  payload: string;
  attempts: number;
};

/** Queues an event (inside the caller's transaction); its delivery id is new and never reused. */
export function* enqueue(event: CrmEvent, now: number, lead: Lead, call: Call | null, demo: LeadDemo | null = null) {
  const deliveryId = randomUUID();
  const embed = lead.embedId
    ? yield* one(db.selectFrom('embeds').select(['id', 'name']).where('id', '=', lead.embedId))
    : undefined;
  yield* one(
    db.insertInto('outbox').values({
      lead_id: lead.id,
      event,
      delivery_id: deliveryId,
      payload: crmPayload(event, deliveryId, now, lead, call, demo, embed ? { id: embed.id, name: embed.name } : null),
      next_attempt_at: 0,
    }),
  );
}

/** An earlier delivery of the same lead (the outer query's `o`) still waiting: `o` waits for it. */
const earlierWaiting = (eb: ExpressionBuilder<Database & { o: OutboxTable }, 'o'>) =>
  eb
    .selectFrom('outbox as e')
    .select(sql`1`.as('waiting'))
    .whereRef('e.lead_id', '=', 'o.lead_id')
    .whereRef('e.id', '<', 'o.id')
    .where('e.delivered_at', 'is', null);

export const outbox = {
  /** Leases up to `limit` due deliveries for `leaseMs`: another instance takes them only once the lease ends. */
  *claim({ now, leaseMs, limit }: { now: number; leaseMs: number; limit: number }) {
    const due = db
      .selectFrom('outbox as o')
      .select('o.id')
      .where('o.delivered_at', 'is', null)
      .where('o.next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('o.lease_until', 'is', null), eb('o.lease_until', '<=', now)]))
      .where((eb) => eb.not(eb.exists(earlierWaiting(eb))))
      .orderBy('o.id')
      .limit(limit)
      .forUpdate()
      .skipLocked();
    const rows = yield* query(
      db
        .updateTable('outbox')
        .set({ lease_until: now + leaseMs })
        .where('id', 'in', due)
        .returning(['id', 'lead_id', 'event', 'delivery_id', 'payload', 'attempts']),
    );
    return rows
      .map((r): OutboxRow => ({
        id: num(r.id),
        leadId: num(r.lead_id),
        event: r.event as CrmEvent,
        deliveryId: String(r.delivery_id),
        payload: String(r.payload),
        attempts: num(r.attempts),
      }))
      .sort((a, b) => a.id - b.id);
  },
  /** When the next delivery may be claimed (a retry, or the end of a lease); null when none waits. */
  *nextDue() {
    const r = yield* one(
      db
        .selectFrom('outbox as o')
        .select((eb) =>
          eb.fn
            .min(
              eb
                .case()
                .when('o.lease_until', '>', eb.ref('o.next_attempt_at'))
                .then(eb.ref('o.lease_until'))
                .else(eb.ref('o.next_attempt_at'))
                .end(),
            )
            .as('due'),
        )
        .where('o.delivered_at', 'is', null)
        .where((eb) => eb.not(eb.exists(earlierWaiting(eb)))),
    );
    return numOrNull(r?.due);
  },
  *delivered({ id, now }: { id: number; now: number }) {
    yield* one(
      db
        .updateTable('outbox')
        .set((eb) => ({ delivered_at: now, attempts: eb('attempts', '+', 1), lease_until: null, last_error: null }))
        .where('id', '=', id),
    );
  },
  *failed({ id, nextAttemptAt, error }: { id: number; nextAttemptAt: number; error: string }) {
    yield* one(
      db
        .updateTable('outbox')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          next_attempt_at: nextAttemptAt,
          lease_until: null,
          last_error: error,
        }))
        .where('id', '=', id),
    );
  },
  /** Deliveries not yet made, for health and tests. */
  *pending() {
    return num(
      (yield* one(
        db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('delivered_at', 'is', null),
      ))?.n,
    );
  },
};

// CRM deliveries waiting to be sent: one row an event, written in the transaction that made the change,
// leased while sent, delivered in order per lead (an event waits for the lead's earlier ones).
import { randomUUID } from 'node:crypto';
import type { Call } from '../../../model/calls.ts';
import { crmPayload, type CrmEvent } from '../../../model/crm-events.ts';
import type { Lead } from '../../../model/lead.ts';
import { num, numOrNull, one, query, raw, sql } from '../sql.ts';

export type OutboxRow = {
  id: number;
  leadId: number;
  event: CrmEvent;
  deliveryId: string;
  payload: string;
  attempts: number;
};

/** Queues an event (inside the caller's transaction); its delivery id is new and never reused. */
export function* enqueue(event: CrmEvent, now: number, lead: Lead, call: Call | null) {
  const deliveryId = randomUUID();
  yield* one(
    sql`INSERT INTO outbox (lead_id, event, delivery_id, payload, next_attempt_at) VALUES (${lead.id}, ${event}, ${deliveryId}, ${crmPayload(event, deliveryId, now, lead, call)}, 0)`,
  );
}

export const outbox = {
  /** Leases up to `limit` due deliveries for `leaseMs`: another instance takes them only once the lease ends. */
  *claim({ now, leaseMs, limit }: { now: number; leaseMs: number; limit: number }) {
    const rows = yield* query(sql`UPDATE outbox SET lease_until = ${now + leaseMs} WHERE id IN (
        SELECT o.id FROM outbox o WHERE o.delivered_at IS NULL AND o.next_attempt_at <= ${now} AND (o.lease_until IS NULL OR o.lease_until <= ${now})
          AND NOT EXISTS (SELECT 1 FROM outbox e WHERE e.lead_id = o.lead_id AND e.id < o.id AND e.delivered_at IS NULL)
        ORDER BY o.id LIMIT ${limit} ${raw({ postgres: 'FOR UPDATE SKIP LOCKED' })})
      RETURNING id, lead_id, event, delivery_id, payload, attempts`);
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
    const r =
      yield* one(sql`SELECT MIN(CASE WHEN o.lease_until > o.next_attempt_at THEN o.lease_until ELSE o.next_attempt_at END) AS due
      FROM outbox o WHERE o.delivered_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM outbox e WHERE e.lead_id = o.lead_id AND e.id < o.id AND e.delivered_at IS NULL)`);
    return numOrNull(r?.due);
  },
  *delivered({ id, now }: { id: number; now: number }) {
    yield* one(
      sql`UPDATE outbox SET delivered_at = ${now}, attempts = attempts + 1, lease_until = NULL, last_error = NULL WHERE id = ${id}`,
    );
  },
  *failed({ id, nextAttemptAt, error }: { id: number; nextAttemptAt: number; error: string }) {
    yield* one(
      sql`UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ${nextAttemptAt}, lease_until = NULL, last_error = ${error} WHERE id = ${id}`,
    );
  },
  /** Deliveries not yet made, for health and tests. */
  *pending() {
    return num((yield* one(sql`SELECT COUNT(*) AS n FROM outbox WHERE delivered_at IS NULL`))?.n);
  },
};

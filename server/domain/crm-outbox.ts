// Delivers every CRM event at least once, in order per lead: rows wait in the outbox (written in the
// transaction that made the change), are leased while sent, and retried with doubling backoff until the
// receiver answers 2xx, across restarts and instances. The receiver dedupes on X-Delivery-Id, which
// stays the same across retries of one event and is never reused.
import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config/settings.ts';
import type { OutboxRow, Store } from '../storage/index.ts';
import { leaseFor, MAX_SLEEP_MS, startLeasedJobs } from './jobs.ts';

const MAX_BACKOFF_MS = 3_600_000;

/** `X-Signature-256: sha256=<hex HMAC of "{timestamp}.{body}">`, with the timestamp in X-Timestamp to stop replays. */
export function signature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The headers of one delivery, as a receiver checks them (docs/api.md#checking-and-deduping-a-delivery). */
export function deliveryHeaders(secret: string, delivery: { deliveryId: string; event: string; payload: string }) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return {
    'content-type': 'application/json',
    'x-delivery-id': delivery.deliveryId,
    'x-event': delivery.event,
    'x-timestamp': timestamp,
    'x-signature-256': signature(secret, timestamp, delivery.payload),
  };
}

export function startOutbox(store: Store, webhook: ServerConfig['webhook'], timeoutMs: number, log: FastifyBaseLogger) {
  const leaseMs = leaseFor(timeoutMs);

  async function deliver(row: OutboxRow) {
    try {
      const res = await fetch(webhook.url, {
        method: 'POST',
        headers: deliveryHeaders(webhook.secret, row),
        body: row.payload,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`answered ${res.status}`);
      await store.outbox.delivered({ id: row.id, now: Date.now() });
      log.info({ leadId: row.leadId, event: row.event }, 'CRM event delivered');
    } catch (error) {
      const wait = Math.min(webhook.backoffMs * 2 ** row.attempts, MAX_BACKOFF_MS);
      await store.outbox
        .failed({ id: row.id, nextAttemptAt: Date.now() + wait, error: String((error as Error).message) })
        .catch(() => {});
      log.warn(
        { leadId: row.leadId, event: row.event, attempt: row.attempts + 1, retryInMs: wait },
        `CRM delivery failed: ${(error as Error).message}`,
      );
    }
  }

  if (!webhook.url) return { poke: () => {}, stop: async () => {} };
  // Rows of one lead come one at a time (the claim leaves a row until the lead's earlier ones are
  // delivered); different leads go together. deliver() records its own failures, so a row never throws.
  return startLeasedJobs({
    claim: () => store.outbox.claim({ now: Date.now(), leaseMs, limit: 10 }),
    run: deliver,
    failed: (row, error) => log.warn({ leadId: row.leadId, event: row.event }, `CRM delivery failed: ${error.message}`),
    nextDue: () => store.outbox.nextDue(),
    subscribe: (wake) => store.onAdded('outbox', wake),
    passFailed: (error) => log.warn(`outbox pass failed: ${error.message}`),
    now: Date.now,
    maxSleepMs: MAX_SLEEP_MS,
  });
}

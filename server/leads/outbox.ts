// Delivers each lead to the CRM webhook at least once: rows wait in the outbox table (written in the
// same transaction as the lead), are leased while being sent, and retried with doubling backoff until
// the receiver answers 2xx, across restarts and instances. The receiver dedupes on X-Delivery-Id.
import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config.ts';
import type { OutboxRow, Store } from '../storage/types.ts';

const MAX_BACKOFF_MS = 3_600_000;

/** `X-Signature-256: sha256=<hex HMAC of "{timestamp}.{body}">`, with the timestamp in X-Timestamp to stop replays. */
export function signature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export function startOutbox(store: Store, webhook: ServerConfig['webhook'], timeoutMs: number, log: FastifyBaseLogger) {
  // A lease outlives a delivery's timeout, so a killed instance's rows are retried soon after.
  const leaseMs = timeoutMs * 2 + 1000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;

  async function deliver(row: OutboxRow) {
    const timestamp = String(Math.floor(Date.now() / 1000));
    try {
      const res = await fetch(webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-delivery-id': `lead-${row.leadId}`,
          'x-timestamp': timestamp,
          'x-signature-256': signature(webhook.secret, timestamp, row.payload),
        },
        body: row.payload,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`answered ${res.status}`);
      await store.outboxDelivered(row.id, Date.now());
      log.info({ leadId: row.leadId }, 'lead delivered to the CRM webhook');
    } catch (error) {
      const wait = Math.min(webhook.backoffMs * 2 ** row.attempts, MAX_BACKOFF_MS);
      await store.outboxFailed(row.id, Date.now() + wait, String((error as Error).message)).catch(() => {});
      log.warn({ leadId: row.leadId, attempt: row.attempts + 1, retryInMs: wait }, `lead delivery failed: ${(error as Error).message}`);
    }
  }

  async function pass() {
    try {
      for (;;) {
        const due = await store.claimOutbox(Date.now(), leaseMs, 10);
        if (!due.length || stopped) return;
        await Promise.all(due.map(deliver));
      }
    } catch (error) {
      log.warn(`outbox pass failed: ${(error as Error).message}`);
    }
  }

  /** Runs a pass now (after a new lead), unless one is under way. */
  function poke() {
    if (stopped || running) return;
    running = pass().finally(() => (running = null));
  }

  if (webhook.url) {
    poke();
    const tick = () => {
      poke();
      timer = setTimeout(tick, Math.min(webhook.backoffMs, 1000)).unref();
    };
    timer = setTimeout(tick, 1000).unref();
  }
  return {
    poke: () => webhook.url && poke(),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

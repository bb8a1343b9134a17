// Keeping personal data no longer than its period (docs/operations.md#retention): leads with their calls
// after LEAD_RETENTION_DAYS, what calls said after CALL_CONTENT_RETENTION_DAYS, delivered CRM events after
// OUTBOX_RETENTION_DAYS, web demos after DEMO_RETENTION_DAYS, the desk's audit after AUDIT_RETENTION_DAYS, codes, failed sign-ins and ended
// sessions within a day. Hourly, by whichever instance holds the lease; `npm run -s purge` on demand.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config/settings.ts';
import type { Store } from '../storage/index.ts';

const DAY = 86_400_000;
/** Rows a conversion of older times (../storage/repositories/times.ts) changes in one transaction. */
export const TIME_BATCH = 1000;
const HOUR = 3_600_000;
/** Rows a transaction removes at most: short enough that a write waiting for the lock hardly notices. */
export const PURGE_BATCH = 500;

export type Retention = ServerConfig['retention'];
export type PurgeReport = {
  leads: number;
  callContent: number;
  outbox: number;
  feedback: number;
  demos: number;
  codes: number;
  failures: number;
  sessions: number;
  audit: number;
};

/** Removes everything past its period, batch by batch, until nothing is left; what went, by kind. */
export async function purge(
  store: Store,
  retention: Retention,
  now: number,
  batch = PURGE_BATCH,
): Promise<PurgeReport> {
  const before = (days: number) => now - days * DAY;
  const report: PurgeReport = {
    leads: 0,
    callContent: 0,
    outbox: 0,
    feedback: 0,
    demos: 0,
    codes: 0,
    failures: 0,
    sessions: 0,
    audit: 0,
  };
  const drain = async (key: keyof PurgeReport, step: () => Promise<number>) => {
    for (let n = batch; n >= batch; report[key] += n) n = await step();
  };
  await drain('leads', () => store.retention.leads({ before: before(retention.leadDays), batch }));
  await drain('feedback', () => store.retention.feedback({ before: before(retention.leadDays), batch }));
  await drain('callContent', () => store.retention.callContent({ before: before(retention.callContentDays), batch }));
  await drain('outbox', () => store.retention.outbox({ before: before(retention.outboxDays), batch }));
  // Today's demos (UTC) and the last hour's are what the gate's limits count: they stay whatever the period.
  const demosBefore = Math.min(before(retention.demoDays), now - (now % DAY), now - HOUR);
  await drain('demos', () => store.retention.demos({ before: demosBefore, batch }));
  for (;;) {
    const r = await store.retention.shortLived({ now, auditBefore: before(retention.auditDays), batch });
    for (const k of ['codes', 'failures', 'sessions', 'audit'] as const) report[k] += r[k];
    if (Math.max(r.codes, r.failures, r.sessions, r.audit) < batch) break;
  }
  await store.retention.optimize();
  return report;
}

/**
 * The hourly purge: every ten minutes each instance asks for the hour's lease, and the one that gets it
 * purges. A purge that fails is logged and tried at the next lease.
 */
export function startRetention(
  store: Store,
  retention: Retention,
  log: FastifyBaseLogger,
  now: () => number,
  { everyMs = 10 * 60_000 } = {},
) {
  const holder = randomUUID();
  let running: Promise<void> | null = null;
  let stopped = false;
  async function tick() {
    try {
      if (!(await store.retention.lease({ name: 'purge', holder, now: now(), ms: HOUR - 60_000 }))) return;
      const report = await purge(store, retention, now());
      if (Object.values(report).some(Boolean)) log.info({ purged: report }, 'retention purge');
      // Times an instance of the release before wrote during a rolling upgrade, after this one's start converted the rest.
      while (!stopped && !(await store.times.convertOlder({ limit: TIME_BATCH })).done);
    } catch (error) {
      log.warn(`retention purge failed; tried again within the hour: ${(error as Error).message}`);
    }
  }
  const timer = setInterval(() => {
    if (!stopped && !running) running = tick().finally(() => (running = null));
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

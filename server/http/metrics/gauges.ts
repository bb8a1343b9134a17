// The gauges read from the database: calls by state and outcome, the calls due and the oldest, the CRM
// outbox's backlog and its oldest event. Read once per `cacheMs` at most, however many scrapers ask (one
// read at a time: scrapes that arrive while it runs share it); a failed read keeps the last values, and
// widgets_gauges_age_seconds shows how old they are.
import { Counter, Gauge, type Registry } from 'prom-client';
import type { FastifyBaseLogger } from 'fastify';
import type { Gauges, Store } from '../../storage/index.ts';

export function databaseGauges(
  registry: Registry,
  store: Store,
  { cacheMs, now, log }: { cacheMs: number; now: () => number; log: FastifyBaseLogger },
) {
  const registers = [registry];
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers });
  const byState = gauge('widgets_calls', 'Demo calls by stored state.', ['state']);
  const byOutcome = gauge('widgets_calls_by_outcome', 'Demo calls by outcome (the desk’s word for how one went).', [
    'outcome',
  ]);
  const due = gauge('widgets_calls_due', 'Calls whose time to be placed has come and that wait for the call worker.');
  const dueAge = gauge('widgets_calls_oldest_due_age_seconds', 'How long the call due longest has waited (0: none).');
  const pending = gauge('widgets_outbox_pending', 'CRM events not yet delivered.');
  const pendingAge = gauge(
    'widgets_outbox_oldest_pending_age_seconds',
    'How long ago the oldest undelivered CRM event happened (0: none).',
  );
  const readSeconds = gauge('widgets_gauges_read_seconds', 'How long the last read of these gauges took.');
  const age = gauge('widgets_gauges_age_seconds', 'How old the gauges read from the database are.');
  const failures = new Counter({
    name: 'widgets_gauges_read_failures_total',
    help: 'Reads of the database’s gauges that failed (the last values are kept).',
    registers,
  });

  let last: { at: number; values: Gauges } | undefined;
  let reading: Promise<void> | undefined;

  async function read() {
    const started = performance.now();
    const at = now();
    try {
      const values = await store.gauges.read({ now: at });
      last = { at, values };
      readSeconds.set((performance.now() - started) / 1000);
      for (const [state, n] of Object.entries(values.callsByState)) byState.set({ state }, n);
      for (const [outcome, n] of Object.entries(values.callsByOutcome)) byOutcome.set({ outcome }, n);
      due.set(values.callsDue);
      pending.set(values.outboxPending);
    } catch (error) {
      failures.inc();
      log.warn({ err: error }, 'metrics: the gauges could not be read from the database; the last values are kept');
    }
  }

  return {
    /** Reads the database when the values are older than `cacheMs`; ages follow the clock between reads. */
    async fresh() {
      if (!last || now() - last.at >= cacheMs) await (reading ??= read().finally(() => (reading = undefined)));
      if (!last) return;
      const t = now();
      const since = (ms: number | null) => (ms === null ? 0 : Math.max(0, (t - ms) / 1000));
      dueAge.set(since(last.values.oldestDueAt));
      pendingAge.set(since(last.values.oldestPendingAt));
      age.set((t - last.at) / 1000);
    },
  };
}

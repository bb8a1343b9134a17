// The service's metrics in Prometheus' format (prom-client), one registry per service (tests run several in
// one process): requests by route template, the database's operations and pool, the domain's events (codes,
// sign-ins) and the process's own. The gauges read from the database are ./gauges.ts'.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import { CODE_REFUSALS, SIGN_IN_STEPS, type Meter } from '../../domain/meter.ts';
import type { Store } from '../../storage/index.ts';

/** A request no route matched: its label, never the raw URL (which would make a series per path tried). */
export const UNMATCHED = 'unmatched';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createRegistry(store: Store) {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  // prom-client also serves these totals as gauges, which Prometheus' naming takes for counters
  // (`promtool check metrics` refuses them); the same counts stay, by type, in nodejs_active_handles etc.
  for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'])
    registry.removeSingleMetric(name);

  const labels = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'widgets_http_requests_total',
    help: 'Requests answered, by method, route template and status.',
    labelNames: labels,
    registers,
  });
  const duration = new Histogram({
    name: 'widgets_http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer, by method, route template and status.',
    labelNames: labels,
    buckets: SECONDS,
    registers,
  });

  const operation = new Histogram({
    name: 'widgets_db_operation_duration_seconds',
    help: 'Time of each storage operation (one transaction; on SQLite with its wait for the shared commit).',
    labelNames: ['operation'],
    buckets: [0.001, 0.0025, ...SECONDS],
    registers,
  });
  const busy = new Counter({
    name: 'widgets_db_busy_total',
    help: 'Operations the database refused as busy (answered 503), by operation.',
    labelNames: ['operation'],
    registers,
  });
  const poolWait = new Histogram({
    name: 'widgets_db_pool_wait_seconds',
    help: 'Time an operation waited for one of PostgreSQL’s pooled connections.',
    buckets: [0.001, 0.0025, ...SECONDS],
    registers,
  });
  new Gauge({
    name: 'widgets_db_pool_connections',
    help: 'PostgreSQL’s pool: connections in use, idle, and its size (absent on SQLite).',
    labelNames: ['state'],
    registers,
    collect() {
      const use = store.poolUse();
      if (!use) return;
      this.set({ state: 'in_use' }, use.total - use.idle);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'max' }, use.max);
    },
  });
  new Gauge({
    name: 'widgets_db_pool_waiting',
    help: 'Operations waiting for a PostgreSQL connection now (absent on SQLite).',
    registers,
    collect() {
      const use = store.poolUse();
      if (use) this.set(use.waiting);
    },
  });
  store.observe({
    operation(name, seconds, wasBusy) {
      operation.observe({ operation: name }, seconds);
      // Served at 0 from an operation's first run, so that an alert's increase() sees its first busy.
      busy.inc({ operation: name }, wasBusy ? 1 : 0);
    },
    poolWait: (seconds) => poolWait.observe(seconds),
  });

  const sent = new Counter({ name: 'widgets_otp_codes_sent_total', help: 'One-time codes sent.', registers });
  const refused = new Counter({
    name: 'widgets_otp_codes_refused_total',
    help: 'Code requests refused, by reason (otp-capacity: OTP_MAX_PER_HOUR reached).',
    labelNames: ['reason'],
    registers,
  });
  const signInFailures = new Counter({
    name: 'widgets_desk_sign_in_failures_total',
    help: 'Failed desk sign-ins and proofs, by reason and step (password, code, proof: a signed-in person’s current password or code, sso).',
    labelNames: ['reason', 'step'],
    registers,
  });
  const lockouts = new Counter({
    name: 'widgets_desk_lockouts_total',
    help: 'Desk accounts or clients locked out by failed sign-ins, by the step that locked them.',
    labelNames: ['step'],
    registers,
  });
  const originRefusals = new Counter({
    name: 'widgets_origin_refused_total',
    help: 'Requests refused for their page’s origin, by the embed they named (none: no embed).',
    labelNames: ['embed'],
    registers,
  });
  originRefusals.inc({ embed: 'none' }, 0);
  // Served at 0 before the first, so that an alert's increase() over the first scrapes sees the first count.
  for (const reason of CODE_REFUSALS) refused.inc({ reason }, 0);
  for (const step of SIGN_IN_STEPS) {
    lockouts.inc({ step }, 0);
    if (step !== 'sso') for (const reason of ['wrong', 'locked'] as const) signInFailures.inc({ reason, step }, 0);
  }
  const meter: Meter = {
    codeSent: () => sent.inc(),
    codeRefused: (reason) => refused.inc({ reason }),
    signInFailed: (reason, step = 'password') => signInFailures.inc({ reason, step }),
    lockedOut: (step = 'password') => lockouts.inc({ step }),
    originRefused: (embed) => originRefusals.inc({ embed }),
  };

  const draining = new Gauge({
    name: 'widgets_draining',
    help: '1 from SIGTERM on: /api/ready answers 503 while requests in flight finish.',
    registers,
  });

  /** Counts and times every answer by its route's template (the path as registered, `:id` and all). */
  function instrument(app: FastifyInstance) {
    // Each route's 5xx series at 0 from the start: the error-rate alert's rate() then counts its first 5xx.
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat())
        if (METHODS.has(method) && method !== 'HEAD')
          for (const status of ['500', '503']) requests.inc({ method, route: route.url, status }, 0);
    });
    app.addHook('onResponse', async (request, reply) => {
      const at = {
        method: METHODS.has(request.method) ? request.method : 'other',
        route: request.routeOptions.url ?? UNMATCHED,
        status: String(reply.statusCode),
      };
      requests.inc(at);
      duration.observe(at, reply.elapsedTime / 1000);
    });
  }

  return { registry, meter, instrument, draining };
}

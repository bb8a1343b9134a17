// The service, composed from its layers: HTTP (./http) over the domain (./domain) over storage
// (./storage). `main.ts` starts it for real; tests start it on a throwaway database.
import type { ServerConfig } from './config/settings.ts';
import { startDomain } from './domain/index.ts';
import type { ShowCode } from './domain/otp/providers.ts';
import { createHttp, registerRoutes, type LogStream } from './http/app.ts';
import { databaseGauges } from './http/metrics/gauges.ts';
import { createRegistry } from './http/metrics/registry.ts';
import { metricsPort, metricsRoute } from './http/metrics/serve.ts';
import { readiness } from './http/ready.ts';
import type { Store } from './storage/index.ts';

export async function startService(
  config: ServerConfig,
  store: Store,
  { now = Date.now, logStream, showCode }: { now?: () => number; logStream?: LogStream; showCode?: ShowCode } = {},
) {
  const app = await createHttp(config, { logStream });
  const metrics = createRegistry(store);
  metrics.instrument(app);
  const gauges = databaseGauges(metrics.registry, store, { cacheMs: config.metrics.cacheMs, now, log: app.log });
  const scrape = { registry: metrics.registry, fresh: gauges.fresh };
  const domain = startDomain(config, store, app.log, now, showCode, metrics.meter);
  // Workers finish what they hold before the store closes (main closes the store after the app).
  app.addHook('onClose', () => domain.stop());
  const ready = readiness(store);
  metricsRoute(app, config.metrics.token, scrape);
  await registerRoutes(app, config, store, domain, ready);
  const loopback = await metricsPort(config.metrics.port, scrape, app.log);
  if (loopback) app.addHook('onClose', () => new Promise<void>((done) => loopback.close(() => done())));
  return {
    app,
    domain,
    /** SIGTERM's first step: /api/ready answers 503 so the proxy sends no more, while requests are still served. */
    drain() {
      ready.drain();
      metrics.draining.set(1);
    },
  };
}

// Readiness, for the proxy that balances between instances (deploy/Caddyfile): 503 while the database lacks
// this version's migrations, while it does not answer, and from SIGTERM on while the instance drains.
// /api/health stays the liveness check (the container's HEALTHCHECK): a draining instance is alive.
import type { Store } from '../storage/index.ts';
import { MIGRATIONS } from '../storage/migrations.ts';

export type NotReady = 'draining' | 'database' | 'migrations';

export function readiness(store: Store) {
  let draining = false;
  return {
    /** From now on the answer is 503 `draining`; requests are still served. */
    drain() {
      draining = true;
    },
    get draining() {
      return draining;
    },
    async check(): Promise<NotReady | null> {
      if (draining) return 'draining';
      if (!(await store.probe())) return 'database';
      // Migrations run before the port opens; this catches a database they have not reached (another
      // instance's half-made one, a restored backup) and one that does not answer a read.
      const version = await store.gauges.schema().catch(() => -1);
      if (version < 0) return 'database';
      return version < MIGRATIONS.length ? 'migrations' : null;
    },
  };
}

export type Readiness = ReturnType<typeof readiness>;

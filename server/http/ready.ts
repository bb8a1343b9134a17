// Readiness, for the proxy that balances between instances (deploy/Caddyfile): 503 while the database lacks
// this version's migrations, while it does not answer, and from SIGTERM on while the instance drains.
// /api/health stays the liveness check (the container's HEALTHCHECK): a draining instance is alive.
import type { Store } from '../storage/index.ts';
import { MIGRATIONS } from '../storage/migrations/index.ts';

export type NotReady = 'draining' | 'database' | 'migrations';

/** Every migration this version needs, by the name Kysely's migrator records it under. */
const NEEDED = Object.keys(MIGRATIONS);

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
      // instance's half-made one, a restored backup) and one that does not answer a read. A newer
      // version's migrations beside these are no reason to wait.
      const applied = await store.gauges.migrations().catch(() => null);
      if (!applied) return 'database';
      const done = new Set(applied);
      return NEEDED.every((name) => done.has(name)) ? null : 'migrations';
    },
  };
}

export type Readiness = ReturnType<typeof readiness>;

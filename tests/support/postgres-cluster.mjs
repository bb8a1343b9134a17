// Vitest's global setup: one PostgreSQL cluster for the whole run, started in the background while the
// workers start, and a database of its own for each test file that asks (`startPostgres()` in
// ./postgres.mjs). Four files each starting a cluster of their own took seconds of CPU apiece.
import { postgresBin, SHARED_CLUSTER, startSharedCluster } from './postgres.mjs';

export default function setup() {
  // Without PostgreSQL, startPostgres() says how to install it, in the tests that need it.
  if (!postgresBin() || process.env[SHARED_CLUSTER]) return;
  const cluster = startSharedCluster();
  process.env[SHARED_CLUSTER] = cluster.dir;
  return async () => {
    delete process.env[SHARED_CLUSTER];
    await cluster.stop();
  };
}

// The store: SQLite in WAL mode with full fsync on its own thread (./sqlite-worker.ts) by default,
// PostgreSQL when DATABASE_URL is set. Both run the same operations (./repositories/); a write
// resolves once it is on disk, and the event loop never waits on the database.
import { bindAll, type Bound, type RepositoryName, type Repositories } from './repositories/index.ts';
import { queueSignals, type Queue } from './queues.ts';
import { openSqliteWorker } from './sqlite-worker.ts';

export { DatabaseBusyError } from './sqlite-worker.ts';
export { DatabaseUnreachableError } from './unreachable.ts';
export type * from './repositories/index.ts';
export type { Queue } from './queues.ts';

export type Store = { [K in RepositoryName]: Bound<Repositories[K]> } & {
  /** Where the rows are kept (a file, or a PostgreSQL host and database; never credentials). */
  readonly path: string;
  readonly dialect: 'sqlite' | 'postgres';
  /** Whether the database is taking work right now (never waits): for health checks. */
  answering(): boolean;
  /** Calls `wake` when work is added to `queue`, here or (PostgreSQL) by another instance; returns what stops it. */
  onAdded(queue: Queue, wake: () => void): () => void;
  /** Whether the database answers a probe of its own now (health checks): never a request's query. */
  probe(): Promise<boolean>;
  close(): Promise<void>;
};

/** PostgreSQL when `databaseUrl` is set (several instances can share it), else SQLite at `databasePath`. */
export async function openStore({ databasePath, databaseUrl, databaseTimeoutMs = 4000 }: { databasePath: string; databaseUrl?: string; databaseTimeoutMs?: number }): Promise<Store> {
  const signals = queueSignals();
  if (databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    const db = await openPostgres(databaseUrl, { timeoutMs: databaseTimeoutMs, signals });
    return { ...bindAll(signals.signalling(db.run)), path: db.path, dialect: 'postgres', answering: db.answering, probe: db.probe, onAdded: signals.onAdded, close: db.close };
  }
  // SQLite gives up on a lock at half the request's budget, so a refused write was not stored;
  // the request's own timer stays as the backstop for a thread that does not answer at all.
  const db = await openSqliteWorker({ path: databasePath, timeoutMs: databaseTimeoutMs, busyTimeoutMs: Math.floor(databaseTimeoutMs / 2) });
  return { ...bindAll(signals.signalling((repo: string, op: string, args: unknown) => db.call(repo, op, args))), path: databasePath, dialect: 'sqlite', answering: () => db.answering(), probe: async () => db.answering(), onAdded: signals.onAdded, close: () => db.close() };
}

// The store: SQLite in WAL mode with full fsync on its own thread (./sqlite-worker.ts) by default,
// PostgreSQL when DATABASE_URL is set. Both run the same operations (./repositories/); a write
// resolves once it is on disk, and the event loop never waits on the database.
import { onlyReads } from './query.ts';
import { bindAll, operation, type Bound, type RepositoryName, type Repositories } from './repositories/index.ts';
import { queueSignals, type Queue } from './queues.ts';
import { DatabaseBusyError, openSqliteWorker } from './sqlite-worker.ts';

export { DatabaseBusyError };
export { DatabaseUnreachableError } from './unreachable.ts';
export type * from './repositories/index.ts';
export type { Queue } from './queues.ts';

/** Told of every operation as it ends (the service's metrics); storage knows nothing of what it does with them. */
export type StoreObserver = {
  /** `name` is `repository.operation`; `busy` when the database refused it as busy (503). */
  operation(name: string, seconds: number, busy: boolean): void;
  /** How long an operation waited for one of PostgreSQL's pooled connections. */
  poolWait(seconds: number): void;
};

/** PostgreSQL's pool now: connections open, of them idle, operations waiting for one, and its size. */
export type PoolUse = { total: number; idle: number; waiting: number; max: number };

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
  /** Sets who is told of each operation (one observer; the last set wins). */
  observe(observer: StoreObserver): void;
  /** The connection pool's use (PostgreSQL), null on SQLite. */
  poolUse(): PoolUse | null;
};

/** Times each operation for the observer, whoever set it (set after the store opens). */
function timed(
  run: (repo: string, op: string, args: unknown) => Promise<unknown>,
  observer: () => StoreObserver | undefined,
) {
  return async (repo: string, op: string, args: unknown) => {
    const started = performance.now();
    let busy = false;
    try {
      return await run(repo, op, args);
    } catch (error) {
      busy = error instanceof DatabaseBusyError;
      throw error;
    } finally {
      observer()?.operation(`${repo}.${op}`, (performance.now() - started) / 1000, busy);
    }
  };
}

/**
 * How a store is opened beyond the settings; the service always opens it with the defaults. Tests that
 * prove nothing about crashes open SQLite without `fsync`, and read on the writer's thread unless they
 * ask for the `reader` (its own thread and connection, beside the writer).
 */
export type StoreOptions = { fsync?: boolean; reader?: boolean };

/** PostgreSQL when `databaseUrl` is set (several instances can share it), else SQLite at `databasePath`. */
export async function openStore(
  {
    databasePath,
    databaseUrl,
    databaseTimeoutMs = 4000,
  }: {
    databasePath: string;
    databaseUrl?: string;
    databaseTimeoutMs?: number;
  },
  { fsync = true, reader: ownReader = true }: StoreOptions = {},
): Promise<Store> {
  const signals = queueSignals();
  let observer: StoreObserver | undefined;
  const observe = (o: StoreObserver) => void (observer = o);
  if (databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    const db = await openPostgres(databaseUrl, {
      timeoutMs: databaseTimeoutMs,
      signals,
      onPoolWait: (seconds) => observer?.poolWait(seconds),
    });
    return {
      ...bindAll(signals.signalling(timed(db.run, () => observer))),
      path: db.path,
      dialect: 'postgres',
      answering: db.answering,
      probe: db.probe,
      onAdded: signals.onAdded,
      close: db.close,
      observe,
      poolUse: db.poolUse,
    };
  }
  // SQLite gives up on a lock at half the request's budget, so a refused write was not stored;
  // the request's own timer stays as the backstop for a thread that does not answer at all.
  const options = {
    path: databasePath,
    timeoutMs: databaseTimeoutMs,
    busyTimeoutMs: Math.floor(databaseTimeoutMs / 2),
    fsync,
  };
  const db = await openSqliteWorker(options);
  // Reads run on a connection and thread of their own: never inside the writer's lock, never waiting for its fsync.
  // Opened at the first read, so a start (and a tool that only writes) does not wait for a second thread.
  let reader: ReturnType<typeof openSqliteWorker> | undefined;
  const call = async (repo: string, op: string, args: unknown) =>
    ownReader && onlyReads(operation(repo, op))
      ? (await (reader ??= openSqliteWorker({ ...options, readonly: true }))).call(repo, op, args)
      : db.call(repo, op, args);
  const close = async () => {
    await Promise.all([db.close(), reader?.then((r) => r.close())]);
  };
  return {
    ...bindAll(signals.signalling(timed(call, () => observer))),
    path: databasePath,
    dialect: 'sqlite',
    answering: () => db.answering(),
    probe: async () => db.answering(),
    onAdded: signals.onAdded,
    close,
    observe,
    poolUse: () => null,
  };
}

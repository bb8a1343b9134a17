// SQLite off the event loop: one worker thread owns the connection (./thread.mjs) and commits the
// jobs that arrive together in one transaction. The event loop only posts messages, so a locked or
// slow database never stalls pages, widget files or health checks; a job that does not finish within
// `timeoutMs` is refused with DatabaseBusyError (503), and the request is answered in seconds.
import { Worker } from 'node:worker_threads';

/** A database that could not take the work in time (locked by another process, or too slow). */
export class DatabaseBusyError extends Error {
  statusCode = 503;
  constructor() {
    super('The database is busy right now. Please try again in a moment.');
  }
}

/**
 * @param {{ path: string, opsModule: URL, timeoutMs?: number, busyTimeoutMs?: number }} options
 */
export async function openSqliteWorker({ path, opsModule, timeoutMs = 4000, busyTimeoutMs = 2000 }) {
  const worker = new Worker(new URL('./thread.mjs', import.meta.url), { workerData: { path, opsModule: opsModule.href, busyTimeoutMs } });
  /** @type {Map<number, { resolve(v: unknown): void, reject(e: Error): void, timer: NodeJS.Timeout, since: number }>} */
  const pending = new Map();
  let nextId = 1;
  let lastBusy = false;
  /** @type {Error | null} */
  let failed = null;

  await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  worker.on('message', (/** @type {import('./thread.mjs').Outcome[]} */ outcomes) => {
    for (const outcome of outcomes) {
      const job = pending.get(outcome.id);
      if (!job) continue; // answered already: it timed out
      pending.delete(outcome.id);
      clearTimeout(job.timer);
      lastBusy = !outcome.ok && outcome.busy;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.busy ? new DatabaseBusyError() : new Error(outcome.message));
    }
  });
  worker.on('error', (error) => {
    failed = error;
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  });

  return {
    path,
    /**
     * Runs a named operation of the ops module inside the next group commit; resolves once committed.
     * @param {string} op @param {unknown} [args] @returns {Promise<any>}
     */
    call(op, args) {
      if (failed) return Promise.reject(failed);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          lastBusy = true;
          reject(new DatabaseBusyError());
        }, timeoutMs);
        pending.set(id, { resolve, reject, timer, since: Date.now() });
        worker.postMessage({ id, op, args });
      });
    },
    /** Whether the database is taking work now, without waiting for it: for health checks. */
    answering() {
      if (failed || lastBusy) return false;
      const oldest = pending.values().next().value;
      return !oldest || Date.now() - oldest.since < 1000;
    },
    /** Commits what is queued, then closes the connection. */
    async close() {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('close');
      await exited;
    },
  };
}

/** @typedef {Awaited<ReturnType<typeof openSqliteWorker>>} SqliteWorker */

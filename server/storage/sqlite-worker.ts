// SQLite off the event loop: one worker thread owns the connection (./sqlite-thread.ts) and commits
// the jobs that arrive together in one transaction. The event loop only posts messages, so a locked
// or slow database never stalls pages, widget files or health checks; a job that does not finish
// within `timeoutMs` is refused with DatabaseBusyError (503), and the request is answered in seconds.
import { Worker } from 'node:worker_threads';
import type { Job, Outcome } from './sqlite-thread.ts';

/** A database that could not take the work in time (locked by another process, or too slow). */
export class DatabaseBusyError extends Error {
  statusCode = 503;
  constructor() {
    super('The database is busy right now. Please try again in a moment.');
  }
}

// Compiled, the thread is plain JavaScript; from source (tests, `npm start`) a small loader bundles it.
const THREAD = import.meta.url.endsWith('.ts') ? './sqlite-thread.mjs' : './sqlite-thread.js';

/** The writer's thread, or with `readonly` a reader's (the file must exist: open the writer first). */
export async function openSqliteWorker({
  path,
  timeoutMs,
  busyTimeoutMs,
  readonly = false,
  fsync = true,
}: {
  path: string;
  timeoutMs: number;
  busyTimeoutMs: number;
  readonly?: boolean;
  fsync?: boolean;
}) {
  const worker = new Worker(new URL(THREAD, import.meta.url), {
    workerData: { path, busyTimeoutMs, readonly, fsync },
  });
  const pending = new Map<
    number,
    { resolve(v: unknown): void; reject(e: Error): void; timer: NodeJS.Timeout; since: number }
  >();
  let nextId = 1;
  let lastBusy = false;
  let failed: Error | null = null;

  await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  worker.on('message', (outcomes: Outcome[]) => {
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
    /** Runs an operation inside the next group commit; resolves once committed. */
    call(repo: string, op: string, args: unknown): Promise<unknown> {
      if (failed) return Promise.reject(failed);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          lastBusy = true;
          reject(new DatabaseBusyError());
        }, timeoutMs);
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer, since: Date.now() });
        worker.postMessage({ id, repo, op, args, deadline: Date.now() + timeoutMs } satisfies Job);
      });
    },
    /** False once a job has waited a quarter of its budget (1 s of the default 4): the database is falling behind. */
    answering() {
      if (failed || lastBusy) return false;
      const oldest = pending.values().next().value;
      return !oldest || Date.now() - oldest.since < timeoutMs / 4;
    },
    /** Commits what is queued, then closes the connection. */
    async close() {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('close');
      await exited;
    },
  };
}

// The SQLite connection's own thread. Every job that arrives while a commit is under way waits for the
// next one, and all of them share it: one transaction and one fsync for the writes that arrive together
// (group commit). Each job runs in its own savepoint, so one failing job does not undo its neighbours.
// Opened `readonly`, the same file is a reader's thread instead (./sqlite-worker.ts): each job is one read
// transaction of its own, answered at once, beside the writer (WAL: readers and the writer never wait
// for each other), so a desk's list or a long export never holds the write lock.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import Database, { type Statement } from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import { migrateSqlite } from './migrate.ts';
import type { Row } from './query.ts';
import { operation } from './repositories/index.ts';
import { runSync } from './run.ts';

/** `deadline`: when the caller stops waiting (epoch ms); a job not started well before it is refused, never run late. */
export type Job = { id: number; repo: string; op: string; args: unknown; deadline: number };
export type Outcome =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; busy: boolean; message: string };

const LATE_MARGIN_MS = 200;
const { path, busyTimeoutMs, readonly, fsync } = workerData as {
  path: string;
  busyTimeoutMs: number;
  readonly?: boolean;
  fsync: boolean;
};
const port = parentPort as MessagePort;

if (!readonly) {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  // Readable by its owner only; SQLite gives the -wal and -shm files the same permissions.
  if (!existsSync(path)) writeFileSync(path, '', { mode: 0o600 });
}
const db = new Database(path, { readonly: Boolean(readonly) });
if (!readonly) {
  db.pragma('journal_mode = WAL');
  // FULL: a commit survives a crash or power loss, not only a killed process. NORMAL (WAL: still
  // safe from a killed process) only where the store was opened without fsync, as tests do.
  db.pragma(`synchronous = ${fsync ? 'FULL' : 'NORMAL'}`);
}
// Short: a lock held elsewhere must turn into a clear 503, not a request that hangs.
db.pragma(`busy_timeout = ${busyTimeoutMs}`);
if (!readonly) {
  // Before the thread says it is ready: no job runs on a schema not yet migrated.
  await migrateSqlite(db);
  // Statistics for the planner, gathered where they are missing or stale (cheap: bounded by analysis_limit).
  db.pragma('optimize=0x10002');
}

const prepared = new Map<string, Statement>();
function exec(query: CompiledQuery): Row[] {
  let s = prepared.get(query.sql);
  if (!s) prepared.set(query.sql, (s = db.prepare(query.sql)));
  if (s.reader) return s.all(...query.parameters) as Row[];
  s.run(...query.parameters);
  return [];
}

const isBusy = (error: unknown) => {
  const code = (error as { code?: string } | null)?.code ?? '';
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
};
const failAll = (jobs: Job[], error: unknown): Outcome[] =>
  jobs.map((job) => ({ id: job.id, ok: false, busy: isBusy(error), message: String(error) }));

/** A reader's job: one read transaction (one snapshot for all its statements), ended at once so checkpoints keep up. */
function read(job: Job): Outcome {
  if (Date.now() > job.deadline - LATE_MARGIN_MS) return { id: job.id, ok: false, busy: true, message: 'too late' };
  try {
    db.exec('BEGIN');
    return { id: job.id, ok: true, value: runSync(operation(job.repo, job.op)(job.args), exec) };
  } catch (error) {
    return {
      id: job.id,
      ok: false,
      busy: isBusy(error),
      message: error instanceof Error ? error.message : String(error),
    };
  } finally {
    if (db.inTransaction) db.exec('COMMIT');
  }
}

function commit(jobs: Job[]): Outcome[] {
  try {
    db.exec('BEGIN IMMEDIATE');
  } catch (error) {
    return failAll(jobs, error);
  }
  const outcomes = jobs.map((job): Outcome => {
    // Its caller has been (or is about to be) told the database was busy: it must not be stored after all.
    if (Date.now() > job.deadline - LATE_MARGIN_MS) return { id: job.id, ok: false, busy: true, message: 'too late' };
    db.exec('SAVEPOINT job');
    try {
      const value = runSync(operation(job.repo, job.op)(job.args), exec);
      db.exec('RELEASE job');
      return { id: job.id, ok: true, value };
    } catch (error) {
      db.exec('ROLLBACK TO job');
      db.exec('RELEASE job');
      return {
        id: job.id,
        ok: false,
        busy: isBusy(error),
        message: error instanceof Error ? error.message : String(error),
      };
    }
  });
  try {
    db.exec('COMMIT');
    return outcomes;
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    return failAll(jobs, error);
  }
}

let queue: Job[] = [];
let scheduled = false;
function flush() {
  scheduled = false;
  const jobs = queue;
  queue = [];
  if (jobs.length) port.postMessage(commit(jobs));
}

port.on('message', (message: Job | 'close') => {
  if (message === 'close') {
    flush();
    db.close();
    // In a worker thread this ends the thread only, once the outcomes above are posted.
    process.exit(0);
  }
  if (readonly) return port.postMessage([read(message)]);
  queue.push(message);
  // setImmediate runs after every message already delivered: they all join this commit.
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
});
port.postMessage('ready');

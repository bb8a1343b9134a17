// The SQLite connection's own thread. Every job that arrives while a commit is under way waits for the
// next one, and all of them share it: one transaction and one fsync for the writes that arrive together
// (group commit). Each job runs in its own savepoint, so one failing job does not undo its neighbours.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import Database, { type Statement } from 'better-sqlite3';
import { operations, SCHEMA } from './sqlite-ops.ts';

export type Job = { id: number; op: keyof typeof operations; args: unknown };
export type Outcome = { id: number; ok: true; value: unknown } | { id: number; ok: false; busy: boolean; message: string };

const { path, busyTimeoutMs } = workerData as { path: string; busyTimeoutMs: number };
const port = parentPort as MessagePort;

mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
// Readable by its owner only; SQLite gives the -wal and -shm files the same permissions.
if (!existsSync(path)) writeFileSync(path, '', { mode: 0o600 });
const db = new Database(path);
db.pragma('journal_mode = WAL');
// FULL: a commit survives a crash or power loss, not only a killed process.
db.pragma('synchronous = FULL');
// Short: a lock held elsewhere must turn into a clear 503, not a request that hangs.
db.pragma(`busy_timeout = ${busyTimeoutMs}`);
db.exec(SCHEMA);

const statements = new Map<string, Statement>();
const stmt = (sql: string) => {
  let s = statements.get(sql);
  if (!s) statements.set(sql, (s = db.prepare(sql)));
  return s;
};

const isBusy = (error: unknown) => {
  const code = (error as { code?: string } | null)?.code ?? '';
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
};
const failAll = (jobs: Job[], error: unknown): Outcome[] => jobs.map((job) => ({ id: job.id, ok: false, busy: isBusy(error), message: String(error) }));

function commit(jobs: Job[]): Outcome[] {
  try {
    db.exec('BEGIN IMMEDIATE');
  } catch (error) {
    return failAll(jobs, error);
  }
  const outcomes = jobs.map((job): Outcome => {
    db.exec('SAVEPOINT job');
    try {
      const value = (operations[job.op] as (stmt: (sql: string) => Statement, args: unknown) => unknown)(stmt, job.args);
      db.exec('RELEASE job');
      return { id: job.id, ok: true, value };
    } catch (error) {
      db.exec('ROLLBACK TO job');
      db.exec('RELEASE job');
      return { id: job.id, ok: false, busy: isBusy(error), message: error instanceof Error ? error.message : String(error) };
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
  queue.push(message);
  // setImmediate runs after every message already delivered: they all join this commit.
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
});
port.postMessage('ready');

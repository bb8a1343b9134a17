// The SQLite connection's own thread. Every job that arrives while a commit is under way waits for the
// next one, and all of them share it: one transaction and one fsync for the writes that arrive together
// (group commit). Each job runs in its own savepoint, so one failing job does not undo its neighbours.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** @typedef {{ id: number, op: string, args: unknown }} Job */
/** @typedef {{ id: number, ok: true, value: unknown } | { id: number, ok: false, busy: boolean, message: string }} Outcome */

const { path, opsModule, busyTimeoutMs } = /** @type {{ path: string, opsModule: string, busyTimeoutMs: number }} */ (workerData);
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
// Readable by its owner only; SQLite gives the -wal and -shm files the same permissions.
if (!existsSync(path)) writeFileSync(path, '', { mode: 0o600 });
const db = new Database(path);
db.pragma('journal_mode = WAL');
// FULL: a commit survives a crash or power loss, not only a killed process.
db.pragma('synchronous = FULL');
// Short: a lock held elsewhere must turn into a clear 503, not a request that hangs.
db.pragma(`busy_timeout = ${busyTimeoutMs}`);

/** @type {{ schema: string, operations: Record<string, (stmt: (sql: string) => import('better-sqlite3').Statement, args: any) => unknown> }} */
const { schema, operations } = await import(opsModule);
db.exec(schema);

/** @type {Map<string, import('better-sqlite3').Statement>} */
const statements = new Map();
/** @param {string} sql */
const stmt = (sql) => {
  let s = statements.get(sql);
  if (!s) statements.set(sql, (s = db.prepare(sql)));
  return s;
};

/** @param {unknown} error */
const isBusy = (error) => /** @type {{ code?: string }} */ (error)?.code?.startsWith('SQLITE_BUSY') || /** @type {{ code?: string }} */ (error)?.code === 'SQLITE_LOCKED';

/** @type {Job[]} */
let queue = [];
let scheduled = false;

/** @param {Job[]} jobs @returns {Outcome[]} */
function commit(jobs) {
  try {
    db.exec('BEGIN IMMEDIATE');
  } catch (error) {
    return jobs.map((job) => ({ id: job.id, ok: false, busy: isBusy(error), message: String(error) }));
  }
  /** @type {Outcome[]} */
  const outcomes = jobs.map((job) => {
    db.exec('SAVEPOINT job');
    try {
      const value = operations[job.op](stmt, job.args);
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
    return jobs.map((job) => ({ id: job.id, ok: false, busy: isBusy(error), message: String(error) }));
  }
}

function flush() {
  scheduled = false;
  const jobs = queue;
  queue = [];
  if (jobs.length) port.postMessage(commit(jobs));
}

port.on('message', (/** @type {Job | 'close'} */ message) => {
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

// Feedback storage: SQLite in WAL mode with full fsync, on its own thread (./sqlite/worker.mjs),
// so a row is on disk before the request that wrote it is answered and the event loop never waits.
// Posts that arrive together share one transaction and one fsync (group commit).
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { openSqliteWorker } from './sqlite/worker.mjs';

/**
 * @typedef {{ name: string, email: string, message: string }} FeedbackInput
 * @typedef {FeedbackInput & { id: number, created_at: string }} FeedbackRow
 */

/**
 * The store: rows kept until deleted, `add` resolving once the row is durably committed.
 * `path` says where (a file, or a PostgreSQL host and database, never credentials).
 * @typedef {{
 *   path: string,
 *   add(input: FeedbackInput): Promise<number>,
 *   list(): Promise<FeedbackRow[]>,
 *   count(): Promise<number>,
 *   answering(): boolean,
 *   close(): Promise<void>,
 * }} FeedbackStore
 */

/**
 * PostgreSQL when `databaseUrl` is set (several instances can share it), else SQLite at `databasePath`.
 * @param {{ databasePath: string, databaseUrl?: string, databaseTimeoutMs?: number }} config
 * @returns {Promise<FeedbackStore>}
 */
export async function openConfiguredStore({ databasePath, databaseUrl, databaseTimeoutMs }) {
  if (databaseUrl) {
    const { openPostgresStore } = await import('./postgres/store.mjs');
    return openPostgresStore(databaseUrl, { timeoutMs: databaseTimeoutMs });
  }
  return openStore(databasePath, { timeoutMs: databaseTimeoutMs });
}

/**
 * @param {string} path @param {{ timeoutMs?: number }} [options]
 * @returns {Promise<FeedbackStore>}
 */
export async function openStore(path, { timeoutMs = 4000 } = {}) {
  // SQLite gives up on a lock at half the request's budget, so a refused write was not stored;
  // the request's own timer stays as the backstop for a thread that does not answer at all.
  const db = await openSqliteWorker({ path, opsModule: new URL('./sqlite/feedback-ops.mjs', import.meta.url), timeoutMs, busyTimeoutMs: Math.floor(timeoutMs / 2) });
  return {
    path,
    /** @param {FeedbackInput} input @returns {Promise<number>} the new row's id, once committed */
    add: (input) => db.call('addFeedback', input),
    /** @returns {Promise<FeedbackRow[]>} */
    list: () => db.call('listFeedback'),
    /** @returns {Promise<number>} */
    count: () => db.call('countFeedback'),
    /** Whether the database is taking work right now (never waits). */
    answering: () => db.answering(),
    close: () => db.close(),
  };
}

/**
 * Every stored row, read directly (for the export command); refuses a path with no database.
 * @param {string} path @returns {FeedbackRow[]}
 */
export function readFeedback(path) {
  if (!existsSync(path)) throw new Error(`No database at ${path}: check --db or DATABASE_PATH.`);
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return /** @type {FeedbackRow[]} */ (db.prepare('SELECT id, name, email, message, created_at FROM feedback ORDER BY id').all());
  } finally {
    db.close();
  }
}

// Feedback storage: SQLite through better-sqlite3, in WAL mode with full fsync, so a
// row is on disk before the request that wrote it is answered.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS feedback (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  message TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
`;

/**
 * @typedef {{ name: string, email: string, message: string }} FeedbackInput
 * @typedef {FeedbackInput & { id: number, created_at: string }} FeedbackRow
 */

/** @param {string} path */
export function openStore(path) {
  mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  // FULL: a commit survives a crash or power loss, not only a killed process.
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.exec(SCHEMA);
  const insert = db.prepare('INSERT INTO feedback (name, email, message) VALUES (@name, @email, @message)');
  const all = db.prepare('SELECT id, name, email, message, created_at FROM feedback ORDER BY id');
  const count = db.prepare('SELECT COUNT(*) AS n FROM feedback');
  return {
    path,
    /** @param {FeedbackInput} input @returns {number} the new row's id, once committed */
    add(input) {
      return Number(insert.run(input).lastInsertRowid);
    },
    /** @returns {FeedbackRow[]} */
    list() {
      return /** @type {FeedbackRow[]} */ (all.all());
    },
    /** @returns {number} */
    count() {
      return /** @type {{ n: number }} */ (count.get()).n;
    },
    close() {
      if (db.open) db.close();
    },
  };
}

/** @typedef {ReturnType<typeof openStore>} FeedbackStore */

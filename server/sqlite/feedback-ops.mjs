// What the SQLite thread runs for feedback: the schema and one function per operation.
// Each gets `stmt(sql)` (prepared once, then reused) and its arguments.

export const schema = `
CREATE TABLE IF NOT EXISTS feedback (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  message TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
`;

/** @typedef {(sql: string) => import('better-sqlite3').Statement} Stmt */

export const operations = {
  /** @param {Stmt} stmt @param {{ name: string, email: string, message: string }} input */
  addFeedback: (stmt, input) => Number(stmt('INSERT INTO feedback (name, email, message) VALUES (@name, @email, @message)').run(input).lastInsertRowid),
  /** @param {Stmt} stmt */
  listFeedback: (stmt) => stmt('SELECT id, name, email, message, created_at FROM feedback ORDER BY id').all(),
  /** @param {Stmt} stmt */
  countFeedback: (stmt) => /** @type {{ n: number }} */ (stmt('SELECT COUNT(*) AS n FROM feedback').get()).n,
};

// Migration 1 (version 1 of schema_migrations before Kysely's migrator). Frozen: it ran as it stands,
// so it is never edited and imports nothing of ours; a change is the next migration.
// IF NOT EXISTS on SQLite keeps the shape of files made before migrations were numbered, so they upgrade in place.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const statement of [
    postgres
      ? `CREATE TABLE feedback (
     id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     name TEXT NOT NULL, email TEXT NOT NULL, message TEXT NOT NULL,
     created_at TIMESTAMPTZ NOT NULL DEFAULT now())`
      : `CREATE TABLE IF NOT EXISTS feedback (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     name TEXT NOT NULL, email TEXT NOT NULL, message TEXT NOT NULL,
     created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))`,
  ])
    await sql.raw(statement).execute(db);
}

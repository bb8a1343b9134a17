// Vitest's global setup: the databases the whole run shares, each migrated once.
// - One PostgreSQL cluster, started in the background while the workers start, holding a migrated
//   template; a test file's database is made when it first asks (`startPostgres()` in ./postgres.mjs),
//   a copy of that template (`CREATE DATABASE … TEMPLATE`) when it wants the schema.
// - A migrated SQLite file, which `testApp()` copies for each service it starts (server/tests/harness.ts).
// Running every migration again for each of some sixty services was seconds of CPU beside the browsers.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migratePostgres, migrateSqlite } from '../../server/storage/migrate.ts';
import { postgresBin, SHARED_CLUSTER, startSharedCluster } from './postgres.mjs';

/** The migrated SQLite file that tests copy (set for the workers through the environment). */
export const SQLITE_TEMPLATE = 'TEST_SQLITE_TEMPLATE';

export default async function setup() {
  const stops: (() => Promise<void>)[] = [];
  if (!process.env[SQLITE_TEMPLATE]) {
    const dir = mkdtempSync(join(tmpdir(), 'ai-widgets-template-'));
    const file = join(dir, 'migrated.sqlite');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    await migrateSqlite(db);
    // Closing checkpoints the log into the file: the copy is the whole database.
    db.close();
    process.env[SQLITE_TEMPLATE] = file;
    stops.push(async () => {
      delete process.env[SQLITE_TEMPLATE];
      rmSync(dir, { recursive: true, force: true });
    });
  }
  // Without PostgreSQL, startPostgres() says how to install it, in the tests that need it.
  if (postgresBin() && !process.env[SHARED_CLUSTER]) {
    const cluster = startSharedCluster(async (url) => {
      const pool = new pg.Pool({ connectionString: url });
      try {
        await migratePostgres(pool);
      } finally {
        await pool.end();
      }
    });
    process.env[SHARED_CLUSTER] = cluster.dir;
    stops.push(async () => {
      delete process.env[SHARED_CLUSTER];
      await cluster.stop();
    });
  }
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}

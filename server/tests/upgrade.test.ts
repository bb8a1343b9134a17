// A database made by the release before Kysely's migrator (./fixtures/, its runner's schema_migrations
// 1 to 10) goes on under the migrator: its versions are adopted as the migrations' names, none runs
// again, its rows are read as before, and its tables are the declared ones. On both databases.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openStore } from '../storage/index.ts';
import { MIGRATIONS } from '../storage/migrations/index.ts';
import { asSqlite, declaredColumns, postgresColumns, sqliteColumns } from './columns.ts';
import { bothDatabases } from './harness.ts';

const { backends } = bothDatabases({ migrated: false });
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const TABLES = [
  'leads',
  'calls',
  'lead_search',
  'lead_mark_events',
  'outbox',
  'daily_counts',
  'overview_counts',
  'settings',
];

describe.each(backends)('a database made by the release before, on $name', ({ env }) => {
  it('migrates with nothing run twice, and keeps what it held', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ai-widgets-upgrade-'));
    const path = join(dir, 'release.sqlite');
    const url = env().DATABASE_URL;
    let query: (text: string) => Promise<Record<string, unknown>[]>;
    let close: () => Promise<void>;
    if (url) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
      await client.query(fixture('release-postgres.sql'));
      // The dump leaves its session with an empty search path.
      await client.query('SET search_path = public');
      query = async (text) => (await client.query(text)).rows;
      close = () => client.end();
    } else {
      const db = new Database(path);
      db.exec(fixture('release-sqlite.sql'));
      query = async (text) => db.prepare(text).all() as Record<string, unknown>[];
      close = async () => void db.close();
    }
    try {
      const counts = async () => {
        const n: Record<string, number> = {};
        for (const t of TABLES) n[t] = Number((await query(`SELECT COUNT(*) AS n FROM ${t}`))[0].n);
        return n;
      };
      const before = await counts();
      const settings = await query('SELECT key, value FROM settings ORDER BY key');
      expect(before.leads).toBe(2);
      // Twice: the first start adopts the old versions, the second finds nothing to do either.
      for (let start = 0; start < 2; start++) {
        const store = await openStore({ databasePath: path, databaseUrl: url });
        expect((await store.leads.get({ id: 1 }))?.lead).toMatchObject({ name: 'Asha Rao', phone: '+919876543210' });
        expect((await store.feedback.list()).map((f) => f.message)).toEqual(['Hello there.']);
        expect((await store.desk.lead({ id: 1 }))?.contacted?.by).toBe('sales@example.com');
        await store.close();
      }
      expect((await query('SELECT name FROM kysely_migration ORDER BY name')).map((r) => r.name)).toEqual(
        Object.keys(MIGRATIONS),
      );
      expect((await query('SELECT COUNT(*) AS n FROM schema_migrations'))[0].n).toEqual(url ? '10' : 10);
      // A migration run again would have failed on its tables, or added its rows (calls, marks, counts, settings) twice.
      // Migration 11 (after the release) adds the leads' sums per quarter hour, once.
      const quarters = await query(
        `SELECT COUNT(*) AS rows, SUM(n) AS leads FROM overview_counts WHERE span = 'quarter' AND metric = 'leads'`,
      );
      expect(Number(quarters[0].leads)).toBe(before.leads);
      expect(await counts()).toEqual({ ...before, overview_counts: before.overview_counts + Number(quarters[0].rows) });
      expect(await query('SELECT key, value FROM settings ORDER BY key')).toEqual(settings);
      const declared = declaredColumns();
      if (url) expect(await postgresColumns(url)).toEqual(declared);
      else {
        const stored = sqliteColumns(path);
        for (const c of Object.values(stored)) if (c.kind === 'bigint') c.kind = 'integer';
        expect(stored).toEqual(asSqlite(declared));
      }
    } finally {
      await close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// A database as an earlier release left it, for the tests of upgrades: a plain connection to the test's
// database (SQLite's file or PostgreSQL's), with `?` placeholders on both, and the migrations run up to
// a given one.
import Database from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import { MIGRATIONS } from '../storage/migrations/index.ts';

export type Db = {
  exec(text: string, values?: unknown[]): Promise<Record<string, unknown>[]>;
  /** Runs the migrations up to `name` (as a release that ended there did). */
  migrateTo(name: string): Promise<void>;
  close(): Promise<void>;
};

async function migrateTo(db: Kysely<unknown>, name: string) {
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } }).migrateTo(name);
  if (error) throw error;
}

/** A plain connection to the test's database, with `?` placeholders on both. */
export async function connect(name: string, path: string, url: string): Promise<Db> {
  if (name === 'SQLite') {
    const db = new Database(path);
    return {
      exec: async (text, values = []) => {
        const s = db.prepare(text);
        return s.reader ? (s.all(...values) as Record<string, unknown>[]) : (s.run(...values), []);
      },
      // Not destroyed: that would close the connection the test goes on with.
      migrateTo: (target) => migrateTo(new Kysely({ dialect: new SqliteDialect({ database: db }) }), target),
      close: async () => void db.close(),
    };
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    exec: async (text, values = []) => {
      let n = 0;
      return (
        await client.query(
          text.replace(/\?/g, () => `$${++n}`),
          values,
        )
      ).rows;
    },
    async migrateTo(target) {
      const kysely = new Kysely<unknown>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
      });
      try {
        await migrateTo(kysely, target);
      } finally {
        await kysely.destroy();
      }
    },
    close: () => client.end(),
  };
}

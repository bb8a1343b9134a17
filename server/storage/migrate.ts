// The schema on start: Kysely's migrator over ./migrations/, recorded in kysely_migration. A database
// made before it recorded its migrations by number in schema_migrations; those numbers are first
// adopted as the names of the same migrations, in one transaction, so none of them runs twice.
import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Dialect as KyselyDialect,
} from 'kysely';
import type pg from 'pg';
import { MIGRATIONS, NUMBERED } from './migrations/index.ts';

const MIGRATION_LOCK = 7_301_914;

/** SQLite's DDL is transactional: each run of migrations commits whole or not at all. */
class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl() {
    return true;
  }
}

/** Takes the write lock at BEGIN, so two processes starting on one file migrate one after the other. */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('BEGIN IMMEDIATE'));
  }
}

class SqliteMigrationDialect extends SqliteDialect {
  constructor(private readonly database: BetterSqlite3.Database) {
    super({ database });
  }
  override createAdapter() {
    return new TransactionalSqliteAdapter();
  }
  override createDriver() {
    return new ImmediateSqliteDriver({ database: this.database });
  }
}

/** Records the versions of schema_migrations as kysely_migration's names, once, before Kysely's first run. */
async function adoptNumbered(db: Kysely<unknown>, postgres: boolean) {
  await db.transaction().execute(async (trx) => {
    if (postgres) await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    const found = postgres
      ? sql<{
          name: string;
        }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name IN ('schema_migrations', 'kysely_migration')`
      : sql<{
          name: string;
        }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('schema_migrations', 'kysely_migration')`;
    const tables = new Set((await found.execute(trx)).rows.map((r) => r.name));
    if (!tables.has('schema_migrations') || tables.has('kysely_migration')) return;
    // As Kysely's migrator makes it.
    await sql`CREATE TABLE kysely_migration (name varchar(255) NOT NULL PRIMARY KEY, timestamp varchar(255) NOT NULL)`.execute(
      trx,
    );
    const { rows } = await sql<{ version: number }>`SELECT version FROM schema_migrations ORDER BY version`.execute(
      trx,
    );
    const at = new Date().toISOString();
    for (const { version } of rows) {
      const name = NUMBERED[Number(version) - 1];
      if (!name)
        throw new Error(
          `schema_migrations holds version ${version}, which no migration here has: a newer release made this database.`,
        );
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${name}, ${at})`.execute(trx);
    }
  });
}

async function migrate(dialect: KyselyDialect, postgres: boolean) {
  // Not destroyed after: that would close the connection (SQLite) or pool (PostgreSQL) the store goes on with.
  const db = new Kysely<unknown>({ dialect });
  await adoptNumbered(db, postgres);
  const { error, results } = await new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
  }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw Object.assign(error instanceof Error ? error : new Error(String(error)), { migration: failed });
  }
}

/** Migrates the SQLite file of this connection (the writer's thread, before it takes any job). */
export const migrateSqlite = (database: BetterSqlite3.Database) => migrate(new SqliteMigrationDialect(database), false);

/** Migrates a PostgreSQL database; instances that start together take turns (an advisory lock). */
export const migratePostgres = (pool: pg.Pool) => migrate(new PostgresDialect({ pool }), true);

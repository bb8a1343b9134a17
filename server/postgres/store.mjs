// Feedback storage on PostgreSQL (DATABASE_URL=postgres://…), for more than one instance of the service.
// The schema is created on start by numbered migrations, under an advisory lock, so instances that
// start together apply each one once. A row is committed (and its WAL flushed) before the answer.
import pg from 'pg';
import { DatabaseBusyError } from '../sqlite/worker.mjs';

/** Each entry runs once, in order; never edit one that has shipped, add the next. */
const MIGRATIONS = [
  `CREATE TABLE feedback (
     id INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     message TEXT NOT NULL,
     created_at TIMESTAMPTZ NOT NULL DEFAULT now()
   )`,
];
const MIGRATION_LOCK = 7_301_914;
const ROW = `id, name, email, message, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;

/** @param {pg.Pool} pool */
async function migrate(pool) {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())');
    const { rows } = await client.query('SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations');
    for (let version = Number(rows[0].v) + 1; version <= MIGRATIONS.length; version++) {
      await client.query('BEGIN');
      await client.query(MIGRATIONS[version - 1]);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      await client.query('COMMIT');
    }
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}

/**
 * @param {string} url
 * @param {{ timeoutMs?: number }} [options]
 * @returns {Promise<import('../store.mjs').FeedbackStore>}
 */
export async function openPostgresStore(url, { timeoutMs = 4000 } = {}) {
  // A query that cannot finish in time (locks, an overloaded server) is cancelled by the server
  // itself and the request is answered 503, as with SQLite.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: timeoutMs, statement_timeout: timeoutMs, application_name: 'ai-agent-widgets' });
  let lastFailed = false;
  pool.on('error', () => {
    lastFailed = true;
  });
  await migrate(pool);

  /** @param {string} sql @param {unknown[]} [params] */
  async function query(sql, params) {
    try {
      const result = await pool.query(sql, params);
      lastFailed = false;
      return result.rows;
    } catch (error) {
      lastFailed = true;
      const code = /** @type {{ code?: string }} */ (error).code;
      // 57014: cancelled by statement_timeout; 55P03: lock not available; 53300: too many connections.
      if (code === '57014' || code === '55P03' || code === '53300' || /timeout/i.test(String(error))) throw new DatabaseBusyError();
      throw error;
    }
  }

  return {
    path: new URL(url).host,
    add: async (input) => (await query('INSERT INTO feedback (name, email, message) VALUES ($1, $2, $3) RETURNING id', [input.name, input.email, input.message]))[0].id,
    list: async () => /** @type {any[]} */ (await query(`SELECT ${ROW} FROM feedback ORDER BY id`)),
    count: async () => Number((await query('SELECT COUNT(*) AS n FROM feedback'))[0].n),
    answering: () => !lastFailed,
    close: () => pool.end(),
  };
}

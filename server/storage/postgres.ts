// The store on PostgreSQL (DATABASE_URL=postgres://…), for more than one instance of the service.
// Migrations run on start under an advisory lock, so instances that start together apply each once.
// Every operation is one transaction; its locks are transaction-scoped advisory locks, so what it
// decides (a limit, a duplicate) holds across instances.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { migratePostgres } from './migrate.ts';
import { listenForWork } from './pg-listen.ts';
import { Lock, type Row } from './query.ts';
import { channelOf, queuesNotifiedBy, type QueueSignals } from './queues.ts';
import { operation } from './repositories/index.ts';
import { queryOf, runAsync } from './run.ts';
import { DatabaseBusyError } from './sqlite-worker.ts';
import { DatabaseUnreachableError } from './unreachable.ts';

const POOL_MAX = 10;

// BIGINT and COUNT come back as strings; the repositories turn them into numbers where they read them.
export async function openPostgres(
  url: string,
  {
    timeoutMs = 4000,
    signals,
    onPoolWait,
  }: { timeoutMs?: number; signals?: QueueSignals; onPoolWait?: (seconds: number) => void } = {},
) {
  // A query that cannot finish in time (locks, an overloaded server) is cancelled by the server
  // itself and the request is answered 503, as with SQLite.
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_MAX,
    connectionTimeoutMillis: timeoutMs,
    statement_timeout: timeoutMs,
    application_name: 'ai-agent-widgets',
  });
  // Only the database's own state counts: a query that failed because of its input (a NUL, say) says
  // nothing about whether the database answers.
  let lastBusy = false;
  pool.on('error', () => (lastBusy = true));
  // A connection the server ends while it is checked out (a failover, a terminated backend) emits
  // 'error' on its client as well as failing its query: without a listener that would end the process.
  pool.on('connect', (client) => client.on('error', () => (lastBusy = true)));
  try {
    await migratePostgres(pool);
  } catch (error) {
    await pool.end().catch(() => {});
    throw new DatabaseUnreachableError(url, error, timeoutMs);
  }

  const instance = randomUUID();
  const listener = signals ? listenForWork(url, { signals, instance, timeoutMs }) : null;

  const busy = (error: unknown) => {
    const code = (error as { code?: string }).code;
    // 57014: cancelled by statement_timeout; 55P03: lock not available; 53300: too many connections.
    return code === '57014' || code === '55P03' || code === '53300' || /timeout/i.test(String(error));
  };

  async function run(repo: string, op: string, args: unknown): Promise<unknown> {
    const gen = operation(repo, op)(args);
    let client: pg.PoolClient | undefined;
    try {
      const asked = performance.now();
      client = await pool.connect();
      onPoolWait?.((performance.now() - asked) / 1000);
      await client.query('BEGIN');
      const c = client;
      const value = await runAsync(gen, async (step): Promise<Row[]> => {
        if (step instanceof Lock) {
          await c.query('SELECT pg_advisory_xact_lock(hashtext($1))', [step.key]);
          return [];
        }
        const q = queryOf(step, 'postgres');
        return q ? (await c.query(q.sql, q.parameters as unknown[])).rows : [];
      });
      // Heard by the other instances at commit (and not at all if the transaction rolls back).
      for (const queue of queuesNotifiedBy(repo, op))
        await c.query('SELECT pg_notify($1, $2)', [channelOf(queue), instance]);
      await client.query('COMMIT');
      lastBusy = false;
      return value;
    } catch (error) {
      await client?.query('ROLLBACK').catch(() => {});
      if (busy(error) || !client) lastBusy = true;
      throw busy(error) ? new DatabaseBusyError() : error;
    } finally {
      client?.release();
    }
  }

  return {
    path: `${new URL(url).host}${new URL(url).pathname}`,
    answering: () => !lastBusy,
    /** The database's own probe: `SELECT 1` answered within a second (or the query timeout, if shorter). */
    async probe(): Promise<boolean> {
      const limit = Math.min(1000, timeoutMs);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), limit)));
      const answered = pool.query('SELECT 1').then(
        () => true,
        () => false,
      );
      const ok = await Promise.race([answered, late]);
      clearTimeout(timer);
      lastBusy = !ok;
      return ok;
    },
    listening: () => listener?.listening() ?? false,
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_MAX }),
    async close() {
      await listener?.close();
      await pool.end();
    },
    run,
  };
}

// Issue 48: GET /api/ready, what the proxy balances on, on both databases: 200 while the instance should get
// requests; 503 while it drains, while the database does not answer, and while the database lacks this
// version's migrations. /api/health keeps its answer throughout.
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../storage/migrations/index.ts';
import { startService } from '../service.ts';
import { bothDatabases, testApp, type Harness } from './harness.ts';
import { patience } from '../../tests/support/slowdown.mjs';

const { backends } = bothDatabases();
/** The last migration this version needs, as Kysely's migrator records it. */
const LAST = Object.keys(MIGRATIONS).at(-1);
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});

const get = async (h: Harness, url: string) => {
  const res = await h.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};

/** Runs one statement on the test's database, beside the service. */
async function onDatabase(h: Harness, statement: string, database?: string) {
  if (h.config.databaseUrl) {
    const url = new URL(h.config.databaseUrl);
    if (database) url.pathname = `/${database}`;
    const client = new pg.Client({ connectionString: url.href });
    await client.connect();
    await client.query(statement);
    await client.end();
  } else {
    const db = new Database(h.config.databasePath);
    db.exec(statement);
    db.close();
  }
}

describe.each(backends)('GET /api/ready on $name', (backend) => {
  it('answers 200 while the instance should be sent requests, and 503 draining once it drains', async () => {
    const h = await testApp(backend.env());
    cleanups.push(h.close);
    expect(await get(h, '/api/ready')).toEqual({ status: 200, body: { ok: true } });
    // The service's own drain, as main.ts calls it on SIGTERM (the app is the harness's: a second service on
    // the same store would only add workers).
    const { drain, app } = await startService(h.config, h.store);
    cleanups.push(() => app.close());
    drain();
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({ ok: false, reason: 'draining' });
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(503);
    // Alive all the same: the container's health check keeps passing.
    // (Polled: on a loaded machine SQLite's queue may be a second behind for a moment, which health reports as busy.)
    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/api/health' })).json(), { timeout: patience(15_000) })
      .toEqual({ ok: true });
  });

  it('answers 503 migrations while the database lacks a migration this version needs', async () => {
    const h = await testApp(backend.env());
    cleanups.push(h.close);
    await onDatabase(h, `DELETE FROM kysely_migration WHERE name = '${LAST}'`);
    expect(await get(h, '/api/ready')).toEqual({ status: 503, body: { ok: false, reason: 'migrations' } });
    expect(await get(h, '/api/health')).toEqual({ status: 200, body: { ok: true } });
    // Now, as the migrator stamps it: it orders what ran by time, and a later start finds it last.
    await onDatabase(
      h,
      `INSERT INTO kysely_migration (name, timestamp) VALUES ('${LAST}', '${new Date().toISOString()}')`,
    );
    expect(await get(h, '/api/ready')).toEqual({ status: 200, body: { ok: true } });
  });

  it(
    'answers 503 database while the database does not answer',
    async () => {
      const h = await testApp(backend.env());
      cleanups.push(h.close);
      if (h.config.databaseUrl) {
        // Every connection of the service's pool ended by the server, and no new one allowed. Only this
        // test's database: the cluster is shared by every test file running beside this one.
        const name = new URL(h.config.databaseUrl).pathname.slice(1);
        await onDatabase(h, `ALTER DATABASE ${name} ALLOW_CONNECTIONS false`, 'postgres');
        await onDatabase(
          h,
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'ai-agent-widgets' AND datname = '${name}'`,
          'postgres',
        );
        try {
          expect(await get(h, '/api/ready')).toEqual({ status: 503, body: { ok: false, reason: 'database' } });
        } finally {
          await onDatabase(h, `ALTER DATABASE ${name} ALLOW_CONNECTIONS true`, 'postgres');
        }
      } else {
        // Another process holds SQLite's write lock past the service's patience: its writer thread stops answering.
        const db = new Database(h.config.databasePath);
        db.exec('BEGIN EXCLUSIVE');
        const write = h.store.feedback
          .add({ name: 'A', email: 'a@example.com', message: 'locked out' })
          .catch((error: Error) => error);
        await expect
          .poll(() => get(h, '/api/ready'), { timeout: patience(20_000) })
          .toEqual({
            status: 503,
            body: { ok: false, reason: 'database' },
          });
        db.exec('ROLLBACK');
        db.close();
        await write;
      }
    },
    patience(60_000),
  );
});

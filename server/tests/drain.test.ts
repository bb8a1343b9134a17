// Issue 48: SIGTERM under load, on both databases. The test plays the proxy: it sends a steady load over
// keep-alive connections, checks /api/ready every 100 ms as Caddy's health check does, and stops sending
// to the instance once that answers 503. No request may be refused, reset or lost: every one gets its
// answer, every acknowledged write is stored, and the process exits 0 after the drain.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { bothDatabases } from './harness.ts';
import { exited, killAll, startInstance } from './processes.ts';
import { patience } from '../../tests/support/slowdown.mjs';

const { backends } = bothDatabases();
const dir = mkdtempSync(join(tmpdir(), 'drain-'));
afterAll(() => {
  killAll();
  rmSync(dir, { recursive: true, force: true });
});

const DRAIN_MS = 2_000;
const CLIENTS = 8;

type Outcome = { at: number; path: string; status?: number; error?: string; marker?: string };

async function stored(env: Record<string, string>, markers: string[]): Promise<string[]> {
  const prefix = markers[0]?.split('#')[0] ?? '';
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query('SELECT message FROM feedback WHERE message LIKE $1', [`${prefix}#%`]);
    await client.end();
    return rows.map((r) => String(r.message));
  }
  const db = new Database(env.DATABASE_PATH, { readonly: true });
  const rows = db.prepare('SELECT message FROM feedback WHERE message LIKE ?').all(`${prefix}#%`) as {
    message: string;
  }[];
  db.close();
  return rows.map((r) => r.message);
}

describe.each(backends)('SIGTERM under load on $name', (backend) => {
  it(
    'drains: /api/ready turns 503, every request is answered, every write kept, then exit 0',
    async () => {
      const env = { DATABASE_PATH: join(dir, `${backend.name}.sqlite`), ...backend.env(), DRAIN_MS: String(DRAIN_MS) };
      const instance = await startInstance(dir, env);
      const origin = `http://127.0.0.1:${instance.port}`;
      const outcomes: Outcome[] = [];
      const readiness: { at: number; status: number | string }[] = [];
      let routable = true;
      let serial = 0;
      const run = `drain-${backend.name}-${process.pid}`;

      // The proxy's health check: as soon as /api/ready says 503, no new request goes to this instance.
      const checking = (async () => {
        while (routable) {
          const status = await fetch(`${origin}/api/ready`).then(
            (r) => r.status,
            (e: Error) => String((e.cause as { code?: string })?.code ?? e.message),
          );
          readiness.push({ at: Date.now(), status });
          if (status !== 200) routable = false;
          else await new Promise((next) => setTimeout(next, 100));
        }
      })();

      const client = async (n: number) => {
        while (routable) {
          const write = (serial++ + n) % 2 === 0;
          const marker = write ? `${run}#${serial}` : undefined;
          const outcome: Outcome = { at: Date.now(), path: write ? '/api/feedback' : '/api/health', marker };
          try {
            const res = await fetch(origin + outcome.path, {
              method: write ? 'POST' : 'GET',
              headers: write ? { 'content-type': 'application/json' } : {},
              body: write ? JSON.stringify({ name: 'Load', email: 'load@example.com', message: marker }) : undefined,
            });
            await res.arrayBuffer();
            outcome.status = res.status;
          } catch (error) {
            outcome.error = String(((error as Error).cause as { code?: string })?.code ?? error);
          }
          outcomes.push(outcome);
        }
      };
      const load = Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));

      // Writes are slower than health checks, so on a busy machine 100 answers can hold few writes: wait for both.
      const written = () => outcomes.filter((o) => o.marker && o.status === 201).length;
      await expect
        .poll(() => Math.min(outcomes.length / 5, written()), { timeout: patience(30_000) })
        .toBeGreaterThan(20);
      const signalled = Date.now();
      instance.child.kill('SIGTERM');
      const [code] = await Promise.all([exited(instance.child).then(() => instance.child.exitCode), load, checking]);
      const stopped = Date.now();

      expect(code).toBe(0);
      // The instance answered for the whole drain and only then closed.
      expect(stopped - signalled).toBeGreaterThanOrEqual(DRAIN_MS);
      // Readiness said 503 while the instance still answered, and never failed to answer.
      expect(readiness.at(-1)!.status).toBe(503);
      expect(readiness.every((r) => r.status === 200 || r.status === 503)).toBe(true);
      // Nothing refused, reset or answered with an error; some answered after the signal, within the drain.
      expect(outcomes.filter((o) => o.error || (o.status !== 200 && o.status !== 201))).toEqual([]);
      expect(outcomes.filter((o) => o.at >= signalled).length).toBeGreaterThan(0);
      // Nothing lost: every acknowledged write is stored, once.
      const acked = outcomes.filter((o) => o.marker && o.status === 201).map((o) => o.marker!);
      expect(acked.length).toBeGreaterThan(20);
      expect((await stored(env, acked)).sort()).toEqual([...acked].sort());
    },
    patience(90_000),
  );
});

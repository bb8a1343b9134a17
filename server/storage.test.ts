import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../tests/support/free-port.mjs';
import { startPostgres, type TestPostgres } from '../tests/support/postgres.mjs';
import { testApp } from './test-helpers';

// One suite, two implementations: what the service promises about stored feedback holds for the
// embedded SQLite default and for PostgreSQL alike.
let pg: TestPostgres;
beforeAll(() => {
  pg = startPostgres();
}, 30_000);
afterAll(() => pg?.stop());

const backends = [
  { name: 'SQLite', env: () => ({}) },
  { name: 'PostgreSQL', env: () => ({ DATABASE_URL: pg.url }) },
];

const feedback = (message: string) => ({ name: 'Asha', email: 'asha@example.com', message });

describe.each(backends)('feedback storage on $name', ({ env }) => {
  it('keeps what the API acknowledged, in order, with an ISO time, and nothing it refused', async () => {
    const h = await testApp(env());
    try {
      const before = await h.store.countFeedback();
      const post = (body: unknown) => h.app.inject({ method: 'POST', url: '/api/feedback', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      expect((await post(feedback('first'))).statusCode).toBe(201);
      expect((await post({ ...feedback('refused'), email: 'not an email' })).statusCode).toBe(400);
      expect((await post(feedback('second'))).statusCode).toBe(201);
      const rows = (await h.store.listFeedback()).slice(before);
      expect(rows.map((r) => r.message)).toEqual(['first', 'second']);
      expect(rows[1].id).toBeGreaterThan(rows[0].id);
      expect(rows[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(await h.store.countFeedback()).toBe(before + 2);
      expect(h.store.answering()).toBe(true);
    } finally {
      await h.close();
    }
  });

  it('stores each of 200 concurrent writes exactly once', async () => {
    const h = await testApp(env());
    try {
      const markers = Array.from({ length: 200 }, (_, i) => `concurrent-${i}-${Math.random()}`);
      const ids = await Promise.all(markers.map((m) => h.store.addFeedback(feedback(m))));
      expect(new Set(ids).size).toBe(200);
      const stored = (await h.store.listFeedback()).map((r) => r.message);
      for (const m of markers) expect(stored.filter((s) => s === m)).toHaveLength(1);
    } finally {
      await h.close();
    }
  });
});

describe('two service instances on one PostgreSQL', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
  });

  async function instance(dir: string): Promise<number> {
    const port = freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: String(port), DATABASE_URL: pg.url, SKIP_BUILD: 'true', FEEDBACK_RATE_LIMIT: '100000', LOG_LEVEL: 'warn', DIST_DIR: join(dir, 'dist') },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    await new Promise<void>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => (out += chunk) && out.includes('Store:') && resolve());
      child.once('exit', (code) => reject(new Error(`instance exited early (${code}): ${out}`)));
    });
    return port;
  }

  it('start together, migrate once, and store every acknowledged post once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ai-widgets-two-'));
    try {
      const ports = await Promise.all([instance(dir), instance(dir)]);
      const markers = Array.from({ length: 300 }, (_, i) => `two-${i}-${Math.random()}`);
      const acked = await Promise.all(
        markers.map(async (m, i) => {
          const res = await fetch(`http://127.0.0.1:${ports[i % 2]}/api/feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(feedback(m)) });
          return res.status === 201 ? m : null;
        }),
      );
      expect(acked.filter(Boolean)).toHaveLength(300);
      const h = await testApp({ DATABASE_URL: pg.url });
      try {
        const stored = (await h.store.listFeedback()).map((r) => r.message);
        for (const m of markers) expect(stored.filter((s) => s === m)).toHaveLength(1);
      } finally {
        await h.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

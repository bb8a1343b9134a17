import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { patience } from '../../tests/support/slowdown.mjs';

let dir: string;
let dbPath: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ai-widgets-durability-'));
  dbPath = join(dir, 'service.sqlite');
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The real `npm start` entry as its own process, on the test's database. */
async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['server/run.mjs', 'main'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_PATH: dbPath,
      SKIP_BUILD: 'true',
      FEEDBACK_RATE_LIMIT: '100000',
      // Requests in flight at close, with no drain before it (drain.test.ts tests the drain).
      DRAIN_MS: '0',
      LOG_LEVEL: 'warn',
      DIST_DIR: join(dir, 'dist'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Store:')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited early (${code}): ${out}`)));
  });
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

/** Posts one submission; resolves to its marker when acknowledged with 201, or null. */
async function submit(port: number, marker: string): Promise<string | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/feedback`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Load test', email: 'load@example.com', message: marker }),
    });
    await res.text();
    return res.status === 201 ? marker : null;
  } catch {
    return null;
  }
}

function storedMessages(): string[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    return (db.prepare('SELECT message FROM feedback ORDER BY id').all() as { message: string }[]).map(
      (row) => row.message,
    );
  } finally {
    db.close();
  }
}

describe('durability', () => {
  it(
    'stores every acknowledged one of many concurrent submissions exactly once',
    async () => {
      const port = await freePort();
      const server = await startServer(port);
      const markers = Array.from({ length: 300 }, (_, i) => `concurrent-${i}`);
      const acked = await Promise.all(markers.map((m) => submit(port, m)));
      expect(acked.filter(Boolean)).toHaveLength(300);

      server.kill('SIGTERM');
      expect(await exited(server)).toBe(0);
      const stored = storedMessages();
      expect(stored).toHaveLength(300);
      expect(new Set(stored)).toEqual(new Set(markers));
    },
    patience(60_000),
  );

  it(
    'keeps every acknowledged submission when the server is killed with SIGKILL mid-load',
    async () => {
      const port = await freePort();
      const server = await startServer(port);
      const acked: string[] = [];
      let next = 0;
      let killed = false;
      // 20 clients post in a loop; the server dies under them after 150 acknowledgements.
      const worker = async () => {
        while (!killed && next < 2000) {
          const marker = await submit(port, `kill-${next++}`);
          if (marker && !killed) acked.push(marker);
          if (acked.length >= 150 && !killed) {
            killed = true;
            server.kill('SIGKILL');
          }
        }
      };
      await Promise.all(Array.from({ length: 20 }, worker));
      await exited(server);
      expect(acked.length).toBeGreaterThanOrEqual(150);
      expect(next).toBeLessThan(2000);

      const restarted = await startServer(port);
      const stored = storedMessages();
      for (const marker of acked) expect(stored.filter((m) => m === marker)).toHaveLength(1);
      expect(await submit(port, 'after-restart')).toBe('after-restart');
      restarted.kill('SIGTERM');
      expect(await exited(restarted)).toBe(0);
    },
    patience(60_000),
  );

  it(
    'on SIGTERM finishes the requests in flight, then closes the database and exits',
    async () => {
      const port = await freePort();
      const server = await startServer(port);
      const pending = Array.from({ length: 40 }, (_, i) => submit(port, `term-${i}`));
      // Once the first is answered the others are on their way or in flight (no fixed wait: a loaded machine
      // may not have sent any within it).
      await Promise.race(pending);
      server.kill('SIGTERM');
      const [code, results] = await Promise.all([exited(server), Promise.all(pending)]);
      expect(code).toBe(0);
      const acked = results.filter((m): m is string => m !== null);
      expect(acked.length).toBeGreaterThan(0);
      const stored = storedMessages();
      for (const marker of acked) expect(stored).toContain(marker);
    },
    patience(60_000),
  );
});

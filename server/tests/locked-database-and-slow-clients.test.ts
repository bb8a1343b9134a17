import { execFileSync, spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { testApp } from './harness.ts';
import { slowdown, patience } from '../../tests/support/slowdown.mjs';

type Harness = Awaited<ReturnType<typeof testApp>>;
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const feedback = { name: 'Asha', email: 'asha@example.com', message: 'Hello' };
const post = (app: Harness['app']) =>
  app.inject({
    method: 'POST',
    url: '/api/feedback',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(feedback),
  });

describe('a database locked by another process', () => {
  // No stopwatch: what a loaded machine cannot change is the order. The page answers while the write
  // still waits on the lock, and the write is refused while the lock is still held (it gives up on
  // DATABASE_TIMEOUT_MS, 3 s, instead of waiting for the lock; a hang would meet the test's timeout).
  it('answers writes with 503 while the lock is held, pages and health meanwhile, then recovers', async () => {
    h = await testApp({ DATABASE_TIMEOUT_MS: '3000' });
    expect((await post(h.app)).statusCode).toBe(201);
    const other = new Database(h.store.path);
    // The service may be writing at that moment (its start-up and background work): the other process
    // waits its turn for the lock, as a real one would, then holds it.
    other.pragma('busy_timeout = 10000');
    other.exec('BEGIN IMMEDIATE');
    try {
      let writeAnswered = false;
      const write = post(h.app).finally(() => (writeAnswered = true));
      await new Promise((r) => setTimeout(r, 200));
      const page = await h.app.inject({ method: 'GET', url: '/favicon.ico' });
      expect(page.statusCode).toBe(301);
      expect(writeAnswered, 'the page waited for the blocked write').toBe(false);
      const refused = await write;
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({
        error: 'busy',
        message: 'The database is busy right now. Please try again in a moment.',
      });
      const health = await h.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ ok: false, database: 'busy' });
    } finally {
      other.exec('COMMIT');
      other.close();
    }
    expect((await post(h.app)).statusCode).toBe(201);
    const health = await h.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({ ok: true });
    expect(await h.store.feedback.count()).toBe(2);
  });
});

describe('slow clients', () => {
  /** Sends `text` and resolves with what the server answers before it closes; `closed` records the order. */
  async function stall(port: number, text: string, name: string, closed: string[]) {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.write(text);
    await new Promise((resolve) => socket.once('close', resolve));
    closed.push(name);
    return answer;
  }

  // Order, not a stopwatch: the stalled headers are cut first, at their own limit, and the stalled body
  // (past its headers) only at the longer request limit, 1.5 s later: wide enough for a loaded machine's
  // late timer. Without the limits (Node's defaults are 60 and 300 s) the test's timeout would fail it.
  it('closes stalled headers, then (at the longer request limit) stalled bodies, with 408', async () => {
    h = await testApp({ HEADERS_TIMEOUT_MS: '500', REQUEST_TIMEOUT_MS: '2000' });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as { port: number };
    const closed: string[] = [];
    const [headers, body] = await Promise.all([
      stall(port, 'POST /api/feedback HTTP/1.1\r\nHost: x\r\nContent-Type: app', 'headers', closed),
      stall(
        port,
        'POST /api/feedback HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":',
        'body',
        closed,
      ),
    ]);
    expect(headers).toMatch(/^HTTP\/1\.1 408/);
    expect(body).toMatch(/^HTTP\/1\.1 408/);
    expect(closed).toEqual(['headers', 'body']);
  });
});

describe('smaller mends', () => {
  it('answers a wrong method on an API path with 405 and Allow', async () => {
    h = await testApp();
    const res = await h.app.inject({ method: 'GET', url: '/api/feedback' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect((await h.app.inject({ method: 'DELETE', url: '/api/health' })).headers.allow).toBe('GET');
    expect((await h.app.inject({ method: 'GET', url: '/api/nothing-here' })).statusCode).toBe(404);
  });

  it('creates the database readable by its owner only', async () => {
    h = await testApp();
    await post(h.app);
    expect(statSync(h.store.path).mode & 0o777).toBe(0o600);
    expect(statSync(`${h.store.path}-wal`).mode & 0o777).toBe(0o600);
  });

  it('refuses to export from a database that does not exist', async () => {
    h = await testApp();
    const missing = join(h.dir, 'nope.db');
    const run = spawnSync(process.execPath, ['server/run.mjs', 'cli/export', 'feedback', '--db', missing], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`No database at ${missing}`);
    expect(run.stdout).toBe('');
  });

  it('exports a clean file through npm run -s', async () => {
    h = await testApp();
    await post(h.app);
    const csv = execFileSync('npm', ['run', '-s', 'export-feedback', '--', '--format', 'csv', '--db', h.store.path], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    expect(csv.split('\r\n')[0]).toBe('id,createdAt,name,email,message,embed');
  });
});

describe('settings checked at start', () => {
  const start = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['server/run.mjs', 'main'], {
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: '1',
        DATABASE_PATH: '/nonexistent/never.sqlite',
        ...env,
      },
      timeout: patience(20_000) * slowdown(),
    });

  it.each([
    [{ OTP_PROVIDER: 'Twilio' }, 'OTP_PROVIDER: "Twilio" is not one of console, twilio (lower case).'],
    [
      { LEAD_WEBHOOK_URL: 'https://crm.example/hook' },
      'LEAD_WEBHOOK_SECRET: is required with LEAD_WEBHOOK_URL: deliveries are signed with it.',
    ],
    [
      { LEAD_WEBHOOK_URL: 'crm.example/hook', LEAD_WEBHOOK_SECRET: 's' },
      'LEAD_WEBHOOK_URL: "crm.example/hook" is not a URL (for example https://example.com).',
    ],
    [{ PORT: 'eighty' }, 'PORT: "eighty" is not a whole number from 1 to 65535.'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY: "true" is neither a hop count nor an address or network'],
    [{ CALL_HOURS: '9-17' }, 'CALL_HOURS: "9-17" is not a window like 09:00-20:00'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: "mysql://x" must start with postgres:// or postgresql://.'],
    [
      { OTP_PROVIDER: 'twilio' },
      'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_VERIFY_SERVICE_SID: are required when OTP_PROVIDER=twilio.',
    ],
    [
      { OTP_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_VERIFY_SERVICE_SID: 'VA1' },
      'TWILIO_AUTH_TOKEN: is required when OTP_PROVIDER=twilio.',
    ],
  ])('stops at once with one line for %j', (env, line) => {
    const run = start(env as Record<string, string>);
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Cannot start: ${line}`);
  });

  it('says which setting to change when the port is taken, offering one that is free, instead of a stack trace', async () => {
    const { createServer } = await import('node:net');
    const taken = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => taken.once('listening', r));
    const port = (taken.address() as { port: number }).port;
    // The next one is taken too (by this test, or already by someone else): it is not offered.
    const next = createServer()
      .on('error', () => {})
      .listen(port + 1, '127.0.0.1');
    await new Promise((r) => setTimeout(r, 50));
    h = await testApp();
    const run = start({ PORT: String(port), DATABASE_PATH: join(h.dir, 'busy-port.sqlite') });
    taken.close();
    next.close();
    expect(run.status).toBe(1);
    const offered = Number(/e\.g\. PORT=(\d+) \(free now\)\.$/.exec(run.stderr.trim())?.[1]);
    expect(run.stderr.trim()).toBe(
      `Cannot start: 127.0.0.1:${port} is already in use. Set PORT (or HOST) to another value, e.g. PORT=${offered} (free now).`,
    );
    expect(offered).toBeGreaterThan(port + 1);
  });

  it('answers --help on every command-line tool', () => {
    for (const [tool, words] of [
      ['export-leads', '--format'],
      ['export-feedback', '--format'],
      ['suppress', '--remove'],
    ]) {
      const out = execFileSync('npm', ['run', '-s', tool, '--', '--help'], { encoding: 'utf8' });
      expect(out, tool).toContain(words);
    }
  });
});

// What the real entries say when something is wrong at start: `server/run.mjs main` (the service, as
// `npm run serve` and the image run it compiled), `dev/start` (`npm start`) and `npm start` itself.
// Each says it once, in one line, and stops; and both Ctrl-C and a SIGINT to npm's own process stop
// the service.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeTwilio, TWILIO } from '../../tests/support/fakes';
import { freePort } from '../../tests/support/free-port.mjs';
import { patience } from '../../tests/support/slowdown.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
let dir = '';
/** What a test started, and whether as its own process group (killed whole if the test fails). */
const children: { child: ChildProcess; group: boolean }[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'start-up-'));
});
afterEach(() => {
  for (const { child, group } of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    if (group) process.kill(-child.pid!, 'SIGKILL');
    else child.kill('SIGKILL');
  }
  rmSync(dir, { recursive: true, force: true });
});

/** A clean environment: only what the entry needs, nothing from the shell running the tests. */
const base = () => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  DATABASE_PATH: join(dir, 'service.sqlite'),
  DIST_DIR: join(dir, 'dist'),
});
const run = (entry: string, env: Record<string, string>, options: { path?: string; script?: string } = {}) =>
  spawnSync(process.execPath, [options.script ?? 'server/run.mjs', entry], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...base(), ...env, ...(options.path ? { PATH: options.path } : {}) },
    timeout: patience(45_000),
  });
const lines = (text: string) => text.trim().split('\n').filter(Boolean);

/** Starts a long-running entry and resolves once its banner is out. */
async function started(command: string, args: string[], env: Record<string, string>, detached = false) {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...base(), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
  });
  children.push({ child, group: detached });
  let out = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (out += chunk));
  const exit = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  await new Promise<void>((ready, fail) => {
    child.stdout!.on('data', () => out.includes('Store:') && ready());
    void exit.then((code) => fail(new Error(`${command} ${args.join(' ')} exited early (${code}):\n${out}`)));
  });
  return { child, exit, output: () => out };
}

const answers = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => true,
    () => false,
  );

describe('the settings', { timeout: patience(60_000) }, () => {
  it('names every wrong setting at once, in one line', () => {
    const result = run('main', { PORT: 'eighty', OTP_PROVIDER: 'Twilio', CALL_HOURS: '9-17', TRUST_PROXY: 'true' });
    expect(result.status).toBe(1);
    expect(lines(result.stderr)).toHaveLength(1);
    const [line] = lines(result.stderr);
    expect(line).toMatch(/^Cannot start: /);
    for (const name of ['PORT: "eighty"', 'OTP_PROVIDER: "Twilio"', 'CALL_HOURS: "9-17"', 'TRUST_PROXY: "true"'])
      expect(line).toContain(name);
  });

  it.each([
    [{}, "OTP_PROVIDER: is unset (console), which only shows the codes on the service's terminal"],
    [{ OTP_PROVIDER: 'console' }, "OTP_PROVIDER: is console, which only shows the codes on the service's terminal"],
  ])('refuses the console provider in production (%j)', (env, words) => {
    const result = run('main', { NODE_ENV: 'production', PORT: String(freePort()), ...env });
    expect(result.status).toBe(1);
    expect(lines(result.stderr)).toEqual([expect.stringContaining(`Cannot start: ${words}`)]);
    expect(result.stderr).toContain('set OTP_PROVIDER=twilio');
  });

  it('names a misspelt setting with the one it resembles, and the wrong ones after it', () => {
    const result = run('main', { OTP_PROVDER: 'twilio', DATABSE_URL: 'postgres://x@db/x', PORT: 'eighty' });
    expect(result.status).toBe(1);
    expect(lines(result.stderr)).toEqual([
      'OTP_PROVDER is not a setting of ours; did you mean OTP_PROVIDER? (OTP_PROVDER is ignored)',
      'DATABSE_URL is not a setting of ours; did you mean DATABASE_URL? (DATABSE_URL is ignored)',
      'Cannot start: PORT: "eighty" is not a whole number from 1 to 65535.',
    ]);
  });

  it('npm start checks them before any build (no npm on PATH: a build would fail loudly)', () => {
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    symlinkSync(process.execPath, join(bin, 'node'));
    // A build-time setting no build was made with: without the check first, this start would build.
    const result = run(
      'dev/start',
      { PORT: 'eighty', OTP_PROVIDER: 'Twilio', VITE_BRAND_NAME: `Not built ${Date.now()}` },
      { path: bin },
    );
    expect(result.status).toBe(1);
    expect(lines(result.stderr)).toEqual([
      'Cannot start: PORT: "eighty" is not a whole number from 1 to 65535. OTP_PROVIDER: "Twilio" is not one of console, twilio (lower case).',
    ]);
    expect(result.stdout).not.toContain('Building');
  });
});

describe('the database', { timeout: patience(60_000) }, () => {
  it('that cannot be reached is named by host and port in one line, without the password or a stack', () => {
    const port = freePort();
    const result = run('main', {
      PORT: String(freePort()),
      DATABASE_URL: `postgres://widgets:s3cret-word@127.0.0.1:${port}/widgets`,
    });
    expect(result.status).toBe(1);
    expect(lines(result.stderr)).toEqual([
      `Cannot start: the PostgreSQL database at 127.0.0.1:${port} cannot be reached (ECONNREFUSED). Check DATABASE_URL and that the server is running and reachable from here.`,
    ]);
    expect(result.stdout + result.stderr).not.toContain('s3cret-word');
  });
});

describe('npm start', { timeout: patience(60_000) }, () => {
  it('without the development tools says to run npm run serve', () => {
    // The real runner, where no tsx can be found (as after `npm prune --omit=dev`).
    mkdirSync(join(dir, 'server'));
    copyFileSync(join(ROOT, 'server/run.mjs'), join(dir, 'server/run.mjs'));
    const result = run('dev/start', { PORT: String(freePort()) }, { script: join(dir, 'server/run.mjs') });
    expect(result.status).toBe(1);
    expect(lines(result.stderr)).toEqual([
      expect.stringMatching(
        /^Cannot start: npm start builds with the development tools.*Run the built service with npm run serve/,
      ),
    ]);
  });

  it.each([
    ['SIGINT sent to npm’s own process', false],
    ['Ctrl-C (SIGINT to the whole process group)', true],
  ])(
    'stops on %s; its banner names the desk and the account command, and a misspelt name is warned of once',
    async (_, group) => {
      const port = freePort();
      const { child, exit, output } = await started(
        'npm',
        ['start'],
        { PORT: String(port), SKIP_BUILD: 'true', OTP_PROVDER: 'twilio' },
        group,
      );
      expect(await answers(port)).toBe(true);
      expect(output()).toContain(
        `Sales desk:       http://127.0.0.1:${port}/desk (an account: npm run -s desk-user -- add --email you@your-company.example)`,
      );
      expect(output().match(/OTP_PROVDER is not a setting of ours/g)).toHaveLength(1);
      if (group) process.kill(-child.pid!, 'SIGINT');
      else child.kill('SIGINT');
      await exit;
      expect(output()).toContain('SIGINT: finishing requests in flight, then closing');
      expect(await answers(port)).toBe(false);
    },
  );
});

// LOG_FORMAT: a developer's terminal (npm start's entry) gets lines to read; every other start, JSON
// for a log shipper; either entry does as LOG_FORMAT says when it is set.
describe('the log format', { timeout: patience(90_000) }, () => {
  const CLOSING = 'SIGINT: finishing requests in flight, then closing';
  /** The line an entry logs as Ctrl-C stops it. */
  async function closingLine(entry: string, env: Record<string, string>) {
    const port = freePort();
    const { child, exit, output } = await started(process.execPath, ['server/run.mjs', entry], {
      PORT: String(port),
      SKIP_BUILD: 'true',
      ...env,
    });
    child.kill('SIGINT');
    await exit;
    const line = lines(output()).find((l) => l.includes(CLOSING));
    expect(line, output()).toBeDefined();
    return line!;
  }
  const PRETTY = new RegExp(`^\\d\\d:\\d\\d:\\d\\d\\.\\d{3} INFO  ${CLOSING}$`);

  it('is pretty under npm start’s entry and JSON under the production entry', async () => {
    expect(await closingLine('dev/start', {})).toMatch(PRETTY);
    expect(JSON.parse(await closingLine('main', {}))).toMatchObject({ level: 30, msg: CLOSING });
  });

  it('is as LOG_FORMAT says under either entry', async () => {
    expect(JSON.parse(await closingLine('dev/start', { LOG_FORMAT: 'json' }))).toMatchObject({ msg: CLOSING });
    expect(await closingLine('main', { LOG_FORMAT: 'pretty' })).toMatch(PRETTY);
  });
});

describe('production', { timeout: patience(60_000) }, () => {
  it('starts with Twilio Verify (a local fake) and names it in the banner', async () => {
    const twilio = await fakeTwilio();
    try {
      const port = freePort();
      const { child, exit, output } = await started(process.execPath, ['server/run.mjs', 'main'], {
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_HASH_KEY: 'a-test-key-of-at-least-thirty-two-characters',
        OTP_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: TWILIO.accountSid,
        TWILIO_AUTH_TOKEN: TWILIO.authToken,
        TWILIO_VERIFY_SERVICE_SID: TWILIO.serviceSid,
        TWILIO_API_URL: twilio.url,
      });
      expect(output()).toContain('One-time codes:   on: Twilio Verify');
      expect(await answers(port)).toBe(true);
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
    } finally {
      await twilio.close();
    }
  });
});

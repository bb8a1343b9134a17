// The container's start without a container: the Dockerfile's CMD, run from the repository root
// (the image's WORKDIR holds the same files) with the Dockerfile's ENV, on a free port and a
// throwaway database. It must serve the site, the widgets and the examples, and stop with exit
// code 0 on SIGTERM, as `docker stop` and a roll-out send it. The image runs with NODE_ENV=production,
// which refuses the console provider of one-time codes: Twilio Verify is a local fake here.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { dockerCmd, dockerEnv } from '../deploy/deploy-files.mjs';
import { fakeTwilio, TWILIO } from '../support/fakes';
import { freePort } from '../support/free-port.mjs';
import { patience } from '../support/slowdown.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

test('the image’s command line serves the site, the widgets and the examples, and exits 0 on SIGTERM', async () => {
  test.setTimeout(60_000);
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const [command, ...args] = dockerCmd(dockerfile);
  const dir = mkdtempSync(join(tmpdir(), 'ai-widgets-production-'));
  const port = freePort();
  const twilio = await fakeTwilio();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...dockerEnv(dockerfile),
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_PATH: join(dir, 'service.sqlite'),
    LOG_LEVEL: 'warn',
    OTP_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: TWILIO.accountSid,
    TWILIO_AUTH_TOKEN: TWILIO.authToken,
    TWILIO_VERIFY_SERVICE_SID: TWILIO.serviceSid,
    TWILIO_API_URL: twilio.url,
    DATA_HASH_KEY: 'a-test-key-of-at-least-thirty-two-characters',
  };
  // This run's own SQLite file, whatever the shell running the tests points at.
  delete env.DATABASE_URL;
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on('exit', (code, signal) => done({ code, signal })),
  );
  let running = true;
  void exited.then(() => (running = false));
  const origin = `http://127.0.0.1:${port}`;

  try {
    await expect
      .poll(
        async () => {
          if (!running) throw new Error(`\`${[command, ...args].join(' ')}\` exited before it answered:\n${output}`);
          return fetch(`${origin}/api/health`).then(
            (r) => r.status,
            () => 0,
          );
        },
        {
          message: `GET /api/health on ${[command, ...args].join(' ')}`,
          timeout: patience(30_000),
          intervals: [100, 250, 500],
        },
      )
      .toBe(200);
    expect(await (await fetch(`${origin}/api/health`)).json()).toEqual({ ok: true });

    for (const path of ['/', '/experience', '/terms', '/dist/widgets/ai-widgets.js', '/examples/']) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status, `GET ${path}`).toBe(200);
      expect((await response.text()).length, `GET ${path} has a body`).toBeGreaterThan(0);
    }

    // The drain (DRAIN_MS, 5 s by default: /api/ready answers 503 while it still serves) comes first.
    child.kill('SIGTERM');
    const stopped = await Promise.race([
      exited,
      new Promise<'timeout'>((done) => setTimeout(() => done('timeout'), 15_000)),
    ]);
    expect(stopped, `exit on SIGTERM; output:\n${output}`).toEqual({ code: 0, signal: null });
  } finally {
    if (running) child.kill('SIGKILL');
    await twilio.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

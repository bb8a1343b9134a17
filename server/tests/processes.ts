// The real service as separate processes (the production entry, from source), for tests that kill,
// restart or run several instances.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../../tests/support/free-port.mjs';
import { DATABASE_PATIENCE } from './harness.ts';

export type Instance = { port: number; child: ChildProcess; codes: Map<string, string>; output: () => string };

const running: ChildProcess[] = [];

/** Kills every instance a test left running. */
export function killAll() {
  for (const child of running.splice(0)) child.kill('SIGKILL');
}

export async function startInstance(dir: string, env: Record<string, string>): Promise<Instance> {
  const port = freePort();
  const child = spawn(process.execPath, ['server/run.mjs', 'main'], {
    env: {
      ...process.env,
      ...DATABASE_PATIENCE,
      PORT: String(port),
      LOG_LEVEL: 'info',
      OTP_CLIENT_LIMIT: '100000',
      OTP_MAX_PER_HOUR: '100000',
      FEEDBACK_RATE_LIMIT: '100000',
      CALL_HOURS: '00:00-24:00',
      // These tests stop instances to restart them; drain.test.ts tests the drain itself.
      DRAIN_MS: '0',
      DIST_DIR: join(dir, 'dist'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  const codes = new Map<string, string>();
  let out = '';
  // The console provider shows its codes on standard error (never in the log, on standard output).
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    const lines = (err += chunk).split('\n');
    err = lines.pop()!;
    for (const line of lines) {
      const [, phone, code] = /^One-time code for (\+\d+) by \w+: (\d{6})/.exec(line) ?? [];
      if (phone) codes.set(phone, code);
    }
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      if (out.includes('Store:')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`service exited early (${code}): ${out}`)));
  });
  return { port, child, codes, output: () => out };
}

export const exited = (child: ChildProcess) =>
  new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve),
  );

export async function call(instance: Instance, path: string, body: unknown) {
  const res = await fetch(`http://127.0.0.1:${instance.port}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

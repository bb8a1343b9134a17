import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../tests/support/free-port.mjs';
import { startPostgres, type TestPostgres } from '../tests/support/postgres.mjs';
import { webhookReceiver } from '../tests/support/fakes';
import { testApp } from './test-helpers';

// The real `npm start` entry as separate processes: leads acknowledged with 201 survive SIGKILL,
// the CRM outbox delivers every lead across a kill and a restart, and two instances on one
// PostgreSQL keep the per-phone limits exact.
let dir: string;
const children: ChildProcess[] = [];
beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), 'ai-widgets-leads-'))));
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Instance = { port: number; child: ChildProcess; codes: Map<string, string> };

async function start(env: Record<string, string>): Promise<Instance> {
  const port = freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), SKIP_BUILD: 'true', LOG_LEVEL: 'info', OTP_CLIENT_LIMIT: '100000', DIST_DIR: join(dir, 'dist'), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const codes = new Map<string, string>();
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      for (const line of chunk.toString().split('\n')) {
        const entry = line.startsWith('{') ? (JSON.parse(line) as { phone?: string; code?: string }) : null;
        if (entry?.phone && entry.code) codes.set(entry.phone, entry.code);
      }
      if (out.includes('Store:')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`service exited early (${code}): ${out}`)));
  });
  return { port, child, codes };
}

const exited = (child: ChildProcess) => new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));

async function call(instance: Instance, path: string, body: unknown) {
  const res = await fetch(`http://127.0.0.1:${instance.port}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Code, check, lead: the lead's id once acknowledged with 201. */
async function submitLead(instance: Instance, phone: string): Promise<number> {
  expect((await call(instance, '/otp', { phone })).status).toBe(200);
  await expect.poll(() => instance.codes.get(phone)).toBeTruthy();
  const { body } = await call(instance, '/otp/verify', { phone, code: instance.codes.get(phone) });
  const lead = await call(instance, '/demo-requests', { agentId: 'supportHindi', name: `Visitor ${phone}`, phone, consent: true, token: body.token });
  expect(lead.status).toBe(201);
  return lead.body.id as number;
}
const phone = (i: number) => `+9198765${String(i).padStart(5, '0')}`;

describe('leads across crashes', () => {
  it('keeps every acknowledged lead through SIGKILL, and delivers every one to the CRM once it answers, across a restart', async () => {
    const hook = await webhookReceiver('whsec-durable');
    hook.down = true;
    const env = { DATABASE_PATH: join(dir, 'leads.db'), LEAD_WEBHOOK_URL: hook.url, LEAD_WEBHOOK_SECRET: 'whsec-durable', LEAD_WEBHOOK_BACKOFF_MS: '20', PROVIDER_TIMEOUT_MS: '1000' };
    try {
      const first = await start(env);
      const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => submitLead(first, phone(i))));
      first.child.kill('SIGKILL');
      await exited(first.child);

      hook.down = false;
      const second = await start(env);
      await expect.poll(() => new Set(hook.received.map((r) => r.deliveryId)).size, { timeout: 20_000 }).toBe(12);
      expect(new Set(hook.received.map((r) => r.body.lead.id))).toEqual(new Set(ids));
      expect(hook.received.every((r) => r.validSignature)).toBe(true);
      second.child.kill('SIGTERM');
      await exited(second.child);

      const h = await testApp({ DATABASE_PATH: env.DATABASE_PATH });
      try {
        const leads = await h.store.listLeads();
        expect(leads.map((l) => l.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
        expect(leads.every((l) => l.delivered)).toBe(true);
      } finally {
        await h.close();
      }
    } finally {
      await hook.close();
    }
  }, 60_000);
});

describe('two instances on one PostgreSQL', () => {
  let pg: TestPostgres;
  beforeAll(() => void (pg = startPostgres()), 30_000);
  afterAll(() => pg?.stop());

  it('obey the per-phone limits exactly and make one lead per token', async () => {
    const [a, b] = await Promise.all([start({ DATABASE_URL: pg.url }), start({ DATABASE_URL: pg.url })]);
    // Ten requests for one phone at once, half to each instance: exactly one code is sent.
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => call(i % 2 ? a : b, '/otp', { phone: phone(1) })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 429 && r.body.error === 'cooldown')).toHaveLength(9);

    // A token verified on one instance makes one lead, whichever instances it is sent to at once.
    const sender = answers.findIndex((r) => r.status === 200) % 2 ? a : b;
    await expect.poll(() => sender.codes.get(phone(1))).toBeTruthy();
    const { body } = await call(a, '/otp/verify', { phone: phone(1), code: sender.codes.get(phone(1)) });
    const lead = { agentId: 'receptionist', name: 'Asha', phone: phone(1), consent: true, token: body.token };
    const posts = await Promise.all(Array.from({ length: 6 }, (_, i) => call(i % 2 ? a : b, '/demo-requests', lead)));
    expect(posts.map((p) => p.status).sort()).toEqual([201, 401, 401, 401, 401, 401]);
  }, 60_000);

  it('share one CRM outbox: every lead is delivered once, whichever instance took it', async () => {
    const hook = await webhookReceiver('whsec-two');
    try {
      const env = { DATABASE_URL: pg.url, LEAD_WEBHOOK_URL: hook.url, LEAD_WEBHOOK_SECRET: 'whsec-two', LEAD_WEBHOOK_BACKOFF_MS: '20' };
      const [a, b] = await Promise.all([start(env), start(env)]);
      const ids = await Promise.all(Array.from({ length: 8 }, (_, i) => submitLead(i % 2 ? a : b, phone(100 + i))));
      await expect.poll(() => hook.received.length, { timeout: 15_000 }).toBe(8);
      // Give a second delivery the time to show up, if leasing let one through twice.
      await new Promise((r) => setTimeout(r, 500));
      expect(hook.received.map((r) => r.body.lead.id).sort()).toEqual([...ids].sort());
      expect(hook.received).toHaveLength(8);
    } finally {
      await hook.close();
    }
  }, 60_000);
});

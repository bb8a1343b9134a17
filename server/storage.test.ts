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

describe.each(backends)('lead storage on $name', ({ env }) => {
  const phone = () => `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const rules = { ttlMs: 600_000, cooldownMs: 30_000, perHour: 5 };
  const leadOf = (tokenId: string, p: string) => ({ agentId: 'receptionist', name: 'Asha', phone: p, consentText: 'I agree.', clientIp: '127.0.0.1', tokenId, createdAt: new Date().toISOString() });

  it('decides one-time codes, their checks, one lead per token and leased deliveries the same way', async () => {
    const h = await testApp(env());
    const { store } = h;
    try {
      const p = phone();
      expect(await store.requestOtp({ phone: p, codeHash: 'h1', now: 1_000, ...rules })).toEqual({ ok: true });
      expect(await store.requestOtp({ phone: p, codeHash: 'h2', now: 11_000, ...rules })).toEqual({ ok: false, reason: 'cooldown', retryAfterMs: 20_000 });
      expect(await store.startOtpCheck(p, 2_000, 2)).toEqual({ status: 'check', codeHash: 'h1', checksLeft: 1 });
      expect(await store.startOtpCheck(p, 2_000, 2)).toEqual({ status: 'check', codeHash: 'h1', checksLeft: 0 });
      expect(await store.startOtpCheck(p, 2_000, 2)).toEqual({ status: 'too-many' });
      expect(await store.startOtpCheck(p, 700_000, 9)).toEqual({ status: 'expired' });
      await store.finishOtp(p, 3_000);
      expect(await store.startOtpCheck(p, 3_000, 9)).toEqual({ status: 'none' });
      await store.cancelOtp(p, 1_000);
      expect(await store.requestOtp({ phone: p, codeHash: 'h3', now: 4_000, ...rules })).toEqual({ ok: true });

      expect(await store.setting('secret', 'first')).toBe('first');
      expect(await store.setting('secret', 'second')).toBe('first');

      const token = `t-${Math.random()}`;
      const made = await store.addLead(leadOf(token, p), true);
      expect(made).toEqual({ id: expect.any(Number) });
      expect(await store.addLead(leadOf(token, p), true)).toBe('token-used');
      const id = (made as { id: number }).id;
      await store.setLeadCall(id, 'placed', 'call-9', null);

      const [due] = await store.claimOutbox(5_000, 1_000, 10);
      expect(due).toMatchObject({ leadId: id, attempts: 0 });
      expect(JSON.parse(due.payload)).toEqual({ event: 'lead.created', lead: expect.objectContaining({ id, phone: p }) });
      // Leased: not handed out again until the lease ends.
      expect(await store.claimOutbox(5_500, 1_000, 10)).toEqual([]);
      await store.outboxFailed(due.id, 7_000, 'answered 500');
      expect(await store.claimOutbox(6_500, 1_000, 10)).toEqual([]);
      expect(await store.claimOutbox(7_000, 1_000, 10)).toMatchObject([{ id: due.id, attempts: 1 }]);
      await store.outboxDelivered(due.id, 7_100);
      expect(await store.claimOutbox(99_000, 1_000, 10)).toEqual([]);
      const row = (await store.listLeads()).find((l) => l.id === id);
      expect(row).toMatchObject({ callStatus: 'placed', callId: 'call-9', delivered: true, consentText: 'I agree.' });
    } finally {
      await h.close();
    }
  });
});

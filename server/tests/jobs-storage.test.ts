import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../storage/index.ts';
import { listenForWork } from '../storage/pg-listen.ts';
import { channelOf, queueSignals, type Queue } from '../storage/queues.ts';
import { bothDatabases } from './harness.ts';

// What the leased-job loop asks of the database: when the next job falls due, and a wake-up when work
// is added, here or (PostgreSQL) by another instance.
const { backends, url } = bothDatabases();

const leadOf = (tokenId: string, createdAt: number) => ({
  agentId: 'receptionist',
  name: 'Asha',
  phone: `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
  tokenId,
  createdAt,
  consentText: 'I agree.',
  consentVersion: 'v1',
  consentSha256: 'h',
  consentedAt: null,
  verifiedAt: null,
  clientIp: '192.0.2.1',
  userAgent: 'UA',
  pageUrl: null,
  referrer: null,
  timeZone: null,
  utm: {},
  clickIds: {},
  metadata: {},
});

describe.each(backends)('due times and wake-ups on $name', ({ name, env }) => {
  let store: Store;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ai-widgets-jobs-'));
    store = await openStore({ databasePath: join(dir, 'jobs.sqlite'), databaseUrl: env().DATABASE_URL });
  });
  afterAll(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("says when the next call and the next CRM event fall due: a retry, a lease running out, a read-back; never a lead's later event", async () => {
    const woken: Queue[] = [];
    const stops = (['calls', 'outbox'] as const).map((q) => store.onAdded(q, () => woken.push(q)));
    expect(await store.calls.nextDue()).toBeNull();
    expect(await store.outbox.nextDue()).toBeNull();
    const now = 5_000_000;
    const added = await store.leads.add({
      lead: leadOf(`t-${name}`, now),
      plan: { status: 'pending', callAt: null },
      deliver: true,
      duplicateWindowMs: 0,
    });
    const id = (added as { id: number }).id;
    // The operation that queued a CRM event woke the outbox of this process (the request pokes the call worker).
    expect(woken).toEqual(['outbox']);
    stops.forEach((stop) => stop());

    expect(await store.calls.nextDue()).toBeLessThanOrEqual(now);
    const [job] = await store.calls.claim({ now, leaseMs: 3_000, limit: 1 });
    expect(job.leadId).toBe(id);
    // Leased: due again when the lease runs out (another instance's crash).
    expect(await store.calls.nextDue()).toBe(now + 3_000);
    await store.calls.record({
      leadId: id,
      now,
      outcome: { kind: 'retry', error: 'answered 503', nextAttemptAt: now + 700, unknown: false, scheduled: false },
      deliver: true,
    });
    expect(await store.calls.nextDue()).toBe(now + 700);
    await store.calls.record({
      leadId: id,
      now,
      outcome: { kind: 'placed', providerCallId: `c-${name}`, providerStatus: 'queued', checkAt: now + 1_800_000 },
      deliver: true,
    });
    // Placed: only its read-back is left.
    expect(await store.calls.nextDue()).toBe(now + 1_800_000);

    const [created] = await store.outbox.claim({ now, leaseMs: 3_000, limit: 10 });
    expect(created.event).toBe('lead.created');
    expect(await store.outbox.nextDue()).toBe(now + 3_000);
    await store.outbox.failed({ id: created.id, nextAttemptAt: now + 2_000, error: 'answered 500' });
    // The lead's later event (placed) waits for its first one: due when that one is retried, not now.
    expect(await store.outbox.nextDue()).toBe(now + 2_000);
    await store.outbox.delivered({ id: created.id, now: now + 2_000 });
    expect(await store.outbox.nextDue()).toBe(0);
  });
});

describe('wake-ups from another instance (PostgreSQL LISTEN/NOTIFY)', () => {
  it('wake this instance when another adds work, not for its own, and come back after the listening connection is dropped', async () => {
    const signals = queueSignals();
    const woken: Queue[] = [];
    signals.onAdded('outbox', () => woken.push('outbox'));
    signals.onAdded('calls', () => woken.push('calls'));
    const listener = listenForWork(url(), { signals, instance: 'this-one', timeoutMs: 4000, reconnectMs: 50 });
    const other = new pg.Client({ connectionString: url() });
    await other.connect();
    try {
      await expect.poll(() => listener.listening()).toBe(true);
      await other.query('SELECT pg_notify($1, $2)', [channelOf('outbox'), 'this-one']);
      await other.query('SELECT pg_notify($1, $2)', [channelOf('calls'), 'another']);
      await expect.poll(() => woken).toEqual(['calls']);

      // The connection is cut: the workers' timers carry on; it is made again, and every queue is looked at.
      await other.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'ai-agent-widgets-listen'`,
      );
      await expect.poll(() => woken.length).toBe(3);
      expect(woken.slice(1).sort()).toEqual(['calls', 'outbox']);
      expect(listener.listening()).toBe(true);
      await other.query('SELECT pg_notify($1, $2)', [channelOf('outbox'), 'another']);
      await expect.poll(() => woken.length).toBe(4);
    } finally {
      await other.end();
      await listener.close();
    }
  });

  it('reach another store on the same database when an operation adds work there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ai-widgets-jobs-'));
    const [a, b] = await Promise.all(
      [0, 1].map(() => openStore({ databasePath: join(dir, 'unused.sqlite'), databaseUrl: url() })),
    );
    try {
      const woken: string[] = [];
      a.onAdded('outbox', () => woken.push('a'));
      b.onAdded('outbox', () => woken.push('b'));
      // Both listeners have their connections before b adds work.
      const listening = async () => {
        const probe = new pg.Client({ connectionString: url() });
        await probe.connect();
        const { rows } = await probe.query(
          `SELECT COUNT(*) AS n FROM pg_stat_activity WHERE application_name = 'ai-agent-widgets-listen'`,
        );
        await probe.end();
        return Number(rows[0].n);
      };
      await expect.poll(listening).toBe(2);
      await b.leads.add({
        lead: leadOf('t-two-stores', Date.now()),
        plan: { status: 'pending', callAt: null },
        deliver: true,
        duplicateWindowMs: 0,
      });
      await expect.poll(() => woken.sort()).toEqual(['a', 'b']);
    } finally {
      await Promise.all([a.close(), b.close()]);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

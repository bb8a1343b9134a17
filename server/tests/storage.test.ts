import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pLimit from 'p-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../storage/index.ts';
import { bothDatabases, testApp } from './harness.ts';
import { killAll, startInstance } from './processes.ts';
import { patience } from '../../tests/support/slowdown.mjs';

// One suite, two implementations: what the service promises about stored feedback holds for the
// embedded SQLite default and for PostgreSQL alike.
const { backends, url: pgUrl } = bothDatabases();

const feedback = (message: string) => ({ name: 'Asha', email: 'asha@example.com', message });

describe.each(backends)('feedback storage on $name', ({ env }) => {
  it('keeps what the API acknowledged, in order, with an ISO time, and nothing it refused', async () => {
    const h = await testApp(env());
    try {
      const before = await h.store.feedback.count();
      const post = (body: unknown) =>
        h.app.inject({
          method: 'POST',
          url: '/api/feedback',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
      expect((await post(feedback('first'))).statusCode).toBe(201);
      expect((await post({ ...feedback('refused'), email: 'not an email' })).statusCode).toBe(400);
      expect((await post(feedback('second'))).statusCode).toBe(201);
      const rows = (await h.store.feedback.list()).slice(before);
      expect(rows.map((r) => r.message)).toEqual(['first', 'second']);
      expect(rows[1].id).toBeGreaterThan(rows[0].id);
      expect(rows[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(await h.store.feedback.count()).toBe(before + 2);
      expect(h.store.answering()).toBe(true);
    } finally {
      await h.close();
    }
  });

  it('stores each of 200 concurrent writes exactly once', async () => {
    const h = await testApp(env());
    try {
      const markers = Array.from({ length: 200 }, (_, i) => `concurrent-${i}-${Math.random()}`);
      const ids = await Promise.all(markers.map((m) => h.store.feedback.add(feedback(m))));
      expect(new Set(ids).size).toBe(200);
      const stored = (await h.store.feedback.list()).map((r) => r.message);
      for (const m of markers) expect(stored.filter((s) => s === m)).toHaveLength(1);
    } finally {
      await h.close();
    }
  });
});

describe('two service instances on one PostgreSQL', () => {
  afterAll(killAll);
  const instance = async (dir: string) => (await startInstance(dir, { DATABASE_URL: pgUrl(), LOG_LEVEL: 'warn' })).port;

  it(
    'start together, migrate once, and store every acknowledged post once',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'ai-widgets-two-'));
      try {
        const ports = await Promise.all([instance(dir), instance(dir)]);
        const markers = Array.from({ length: 300 }, (_, i) => `two-${i}-${Math.random()}`);
        // Fifty in flight: both instances write at once throughout, and a busy machine does not turn the
        // queue for the database's connections into 503 busy answers (the service's right answer to a flood).
        const inFlight = pLimit(50);
        const acked = await Promise.all(
          markers.map((m, i) =>
            inFlight(async () => {
              const res = await fetch(`http://127.0.0.1:${ports[i % 2]}/api/feedback`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(feedback(m)),
              });
              return res.status === 201 ? m : null;
            }),
          ),
        );
        expect(acked.filter(Boolean)).toHaveLength(300);
        const h = await testApp({ DATABASE_URL: pgUrl() });
        try {
          const stored = (await h.store.feedback.list()).map((r) => r.message);
          for (const m of markers) expect(stored.filter((s) => s === m)).toHaveLength(1);
        } finally {
          await h.close();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    patience(30_000),
  );
});

describe.each(backends)('the repositories on $name', ({ env }) => {
  let store: Store;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ai-widgets-repos-'));
    store = await openStore({
      databasePath: join(dir, 'service.sqlite'),
      databaseUrl: (env() as { DATABASE_URL?: string }).DATABASE_URL,
    });
  });
  afterAll(async () => {
    await store?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const phone = () => `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const rules = {
    clientIp: '192.0.2.1',
    ttlMs: 600_000,
    cooldownMs: 30_000,
    perPhoneHour: 5,
    perClientHour: 100,
    perServiceHour: 100_000,
  };
  const leadOf = (tokenId: string, p: string, createdAt = Date.now()) => ({
    agentId: 'receptionist',
    name: 'Asha',
    phone: p,
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
    utm: { source: 'x' },
    clickIds: {},
    metadata: {},
  });

  it('decides one-time codes and their checks the same way, a code used once', async () => {
    const p = phone();
    expect(await store.otp.request({ phone: p, codeHash: 'h1', now: 1_000, ...rules })).toEqual({ ok: true });
    expect(await store.otp.request({ phone: p, codeHash: 'h2', now: 11_000, ...rules })).toEqual({
      ok: false,
      reason: 'cooldown',
      retryAfterMs: 20_000,
    });
    const first = await store.otp.startCheck({ phone: p, now: 2_000, maxChecks: 2 });
    expect(first).toMatchObject({ status: 'check', codeHash: 'h1', checksLeft: 1 });
    expect(await store.otp.startCheck({ phone: p, now: 2_000, maxChecks: 2 })).toMatchObject({
      status: 'check',
      checksLeft: 0,
    });
    expect(await store.otp.startCheck({ phone: p, now: 2_000, maxChecks: 2 })).toEqual({ status: 'too-many' });
    expect(await store.otp.startCheck({ phone: p, now: 700_000, maxChecks: 9 })).toEqual({ status: 'expired' });
    const id = (first as { codeId: number }).codeId;
    expect(
      await Promise.all([store.otp.consume({ codeId: id, now: 3_000 }), store.otp.consume({ codeId: id, now: 3_000 })]),
    ).toEqual(expect.arrayContaining([true, false]));
    expect(await store.otp.startCheck({ phone: p, now: 3_000, maxChecks: 9 })).toEqual({ status: 'used' });
    expect(await store.otp.startCheck({ phone: phone(), now: 3_000, maxChecks: 9 })).toEqual({ status: 'none' });
    await store.otp.cancel({ phone: p, createdAt: 1_000 });
    expect(await store.otp.request({ phone: p, codeHash: 'h3', now: 4_000, ...rules })).toEqual({ ok: true });
    expect(await store.settings.get({ key: 'secret', fallback: 'first' })).toBe('first');
    expect(await store.settings.get({ key: 'secret', fallback: 'second' })).toBe('first');
  });

  it('keeps one lead per token, answers duplicates, and leases calls and CRM events in order per lead', async () => {
    const p = phone();
    const token = `t-${Math.random()}`;
    const plan = { status: 'pending' as const, callAt: null };
    const made = await store.leads.add({ lead: leadOf(token, p), plan, deliver: true, duplicateWindowMs: 86_400_000 });
    expect(made).toMatchObject({ status: 'pending', duplicate: false });
    const id = (made as { id: number }).id;
    expect(await store.leads.add({ lead: leadOf(token, p), plan, deliver: true, duplicateWindowMs: 86_400_000 })).toBe(
      'token-used',
    );
    expect(
      await store.leads.add({ lead: leadOf(`${token}-2`, p), plan, deliver: true, duplicateWindowMs: 86_400_000 }),
    ).toEqual({ id, status: 'pending', callAt: null, duplicate: true, placedAt: null });

    const now = Date.now();
    const jobs = (await store.calls.claim({ now, leaseMs: 1_000, limit: 100 })).filter((j) => j.leadId === id);
    expect(jobs).toEqual([
      {
        leadId: id,
        phone: p,
        name: 'Asha',
        agentId: 'receptionist',
        timeZone: null,
        attempts: 0,
        attemptStartedAt: null,
        suppressed: false,
      },
    ]);
    // Leased: no one else takes it until the lease ends.
    expect((await store.calls.claim({ now: now + 500, leaseMs: 1_000, limit: 100 })).some((j) => j.leadId === id)).toBe(
      false,
    );
    expect(await store.calls.begin({ leadId: id, now })).toBe(1);
    // A crash here: the lease ends, the job comes back with its unknown attempt.
    expect(
      (await store.calls.claim({ now: now + 1_001, leaseMs: 1_000, limit: 100 })).find((j) => j.leadId === id),
    ).toMatchObject({ attempts: 1, attemptStartedAt: now });
    await store.calls.record({
      leadId: id,
      now,
      outcome: { kind: 'placed', providerCallId: `c-${id}-${env.name}`, providerStatus: 'queued', checkAt: now + 10 },
      deliver: true,
    });
    expect(await store.calls.state({ leadId: id })).toEqual({ status: 'placed', callAt: null });
    expect(
      await store.calls.update({
        providerCallId: `c-${id}-${env.name}`,
        now,
        update: { endedReason: 'customer-busy' },
        deliver: true,
      }),
    ).toBe('updated');

    const events = async (at: number) =>
      (await store.outbox.claim({ now: at, leaseMs: 1_000, limit: 100 })).filter((r) => r.leadId === id);
    const [created] = await events(now);
    expect(created.event).toBe('lead.created');
    expect(await events(now)).toEqual([]);
    await store.outbox.failed({ id: created.id, nextAttemptAt: now + 2_000, error: 'answered 500' });
    // The lead's later events wait for its first one.
    expect(await events(now + 1_500)).toEqual([]);
    const [again] = await events(now + 2_000);
    expect(again).toMatchObject({ id: created.id, attempts: 1, deliveryId: created.deliveryId });
    await store.outbox.delivered({ id: created.id, now: now + 2_100 });
    const [placed] = await events(now + 3_000);
    expect(JSON.parse(placed.payload)).toMatchObject({ event: 'lead.call.updated', call: { status: 'placed' } });
    await store.outbox.delivered({ id: placed.id, now: now + 3_100 });
    const [ended] = await events(now + 4_000);
    expect(JSON.parse(ended.payload)).toMatchObject({
      event: 'lead.call.updated',
      call: { status: 'ended', endedReason: 'customer-busy' },
    });
    expect(new Set([created.deliveryId, placed.deliveryId, ended.deliveryId]).size).toBe(3);
    const listed = await store.leads.list({ agentId: 'receptionist', callStatus: 'ended' });
    expect(listed.map((l) => l.lead.id)).toContain(id);
    expect((await store.calls.attempts({ leadId: id })).map((a) => a.outcome)).toEqual([`placed c-${id}-${env.name}`]);
  });
});

describe('the two schemas', () => {
  it('agree, table by table and column by column (names, kinds, nullability)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ai-widgets-schema-'));
    const sqlite = await openStore({ databasePath: join(dir, 'schema.sqlite') });
    await sqlite.close();
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(join(dir, 'schema.sqlite'), { readonly: true });
    const kind = (type: string) => {
      const t = type.toLowerCase();
      if (/int|serial/.test(t)) return 'integer';
      if (/real|double|float|numeric/.test(t)) return 'real';
      // feedback.created_at: ISO text in SQLite, timestamptz in PostgreSQL; both read back as ISO text.
      if (/text|char|timestamp/.test(t)) return 'text';
      return t;
    };
    const fromSqlite: Record<string, string> = {};
    for (const { name } of db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'schema_migrations'",
      )
      .all() as { name: string }[]) {
      for (const c of db.prepare(`PRAGMA table_info(${name})`).all() as {
        name: string;
        type: string;
        notnull: number;
        pk: number;
      }[])
        fromSqlite[`${name}.${c.name}`] = `${kind(c.type)}${c.notnull || c.pk ? ' not null' : ''}`;
    }
    db.close();
    rmSync(dir, { recursive: true, force: true });
    const { default: pgClient } = await import('pg');
    const client = new pgClient.Client({ connectionString: pgUrl() });
    await client.connect();
    const pgStore = await openStore({ databasePath: '', databaseUrl: pgUrl() });
    await pgStore.close();
    const { rows } = await client.query(
      "SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = 'public' AND table_name != 'schema_migrations'",
    );
    await client.end();
    const fromPostgres = Object.fromEntries(
      rows.map((r) => [
        `${r.table_name}.${r.column_name}`,
        `${kind(r.data_type)}${r.is_nullable === 'NO' ? ' not null' : ''}`,
      ]),
    );
    expect(fromSqlite).toEqual(fromPostgres);
    expect(Object.keys(fromSqlite).length).toBeGreaterThan(50);
  });
});

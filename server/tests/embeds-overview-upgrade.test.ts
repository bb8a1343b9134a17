import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../storage/index.ts';
import { bothDatabases } from './harness.ts';
import { connect } from './old-database.ts';

// Issue 54: migration 19 fills in each embed's sums from the rows stored since migration 18 named
// embeds: leads by their day, calls placed by the day each was placed, demos by their day (and those a
// lead names). Codes kept no embed before it, so codes sent and verified phones start at 0.
const { backends } = bothDatabases({ migrated: false });
const ms = (iso: string) => Date.parse(iso);

describe.each(backends)('the overview’s figures per embed after the upgrade on $name', ({ name, env }) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('are summed from the leads, calls and demos stored before, by day and by month', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ai-widgets-embed-counts-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, 'old.sqlite');
    const url = env().DATABASE_URL ?? '';
    const db = await connect(name, path, url);
    cleanups.push(() => db.close());
    if (url) await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    await db.migrateTo('0018_embeds');

    const [A, B] = ['emb_AAAAAAAAAAAAAAAAAAAA', 'emb_BBBBBBBBBBBBBBBBBBBB'];
    for (const [id, embedName] of [
      [A, 'Acme'],
      [B, 'Globex'],
    ])
      await db.exec(
        `INSERT INTO embeds (id, name, origins, brand_name, agents, countries, created_ms, updated_ms) VALUES (?, ?, '[]', ?, '[]', '[]', 0, 0)`,
        [id, embedName, embedName],
      );
    const demo = (id: string, embedId: string | null, at: string) =>
      db.exec(
        `INSERT INTO demo_sessions (id, assistant_id, mode, origin, client_hash, created_at, grant_seconds, embed_id) VALUES (?, 'asst-1', 'voice', 'https://partner.test', 'c', ?, 60, ?)`,
        [id, ms(at), embedId],
      );
    await demo('demo-1', A, '2026-05-10T08:00:00Z');
    await demo('demo-2', A, '2026-05-10T23:59:00Z');
    await demo('demo-3', null, '2026-05-10T09:00:00Z');
    let n = 0;
    const lead = async (embedId: string | null, at: string, placedAt: string | null, demoId: string | null = null) => {
      n++;
      const [{ id }] = await db.exec(
        `INSERT INTO leads (agent_id, name, phone, consent_text, client_ip, token_id, created_at, created_ms, embed_id, demo_session_id) VALUES ('receptionist', 'Asha', ?, 'I agree.', '10.0.0.1', ?, ?, ?, ?, ?) RETURNING id`,
        [`+91980000000${n}`, `token-${n}`, at, ms(at), embedId, demoId],
      );
      await db.exec(`INSERT INTO calls (lead_id, status, placed_at, updated_at) VALUES (?, ?, ?, ?)`, [
        id,
        placedAt ? 'placed' : 'scheduled',
        placedAt && ms(placedAt),
        ms(at),
      ]);
    };
    await lead(A, '2026-05-10T08:05:00Z', '2026-05-11T00:10:00Z', 'demo-1');
    await lead(A, '2026-05-10T10:00:00Z', null);
    await lead(A, '2026-06-02T10:00:00Z', null);
    await lead(B, '2026-05-10T11:00:00Z', '2026-05-10T11:01:00Z');
    await lead(null, '2026-05-10T12:00:00Z', '2026-05-10T12:01:00Z');
    await db.exec(
      `INSERT INTO otp_codes (phone, code_hash, created_at, expires_at) VALUES ('+919800000001', NULL, ?, ?)`,
      [ms('2026-05-10T08:00:00Z'), ms('2026-05-10T08:10:00Z')],
    );

    // Opening the store runs migration 19.
    const store = await openStore({ databasePath: path, databaseUrl: url || undefined });
    cleanups.push(() => store.close());
    const zero = { codesSent: 0, verified: 0, leads: 0, callsPlaced: 0, demos: 0 };
    const months = await store.overview.get({ from: '2026-05-01', to: '2026-06-30' });
    expect(months.byEmbed).toEqual([
      { id: A, name: 'Acme', ...zero, leads: 3, callsPlaced: 1, demos: 2 },
      { id: B, name: 'Globex', ...zero, leads: 1, callsPlaced: 1 },
    ]);
    const day = await store.overview.get({ from: '2026-05-10', to: '2026-05-10' });
    expect(day.byEmbed).toEqual([
      { id: A, name: 'Acme', ...zero, leads: 2, demos: 2 },
      { id: B, name: 'Globex', ...zero, leads: 1, callsPlaced: 1 },
    ]);
    expect((await store.overview.get({ from: '2026-05-11', to: '2026-05-11' })).byEmbed[0]).toEqual({
      id: A,
      name: 'Acme',
      ...zero,
      callsPlaced: 1,
    });
    // The demo a lead followed, on the demo's day and month.
    expect(
      await db.exec(
        `SELECT span, period, CAST(n AS INTEGER) AS n FROM overview_counts WHERE dim = 'embed' AND metric = 'demo-leads' ORDER BY span`,
      ),
    ).toEqual([
      { span: 'day', period: '2026-05-10', n: 1 },
      { span: 'month', period: '2026-05', n: 1 },
    ]);
  });
});

// Issue 31: every stored time is epoch milliseconds. A database made before keeps some times as text
// (and feedback's as timestamptz on PostgreSQL); after the upgrade those rows are converted in batches
// of at most 1,000 rows, each its own transaction, and every read is the same before, during and after.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../storage/index.ts';
import { searchPrefixes } from '../../model/search.ts';
import { bothDatabases, testApp } from './harness.ts';
import { connect, type Db } from './old-database.ts';
import { patience } from '../../tests/support/slowdown.mjs';

const { backends } = bothDatabases({ migrated: false });
/** The last migration before issue 31's. */
const BEFORE_ISSUE_31 = '0007_desk_filter_indexes';
const N = 2500;
const T0 = Date.UTC(2025, 0, 1);
const at = (i: number) => T0 + i * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** How the provider wrote a time (no milliseconds). */
const providerText = (ms: number) => iso(ms).replace('.000Z', 'Z');

/** The schema as the release before issue 31 left it, with N leads, calls and feedback written the old way. */
async function seedOldRows(name: string, db: Db) {
  const postgres = name === 'PostgreSQL';
  if (postgres) await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
  await db.migrateTo(BEFORE_ISSUE_31);
  await db.exec('BEGIN');
  for (let start = 0; start < N; start += 250) {
    const rows = Array.from({ length: 250 }, (_, k) => start + k);
    const many = (cols: number) => rows.map(() => `(${Array(cols).fill('?').join(', ')})`).join(', ');
    // Half the leads are older than `created_ms` itself (issue 33's duplicate window added it).
    await db.exec(
      `INSERT INTO leads (agent_id, name, phone, consent_text, client_ip, token_id, created_at, created_ms, consented_at, verified_at) VALUES ${many(10)}`,
      rows.flatMap((i) => [
        'receptionist',
        `Old ${i}`,
        `+9198${String(i).padStart(8, '0')}`,
        'I agree.',
        '192.0.2.1',
        `old-${i}`,
        iso(at(i)),
        i % 2 ? at(i) : null,
        iso(at(i) - 10_000),
        iso(at(i) - 20_000),
      ]),
    );
    await db.exec(
      `INSERT INTO calls (lead_id, status, outcome, updated_at, started_at, ended_at) VALUES ${many(6)}`,
      rows.flatMap((i) => [
        i + 1,
        'ended',
        'answered',
        at(i),
        providerText(at(i) + 60_000),
        providerText(at(i) + 90_000),
      ]),
    );
    await db.exec(
      `INSERT INTO feedback (name, email, message, created_at) VALUES ${many(4)}`,
      rows.flatMap((i) => ['Asha', 'asha@example.com', `old ${i}`, iso(at(i))]),
    );
  }
  await db.exec('COMMIT');
}

/** What the service answers about the old rows: each read of a time, by every path that reads one. */
async function reads(store: Store) {
  const range = { from: iso(at(100)), to: iso(at(200)) };
  const lead = await store.leads.get({ id: 43 });
  const desk = await store.desk.leads({ ...range, limit: 500 });
  // The full export pages by id (the desk's filtered downloads read through desk.leads, above).
  const exported = await store.exports.leads({ after: 100, limit: 100 });
  return {
    lead: {
      createdAt: lead?.lead.createdAt,
      consent: lead?.lead.consent,
      startedAt: lead?.call?.startedAt,
      endedAt: lead?.call?.endedAt,
    },
    listed: (await store.leads.list(range)).map((r) => r.lead.createdAt),
    desk: desk.map((r) => r.lead.id).sort((a, b) => a - b),
    exported: exported.map((r) => [r.lead.createdAt, r.call?.startedAt]),
    feedback: (await store.desk.feedback({ ...range, limit: 500 })).map((f) => f.createdAt),
    feedbackExport: (await store.exports.feedback({ ...range, after: 0, limit: 500 })).map((f) => f.message),
  };
}

const expected = {
  lead: {
    createdAt: iso(at(42)),
    consent: {
      text: 'I agree.',
      version: null,
      sha256: null,
      consentedAt: iso(at(42) - 10_000),
      verifiedAt: iso(at(42) - 20_000),
    },
    startedAt: iso(at(42) + 60_000),
    endedAt: iso(at(42) + 90_000),
  },
  listed: Array.from({ length: 100 }, (_, k) => iso(at(100 + k))),
  desk: Array.from({ length: 100 }, (_, k) => 101 + k),
  exported: Array.from({ length: 100 }, (_, k) => [iso(at(100 + k)), iso(at(100 + k) + 60_000)]),
  feedback: Array.from({ length: 100 }, (_, k) => iso(at(199 - k))),
  feedbackExport: Array.from({ length: 100 }, (_, k) => `old ${100 + k}`),
};

describe.each(backends)('times stored before issue 31 on $name', ({ name, env }) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function oldDatabase() {
    const dir = mkdtempSync(join(tmpdir(), 'ai-widgets-times-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, 'old.sqlite');
    const url = env().DATABASE_URL ?? '';
    const db = await connect(name, path, url);
    cleanups.push(() => db.close());
    await seedOldRows(name, db);
    return { db, path, url };
  }

  it(
    'are read alike before and after, converted in batches of at most 1,000 rows, and then never read again',
    async () => {
      const { db, path, url } = await oldDatabase();
      const store = await openStore({ databasePath: path, databaseUrl: url || undefined });
      cleanups.push(() => store.close());
      const missing = async () =>
        (
          await db.exec(`SELECT (SELECT COUNT(*) FROM leads WHERE created_ms IS NULL OR consented_ms IS NULL OR verified_ms IS NULL) AS leads,
        (SELECT COUNT(*) FROM feedback WHERE created_ms IS NULL) AS feedback, (SELECT COUNT(*) FROM calls WHERE started_ms IS NULL OR ended_ms IS NULL) AS calls`)
        )[0];
      expect(await missing()).toEqual({
        leads: postgres(name, N),
        feedback: postgres(name, N),
        calls: postgres(name, N),
      });

      expect(await reads(store)).toEqual(expected);
      // The purge finds old rows by their old times meanwhile.
      expect(await store.retention.feedback({ before: at(5), batch: 500 })).toBe(5);
      expect(await store.retention.leads({ before: at(5), batch: 500 })).toBe(5);

      const batches: number[] = [];
      for (;;) {
        const { rows, done } = await store.times.convertOlder({ limit: 1000 });
        if (done) break;
        batches.push(rows);
      }
      // Three tables of 2,495 rows: three batches each, the last of each short (so it knows it is done).
      expect(batches).toEqual([1000, 1000, 495, 1000, 1000, 495, 1000, 1000, 495]);
      expect(await missing()).toEqual({
        leads: postgres(name, 0),
        feedback: postgres(name, 0),
        calls: postgres(name, 0),
      });
      expect(await db.exec(`SELECT key FROM settings WHERE key LIKE 'times-below:%'`)).toEqual([]);

      // Nothing reads the old columns any more: spoiled, they change no answer.
      await db.exec(`UPDATE leads SET created_at = '1999-01-01T00:00:00.000Z', consented_at = 'x', verified_at = NULL`);
      await db.exec(`UPDATE calls SET started_at = 'x', ended_at = NULL`);
      await db.exec(`UPDATE feedback SET created_at = ?`, ['1999-01-01T00:00:00.000Z']);
      expect(await reads(store)).toEqual(expected);
      expect(await store.retention.feedback({ before: at(10), batch: 500 })).toBe(5);
      expect(await store.retention.leads({ before: at(10), batch: 500 })).toBe(5);

      // Feedback an instance of the release before writes during a rolling upgrade: found by its old time, then converted.
      await db.exec(
        `INSERT INTO feedback (name, email, message, created_at) VALUES ('Asha', 'asha@example.com', 'late', ?)`,
        [iso(at(150) + 1)],
      );
      expect(
        (await store.desk.feedback({ from: iso(at(150)), to: iso(at(151)) })).map((f) => [f.message, f.createdAt]),
      ).toEqual([
        ['late', iso(at(150) + 1)],
        ['old 150', iso(at(150))],
      ]);
      expect(await store.times.convertOlder({ limit: 1000 })).toEqual({ rows: 1, done: false });
      expect(await store.times.convertOlder({ limit: 1000 })).toEqual({ rows: 0, done: true });
      expect(await missing()).toEqual({
        leads: postgres(name, 0),
        feedback: postgres(name, 0),
        calls: postgres(name, 0),
      });
    },
    patience(120_000),
  );

  it(
    'are converted by the running service, beside its work',
    async () => {
      const { db, path, url } = await oldDatabase();
      const h = await testApp(url ? { DATABASE_URL: url } : { DATABASE_PATH: path });
      cleanups.push(() => h.close());
      await expect
        .poll(async () => (await db.exec(`SELECT COUNT(*) AS n FROM settings WHERE key LIKE 'times-below:%'`))[0].n, {
          timeout: patience(60_000),
        })
        .toEqual(postgres(name, 0));
      expect(await reads(h.store)).toEqual(expected);
      // Their search terms, beginnings included, come from the same batches after the start (no migration
      // writes a term per lead): "Ol" finds the newest page of old leads, a whole number the one lead.
      const found = async (q: string) =>
        (await h.store.desk.leads({ search: searchPrefixes(q) ?? [], limit: 3 })).map((r) => r.lead.id);
      await expect.poll(() => found('Ol'), { timeout: patience(60_000) }).toEqual([N, N - 1, N - 2]);
      await expect.poll(() => found('+91 98 0000 0042'), { timeout: patience(60_000) }).toEqual([43]);
    },
    patience(120_000),
  );
});

/** COUNT(*) as each database answers it (PostgreSQL's BIGINT as text). */
const postgres = (name: string, n: number) => (name === 'PostgreSQL' ? String(n) : n);

// The desk at scale: fills a throwaway SQLite database (or DATABASE_URL's PostgreSQL) with LEADS leads
// (1,000,000 by default), their calls and search terms, then times the desk's lists through the store
// as the service runs them: a name search, a number search, the To call list, a cursor page, the
// overview. `node --import tsx tests/bench/desk-scale.mjs` (LEADS=100000 for a quicker look).
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { searchPrefixes, searchTerms } from '../../model/search.ts';
import { openStore } from '../../server/storage/index.ts';

/** @param {string} q */
const terms = (q) => searchPrefixes(q) ?? undefined;
const COUNT = Number(process.env.LEADS ?? 1_000_000);
const FIRST = ['asha', 'vikram', 'priya', 'rahul', 'meera', 'karan', 'sunita', 'arjun', 'neha', 'farhan', 'anita', 'deepak', 'kavya', 'rohan', 'sneha', 'amit'];
const LAST = ['rao', 'singh', 'nair', 'mehta', 'iyer', 'malhotra', 'das', 'kapoor', 'joshi', 'ali', 'sharma', 'gupta', 'reddy', 'patel', 'khan', 'verma'];
const OUTCOMES = ['answered', 'answered', 'answered', 'no-answer', 'voicemail', 'busy', 'failed', 'scheduled', 'not-set-up', 'do-not-call'];
const TO_CALL = new Set(['no-answer', 'voicemail', 'busy', 'failed', 'not-set-up']);

let seed = 42;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
/** @type {<T>(list: T[]) => T} */
const pick = (list) => list[Math.floor(random() * list.length)];

const dir = mkdtempSync(join(tmpdir(), 'desk-scale-'));
const path = join(dir, 'service.sqlite');
try {
  await (await openStore({ databasePath: path })).close();
  const started = Date.now();
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const lead = db.prepare(`INSERT INTO leads (id, agent_id, name, phone, consent_text, client_ip, token_id, created_at, created_ms, utm_campaign) VALUES (?, 'receptionist', ?, ?, 'x', '10.0.0.1', ?, ?, ?, ?)`);
  const call = db.prepare(`INSERT INTO calls (lead_id, status, outcome, to_call, updated_at) VALUES (?, 'ended', ?, ?, ?)`);
  const term = db.prepare('INSERT OR IGNORE INTO lead_search (term, lead_id) VALUES (?, ?)');
  const batch = db.transaction((from, to) => {
    for (let id = from; id < to; id++) {
      const name = `${pick(FIRST)} ${pick(LAST)}${random() < 0.1 ? ` ${pick(LAST)}` : ''}`;
      const phone = `+9198${String(Math.floor(random() * 1e8)).padStart(8, '0')}`;
      const at = Date.UTC(2025, 0, 1) + id * 30_000;
      const outcome = pick(OUTCOMES);
      lead.run(id, name, phone, `t${id}`, new Date(at).toISOString(), at, random() < 0.3 ? 'diwali' : null);
      call.run(id, outcome, TO_CALL.has(outcome) && random() < 0.3 ? 1 : 0, at);
      for (const t of searchTerms(name, phone)) term.run(t, id);
    }
  });
  for (let from = 1; from <= COUNT; from += 10_000) batch(from, Math.min(COUNT + 1, from + 10_000));
  db.prepare(`UPDATE settings SET value = '0' WHERE key = 'lead-search-below'`).run();
  db.exec(`INSERT INTO daily_counts (day, metric, agent_id, campaign, n) SELECT substr(l.created_at, 1, 10), 'outcome:' || c.outcome, l.agent_id, COALESCE(l.utm_campaign, ''), COUNT(*)
    FROM leads l JOIN calls c ON c.lead_id = l.id GROUP BY 1, 2, 3, 4`);
  db.exec('ANALYZE');
  db.close();
  console.log(`${COUNT.toLocaleString('en')} leads stored in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  const store = await openStore({ databasePath: path });
  /** @param {string} label @param {() => Promise<unknown>} run */
  const time = async (label, run) => {
    await run();
    const times = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const rows = await run();
      times.push(performance.now() - t);
      if (i === 4) console.log(`${label.padEnd(38)} median ${times.sort((a, b) => a - b)[2].toFixed(1).padStart(6)} ms  (${Array.isArray(rows) ? rows.length : 'one'} rows)`);
    }
  };
  await time('newest 51', () => store.desk.leads({ limit: 51 }));
  await time('search "asha" (a common first name)', () => store.desk.leads({ search: terms('asha'), limit: 51 }));
  await time('search "kav red" (two words)', () => store.desk.leads({ search: terms('kav red'), limit: 51 }));
  await time('search "98765" (digits anywhere)', () => store.desk.leads({ search: terms('98765'), limit: 51 }));
  await time('search "+91 98 1234 5678" (a whole number)', () => store.desk.leads({ search: terms('+91 98 1234 5678'), limit: 51 }));
  await time('To call, first page', () => store.desk.leads({ toCall: true, limit: 51 }));
  await time('To call, a page deep (cursor)', () => store.desk.leads({ toCall: true, before: Math.floor(COUNT / 3), limit: 51 }));
  await time('outcome voicemail, first page', () => store.desk.leads({ outcome: 'voicemail', limit: 51 }));
  await time('overview, a year', () => store.overview.get({ from: '2025-01-01', to: '2025-12-31' }));
  await store.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// Seeds the desk's bench (./desk-scale.ts): `count` leads over the two years before `end`, ids growing
// with time, each with a call and its outcome, the search terms the service stores (model/search.ts),
// some marked contacted, and the per-day counts the overview reads. Names come from weighted lists (a
// few first names are common, some rare) so that a name prefix matches many leads or few; numbers are
// E.164, mostly Indian mobiles. Deterministic (a seeded generator): every run stores the same rows.
// SQLite takes prepared inserts in transactions; PostgreSQL takes whole columns as arrays (unnest), one
// statement per table per batch.
import type Database from 'better-sqlite3';
import type pg from 'pg';
import { searchTerms } from '../../model/search.ts';

const DAY = 86_400_000;
export const SPAN_DAYS = 730;
const BATCH = 20_000;

/** [word, weight]: a long tail, so that prefixes range from a third of the leads to a few hundred. */
const FIRST = weighted(
  'asha 40 priya 38 rahul 36 amit 34 sunita 30 vikram 28 neha 28 arjun 26 kavya 24 rohan 24 sneha 22 deepak 22 anita 20 karan 20 meera 18 pooja 16 suresh 16 ramesh 14 lakshmi 14 ravi 14 divya 12 sanjay 12 nisha 12 manoj 12 farhan 10 imran 10 ayesha 10 john 8 mary 8 david 8 sarah 6 fatima 6 gurpreet 6 harpreet 6 tenzin 3 xavier 2 yusuf 2 zubin 1 zoya 1 qasim 1 ophelia 0.5',
);
const LAST = weighted(
  'sharma 40 singh 38 kumar 36 patel 30 gupta 24 reddy 22 rao 20 nair 18 iyer 16 mehta 14 joshi 14 das 12 khan 12 verma 12 kapoor 10 malhotra 8 ali 8 menon 8 pillai 6 chatterjee 6 banerjee 6 bose 5 fernandes 4 dsouza 4 smith 3 jones 2 zaveri 1 quraishi 0.5',
);
const AGENTS = weighted('receptionist 40 realEstate 30 supportHindi 15 supportEnglish 15');
const CAMPAIGNS = weighted(
  `- 40 diwali 14 brand 10 retarget 8 summer-sale 6 webinar 4 partner 3 ${Array.from({ length: 25 }, (_, i) => `test-${i} 0.4`).join(' ')}`,
);
// How a finished call went: [outcome, weight, status, ended reason or failure reason].
const ENDS: [outcome: string, weight: number, status: string, reason: string][] = [
  ['answered', 58, 'ended', 'customer-ended-call'],
  ['no-answer', 12, 'ended', 'customer-did-not-answer'],
  ['voicemail', 8, 'ended', 'voicemail'],
  ['busy', 3, 'ended', 'customer-busy'],
  ['failed', 4, 'failed', 'max-attempts'],
  ['not-set-up', 14, 'not-configured', 'not-configured'],
  ['do-not-call', 1, 'failed', 'suppressed'],
];
const END_PICK = weighted(ENDS.map(([o, w]) => `${o} ${w}`).join(' '));
// Calls still under way: in the last day only, except a stuck retry now and then (a rare old state).
const OPEN: [string, string][] = [
  ['scheduled', 'scheduled'],
  ['retrying', 'retrying'],
  ['calling', 'placed'],
  ['waiting', 'pending'],
];
const TO_CALL = new Set(['no-answer', 'voicemail', 'busy', 'failed', 'not-set-up']);

/** `spec` is "word weight word weight …"; the picker maps a number in [0, 1) to a word. */
function weighted(spec: string): (r: number) => string {
  const parts = spec.split(' ');
  const words: string[] = [];
  const cumulative: number[] = [];
  let total = 0;
  for (let i = 0; i < parts.length; i += 2) {
    total += Number(parts[i + 1]);
    words.push(parts[i]);
    cumulative.push(total);
  }
  return (r) => {
    const x = r * total;
    let lo = 0;
    while (cumulative[lo] < x) lo++;
    return words[lo];
  };
}

/** A lead, its call and its terms, for lead `id` (1-based) of `count`. */
type Seeded = {
  id: number;
  at: number;
  agent: string;
  name: string;
  phone: string;
  campaign: string | null;
  status: string;
  outcome: string;
  endedReason: string | null;
  failureReason: string | null;
  toCall: number;
  marked: boolean;
  terms: string[];
};

function* rows(count: number, end: number): Generator<Seeded> {
  // mulberry32: 32-bit integer steps (a float LCG loses its low bits and repeats numbers within thousands).
  let seed = 20_261_125;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const start = end - SPAN_DAYS * DAY;
  const step = (SPAN_DAYS * DAY) / count;
  for (let id = 1; id <= count; id++) {
    const at = Math.floor(start + (id - 0.5) * step);
    const name = `${cap(FIRST(random()))} ${cap(LAST(random()))}${random() < 0.08 ? ` ${cap(LAST(random()))}` : ''}`;
    const r = random();
    const phone =
      r < 0.9
        ? `+91${6 + Math.floor(random() * 4)}${digits(9, random)}`
        : r < 0.95
          ? `+447${digits(9, random)}`
          : `+1${2 + Math.floor(random() * 8)}${digits(9, random)}`;
    const campaign = CAMPAIGNS(random());
    const recent = end - at < DAY;
    const open = (recent && random() < 0.4) || random() < 0.00005;
    const picked = END_PICK(random());
    const [outcome, status, reason] = open
      ? [...OPEN[Math.floor(random() * OPEN.length)], null]
      : ENDS.find(([o]) => o === picked)!
          .filter((_, i) => i !== 1)
          .map(String);
    const marked = TO_CALL.has(outcome) && random() < 0.15;
    yield {
      id,
      at,
      agent: AGENTS(random()),
      name,
      phone,
      campaign: campaign === '-' ? null : campaign,
      status,
      outcome,
      endedReason: status === 'ended' ? reason : null,
      failureReason: status === 'failed' || status === 'not-configured' ? reason : null,
      toCall: TO_CALL.has(outcome) && !marked ? 1 : 0,
      marked,
      terms: searchTerms(name, phone),
    };
  }
}
const cap = (w: string) => w[0].toUpperCase() + w.slice(1);
const digits = (n: number, random: () => number) => String(Math.floor(random() * 10 ** n)).padStart(n, '0');

/** The overview's per-day counts of the seeded leads (codes and verifications a little above the leads). */
function tally(counts: Map<string, number>, lead: Seeded) {
  const day = new Date(lead.at).toISOString().slice(0, 10);
  const add = (metric: string, agent = '', campaign = '', n = 1) => {
    const key = `${day}\t${metric}\t${agent}\t${campaign}`;
    counts.set(key, (counts.get(key) ?? 0) + n);
  };
  const c = lead.campaign ?? '';
  add('codes-sent', '', '', lead.id % 3 === 0 ? 2 : 1);
  add('verified');
  add('leads', lead.agent, c);
  if (lead.status === 'ended' || lead.status === 'placed') add('calls-placed', lead.agent, c);
  if (!['scheduled', 'retrying', 'calling', 'waiting'].includes(lead.outcome))
    add(`outcome:${lead.outcome}`, lead.agent, c);
  if (lead.outcome === 'answered' && lead.id % 3 !== 0) add('successful', lead.agent, c);
}

/** The overview's sums of the per-day counts, as the service keeps them (overview_counts): day and month, in all, by agent, by campaign. */
function sums(counts: Map<string, number>) {
  const out = new Map<string, number>();
  for (const [key, n] of counts) {
    const [day, metric, agent, campaign] = key.split('\t');
    for (const [span, period] of [
      ['day', day],
      ['month', day.slice(0, 7)],
    ])
      for (const [dim, value] of [
        ['', ''],
        ['agent', agent],
        ['campaign', campaign],
      ]) {
        const k = [span, dim, period, metric, value].join('\t');
        out.set(k, (out.get(k) ?? 0) + n);
      }
  }
  return out;
}

const LEAD_SQL = `INSERT INTO leads (id, agent_id, name, phone, consent_text, client_ip, token_id, created_at, created_ms, utm_source, utm_campaign, page_url, user_agent)`;
const CONSENT = 'I agree to receive messages, including automated calls and AI-powered demo calls.';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130 Safari/537.36';

/** Seeds a SQLite database (better-sqlite3, migrated and empty). */
export function seedSqlite(
  db: Database.Database,
  count: number,
  end: number,
  progress: (done: number) => void = () => {},
) {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -1000000');
  // The terms' second index is built once at the end (sorted), and each batch's terms go in sorted.
  db.exec('DROP INDEX lead_search_lead_term');
  const lead = db.prepare(
    `${LEAD_SQL} VALUES (?, ?, ?, ?, '${CONSENT}', '192.0.2.1', ?, ?, ?, ?, ?, 'https://example.com/demo', '${UA}')`,
  );
  const call = db.prepare(
    `INSERT INTO calls (lead_id, status, attempts, ended_reason, failure_reason, outcome, to_call, updated_at) VALUES (?, ?, 1, ?, ?, ?, ?, ?)`,
  );
  const term = db.prepare('INSERT OR IGNORE INTO lead_search (term, lead_id) VALUES (?, ?)');
  const mark = db.prepare(
    `INSERT INTO lead_marks (lead_id, contacted_at, contacted_by) VALUES (?, ?, 'sales@example.com')`,
  );
  const counts = new Map();
  const all = rows(count, end);
  const batch = db.transaction(() => {
    const terms: [string, number][] = [];
    let more = true;
    for (let i = 0; i < BATCH; i++) {
      const next = all.next();
      if (next.done) {
        more = false;
        break;
      }
      const l = next.value;
      lead.run(
        l.id,
        l.agent,
        l.name,
        l.phone,
        `t${l.id}`,
        new Date(l.at).toISOString(),
        l.at,
        l.campaign ? 'ads' : null,
        l.campaign,
      );
      call.run(l.id, l.status, l.endedReason, l.failureReason, l.outcome, l.toCall, l.at + 60_000);
      for (const t of l.terms) terms.push([t, l.id]);
      if (l.marked) mark.run(l.id, l.at + 3_600_000);
      tally(counts, l);
    }
    terms.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    for (const [t, id] of terms) term.run(t, id);
    return more;
  });
  for (let done = BATCH; batch(); done += BATCH) progress(Math.min(done, count));
  const daily = db.prepare('INSERT INTO daily_counts (day, metric, agent_id, campaign, n) VALUES (?, ?, ?, ?, ?)');
  const summed = db.prepare(
    'INSERT INTO overview_counts (span, dim, period, metric, dim_value, n) VALUES (?, ?, ?, ?, ?, ?)',
  );
  db.transaction(() => {
    for (const [key, n] of counts) daily.run(...key.split('\t'), n);
    for (const [key, n] of sums(counts)) summed.run(...key.split('\t'), n);
    db.exec('CREATE INDEX lead_search_lead_term ON lead_search (lead_id, term)');
    db.prepare(`UPDATE settings SET value = '0' WHERE key = 'lead-search-below'`).run();
  })();
}

/** Seeds a PostgreSQL database (a connected pg.Client, migrated and empty). */
export async function seedPostgres(
  client: pg.Client,
  count: number,
  end: number,
  progress: (done: number) => void = () => {},
) {
  await client.query('SET synchronous_commit = off');
  await client.query(`SET maintenance_work_mem = '512MB'`);
  // The terms' indexes are built once at the end (the seeded terms are distinct).
  await client.query('ALTER TABLE lead_search DROP CONSTRAINT lead_search_pkey; DROP INDEX lead_search_lead_term');
  const counts = new Map();
  const all = rows(count, end);
  for (let done = 0; done < count;) {
    const L = {
      id: [] as number[],
      agent: [] as string[],
      name: [] as string[],
      phone: [] as string[],
      token: [] as string[],
      created: [] as string[],
      ms: [] as number[],
      source: [] as (string | null)[],
      campaign: [] as (string | null)[],
    };
    const C = {
      status: [] as string[],
      ended: [] as (string | null)[],
      failure: [] as (string | null)[],
      outcome: [] as string[],
      toCall: [] as number[],
      updated: [] as number[],
    };
    const S = { term: [] as string[], lead: [] as number[] };
    const M = { lead: [] as number[], at: [] as number[] };
    for (let i = 0; i < BATCH; i++) {
      const next = all.next();
      if (next.done) break;
      const l = next.value;
      const push = (columns: Record<string, unknown[]>, values: unknown[]) =>
        Object.values(columns).forEach((column, i) => column.push(values[i]));
      push(L, [
        l.id,
        l.agent,
        l.name,
        l.phone,
        `t${l.id}`,
        new Date(l.at).toISOString(),
        l.at,
        l.campaign ? 'ads' : null,
        l.campaign,
      ]);
      push(C, [l.status, l.endedReason, l.failureReason, l.outcome, l.toCall, l.at + 60_000]);
      for (const t of l.terms) push(S, [t, l.id]);
      if (l.marked) push(M, [l.id, l.at + 3_600_000]);
      tally(counts, l);
      done++;
    }
    await client.query('BEGIN');
    await client.query(
      `${LEAD_SQL} OVERRIDING SYSTEM VALUE SELECT id, agent, name, phone, '${CONSENT}', '192.0.2.1', token, created, ms, source, campaign, 'https://example.com/demo', '${UA}'
      FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::text[], $9::text[]) AS t(id, agent, name, phone, token, created, ms, source, campaign)`,
      Object.values(L),
    );
    await client.query(
      `INSERT INTO calls (lead_id, status, attempts, ended_reason, failure_reason, outcome, to_call, updated_at)
      SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::int[], $8::bigint[])`,
      [L.id, C.status, L.id.map(() => 1), C.ended, C.failure, C.outcome, C.toCall, C.updated],
    );
    await client.query('INSERT INTO lead_search (term, lead_id) SELECT * FROM unnest($1::text[], $2::int[])', [
      S.term,
      S.lead,
    ]);
    await client.query(
      `INSERT INTO lead_marks (lead_id, contacted_at, contacted_by) SELECT l, a, 'sales@example.com' FROM unnest($1::int[], $2::bigint[]) AS t(l, a)`,
      [M.lead, M.at],
    );
    await client.query('COMMIT');
    progress(done);
  }
  const keys = [...counts.keys()].map((k) => k.split('\t'));
  await client.query(
    `INSERT INTO daily_counts (day, metric, agent_id, campaign, n) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[])`,
    [...[0, 1, 2, 3].map((i) => keys.map((k) => k[i])), [...counts.values()]],
  );
  const summed = sums(counts);
  const columns = [...summed.keys()].map((k) => k.split('\t'));
  await client.query(
    `INSERT INTO overview_counts (span, dim, period, metric, dim_value, n) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[])`,
    [...[0, 1, 2, 3, 4].map((i) => columns.map((k) => k[i])), [...summed.values()]],
  );
  await client.query(`UPDATE settings SET value = '0' WHERE key = 'lead-search-below'`);
  await client.query(
    'ALTER TABLE lead_search ADD PRIMARY KEY (term, lead_id); CREATE INDEX lead_search_lead_term ON lead_search (lead_id, term)',
  );
  await client.query(`SELECT setval(pg_get_serial_sequence('leads', 'id'), ${count})`);
}

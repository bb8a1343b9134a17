// Demos per day in a time zone (the overview's), from the UTC quarter hours' sums (./demo-tallies.ts): a
// zone's day is whole quarter hours in every zone, DST or not, and each UTC day's quarters fall on at most
// two of the zone's days, split at one quarter. The database sums each UTC day's two parts (one statement,
// a stretch of the primary key per run of days split alike), so a two years' chart returns 1,460 rows at
// most, never its 70,080 quarters.
import { sql } from 'kysely';
import { dayIn } from '../../../model/time-zones.ts';
import { db, num, query } from '../query.ts';

/** overview_counts' dim of the demos' quarter-hour sums. */
export const QUARTER_DIM = 'demos';
const QUARTER = 900_000;
const DAY = 86_400_000;
const utc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Each UTC day from `first` to `last`: the zone's day of its first quarters, and the quarter (0–96) from which the next day's begin. */
function splits(first: number, last: number, zone: string) {
  const day = dayIn(zone);
  const days: { utc: string; early: string; late: string; split: number }[] = [];
  let split = 96;
  for (let start = first; start <= last; start += DAY) {
    const early = day(start);
    const late = day(start + 95 * QUARTER);
    const at = (k: number) => day(start + k * QUARTER);
    // Most days split where the day before did: two probes; else a binary search of the 96 quarters.
    if (early === late) split = 96;
    else if (!(split < 96 && split > 0 && at(split - 1) === early && at(split) === late)) {
      let [lo, hi] = [1, 95];
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (at(mid) === early) lo = mid + 1;
        else hi = mid;
      }
      split = lo;
    }
    days.push({ utc: utc(start), early, late, split });
  }
  return days;
}

const clock = (k: number) => `${String(Math.floor(k / 4)).padStart(2, '0')}:${String((k % 4) * 15).padStart(2, '0')}`;

/** Demos per day of `zone` for its days `from` to `to` (YYYY-MM-DD). */
export function* zoneDemoDays(from: string, to: string, zone: string) {
  // A zone's day lies within the UTC day before, the same and the next (offsets are under 24 hours).
  const days = splits(Date.parse(`${from}T00:00:00Z`) - DAY, Date.parse(`${to}T00:00:00Z`) + DAY, zone);
  const runs: { first: string; last: string; split: number }[] = [];
  for (const d of days) {
    const run = runs.at(-1);
    if (run && run.split === d.split) run.last = d.utc;
    else runs.push({ first: d.utc, last: d.utc, split: d.split });
  }
  const parts = runs.map((r) =>
    db
      .selectFrom('overview_counts')
      .select((eb) => [
        sql<string>`substr(period, 1, 10)`.as('u'),
        sql<number>`CASE WHEN substr(period, 12, 5) >= ${clock(r.split)} THEN 1 ELSE 0 END`.as('late'),
        eb.fn.sum('n').as('n'),
      ])
      .where('span', '=', 'quarter')
      .where('dim', '=', QUARTER_DIM)
      .where('period', '>=', `${r.first}T00:00`)
      .where('period', '<=', `${r.last}T23:45`)
      .where('metric', '=', 'demos')
      // By position: the split is a parameter, which PostgreSQL would not match between SELECT and GROUP BY.
      .groupBy([sql`1`, sql`2`]),
  );
  const [head, ...tail] = parts;
  const rows = yield* query(tail.reduce((all, part) => all.unionAll(part), head));
  const of = new Map(days.map((d) => [d.utc, d]));
  const byDay = new Map<string, number>();
  for (const r of rows) {
    const d = of.get(String(r.u))!;
    const day = num(r.late) ? d.late : d.early;
    if (day >= from && day <= to) byDay.set(day, (byDay.get(day) ?? 0) + num(r.n));
  }
  return [...byDay].sort(([a], [b]) => a.localeCompare(b)).map(([day, leads]) => ({ day, leads }));
}

// The desk's demo reads for `npm run bench:desk` (./desk-scale.ts): the Demos list as GET /api/desk/demos
// asks it (51 rows: the page and one more), through its filters, deep pages by cursor and one demo with
// its transcript; and the overview's demo figures as GET /api/desk/overview asks them. The demos are
// seeded by ./demo-seed.ts: sites, agents and kinds skewed, combinations that never meet included (a
// filter that matches nothing walks its whole stretch of an index: the slowest a list can be).
import type { Store } from '../../server/storage/index.ts';
import type { DemoFilter } from '../../server/storage/repositories/demo-desk.ts';
import { EMBED_FEW, EMBED_MANY } from './embed-seed.ts';

const DAY = 86_400_000;
const PAGE = 51;
const iso = (ms: number) => new Date(ms).toISOString();
const day = (ms: number) => iso(ms).slice(0, 10);
/** A day in India (+05:30), as the desk sends it: the instants it begins and ends. */
const indianDay = (ms: number) => {
  const start = Date.parse(`${day(ms)}T00:00:00+05:30`);
  return { from: iso(start), to: iso(start + DAY) };
};

export async function measureDemos(
  store: Store,
  end: number,
  record: (label: string, run: () => Promise<unknown>) => Promise<void>,
) {
  const list = (filter: DemoFilter) => store.demoDesk.list({ ...filter, limit: PAGE });
  const cases: Record<string, DemoFilter> = {
    'demos: newest page': {},
    'demos: a day a year ago (India)': indianDay(end - 365 * DAY),
    'demos: agent (10 %)': { agentId: 'supportHindi' },
    'demos: site (5 %)': { origin: 'https://clinic.example' },
    'demos: kind (10 %)': { mode: 'hybrid' },
    'demos: agent + kind': { agentId: 'realEstate', mode: 'text' },
    'demos: agent + a day (India)': { agentId: 'receptionist', ...indianDay(end - 30 * DAY) },
    'demos: site + agent + kind + a day': {
      origin: 'https://partner.test',
      agentId: 'supportHindi',
      mode: 'voice',
      ...indianDay(end - 200 * DAY),
    },
    'demos: no match (site 5 % + agent + kind)': {
      origin: 'https://clinic.example',
      agentId: 'supportHindi',
      mode: 'hybrid',
    },
    'demos: no match (agent 20 % + site)': { agentId: 'realEstate', origin: 'https://clinic.example' },
    'demos: no match (agent 40 % + site)': { agentId: 'receptionist', origin: 'https://clinic.example' },
    // Issue 54: the partner's demos came through one embed (15 %), the clinic's through another (5 %).
    'demos: embed= (15 %)': { embedId: EMBED_MANY },
    'demos: embed= (5 %) + a day (India)': { embedId: EMBED_FEW, ...indianDay(end - 30 * DAY) },
    'demos: no match (embed 15 % + agent + kind)': { embedId: EMBED_MANY, agentId: 'supportHindi', mode: 'hybrid' },
  };
  for (const [label, filter] of Object.entries(cases)) await record(label, () => list(filter));
  // Page 50: the cursor of page 49's last demo, reached by walking the pages as the desk does.
  for (const [label, filter] of Object.entries({
    'demos: newest, page 50 by cursor': {},
    'demos: kind, page 50 by cursor': { mode: 'text' },
  } satisfies Record<string, DemoFilter>)) {
    let before: DemoFilter['before'];
    for (let page = 1; page < 50; page++) {
      const last = (await store.demoDesk.list({ ...filter, before, limit: 50 })).at(-1)!;
      before = { createdAt: Date.parse(last.createdAt), id: last.id };
    }
    await record(label, () => list({ ...filter, before }));
  }
  const [sample] = await list({ from: iso(end - 100 * DAY) });
  await record('demos: one demo with its transcript and lead', () => store.demoDesk.get({ id: sample.id }));
  for (const [label, days, zone] of [
    ['overview demos, 30 days (India)', 30, 'Asia/Kolkata'],
    ['overview demos, a year (UTC)', 365, 'UTC'],
    ['overview demos, two years (India)', 730, 'Asia/Kolkata'],
  ] as const)
    await record(label, () => store.demoDesk.figures({ from: day(end - (days - 1) * DAY), to: day(end), zone }));
}

import { afterEach, describe, expect, it } from 'vitest';
import {
  bothDatabases,
  DESK_PASSWORD,
  deskTestService,
  fixtureHash,
  post,
  storedLead,
  type Harness,
} from './harness.ts';

// Issue 46: the desk's web demos, on both databases: GET /api/desk/demos newest first with its filters
// (days as the desk's zone sends them, agent, page origin, mode) and a cursor that pages without repeats
// or gaps; GET /api/desk/demos/:id with the transcript and the lead that followed; the overview's demos.
const { backends } = bothDatabases();
const SITE = 'https://www.aurelo.test';
const PARTNER = 'https://partner.test';
const ENV = { PUBLIC_URL: SITE, CORS_ORIGINS: PARTNER };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

let serial = 0;
type Seed = { at: number; mode?: string; agentId?: string | null; origin?: string; page?: string };
async function demo(h: Harness, { at, mode = 'voice', agentId = 'receptionist', origin = SITE, page }: Seed) {
  const id = `demo-${++serial}-${Math.random().toString(36).slice(2, 8)}`;
  const held = await h.store.demos.grant({
    id,
    assistantId: 'asst-1',
    agentId,
    mode: mode as 'voice',
    origin,
    pageUrl: page ?? `${origin}/pricing?visit=${serial}`,
    clientHash: `client-of-${id}`,
    now: at,
    grantSeconds: 60,
    perClientHour: 1000,
    budgetSeconds: 1e9,
  });
  expect(held.ok).toBe(true);
  return id;
}

const leadAfter = (h: Harness, demoSessionId: string, at: number, name = 'Asha Rao') =>
  storedLead(h, { name, createdAt: at, demoSessionId, demoClientHash: `client-of-${demoSessionId}` });

async function signedIn(env: Record<string, string>, role: 'admin' | 'agent' = 'agent') {
  const { h, clock, origin } = await deskTestService(cleanups, { ...env, ...ENV });
  const email = `${role}@example.com`;
  await h.store.desk.addUser({ email, passwordHash: fixtureHash(DESK_PASSWORD), now: clock.now(), role });
  const res = await post(h, '/api/session', { email, password: DESK_PASSWORD }, { origin });
  const cookie = String(res.headers['set-cookie']).split(';')[0];
  const get = async (url: string) => {
    const r = await h.app.inject({ method: 'GET', url, headers: { cookie } });
    return { status: r.statusCode, body: r.json() };
  };
  return { h, get };
}

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
let tests = 0;
/** Each test its own ten days (one PostgreSQL database serves the file): its first noon, and a filter for them. */
function ownDays() {
  const start = Date.parse('2026-01-01T00:00:00Z') + tests++ * 10 * DAY;
  return { T: start + DAY / 2, start, only: `from=${iso(start)}&to=${iso(start + 10 * DAY)}` };
}
const ids = (body: { demos: { id: string }[] }) => body.demos.map((d) => d.id);

describe.each(backends)('the desk’s demos on $name', ({ env }) => {
  it('lists demos newest first, filtered by agent, origin and mode, each with its page and how it ended', async () => {
    const { h, get: getAll } = await signedIn(env());
    const { T, only } = ownDays();
    const get = (url: string) => getAll(`${url}${url.includes('?') ? '&' : '?'}${only}`);
    const a = await demo(h, { at: T, mode: 'voice' });
    const b = await demo(h, { at: T + 1000, mode: 'text', origin: PARTNER, agentId: 'realEstate' });
    const c = await demo(h, { at: T + 2000, mode: 'hybrid', agentId: null });
    await h.store.demos.report({
      id: a,
      assistantId: 'asst-1',
      now: T + 130_000,
      providerCallId: 'call-a',
      durationSeconds: 130,
      endedReason: 'customer-ended-call',
      summary: 'Asked about prices.',
      transcript: 'AI: Hello!\nUser: What does it cost?',
    });

    const all = await get('/api/desk/demos');
    expect(all.status).toBe(200);
    expect(ids(all.body)).toEqual([c, b, a]);
    expect(all.body).toMatchObject({ limit: 50, nextCursor: null, origins: expect.arrayContaining([SITE, PARTNER]) });
    expect(all.body.demos[2]).toMatchObject({
      id: a,
      createdAt: new Date(T).toISOString(),
      agentId: 'receptionist',
      mode: 'voice',
      origin: SITE,
      pageUrl: `${SITE}/pricing?visit=${serial - 2}`,
      durationSeconds: 130,
      endedReason: 'customer-ended-call',
      leadId: null,
    });
    expect(all.body.demos[0]).toMatchObject({ agentId: null, endedAt: null, durationSeconds: null });
    expect(all.body.demos[0]).not.toHaveProperty('transcript');

    expect(ids((await get('/api/desk/demos?agent=realEstate')).body)).toEqual([b]);
    expect(ids((await get(`/api/desk/demos?origin=${encodeURIComponent(PARTNER)}`)).body)).toEqual([b]);
    expect(ids((await get('/api/desk/demos?mode=hybrid')).body)).toEqual([c]);
    expect(ids((await get('/api/desk/demos?mode=voice&agent=receptionist')).body)).toEqual([a]);
    expect(ids((await get('/api/desk/demos?mode=text&agent=receptionist')).body)).toEqual([]);

    for (const bad of ['mode=video', 'agent=nobody', 'cursor=abc', 'limit=101', 'from=yesterday', 'origin='])
      expect((await getAll(`/api/desk/demos?${bad}`)).body.error, bad).toBe('invalid-filter');
  });

  it('takes a day as the desk’s zone sends it: the instants it begins and ends', async () => {
    const { h, get } = await signedIn(env());
    const { start } = ownDays();
    const date = (days: number) => iso(start + days * DAY).slice(0, 10);
    // The 3rd in Asia/Kolkata (+05:30) runs from the 2nd at 18:30 UTC to the 3rd at 18:30 UTC.
    const at = (days: number, time: string) => Date.parse(`${date(days)}T${time}Z`);
    const before = await demo(h, { at: at(1, '18:29:59.999') });
    const first = await demo(h, { at: at(1, '18:30:00.000') });
    const last = await demo(h, { at: at(2, '18:29:59.999') });
    const after = await demo(h, { at: at(2, '18:30:00.000') });
    const inIndia = (days: number) => encodeURIComponent(`${date(days)}T00:00:00+05:30`);
    expect(ids((await get(`/api/desk/demos?from=${inIndia(2)}&to=${inIndia(3)}`)).body)).toEqual([last, first]);
    // A bare date is that UTC day, both ends included.
    expect(ids((await get(`/api/desk/demos?from=${date(2)}&to=${date(2)}`)).body)).toEqual([after, last]);
    expect(ids((await get(`/api/desk/demos?from=${date(0)}&to=${date(1)}`)).body)).toEqual([first, before]);
  });

  it('pages through demos that share a moment without repeating or skipping one', async () => {
    const { h, get } = await signedIn(env());
    const { T, only } = ownDays();
    const made: { id: string; at: number }[] = [];
    // 23 demos over 6 moments: most share their time with others, so the cursor's id decides.
    for (let i = 0; i < 23; i++) {
      const at = T + Math.floor(i / 4) * 1000;
      made.push({ id: await demo(h, { at, mode: i % 3 ? 'voice' : 'text' }), at });
    }
    const expected = [...made].sort((x, y) => y.at - x.at || (x.id < y.id ? 1 : -1)).map((d) => d.id);
    const walk = async (filter: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res: { status: number; body: { demos: { id: string }[]; nextCursor: string | null } } = await get(
          `/api/desk/demos?${only}&limit=5${filter}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(res.status).toBe(200);
        seen.push(...ids(res.body));
        cursor = res.body.nextCursor;
        pages++;
      } while (cursor && pages < 20);
      return { seen, pages };
    };
    const all = await walk('');
    expect(all.seen).toEqual(expected);
    expect(all.pages).toBe(5);
    const textIds = made.filter((_, i) => i % 3 === 0).map((d) => d.id);
    const text = await walk('&mode=text');
    expect(text.seen).toEqual(expected.filter((id) => textIds.includes(id)));
  });

  it('shows one demo with its transcript, summary and the lead that followed it, and counts it on the overview', async () => {
    const { h, get } = await signedIn(env(), 'admin');
    const { T, only } = ownDays();
    const day = (ms: number) => iso(ms).slice(0, 10);
    const tried = await demo(h, { at: T, page: `${SITE}/agents?utm=x#talk` });
    const other = await demo(h, { at: T + 5000, origin: PARTNER, mode: 'text' });
    await demo(h, { at: T + 86_400_000, page: `${SITE}/agents` });
    await h.store.demos.report({
      id: tried,
      assistantId: 'asst-1',
      now: T + 130_000,
      providerCallId: 'call-1',
      durationSeconds: 130,
      endedReason: 'customer-ended-call',
      summary: 'Wanted a receptionist for a clinic.',
      transcript: 'AI: Hello, how can I help?\nUser: I run a clinic.\nAI: Then let me show you.',
    });
    const leadId = await leadAfter(h, tried, T + 200_000);
    // A second lead naming the same demo is not a second conversion; one naming no demo counts nothing.
    await leadAfter(h, tried, T + 300_000, 'Asha Again');
    await leadAfter(h, 'no-such-demo', T + 300_000, 'Ravi Nobody');

    const one = await get(`/api/desk/demos/${tried}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      id: tried,
      summary: 'Wanted a receptionist for a clinic.',
      transcript: 'AI: Hello, how can I help?\nUser: I run a clinic.\nAI: Then let me show you.',
      durationSeconds: 130,
      lead: { id: leadId, name: 'Asha Rao', createdAt: new Date(T + 200_000).toISOString() },
    });
    expect((await get(`/api/desk/demos/${other}`)).body).toMatchObject({ lead: null, transcript: null });
    const listed = await get(`/api/desk/demos?${only}`);
    expect(listed.body.demos.find((d: { id: string }) => d.id === tried).leadId).toBe(leadId);

    expect((await get('/api/desk/demos/no-such-demo')).status).toBe(404);
    expect((await get('/api/desk/demos/not%20an%20id')).body.error).toBe('not-found');

    const overview = await get(`/api/desk/overview?from=${day(T)}&to=${day(T + DAY)}`);
    expect(overview.status).toBe(200);
    expect(overview.body.demos).toEqual({
      total: 3,
      followed: 1,
      perDay: [
        { day: day(T), demos: 2 },
        { day: day(T + DAY), demos: 1 },
      ],
      byPage: [
        { page: `${SITE}/agents`, demos: 2, followed: 1 },
        { page: `${PARTNER}/pricing`, demos: 1, followed: 0 },
      ],
    });
    // Eleven hours behind UTC (Pago Pago), the demos at noon UTC are on the same days; fourteen ahead
    // (Kiritimati) on the next, and the next day's falls past the period.
    const range = `from=${day(T)}&to=${day(T + DAY)}`;
    expect((await get(`/api/desk/overview?${range}&tz=Pacific/Pago_Pago`)).body.demos.perDay).toEqual([
      { day: day(T), demos: 2 },
      { day: day(T + DAY), demos: 1 },
    ]);
    expect((await get(`/api/desk/overview?${range}&tz=Pacific/Kiritimati`)).body.demos.perDay).toEqual([
      { day: day(T + DAY), demos: 2 },
    ]);
    const later = await get(`/api/desk/overview?from=${day(T + DAY)}&to=${day(T + DAY)}`);
    expect(later.body.demos).toMatchObject({ total: 1, followed: 0 });
  });

  it('refuses both routes without a session', async () => {
    const { h } = await signedIn(env());
    const id = await demo(h, { at: ownDays().T });
    for (const url of ['/api/desk/demos', `/api/desk/demos/${id}`]) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error).toBe('no-session');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

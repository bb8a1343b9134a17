import { afterEach, describe, expect, it } from 'vitest';
import { bothDatabases, DESK_EMAIL, DESK_PASSWORD, deskTestService, lead, post, verified } from './harness.ts';
import { waitFor } from '../../tests/support/wait-for.ts';

// The desk's CSV of a list is that list: a search, the To call list and an outcome filter give the same
// leads in the download as on the page, on both databases; the audit writes the filters down, never the search.
const { backends } = bothDatabases();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});

describe.each(backends)('the desk CSV on $name', ({ env }) => {
  it('exports exactly the leads its list shows, whatever the filters', async () => {
    // One agent has an assistant (so a suppressed number's call is "do-not-call"); no call is ever placed.
    const voice = {
      VAPI_PRIVATE_KEY: 'k',
      VAPI_PHONE_NUMBER_ID: 'pn',
      VAPI_API_URL: 'http://127.0.0.1:9',
      VAPI_ASSISTANT_SUPPORT_ENGLISH: 'a',
    };
    const s = await deskTestService(cleanups, { ...voice, ...env() });
    const { h, origin } = s;
    const signIn = await post(h, '/api/session', { email: DESK_EMAIL, password: DESK_PASSWORD }, { origin });
    const cookie = String(signIn.headers['set-cookie']).split(';')[0];
    const get = (url: string) => h.app.inject({ method: 'GET', url, headers: { cookie } });
    const add = async (phone: string, name: string, agentId = 'receptionist') =>
      (await post(h, '/api/demo-requests', lead(await verified(h, phone), { phone, name, agentId }))).json()
        .id as number;

    // Agents without an assistant: their calls are "not set up", on the To call list until marked; a suppressed number is "do-not-call".
    const meera = await add('+919876500011', 'Meera Iyer');
    const ravi = await add('+919876500012', 'Ravi Kumar', 'realEstate');
    await h.store.suppressions.add({ phone: '+919876500013', reason: 'asked', now: s.clock.now() });
    const blocked = await add('+919876500013', 'Meera Shah', 'supportEnglish');
    expect(
      (await h.app.inject({ method: 'POST', url: `/api/desk/leads/${ravi}/contacted`, headers: { cookie, origin } }))
        .statusCode,
    ).toBe(200);

    const ids = (csv: string) =>
      csv
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => Number(JSON.parse(line.split(',')[0])));
    const cases: [string, number[]][] = [
      ['', [blocked, ravi, meera]],
      ['?q=meera', [blocked, meera]],
      ['?q=98765000', [blocked, ravi, meera]],
      ['?queue=to-call', [meera]],
      ['?outcome=do-not-call', [blocked]],
      ['?outcome=not-set-up&agent=realEstate', [ravi]],
      ['?q=meera&queue=to-call', [meera]],
      ['?q=ravi&queue=to-call', []],
    ];
    for (const [query, expected] of cases) {
      const list = (await get(`/api/desk/leads${query}`)).json().leads.map((l: { id: number }) => l.id);
      const csv = await get(`/api/desk/leads.csv${query}`);
      expect(csv.statusCode, query).toBe(200);
      expect(list, query).toEqual(expected);
      expect(ids(csv.body), query).toEqual(expected);
    }
    // A search too short to run is refused alike, never an export of everything.
    expect((await get('/api/desk/leads.csv?q=98')).statusCode).toBe(400);

    // Written once the last row has gone.
    const downloads = await waitFor(async () => {
      const written = (await h.store.audit.list({ limit: 100 })).filter((e) => e.action === 'leads.download');
      expect(written).toHaveLength(cases.length);
      return written;
    });
    const searched = downloads.find(
      (e) => JSON.stringify(e.detail).includes('to-call') && (e.detail!.rows as number) === 1,
    );
    expect(searched?.detail).toEqual({ filters: { queue: 'to-call' }, rows: 1 });
    expect(JSON.stringify(downloads)).not.toMatch(/meera|ravi|98765/i);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { bothDatabases, storedLead } from './harness.ts';
import { embedsDesk } from './embeds-support.ts';

// Issue 54: the desk's Leads, Demos and Feedback lists, and their downloads, by embed (`embed=`).
const { backends } = bothDatabases();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

let serial = 0;
describe.each(backends)('the desk’s lists by embed on $name', ({ env }) => {
  it('filters leads, demos and feedback by embed, and the downloads name each row’s embed', async () => {
    const s = await embedsDesk(cleanups, env());
    const [acme, globex] = [await s.embed(), await s.embed({ name: 'Globex', brandName: 'Globex' })];
    const at = Date.parse('2026-03-01T10:00:00Z');
    const ours = await storedLead(s.h, { createdAt: at, embedId: acme.id });
    const theirs = await storedLead(s.h, { createdAt: at + 1, embedId: globex.id });
    const plain = await storedLead(s.h, { createdAt: at + 2 });
    const ids = async (url: string) => (await s.get(url)).json().leads.map((l: { id: number }) => l.id);
    expect(await ids(`/api/desk/leads?embed=${acme.id}`)).toEqual([ours]);
    expect(await ids(`/api/desk/leads?embed=${globex.id}&from=2026-03-01&to=2026-03-01`)).toEqual([theirs]);
    expect(await ids('/api/desk/leads?from=2026-03-01&to=2026-03-01')).toEqual(
      expect.arrayContaining([ours, theirs, plain]),
    );
    const csv = (await s.get(`/api/desk/leads.csv?embed=${acme.id}`)).body.split('\r\n');
    expect(csv[0].split(',')).toContain('embed');
    expect(csv).toHaveLength(3);
    expect(csv[1]).toContain(`"${acme.id}"`);

    for (const [embedId, n] of [
      [acme.id, 1],
      [globex.id, 2],
    ] as const) {
      await s.h.store.feedback.add({
        name: 'Asha',
        email: 'a@b.co',
        message: `from ${embedId}`,
        embedId,
        createdAt: at,
      });
      for (let i = 0; i < n; i++)
        await s.h.store.demos.grant({
          id: `demo-${++serial}-${Math.random().toString(36).slice(2, 8)}`,
          assistantId: 'asst-1',
          agentId: 'receptionist',
          mode: 'voice',
          origin: 'https://partner.acme.test',
          pageUrl: null,
          clientHash: `client-${serial}`,
          now: at + i,
          grantSeconds: 60,
          perClientHour: 1000,
          budgetSeconds: 1e9,
          embedId,
        });
    }
    const feedback = (await s.get(`/api/desk/feedback?embed=${globex.id}`)).json().feedback;
    expect(feedback.map((f: { message: string }) => f.message)).toEqual([`from ${globex.id}`]);
    const feedbackCsv = (await s.get(`/api/desk/feedback.csv?embed=${acme.id}`)).body.split('\r\n');
    expect(feedbackCsv[0]).toMatch(/,embed$/);
    expect(feedbackCsv[1]).toContain(`"${acme.id}"`);
    expect(feedbackCsv).toHaveLength(3);
    expect((await s.get(`/api/desk/demos?embed=${globex.id}`)).json().demos).toHaveLength(2);
    expect((await s.get(`/api/desk/demos?embed=${acme.id}`)).json().demos).toHaveLength(1);
    const bad = await s.get('/api/desk/leads?embed=acme');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'invalid-filter', field: 'embed' });
  });
});

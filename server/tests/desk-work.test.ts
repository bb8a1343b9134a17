import { describe, expect, it } from 'vitest';
import {
  bothDatabases,
  fixtureHash,
  lead,
  post,
  storedLead,
  testApp,
  testClock,
  verified,
  type Harness,
} from './harness.ts';

// The desk as a work tool, on both databases: search by name or number, the To call list (outcomes
// decided once and stored), paging by cursor, undoable marks with their history, and the overview.
const { backends } = bothDatabases();
const EMAIL = 'sales@example.com';
const OTHER = 'lead@example.com';
const DAY = Date.UTC(2026, 10, 23, 6, 30);

/** A lead stored as intake stores one, its call scheduled far ahead so that no worker touches it. */
const stored = (
  h: Harness,
  name: string,
  phone: string,
  { at = DAY, agentId = 'receptionist', campaign }: { at?: number; agentId?: string; campaign?: string } = {},
) => storedLead(h, { name, phone, agentId, createdAt: at, utm: campaign ? { campaign } : {} });

/** A call placed and ended with the provider's reason (and its success evaluation). */
async function ended(h: Harness, leadId: number, endedReason: string, successEvaluation?: string, at = DAY) {
  const providerCallId = `call-${leadId}-${Math.random()}`;
  await h.store.calls.record({
    leadId,
    now: at,
    outcome: { kind: 'placed', providerCallId, providerStatus: 'queued', checkAt: at + 3_600_000 },
    deliver: false,
  });
  await h.store.calls.update({
    providerCallId,
    now: at + 60_000,
    update: { endedReason, durationSeconds: 154, ...(successEvaluation && { successEvaluation }) },
    deliver: false,
  });
}

async function desk(env: Record<string, string>, start = DAY) {
  const clock = testClock(start);
  const h = await testApp({ OTP_CLIENT_LIMIT: '1000', ...env }, { now: clock.now });
  const origin = new URL(h.config.publicUrl).origin;
  const cookies: Record<string, string> = {};
  for (const email of [EMAIL, OTHER]) {
    await h.store.desk.addUser({ email, passwordHash: fixtureHash('a long enough password'), now: clock.now() });
    const res = await post(h, '/api/session', { email, password: 'a long enough password' }, { origin });
    cookies[email] = String(res.headers['set-cookie']).split(';')[0];
  }
  const get = async (url: string, as = EMAIL) => {
    const res = await h.app.inject({ method: 'GET', url, headers: { cookie: cookies[as] } });
    return { status: res.statusCode, body: res.json() };
  };
  const send = (method: 'POST' | 'DELETE', url: string, as = EMAIL) =>
    h.app.inject({ method, url, headers: { cookie: cookies[as], origin } });
  const names = async (url: string) => ((await get(url)).body.leads as { name: string }[]).map((l) => l.name);
  return { h, clock, get, send, names };
}

describe.each(backends)('the desk as a work tool on $name', ({ env }) => {
  it('finds leads by the beginnings of their names’ words and by digits anywhere in their numbers, however typed', async () => {
    const d = await desk(env());
    try {
      await stored(d.h, 'Asha Rao', '+919876543210');
      await stored(d.h, 'Ashok Kumar', '+919812345678');
      await stored(d.h, 'Rao Bahadur', '+14155550123');
      await stored(d.h, 'José Pérez', '+919800000001');
      const q = (text: string) => d.names(`/api/desk/leads?q=${encodeURIComponent(text)}`);
      expect(await q('ash')).toEqual(['Ashok Kumar', 'Asha Rao']);
      expect(await q('ASHA r')).toEqual(['Asha Rao']);
      expect(await q('rao')).toEqual(['Rao Bahadur', 'Asha Rao']);
      expect(await q('ao')).toEqual([]);
      expect(await q('jose')).toEqual(['José Pérez']);
      expect(await q('pérez')).toEqual(['José Pérez']);
      expect(await q('+91 98765-43210')).toEqual(['Asha Rao']);
      expect(await q('(415) 555')).toEqual(['Rao Bahadur']);
      expect(await q('43210')).toEqual(['Asha Rao']);
      expect(await q('345')).toEqual(['Ashok Kumar']);
      expect(await q("' OR 1=1 --")).toEqual([]);
      // Search keeps the other filters.
      expect(await d.names(`/api/desk/leads?q=ash&agent=realEstate`)).toEqual([]);
      const short = await d.get('/api/desk/leads?q=98');
      expect(short.status).toBe(400);
      // The schema says it (issue 56): a search's pattern is a name's word or at least 3 digits.
      expect(short.body).toEqual({
        error: 'invalid-filter',
        message: 'Search by a name, or by at least 3 digits of a phone number, in at most 100 characters.',
        field: 'q',
      });
      expect((await d.get(`/api/desk/leads?q=${'a'.repeat(101)}`)).status).toBe(400);
    } finally {
      await d.h.close();
    }
  });

  it('lists who still needs a call: not contacted, and the call failed, was not set up, not answered, busy or voicemail', async () => {
    const d = await desk(env());
    // PostgreSQL's database is shared by this file's tests: each looks only at its own leads.
    const tag = `tocall${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`;
    const names = async (url: string) =>
      (await d.names(`${url}${url.includes('?') ? '&' : '?'}q=${tag}`)).map((n) => n.slice(tag.length + 1));
    try {
      const ids: Record<string, number> = {};
      for (const [name, reason] of [
        ['Answered', 'customer-ended-call'],
        ['No answer', 'customer-did-not-answer'],
        ['Voicemail', 'voicemail'],
        ['Busy', 'customer-busy'],
        ['Failed', 'twilio-failed-to-connect-call'],
      ]) {
        ids[name] = await stored(
          d.h,
          `${tag} ${name}`,
          `+9198765000${String(Object.keys(ids).length).padStart(2, '0')}`,
        );
        await ended(d.h, ids[name], reason);
      }
      ids.Refused = await stored(d.h, `${tag} Refused`, '+919876500020');
      await d.h.store.calls.record({
        leadId: ids.Refused,
        now: DAY,
        outcome: { kind: 'failed', error: 'bad number', reason: 'provider-refused' },
        deliver: false,
      });
      ids.DoNotCall = await stored(d.h, `${tag} DoNotCall`, '+919876500021');
      await d.h.store.calls.record({
        leadId: ids.DoNotCall,
        now: DAY,
        outcome: { kind: 'failed', error: null, reason: 'suppressed' },
        deliver: false,
      });
      ids.Scheduled = await stored(d.h, `${tag} Scheduled`, '+919876500022');
      // Calls not set up: the lead comes in through the form with no voice provider configured.
      const phone = '+919876500023';
      ids.NotSetUp = (
        await post(d.h, '/api/demo-requests', lead(await verified(d.h, phone), { phone, name: `${tag} NotSetUp` }))
      ).json().id;

      const all = (await d.get(`/api/desk/leads?q=${tag}`)).body.leads as {
        name: string;
        call: { outcome: string; durationSeconds: number | null };
      }[];
      expect(Object.fromEntries(all.map((l) => [l.name.slice(tag.length + 1), l.call.outcome]))).toEqual({
        Answered: 'answered',
        'No answer': 'no-answer',
        Voicemail: 'voicemail',
        Busy: 'busy',
        Failed: 'failed',
        Refused: 'failed',
        DoNotCall: 'do-not-call',
        Scheduled: 'scheduled',
        NotSetUp: 'not-set-up',
      });
      expect(all.find((l) => l.name.endsWith(' Answered'))!.call.durationSeconds).toBe(154);
      const toCall = ['NotSetUp', 'Refused', 'Failed', 'Busy', 'Voicemail', 'No answer'];
      expect(await names('/api/desk/leads?queue=to-call')).toEqual(toCall);
      expect(await names('/api/desk/leads?outcome=voicemail')).toEqual(['Voicemail']);

      // Marked contacted: off the list; undone by someone else: back on it, both kept in its history.
      d.clock.later(1000);
      expect((await d.send('POST', `/api/desk/leads/${ids.Busy}/contacted`)).statusCode).toBe(200);
      expect(await names('/api/desk/leads?queue=to-call')).toEqual(toCall.filter((n) => n !== 'Busy'));
      const version = (await d.get('/api/desk/changes')).body.version;
      d.clock.later(1000);
      const undo = await d.send('DELETE', `/api/desk/leads/${ids.Busy}/contacted`, OTHER);
      expect(undo.statusCode).toBe(200);
      const history = [
        { action: 'marked', by: EMAIL, at: new Date(DAY + 1000).toISOString() },
        { action: 'undone', by: OTHER, at: new Date(DAY + 2000).toISOString() },
      ];
      expect(undo.json()).toEqual({ contacted: null, marks: history });
      expect((await d.get('/api/desk/changes')).body.version).not.toBe(version);
      expect(await names('/api/desk/leads?queue=to-call')).toEqual(toCall);
      expect((await d.get(`/api/desk/leads/${ids.Busy}`)).body).toMatchObject({
        contacted: null,
        marks: history,
        outcome: 'busy',
      });
      // Undoing twice changes nothing; a lead that is not there is 404.
      expect((await d.send('DELETE', `/api/desk/leads/${ids.Busy}/contacted`)).json().marks).toEqual(history);
      expect((await d.send('DELETE', '/api/desk/leads/999999/contacted')).statusCode).toBe(404);
      // A lead that needs no call never joins the list, marked or not.
      await d.send('POST', `/api/desk/leads/${ids.Answered}/contacted`);
      await d.send('DELETE', `/api/desk/leads/${ids.Answered}/contacted`);
      expect(await names('/api/desk/leads?queue=to-call')).toEqual(toCall);
    } finally {
      await d.h.close();
    }
  });

  it('pages by cursor past any count, without a gap or a repeat, in every list', async () => {
    const d = await desk(env());
    const tag = `pager${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`;
    try {
      for (let i = 0; i < 23; i++) {
        const id = await stored(d.h, `${tag} Pager ${i}`, `+9198765${String(10000 + i)}`);
        if (i % 2) await ended(d.h, id, 'customer-did-not-answer');
      }
      for (const [filter, count] of [
        [`&q=${tag}`, 23],
        [`&queue=to-call&q=${tag}`, 11],
        [`&q=${tag}+pager`, 23],
      ] as const) {
        const seen: number[] = [];
        let cursor: string | null = '';
        let pages = 0;
        while (cursor !== null) {
          const { status, body } = await d.get(`/api/desk/leads?limit=5${filter}${cursor ? `&cursor=${cursor}` : ''}`);
          expect(status).toBe(200);
          expect(body.leads.length).toBeLessThanOrEqual(5);
          seen.push(...body.leads.map((l: { id: number }) => l.id));
          cursor = body.nextCursor;
          pages++;
        }
        expect(seen, filter).toHaveLength(count);
        expect(new Set(seen).size).toBe(count);
        expect(seen).toEqual([...seen].sort((a, b) => b - a));
        expect(pages).toBe(Math.ceil(count / 5));
      }
      expect((await d.get('/api/desk/leads?cursor=abc')).status).toBe(400);
      expect((await d.get('/api/desk/leads?limit=1001')).status).toBe(400);
    } finally {
      await d.h.close();
    }
  });

  it('tells the funnel, leads per day and outcomes by agent and campaign from counts kept per day', async () => {
    // Days of its own (the file's tests share PostgreSQL's database).
    const DAY = Date.UTC(2031, 0, 10, 6, 30);
    const d = await desk(env(), DAY);
    try {
      const phone = '+919876500099';
      await post(d.h, '/api/otp', { phone });
      await post(d.h, '/api/otp', { phone: '+919876500098' });
      await post(d.h, '/api/otp/verify', { phone, code: d.h.codeFor(phone) });
      const nextDay = DAY + 86_400_000;
      const a = await stored(d.h, 'One', '+919811100001', { at: DAY, campaign: 'diwali' });
      const b = await stored(d.h, 'Two', '+919811100002', { at: DAY, campaign: 'diwali', agentId: 'realEstate' });
      const c = await stored(d.h, 'Three', '+919811100003', { at: nextDay });
      await stored(d.h, 'Earlier', '+919811100004', { at: DAY - 40 * 86_400_000 });
      await ended(d.h, a, 'customer-ended-call', 'true', DAY);
      await ended(d.h, b, 'voicemail', undefined, DAY);
      await ended(d.h, c, 'customer-ended-call', 'false', nextDay);

      const { status, body } = await d.get('/api/desk/overview?from=2031-01-10&to=2031-01-11');
      expect(status).toBe(200);
      expect(body.funnel).toEqual({ codesSent: 2, verified: 1, leads: 3, callsPlaced: 3, answered: 2, successful: 1 });
      expect(body.perDay).toEqual([
        { day: '2031-01-10', leads: 2 },
        { day: '2031-01-11', leads: 1 },
      ]);
      expect(body.byAgent).toEqual([
        { key: 'receptionist', outcomes: { answered: 2 } },
        { key: 'realEstate', outcomes: { voicemail: 1 } },
      ]);
      expect(body.byCampaign).toEqual([
        { key: 'diwali', outcomes: { answered: 1, voicemail: 1 } },
        { key: '', outcomes: { answered: 1 } },
      ]);
      expect((await d.get('/api/desk/overview?from=2031-01-11&to=2031-01-11')).body.funnel.leads).toBe(1);
      // The last 30 days by default; a range backwards is an empty period (issue 56: every range the schema allows is taken).
      expect((await d.get('/api/desk/overview')).body).toMatchObject({ from: '2030-12-12', to: '2031-01-10' });
      const backwards = await d.get('/api/desk/overview?from=2031-01-11&to=2031-01-10');
      expect(backwards.status).toBe(200);
      expect(backwards.body).toMatchObject({ from: '2031-01-11', to: '2031-01-10', perDay: [] });
      expect(backwards.body.funnel.leads).toBe(0);
    } finally {
      await d.h.close();
    }
  });
});

// The plans of search, the To call list and the overview at scale, on both databases: ./desk-plans.test.ts.

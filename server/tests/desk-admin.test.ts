import { afterEach, describe, expect, it } from 'vitest';
import { fixtureHash, post, testApp, testClock, type Harness } from './harness.ts';
import { endedLead } from './seed.ts';

// Desk roles and the audit: admins erase and read the audit, agents get 403; what is written down.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});

const PASSWORD = 'correct horse battery staple';
const HASHED = fixtureHash(PASSWORD);

async function service() {
  const clock = testClock();
  const h = await testApp({}, { now: clock.now });
  cleanups.push(h.close);
  await h.store.desk.addUser({ email: 'boss@example.com', passwordHash: HASHED, now: clock.now(), role: 'admin' });
  await h.store.desk.addUser({ email: 'agent@example.com', passwordHash: HASHED, now: clock.now() });
  const origin = new URL(h.config.publicUrl).origin;
  const signIn = async (email: string) => {
    const res = await post(h, '/api/session', { email, password: PASSWORD }, { origin });
    expect(res.statusCode).toBe(200);
    return { cookie: String(res.headers['set-cookie']).split(';')[0], role: res.json().role };
  };
  return { h, clock, origin, signIn };
}

const call = (h: Harness, method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>) =>
  h.app.inject({ method, url, headers });

describe('desk roles', () => {
  it('lets only admins erase a person and read the audit; agents get 403', async () => {
    const { h, origin, signIn } = await service();
    const id = await endedLead(h.store, { name: 'Zubin Quartermaine', phone: '+919812345678' });
    const agent = await signIn('agent@example.com');
    const admin = await signIn('boss@example.com');
    expect([agent.role, admin.role]).toEqual(['agent', 'admin']);

    for (const [method, url] of [
      ['DELETE', `/api/desk/leads/${id}/personal-data`],
      ['GET', '/api/desk/audit'],
    ] as const) {
      const refused = await call(h, method, url, { cookie: agent.cookie, origin });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ error: 'admin-only', message: expect.stringMatching(/^Only a desk admin may/) });
    }
    expect((await h.store.leads.get({ id }))!.lead.name).toBe('Zubin Quartermaine');
    // An erasure from another origin is refused like every change.
    expect(
      (
        await call(h, 'DELETE', `/api/desk/leads/${id}/personal-data`, {
          cookie: admin.cookie,
          origin: 'https://evil.example',
        })
      ).statusCode,
    ).toBe(403);

    const erased = await call(h, 'DELETE', `/api/desk/leads/${id}/personal-data`, { cookie: admin.cookie, origin });
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toEqual({ erased: [id] });
    const after = await call(h, 'GET', `/api/desk/leads/${id}`, { cookie: admin.cookie });
    expect(after.body).not.toContain('Quartermaine');
    expect(after.body).not.toContain('9812345678');
    expect(
      (await call(h, 'DELETE', '/api/desk/leads/999999/personal-data', { cookie: admin.cookie, origin })).statusCode,
    ).toBe(404);
  });
});

describe('the audit', () => {
  it('writes down sign-ins, a lead view once per session and hour, downloads without the search text, marks and erasures', async () => {
    const { h, clock, origin, signIn } = await service();
    const id = await endedLead(h.store);
    const agent = await signIn('agent@example.com');
    for (let i = 0; i < 5; i++)
      expect((await call(h, 'GET', `/api/desk/leads/${id}`, { cookie: agent.cookie })).statusCode).toBe(200);
    clock.later(3_600_001);
    await call(h, 'GET', `/api/desk/leads/${id}`, { cookie: agent.cookie });
    const csv = await call(h, 'GET', '/api/desk/leads.csv?agent=receptionist', { cookie: agent.cookie });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(
      (await call(h, 'POST', `/api/desk/leads/${id}/contacted`, { cookie: agent.cookie, origin })).statusCode,
    ).toBe(200);
    const admin = await signIn('boss@example.com');
    await call(h, 'DELETE', `/api/desk/leads/${id}/personal-data`, { cookie: admin.cookie, origin });

    const res = await call(h, 'GET', '/api/desk/audit', { cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    const entries = res.json().entries.reverse();
    expect(entries.map((e: { actor: string; action: string }) => `${e.actor} ${e.action}`)).toEqual([
      'agent@example.com sign-in',
      'agent@example.com lead.view',
      'agent@example.com lead.view',
      'agent@example.com leads.download',
      'agent@example.com lead.mark',
      'boss@example.com sign-in',
      'boss@example.com lead.erase',
    ]);
    expect(entries[3].detail).toEqual({ filters: { agent: 'receptionist' }, rows: 1 });
    expect(entries[1]).toMatchObject({ leadId: id, at: expect.stringMatching(/^\d{4}-/) });
    // Paging: one at a time, newest first.
    const first = (await call(h, 'GET', '/api/desk/audit?limit=1', { cookie: admin.cookie })).json();
    expect(first.entries).toHaveLength(1);
    const second = (
      await call(h, 'GET', `/api/desk/audit?limit=1&before=${first.next}`, { cookie: admin.cookie })
    ).json();
    expect(second.entries[0].id).toBeLessThan(first.entries[0].id);
  });
});

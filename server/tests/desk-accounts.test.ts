import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../domain/desk/password.ts';
import { passwordProblem } from '../domain/desk/password-rule.ts';
import { bothDatabases, fixtureHash, post, testApp, testClock } from './harness.ts';

const PASSWORD = 'correct horse battery staple';
const UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

// Issue 47: the desk's door. Passwords as NIST SP 800-63B asks (whatever the rule accepts signs in),
// roles and passwords from the desk, sessions a person sees and ends, all in the audit; on both databases.
const { backends } = bothDatabases();

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});

describe.each(backends)('desk accounts on $name', ({ env }) => {
  async function service() {
    const clock = testClock();
    const h = await testApp({ OTP_CLIENT_LIMIT: '1000', ...env() }, { now: clock.now });
    cleanups.push(h.close);
    const origin = new URL(h.config.publicUrl).origin;
    const tag = Math.random().toString(36).slice(2, 8);
    return { h, clock, origin, tag };
  }

  it('signs in with whatever password the rule accepts: any Unicode, up to 128 characters, typed composed or not', async () => {
    const { h, origin, tag } = await service();
    const longest = Array.from({ length: 128 }, (_, i) => String.fromCodePoint(0x1f300 + ((i * 7) % 128))).join('');
    const passwords = [longest, 'Ét\u00e9 à Paris, 🦊 et nous', '            x           y'];
    for (const [i, password] of passwords.entries()) {
      const email = `door-${tag}-${i}@example.com`;
      expect(passwordProblem(password, { email, brand: h.config.brand })).toBeNull();
      await h.store.desk.addUser({ email, passwordHash: await hashPassword(password), now: Date.now() });
      for (const typed of [password, password.normalize('NFD')]) {
        const res = await post(h, '/api/session', { email, password: typed }, { origin });
        expect(res.statusCode, `${i} ${typed.length}`).toBe(200);
      }
    }
  });
});

describe.each(backends)('roles and passwords from the desk on $name', ({ env }) => {
  async function service() {
    const clock = testClock();
    const h = await testApp({ OTP_CLIENT_LIMIT: '1000', ...env() }, { now: clock.now });
    cleanups.push(h.close);
    const origin = new URL(h.config.publicUrl).origin;
    const tag = Math.random().toString(36).slice(2, 8);
    const boss = `boss-${tag}@example.com`;
    const agent = `agent-${tag}@example.com`;
    await h.store.desk.addUser({ email: boss, passwordHash: fixtureHash(PASSWORD), now: clock.now(), role: 'admin' });
    await h.store.desk.addUser({ email: agent, passwordHash: fixtureHash(PASSWORD), now: clock.now() });
    const signIn = async (email: string, password = PASSWORD) => {
      const res = await post(h, '/api/session', { email, password }, { origin, 'user-agent': UA });
      expect(res.statusCode, res.body).toBe(200);
      return String(res.headers['set-cookie']).split(';')[0];
    };
    const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, cookie: string, body?: unknown) =>
      h.app.inject({
        method,
        url,
        headers: { cookie, origin, ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { payload: JSON.stringify(body) }),
      });
    return { h, clock, origin, boss, agent, signIn, call };
  }

  it('lets an admin list accounts and give roles, keeps one admin, and refuses agents with 403', async () => {
    const { h, boss, agent, signIn, call } = await service();
    const admin = await signIn(boss);
    const agentCookie = await signIn(agent);
    const listed = await call('GET', '/api/desk/accounts', admin);
    expect(listed.statusCode).toBe(200);
    const accounts = listed.json().accounts as { id: number; email: string; role: string; sessions: number }[];
    const agentId = accounts.find((a) => a.email === agent)!.id;
    const bossId = accounts.find((a) => a.email === boss)!.id;
    expect(accounts.find((a) => a.email === agent)).toMatchObject({ role: 'agent', sessions: 1 });

    for (const [method, url, body] of [
      ['GET', '/api/desk/accounts', undefined],
      ['PUT', `/api/desk/accounts/${agentId}/role`, { role: 'admin' }],
    ] as const) {
      const refused = await call(method, url, agentCookie, body);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toMatchObject({
        error: 'admin-only',
        message: expect.stringMatching(/^Only a desk admin/),
      });
    }
    expect((await call('PUT', `/api/desk/accounts/${bossId}/role`, admin, { role: 'agent' })).json()).toMatchObject({
      error: 'last-admin',
    });
    expect((await call('PUT', '/api/desk/accounts/999999/role', admin, { role: 'agent' })).statusCode).toBe(404);
    expect((await call('PUT', `/api/desk/accounts/${agentId}/role`, admin, { role: 'boss' })).statusCode).toBe(400);
    const made = await call('PUT', `/api/desk/accounts/${agentId}/role`, admin, { role: 'admin' });
    expect(made.json()).toEqual({ email: agent, role: 'admin' });
    // The session already open gets the new role at once.
    expect((await call('GET', '/api/desk/accounts', agentCookie)).statusCode).toBe(200);
    const audit = (await call('GET', '/api/desk/audit', admin)).json().entries;
    expect(audit[0]).toMatchObject({
      actor: boss,
      action: 'account.role',
      detail: { account: agent, from: 'agent', to: 'admin' },
    });
    void h;
  });

  it('changes one’s own password given the current one; the rule says why; other sessions end', async () => {
    const { h, origin, agent, signIn, call } = await service();
    const here = await signIn(agent);
    const elsewhere = await signIn(agent);
    const change = (current: string, password: string, cookie = here) =>
      call('PUT', '/api/desk/password', cookie, { current, password });

    const wrong = await change('not my password', 'a brand new passphrase');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: 'wrong-password',
      message: 'That is not your current password.',
      field: 'current',
    });
    const weak = await change(PASSWORD, 'password1234');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ error: 'weak-password', field: 'password', message: /most common/ });
    expect((await change(PASSWORD, agent)).json().message).toMatch(/built on the account’s email/);

    const done = await change(PASSWORD, 'a brand new passphrase');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ sessionsEnded: 1 });
    expect((await call('GET', '/api/desk/leads', here)).statusCode).toBe(200);
    expect((await call('GET', '/api/desk/leads', elsewhere)).statusCode).toBe(401);
    expect((await post(h, '/api/session', { email: agent, password: PASSWORD }, { origin })).statusCode).toBe(401);
    await signIn(agent, 'a brand new passphrase');
    const entries = await h.store.audit.list({ limit: 20 });
    expect(entries.find((e) => e.action === 'account.password')).toMatchObject({
      actor: agent,
      detail: { account: agent, sessionsEnded: 1 },
    });
    // Without the desk's own origin, no change.
    const foreign = await h.app.inject({
      method: 'PUT',
      url: '/api/desk/password',
      headers: { cookie: here, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ current: 'a brand new passphrase', password: 'yet another passphrase' }),
    });
    expect(foreign.statusCode).toBe(403);
  });
});

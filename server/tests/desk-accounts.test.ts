import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../domain/desk/password.ts';
import { passwordProblem } from '../domain/desk/password-rule.ts';
import { codeAt, fromBase32, stepAt } from '../domain/desk/totp.ts';
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

describe.each(backends)('sessions a person controls on $name', ({ env }) => {
  it('lists one’s sessions (device, address, last seen once a minute), ends one or all others, and audits every sign-in, failure and end', async () => {
    const clock = testClock();
    const h = await testApp({ OTP_CLIENT_LIMIT: '1000', ...env() }, { now: clock.now });
    cleanups.push(h.close);
    const origin = new URL(h.config.publicUrl).origin;
    const email = `sessions-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const other = `other-${Math.random().toString(36).slice(2, 8)}@example.com`;
    for (const e of [email, other])
      await h.store.desk.addUser({ email: e, passwordHash: fixtureHash(PASSWORD), now: clock.now() });
    const signIn = async (who: string, userAgent: string, remoteAddress: string) => {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/session',
        remoteAddress,
        headers: { origin, 'content-type': 'application/json', 'user-agent': userAgent },
        payload: JSON.stringify({ email: who, password: PASSWORD }),
      });
      expect(res.statusCode, res.body).toBe(200);
      return String(res.headers['set-cookie']).split(';')[0];
    };
    const call = (method: 'GET' | 'DELETE', url: string, cookie: string, remoteAddress = '10.0.0.1') =>
      h.app.inject({ method, url, remoteAddress, headers: { cookie, origin } });
    type Listed = { id: string; device: string; address: string; lastSeenAt: string; current: boolean };
    const list = async (cookie: string) =>
      (await call('GET', '/api/desk/sessions', cookie)).json().sessions as Listed[];

    const wrong = await post(h, '/api/session', { email, password: 'not the password' }, { origin });
    expect(wrong.statusCode).toBe(401);
    const mac = await signIn(email, UA, '10.0.0.1');
    clock.later(1000);
    const phone = await signIn(
      email,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      '10.0.0.2',
    );
    clock.later(1000);
    const third = await signIn(email, 'curl/8.5.0', '10.0.0.3');
    const theirs = await signIn(other, UA, '10.0.0.9');

    const seen = await list(mac);
    expect(seen).toHaveLength(3);
    expect(seen.find((s) => s.current)).toMatchObject({ device: 'Chrome on macOS', address: '10.0.0.1' });
    expect(seen.map((s) => s.device).sort()).toEqual(['Chrome on macOS', 'Safari on iPhone', 'curl']);
    const phoneId = seen.find((s) => s.device === 'Safari on iPhone')!.id;
    expect(phoneId).toMatch(/^[0-9a-f]{16}$/);

    // Last seen moves once a minute at most, with the address it was used from.
    const lastSeen = async () => (await list(mac)).find((s) => s.id === phoneId)!;
    const before = await lastSeen();
    clock.later(30_000);
    await call('GET', '/api/desk/changes', phone, '10.0.0.7');
    expect(await lastSeen()).toEqual(before);
    clock.later(31_000);
    await call('GET', '/api/desk/changes', phone, '10.0.0.7');
    expect(await lastSeen()).toMatchObject({ address: '10.0.0.7', lastSeenAt: new Date(clock.now()).toISOString() });

    // Another's session, an unknown id and this very one are not one's to end here.
    const theirId = (await list(theirs))[0].id;
    expect((await call('DELETE', `/api/desk/sessions/${theirId}`, mac)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/desk/sessions/0123456789abcdef', mac)).statusCode).toBe(404);
    const mine = seen.find((s) => s.current)!.id;
    expect((await call('DELETE', `/api/desk/sessions/${mine}`, mac)).json()).toMatchObject({
      error: 'current-session',
    });
    expect((await call('DELETE', `/api/desk/sessions/not-an-id`, mac)).statusCode).toBe(404);
    const foreign = await h.app.inject({
      method: 'DELETE',
      url: `/api/desk/sessions/${phoneId}`,
      headers: { cookie: mac, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);

    expect((await call('DELETE', `/api/desk/sessions/${phoneId}`, mac)).statusCode).toBe(204);
    expect((await call('GET', '/api/desk/changes', phone)).statusCode).toBe(401);
    expect((await call('GET', '/api/desk/changes', third)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/desk/sessions', mac)).json()).toEqual({ ended: 1 });
    expect((await call('GET', '/api/desk/changes', third)).statusCode).toBe(401);
    expect((await list(mac)).map((s) => s.current)).toEqual([true]);
    expect((await call('GET', '/api/desk/changes', theirs)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/session', mac)).statusCode).toBe(204);

    // The audit's hook writes after the answer has left.
    const audited = async () =>
      (await h.store.audit.list({ limit: 50 }))
        .filter((e) => e.actor === email)
        .reverse()
        .map((e) => [e.action, e.detail]);
    await expect.poll(audited).toEqual([
      ['sign-in.failed', { reason: 'wrong', address: '127.0.0.1' }],
      ['sign-in', null],
      ['sign-in', null],
      ['sign-in', null],
      ['session.end', { how: 'ended by its owner from another session', sessions: 1 }],
      ['session.end', { how: 'all others ended by their owner', sessions: 1 }],
      ['session.end', { how: 'signed out' }],
    ]);
  });
});

describe.each(backends)('two-step sign-in on the accounts list on $name', ({ env }) => {
  it('says for each account whether it is on, off, or required and not set up (DESK_REQUIRE_2FA)', async () => {
    const clock = testClock();
    const h = await testApp({ OTP_CLIENT_LIMIT: '1000', DESK_REQUIRE_2FA: 'admins', ...env() }, { now: clock.now });
    cleanups.push(h.close);
    const origin = new URL(h.config.publicUrl).origin;
    const tag = Math.random().toString(36).slice(2, 8);
    const [boss, lax, agent, halfway, keen] = ['boss', 'lax', 'agent', 'halfway', 'keen'].map(
      (who) => `${who}-${tag}@example.com`,
    );
    for (const [email, role] of [
      [boss, 'agent'],
      [lax, 'admin'],
      [agent, 'agent'],
      [halfway, 'agent'],
      [keen, 'agent'],
    ] as const)
      await h.store.desk.addUser({ email, passwordHash: fixtureHash(PASSWORD), now: clock.now(), role });
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, body?: unknown) =>
      h.app.inject({
        method,
        url,
        headers: { cookie, origin, ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { payload: JSON.stringify(body) }),
      });
    const signIn = async (email: string) =>
      String((await post(h, '/api/session', { email, password: PASSWORD }, { origin })).headers['set-cookie']).split(
        ';',
      )[0];
    // Agents (not required to) set it up, or only begin to; the boss is made an admin once it is on.
    const setUp = async (cookie: string) => {
      const key = fromBase32((await call('POST', '/api/desk/two-step/setup', cookie)).json().secret)!;
      expect(
        (await call('PUT', '/api/desk/two-step', cookie, { code: codeAt(key, stepAt(clock.now())) })).statusCode,
      ).toBe(200);
    };
    const admin = await signIn(boss);
    await setUp(admin);
    await setUp(await signIn(keen));
    expect((await call('POST', '/api/desk/two-step/setup', await signIn(halfway))).statusCode).toBe(200);
    expect(await h.store.desk.setRole({ email: boss, role: 'admin' })).toMatchObject({ changed: true });

    const listed = await call('GET', '/api/desk/accounts', admin);
    expect(listed.statusCode, listed.body).toBe(200);
    const twoStep = Object.fromEntries(
      (listed.json().accounts as { email: string; twoStep: string }[]).map((a) => [a.email, a.twoStep]),
    );
    expect(twoStep).toMatchObject({ [boss]: 'on', [lax]: 'required', [agent]: 'off', [halfway]: 'off', [keen]: 'on' });
  });
});

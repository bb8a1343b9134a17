import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { codeAt, fromBase32, stepAt } from '../domain/desk/totp.ts';
import { bothDatabases, fixtureHash, testApp, testClock } from './harness.ts';
import { patience } from '../../tests/support/slowdown.mjs';

// Issue 47, item 3: a second factor for desk password accounts. TOTP set up from the account page (a key
// confirmed by a code, ten recovery codes once, the other sessions ended), a code step after the password
// that gives no session before it is done, codes never taken twice, recovery codes once, wrong codes
// locking out as wrong passwords do, DESK_REQUIRE_2FA taking an admin through setting it up, and the
// command line's reset; every event in the audit. On both databases.
const PASSWORD = 'correct horse battery staple';
const { backends, url } = bothDatabases();

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});

const cookieOf = (res: { headers: Record<string, unknown> }, name: string) => {
  const all = [res.headers['set-cookie']].flat().map(String);
  return all.find((c) => c.startsWith(`${name}=`))?.split(';')[0];
};

describe.each(backends)('two-step sign-in on $name', ({ name, env }) => {
  async function service(require2fa = 'admins') {
    const clock = testClock();
    const h = await testApp({ OTP_CLIENT_LIMIT: '1000', DESK_REQUIRE_2FA: require2fa, ...env() }, { now: clock.now });
    cleanups.push(h.close);
    const origin = new URL(h.config.publicUrl).origin;
    const tag = Math.random().toString(36).slice(2, 8);
    const account = async (role: 'admin' | 'agent', who = role) => {
      const email = `${who}-${tag}@example.com`;
      await h.store.desk.addUser({ email, passwordHash: fixtureHash(PASSWORD), now: clock.now(), role });
      return email;
    };
    const send = (method: string, path: string, cookie = '', body?: unknown, remoteAddress = '10.0.0.1') =>
      h.app.inject({
        method: method as 'GET',
        url: path,
        remoteAddress,
        headers: { origin, cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { payload: JSON.stringify(body) }),
      });
    const password = (email: string, given = PASSWORD, remoteAddress?: string) =>
      send('POST', '/api/session', '', { email, password: given }, remoteAddress);
    /** Signs in with the password alone: the session cookie. */
    const session = async (email: string) => {
      const res = await password(email);
      expect(res.statusCode, res.body).toBe(200);
      return cookieOf(res, 'desk_session')!;
    };
    /** Sets it up from the account page: the key, as the app would read it. */
    const setUp = async (cookie: string) => {
      const key = await send('POST', '/api/desk/two-step/setup', cookie);
      expect(key.statusCode, key.body).toBe(200);
      const secret = fromBase32(key.json().secret)!;
      const on = await send('PUT', '/api/desk/two-step', cookie, { code: codeAt(secret, stepAt(clock.now())) });
      expect(on.statusCode, on.body).toBe(200);
      return { secret, key: key.json(), on: on.json() };
    };
    const code = (secret: Buffer, steps = 0) => codeAt(secret, stepAt(clock.now()) + steps);
    // One PostgreSQL database serves the whole file: each test reads its own accounts' entries.
    const audit = async () =>
      (await h.store.audit.list({ limit: 500 })).filter(
        (e) => e.actor.endsWith(`-${tag}@example.com`) || String(e.detail?.account).endsWith(`-${tag}@example.com`),
      );
    return { h, clock, account, send, password, session, setUp, code, audit };
  }

  it('is set up from the account page: a key confirmed by a code, ten recovery codes once; the other sessions end', async () => {
    const { h, account, send, session, setUp, code, audit } = await service();
    const agent = await account('agent');
    const here = await session(agent);
    const elsewhere = await session(agent);
    expect((await send('GET', '/api/desk/two-step', here)).json()).toEqual({
      on: false,
      required: false,
      since: null,
      recoveryCodesLeft: 0,
    });

    const key = await send('POST', '/api/desk/two-step/setup', here);
    const { secret: shown, uri, qr } = key.json();
    expect(shown).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    expect(uri).toBe(
      `otpauth://totp/${encodeURIComponent('Aurelo sales desk')}:${encodeURIComponent(agent)}?secret=${shown.replace(/ /g, '')}&issuer=Aurelo+sales+desk&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr.split(',')[1], 'base64').toString()).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
    // Not on until a code of the key is given; a wrong one says so.
    expect((await send('GET', '/api/desk/two-step', here)).json().on).toBe(false);
    const wrong = await send('PUT', '/api/desk/two-step', here, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'wrong-code', field: 'code' });
    // Asking again gives a new key: the first one no longer turns it on.
    const first = fromBase32(shown)!;
    const { secret, on } = await setUp(here);
    expect(secret.equals(first)).toBe(false);
    expect(on.recoveryCodes).toHaveLength(10);
    expect(new Set(on.recoveryCodes).size).toBe(10);
    for (const c of on.recoveryCodes) expect(c).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    expect(on.sessionsEnded).toBe(1);
    expect((await send('GET', '/api/desk/leads', here)).statusCode).toBe(200);
    expect((await send('GET', '/api/desk/leads', elsewhere)).statusCode).toBe(401);
    const state = (await send('GET', '/api/desk/two-step', here)).json();
    expect(state).toMatchObject({ on: true, required: false, recoveryCodesLeft: 10 });
    // Once on, no second key until it is turned off.
    expect((await send('POST', '/api/desk/two-step/setup', here)).json()).toMatchObject({ error: 'already-on' });

    // The key is kept encrypted, the recovery codes as hashes: neither is in the database, nor in the log.
    const row = await h.store.twoStep.of({ userId: (await h.store.desk.userByEmail({ email: agent }))!.id });
    expect(row!.secret).toMatch(/^v1\./);
    expect(row!.secret).not.toContain(shown.replace(/ /g, ''));
    const logged = JSON.stringify(h.logs);
    for (const hidden of [shown.replace(/ /g, ''), ...on.recoveryCodes, code(secret)])
      expect(logged).not.toContain(hidden);

    const entries = await audit();
    expect(entries.find((e) => e.action === 'two-step.on')).toMatchObject({
      actor: agent,
      detail: { recoveryCodes: 10 },
    });
    expect(entries.find((e) => e.action === 'session.end')).toMatchObject({
      actor: agent,
      detail: { how: 'two-step sign-in turned on', sessions: 1 },
    });
  });

  it('asks for a code after the password, gives no session before it, and never takes a code twice', async () => {
    const { clock, account, send, password, session, setUp, code, audit } = await service();
    const agent = await account('agent');
    const { secret } = await setUp(await session(agent));
    // Setting it up used this step's code: a minute on, a step late is one no code was given for.
    clock.later(60_000);

    const first = await password(agent);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toEqual({ next: 'code', expiresAt: new Date(clock.now() + 5 * 60_000).toISOString() });
    expect(cookieOf(first, 'desk_session')).toBeUndefined();
    const pending = cookieOf(first, 'desk_pending_sign_in')!;
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);
    // The half-done sign-in opens nothing.
    for (const path of ['/api/desk/leads', '/api/desk/two-step', '/api/desk/sessions'])
      expect((await send('GET', path, pending)).statusCode, path).toBe(401);
    expect((await send('GET', '/api/session', pending)).statusCode).toBe(204);

    const wrong = await send('POST', '/api/session/code', pending, { code: code(secret, 3) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'wrong-code', field: 'code' });
    // A step late (a slow phone) is still taken.
    const done = await send('POST', '/api/session/code', pending, { code: code(secret, -1) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ email: agent, role: 'agent' });
    const signedIn = cookieOf(done, 'desk_session')!;
    expect(cookieOf(done, 'desk_pending_sign_in')).toBe('desk_pending_sign_in=');
    expect((await send('GET', '/api/desk/leads', signedIn)).statusCode).toBe(200);
    // The pending sign-in is spent.
    expect((await send('POST', '/api/session/code', pending, { code: code(secret) })).json()).toMatchObject({
      error: 'no-pending-sign-in',
    });

    // The same code (or the one before it) again, within its 30 seconds: refused as used.
    const again = cookieOf(await password(agent), 'desk_pending_sign_in')!;
    for (const used of [code(secret, -1), code(secret, -2)]) {
      const replay = await send('POST', '/api/session/code', again, { code: used });
      expect(replay.statusCode).toBe(401);
    }
    expect((await send('POST', '/api/session/code', again, { code: code(secret) })).statusCode).toBe(200);
    const replayed = cookieOf(await password(agent), 'desk_pending_sign_in')!;
    const replay = await send('POST', '/api/session/code', replayed, { code: code(secret) });
    expect(replay.json()).toMatchObject({ error: 'code-used' });
    clock.later(30_000);
    expect((await send('POST', '/api/session/code', replayed, { code: code(secret) })).statusCode).toBe(200);

    // Five minutes to give the code, then the password again.
    const slow = cookieOf(await password(agent), 'desk_pending_sign_in')!;
    clock.later(5 * 60_000 + 1);
    const late = await send('POST', '/api/session/code', slow, { code: code(secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ error: 'no-pending-sign-in' });

    const entries = await audit();
    expect(entries.filter((e) => e.action === 'two-step.failed').map((e) => e.detail?.reason)).toEqual(
      expect.arrayContaining(['wrong', 'used']),
    );
    expect(entries.find((e) => e.action === 'sign-in.second-step')).toMatchObject({ actor: agent });
    expect(entries.find((e) => e.action === 'sign-in')).toMatchObject({ actor: agent, detail: { secondStep: 'code' } });
  });

  it('takes each recovery code once, and says how many are left', async () => {
    const { account, send, password, session, setUp, audit } = await service();
    const agent = await account('agent');
    const { on } = await setUp(await session(agent));
    const [firstCode] = on.recoveryCodes as string[];
    const typed = firstCode.toUpperCase().replace('-', ' ');
    const pending = cookieOf(await password(agent), 'desk_pending_sign_in')!;
    const used = await send('POST', '/api/session/code', pending, { code: typed });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json()).toMatchObject({ email: agent, recoveryCodesLeft: 9 });
    const again = cookieOf(await password(agent), 'desk_pending_sign_in')!;
    const refused = await send('POST', '/api/session/code', again, { code: firstCode });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: 'wrong-code' });
    expect((await send('POST', '/api/session/code', again, { code: on.recoveryCodes[1] })).statusCode).toBe(200);
    expect((await audit()).find((e) => e.action === 'two-step.recovery-code')).toMatchObject({
      actor: agent,
      detail: { left: 8 },
    });
  });

  it('locks out after 10 failures, wrong codes counted with wrong passwords; the right code is then refused too', async () => {
    const { account, send, password, session, setUp, code, audit } = await service();
    const agent = await account('agent');
    const { secret } = await setUp(await session(agent));
    for (let i = 0; i < 4; i++) expect((await password(agent, 'not my password', '10.0.0.7')).statusCode).toBe(401);
    const pending = cookieOf(await password(agent, PASSWORD, '10.0.0.7'), 'desk_pending_sign_in')!;
    const tries = [];
    for (let i = 0; i < 6; i++)
      tries.push((await send('POST', '/api/session/code', pending, { code: '000000' }, '10.0.0.7')).statusCode);
    expect(tries).toEqual([401, 401, 401, 401, 401, 429]);
    const right = await send('POST', '/api/session/code', pending, { code: code(secret) }, '10.0.0.7');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ error: 'locked', retryAt: expect.any(String) });
    expect(right.headers['retry-after']).toMatch(/^\d+$/);
    // The account is locked from everywhere, for its password as for its code.
    expect((await password(agent, PASSWORD, '10.0.0.8')).statusCode).toBe(429);
    const failed = (await audit()).filter((e) => e.action === 'two-step.failed');
    expect(failed.map((e) => e.detail?.reason)).toEqual(expect.arrayContaining(['wrong', 'locked']));
    expect(failed[0]).toMatchObject({ actor: agent, detail: { address: '10.0.0.7' } });
  });

  it('turns off with a current code or the password; a wrong one is refused and counted', async () => {
    const { account, send, session, setUp, code, clock, audit } = await service();
    const agent = await account('agent');
    const here = await session(agent);
    const { secret } = await setUp(here);
    clock.later(30_000);
    const wrong = await send('DELETE', '/api/desk/two-step', here, { password: 'not my password' });
    expect(wrong.json()).toMatchObject({ error: 'wrong-password', field: 'password' });
    expect((await send('DELETE', '/api/desk/two-step', here, { code: '000000' })).json()).toMatchObject({
      error: 'wrong-code',
    });
    expect((await send('DELETE', '/api/desk/two-step', here, { code: code(secret) })).statusCode).toBe(204);
    expect((await send('GET', '/api/desk/two-step', here)).json().on).toBe(false);
    expect((await send('DELETE', '/api/desk/two-step', here, { password: PASSWORD })).json()).toMatchObject({
      error: 'not-on',
    });
    await setUp(here);
    expect((await send('DELETE', '/api/desk/two-step', here, { password: PASSWORD })).statusCode).toBe(204);
    const entries = await audit();
    expect(entries.filter((e) => e.action === 'two-step.off').map((e) => e.detail?.by)).toEqual(['password', 'code']);
    expect(entries.filter((e) => e.action === 'two-step.failed')).toHaveLength(2);
  });

  it('makes new recovery codes with a code or the password: the old stop working, the new work once; a wrong proof is counted', async () => {
    const { account, send, password, session, setUp, code, clock, audit } = await service();
    const agent = await account('agent');
    const here = await session(agent);
    const { secret, on } = await setUp(here);
    // Addresses of its own: on PostgreSQL the file's tests share one database, and its lock-out table.
    const renew = (proof: object, remoteAddress = '10.0.2.1') =>
      send('POST', '/api/desk/two-step/recovery-codes', here, proof, remoteAddress);
    const signInWith = async (typed: string) => {
      const pending = cookieOf(await password(agent, PASSWORD, '10.0.2.1'), 'desk_pending_sign_in')!;
      return send('POST', '/api/session/code', pending, { code: typed }, '10.0.2.1');
    };
    clock.later(30_000);
    expect((await renew({ password: 'not my password' })).json()).toMatchObject({ error: 'wrong-password' });
    expect((await renew({ code: '000000' })).json()).toMatchObject({ error: 'wrong-code' });
    const byCode = await renew({ code: code(secret) });
    expect(byCode.statusCode, byCode.body).toBe(200);
    const fresh = byCode.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => on.recoveryCodes.includes(c))).toEqual([]);
    expect((await send('GET', '/api/desk/two-step', here)).json()).toMatchObject({ on: true, recoveryCodesLeft: 10 });
    expect((await signInWith(on.recoveryCodes[0])).json()).toMatchObject({ error: 'wrong-code' });
    expect((await signInWith(fresh[0])).json()).toMatchObject({ email: agent, recoveryCodesLeft: 9 });
    expect((await signInWith(fresh[0])).json()).toMatchObject({ error: 'wrong-code' });
    const byPassword = await renew({ password: PASSWORD });
    expect(byPassword.statusCode, byPassword.body).toBe(200);
    expect((await signInWith(fresh[1])).json()).toMatchObject({ error: 'wrong-code' });
    expect((await signInWith(byPassword.json().recoveryCodes[1])).statusCode).toBe(200);
    const entries = await audit();
    expect(entries.filter((e) => e.action === 'two-step.recovery-codes').map((e) => e.detail)).toEqual([
      { by: 'password', recoveryCodes: 10 },
      { by: 'code', recoveryCodes: 10 },
    ]);
    expect(entries.filter((e) => e.action === 'two-step.failed' && e.detail?.newRecoveryCodes)).toHaveLength(2);
    // Wrong proofs are failed sign-ins: enough of them lock the account out, the right password too.
    const tries = [];
    for (let i = 0; i < 10; i++) tries.push((await renew({ password: 'still not it' }, '10.0.2.2')).statusCode);
    expect(tries).toContain(429);
    expect((await renew({ password: PASSWORD }, '10.0.2.2')).json()).toMatchObject({ error: 'locked' });
    expect((await password(agent, PASSWORD, '10.0.2.3')).statusCode).toBe(429);
  });

  it('makes no recovery codes while it is off', async () => {
    const { account, send, session } = await service();
    const here = await session(await account('agent'));
    const off = await send('POST', '/api/desk/two-step/recovery-codes', here, { password: PASSWORD });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({ error: 'not-on' });
  });

  it('DESK_REQUIRE_2FA: an admin sets it up right after the password, and only then has a session; never locked out', async () => {
    const { h, clock, account, send, password, code, audit } = await service();
    expect(h.config.deskRequire2fa).toBe('admins');
    const admin = await account('admin');
    const agent = await account('agent');
    // An agent is not asked; an admin's session from before the rule stays until the admin sets it up.
    expect((await password(agent)).statusCode).toBe(200);
    const adminId = (await h.store.desk.userByEmail({ email: admin }))!.id;
    await h.store.desk.createSession({
      tokenHash: 'f'.repeat(64),
      userId: adminId,
      now: clock.now(),
      expiresAt: clock.now() + 3_600_000,
    });

    const first = await password(admin);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toEqual({ next: 'setup', expiresAt: new Date(clock.now() + 15 * 60_000).toISOString() });
    const pending = cookieOf(first, 'desk_pending_sign_in')!;
    expect((await send('GET', '/api/desk/leads', pending)).statusCode).toBe(401);
    expect((await send('GET', '/api/desk/two-step', pending)).statusCode).toBe(401);
    // A code step is not this sign-in's next step.
    expect((await send('POST', '/api/session/code', pending, { code: '123456' })).json()).toMatchObject({
      error: 'no-pending-sign-in',
    });
    const key = await send('POST', '/api/desk/two-step/setup', pending);
    expect(key.statusCode, key.body).toBe(200);
    const secret = fromBase32(key.json().secret)!;
    const on = await send('PUT', '/api/desk/two-step', pending, { code: code(secret) });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ sessionsEnded: 1, session: { email: admin, role: 'admin' } });
    expect(on.json().recoveryCodes).toHaveLength(10);
    const signedIn = cookieOf(on, 'desk_session')!;
    expect((await send('GET', '/api/desk/leads', signedIn)).statusCode).toBe(200);
    expect((await send('GET', '/api/desk/two-step', signedIn)).json()).toMatchObject({ on: true, required: true });
    expect(await h.store.desk.session({ tokenHash: 'f'.repeat(64), now: clock.now() })).toBeNull();
    // Required: it stays on.
    const off = await send('DELETE', '/api/desk/two-step', signedIn, { password: PASSWORD });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({ error: 'two-step-required' });
    // The next sign-in asks for the code.
    clock.later(30_000);
    expect((await password(admin)).json()).toMatchObject({ next: 'code' });
    const entries = await audit();
    expect(entries.find((e) => e.action === 'two-step.on')).toMatchObject({ actor: admin, detail: { atSignIn: true } });
    expect(entries.find((e) => e.action === 'sign-in' && e.actor === admin)).toMatchObject({
      detail: { secondStep: 'setup' },
    });
  });

  it('DESK_REQUIRE_2FA=all asks agents too; off asks nobody (who has it still gives a code)', async () => {
    const all = await service('all');
    const agent = await all.account('agent');
    expect((await all.password(agent)).json()).toMatchObject({ next: 'setup' });
    const off = await service('off');
    const admin = await off.account('admin');
    expect((await off.password(admin)).statusCode).toBe(200);
    await off.setUp(await off.session(admin));
    expect((await off.password(admin)).json()).toMatchObject({ next: 'code' });
  });

  it(
    'desk-user 2fa-reset removes it (a lost phone), audited; the next sign-in sets it up again where required',
    async () => {
      const { h, account, password, session, setUp, audit } = await service();
      const admin = await account('admin');
      const agent = await account('agent');
      await setUp(await session(agent));
      const reset = (email: string) =>
        spawnSync(process.execPath, ['server/run.mjs', 'cli/desk-user', '2fa-reset', '--email', email], {
          encoding: 'utf8',
          env: {
            PATH: process.env.PATH,
            HOME: process.env.HOME,
            ...(name === 'SQLite' ? { DATABASE_PATH: h.config.databasePath } : { DATABASE_URL: url() }),
          },
          timeout: patience(150_000),
        });
      expect((await password(agent)).json()).toMatchObject({ next: 'code' });
      const done = reset(agent);
      expect(done.status, done.stderr).toBe(0);
      expect(done.stdout).toContain(`${agent}: two-step sign-in removed`);
      expect((await password(agent)).statusCode).toBe(200);
      expect(reset('nobody@example.com').status).toBe(1);
      // An admin reset sets it up again at the next sign-in.
      expect(reset(admin).stdout).toContain('had no two-step sign-in on');
      expect((await password(admin)).json()).toMatchObject({ next: 'setup' });
      expect((await audit()).find((e) => e.action === 'two-step.reset' && e.detail?.account === agent)).toMatchObject({
        actor: 'desk-user (command line)',
        detail: { wasOn: true },
      });
    },
    patience(240_000),
  );
});

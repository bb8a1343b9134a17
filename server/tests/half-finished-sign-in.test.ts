import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { tokenHash } from '../domain/desk/desk-service.ts';
import { bothDatabases, fixtureHash, testApp, testClock, type Harness } from './harness.ts';
import { patience } from '../../tests/support/slowdown.mjs';

// Issue 56, item 1: a sign-in whose password was right and whose second step is still to come (202, a
// pending cookie) is a session in the making. Whoever holds that cookie must not finish it once the
// owner has changed the password, ended their other sessions, or the service has turned password
// sign-in off. On both databases.
const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a brand new passphrase for the desk';
const { backends, url } = bothDatabases();

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});

const cookieOf = (res: { headers: Record<string, unknown> }, name: string) =>
  [res.headers['set-cookie']]
    .flat()
    .map(String)
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];

describe.each(backends)('a half-finished sign-in on $name', ({ name, env }) => {
  async function service(settings: Record<string, string> = {}) {
    const clock = testClock();
    const h = await testApp({ DESK_REQUIRE_2FA: 'admins', ...env(), ...settings }, { now: clock.now });
    cleanups.push(h.close);
    const origin = new URL(h.config.publicUrl).origin;
    const email = `admin-${Math.random().toString(36).slice(2, 8)}@example.com`;
    await h.store.desk.addUser({ email, passwordHash: fixtureHash(PASSWORD), now: clock.now(), role: 'admin' });
    const send = (method: string, path: string, cookie = '', body?: unknown) =>
      h.app.inject({
        method: method as 'GET',
        url: path,
        headers: { origin, cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { payload: JSON.stringify(body) }),
      });
    /** The password, right: 202 and the pending cookie (an admin with no second factor sets one up next). */
    const halfway = async () => {
      const res = await send('POST', '/api/session', '', { email, password: PASSWORD });
      expect(res.statusCode, res.body).toBe(202);
      return cookieOf(res, 'desk_pending_sign_in')!;
    };
    /** What an attacker holding the pending cookie tries: a key of their own, to finish the sign-in. */
    const finishes = async (pending: string) => (await send('POST', '/api/desk/two-step/setup', pending)).statusCode;
    return { h, clock, email, send, halfway, finishes };
  }

  it('ends when the owner changes the password from the desk, and is counted among the sessions ended', async () => {
    const { h, clock, email, send, halfway, finishes } = await service();
    const pending = await halfway();
    // The owner, signed in elsewhere (a session from before DESK_REQUIRE_2FA), changes the password.
    const token = randomBytes(32).toString('base64url');
    const userId = (await h.store.desk.userByEmail({ email }))!.id;
    await h.store.desk.createSession({
      tokenHash: tokenHash(token),
      userId,
      now: clock.now(),
      expiresAt: clock.now() + 3_600_000,
    });
    const changed = await send('PUT', '/api/desk/password', `desk_session=${token}`, {
      current: PASSWORD,
      password: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ sessionsEnded: 1 });
    expect(await finishes(pending)).toBe(401);
  });

  it('ends when the owner ends their other sessions', async () => {
    const { h, clock, email, send, halfway, finishes } = await service();
    const pending = await halfway();
    const token = randomBytes(32).toString('base64url');
    const userId = (await h.store.desk.userByEmail({ email }))!.id;
    await h.store.desk.createSession({
      tokenHash: tokenHash(token),
      userId,
      now: clock.now(),
      expiresAt: clock.now() + 3_600_000,
    });
    const ended = await send('DELETE', '/api/desk/sessions', `desk_session=${token}`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await finishes(pending)).toBe(401);
  });

  it(
    'ends when an operator sets a new password with desk-user, which counts it',
    async () => {
      const { h, email, halfway, finishes } = await service();
      const pending = await halfway();
      const done = spawnSync(process.execPath, ['server/run.mjs', 'cli/desk-user', 'password', '--email', email], {
        encoding: 'utf8',
        input: NEW_PASSWORD,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          ...(name === 'SQLite' ? { DATABASE_PATH: h.config.databasePath } : { DATABASE_URL: url() }),
        },
      });
      expect(done.status, done.stderr).toBe(0);
      expect(done.stdout).toContain('1 session ended');
      expect(await finishes(pending)).toBe(401);
    },
    patience(240_000),
  );

  it('cannot finish once password sign-in is off, as after a restart with DESK_PASSWORD_SIGNIN=off', async () => {
    const open = await service();
    expect(await open.finishes(await open.halfway())).toBe(200);
    // The same database's half-done sign-in, read by a service that no longer takes passwords.
    const { h, clock, email, finishes } = await service({
      DESK_PASSWORD_SIGNIN: 'off',
      DESK_OIDC_ISSUER: 'http://127.0.0.1:9/',
      DESK_OIDC_CLIENT_ID: 'desk',
      DESK_OIDC_CLIENT_SECRET: 'desk-secret',
      DESK_OIDC_DOMAINS: 'example.com',
    });
    const token = randomBytes(32).toString('base64url');
    await startPending(h, email, token, clock.now());
    expect(await finishes(`desk_pending_sign_in=${token}`)).toBe(401);
  });
});

async function startPending(h: Harness, email: string, token: string, now: number) {
  const userId = (await h.store.desk.userByEmail({ email }))!.id;
  await h.store.twoStep.startPending({
    tokenHash: tokenHash(token),
    userId,
    next: 'setup',
    now,
    expiresAt: now + 15 * 60_000,
    clientIp: '10.0.0.1',
    userAgent: null,
  });
}

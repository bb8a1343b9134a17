import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT, misbehavingIssuer, signInAtProvider } from '../../tests/support/openid-providers.ts';
import { bothDatabases, fixtureHash, testApp, testClock } from './harness.ts';

// Issue 56, item 8: over https the desk's cookies are `__Host-` cookies (Secure, Path=/, no Domain), which
// a page on a sibling subdomain, or on another port over plain http, cannot set; a cookie of the bare name
// is then not read, so such a page cannot plant a session or a single sign-on's state. "Over https" is
// the service's own reading: a trusted proxy's X-Forwarded-Proto (TRUST_PROXY). Over plain http the
// names are the bare ones (desk.test.ts, desk-single-sign-on.test.ts). On both databases.
const SITE = 'https://desk.example';
const CALLBACK = `${SITE}/desk/sso/callback`;
const PASSWORD = 'correct horse battery staple';
const HTTPS = { 'x-forwarded-proto': 'https' };
const { backends } = bothDatabases();

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});

const cookiesOf = (res: { headers: Record<string, unknown> }) => [res.headers['set-cookie'] ?? []].flat().map(String);
const named = (res: { headers: Record<string, unknown> }, name: string) =>
  cookiesOf(res).find((c) => c.startsWith(`${name}=`));
const valueOf = (line: string | undefined) => line?.split(';')[0].split('=')[1] ?? '';

describe.each(backends)('the desk’s cookies over https on $name', ({ env }) => {
  async function service(settings: Record<string, string> = {}) {
    const clock = testClock();
    const h = await testApp({ TRUST_PROXY: '1', PUBLIC_URL: SITE, ...env(), ...settings }, { now: clock.now });
    cleanups.push(h.close);
    const email = `desk-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const send = (method: string, url: string, headers: Record<string, string> = {}, body?: unknown) =>
      h.app.inject({
        method: method as 'GET',
        url,
        headers: { origin: SITE, ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { payload: JSON.stringify(body) }),
      });
    const signIn = (headers: Record<string, string> = HTTPS) =>
      send('POST', '/api/session', headers, { email, password: PASSWORD });
    return { h, clock, email, send, signIn };
  }

  it('names the session __Host-desk_session, Secure, Path=/ and no Domain; a bare desk_session is not read', async () => {
    const { h, clock, email, send, signIn } = await service();
    await h.store.desk.addUser({ email, passwordHash: fixtureHash(PASSWORD), now: clock.now() });
    const res = await signIn();
    expect(res.statusCode, res.body).toBe(200);
    const line = named(res, '__Host-desk_session');
    expect(line).toMatch(/^__Host-desk_session=[\w-]{43}; Max-Age=43200; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    expect(named(res, 'desk_session')).toBeUndefined();
    const token = valueOf(line);

    const me = await send('GET', '/api/session', { ...HTTPS, cookie: `__Host-desk_session=${token}` });
    expect(me.json()).toMatchObject({ email });
    // The same token under the bare name, as a sibling subdomain's page could set it: no session.
    const bare = await send('GET', '/api/session', { ...HTTPS, cookie: `desk_session=${token}` });
    expect(bare.statusCode).toBe(204);
    expect(bare.headers['set-cookie']).toBeUndefined();
    expect((await send('GET', '/api/desk/leads', { ...HTTPS, cookie: `desk_session=${token}` })).statusCode).toBe(401);
    // A bare one sent first does not shadow the real one.
    const both = await send('GET', '/api/session', {
      ...HTTPS,
      cookie: `desk_session=planted; __Host-desk_session=${token}`,
    });
    expect(both.json()).toMatchObject({ email });

    const out = await send('DELETE', '/api/session', { ...HTTPS, cookie: `__Host-desk_session=${token}` });
    expect(out.statusCode).toBe(204);
    expect(named(out, '__Host-desk_session')).toMatch(/^__Host-desk_session=; Max-Age=0; Path=\/; HttpOnly; Secure;/);
  });

  it('keeps the bare names when https is only claimed: X-Forwarded-Proto from a proxy TRUST_PROXY does not name', async () => {
    const { h, clock, email, signIn } = await service({ TRUST_PROXY: '' });
    await h.store.desk.addUser({ email, passwordHash: fixtureHash(PASSWORD), now: clock.now() });
    const res = await signIn();
    expect(res.statusCode, res.body).toBe(200);
    expect(named(res, 'desk_session')).toMatch(/; Path=\/api; HttpOnly; SameSite=Strict$/);
    expect(named(res, '__Host-desk_session')).toBeUndefined();
  });

  it('names the pending sign-in __Host-desk_pending_sign_in; its bare name opens no second step', async () => {
    const { h, clock, email, send, signIn } = await service({ DESK_REQUIRE_2FA: 'admins' });
    await h.store.desk.addUser({ email, passwordHash: fixtureHash(PASSWORD), now: clock.now(), role: 'admin' });
    const res = await signIn();
    expect(res.statusCode, res.body).toBe(202);
    const line = named(res, '__Host-desk_pending_sign_in');
    expect(line).toMatch(
      /^__Host-desk_pending_sign_in=[\w-]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
    );
    const token = valueOf(line);
    const setup = (cookie: string) => send('POST', '/api/desk/two-step/setup', { ...HTTPS, cookie });
    expect((await setup(`desk_pending_sign_in=${token}`)).statusCode).toBe(401);
    expect((await setup(`__Host-desk_pending_sign_in=${token}`)).statusCode).toBe(200);
  });

  it('keeps the single sign-on’s state and refusal in __Host- cookies; bare-named ones are not read', async () => {
    const issuer = await misbehavingIssuer((claims) => claims);
    cleanups.push(issuer.close);
    const { send } = await service({
      DESK_OIDC_ISSUER: issuer.issuer,
      DESK_OIDC_CLIENT_ID: CLIENT.id,
      DESK_OIDC_CLIENT_SECRET: CLIENT.secret,
      DESK_OIDC_DOMAINS: 'example.com',
    });
    const start = async () => {
      const res = await send('GET', '/desk/sso', HTTPS);
      expect(res.statusCode, res.body).toBe(303);
      const line = named(res, '__Host-desk_sso');
      expect(line).toMatch(
        /^__Host-desk_sso=[\w-]+\.[\w-]+\.[\w-]+; Max-Age=600; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
      );
      const back = await signInAtProvider(String(res.headers.location), 'any', CALLBACK);
      return { state: valueOf(line), back: `${back.pathname}${back.search}` };
    };

    // The provider's answer with the login state under the bare name (planted): refused, and said so.
    const planted = await start();
    const refused = await send('GET', planted.back, { ...HTTPS, cookie: `desk_sso=${planted.state}` });
    expect(refused.statusCode).toBe(303);
    expect(named(refused, '__Host-desk_session')).toBeUndefined();
    const refusal = named(refused, '__Host-desk_sso_refusal');
    expect(refusal).toMatch(/^__Host-desk_sso_refusal=[\w:.-]+; Max-Age=300; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    const said = (cookie: string) => send('GET', '/api/desk/sign-in', { ...HTTPS, cookie });
    expect((await said(`desk_sso_refusal=${valueOf(refusal)}`)).json().refusal).toBeNull();
    expect((await said(`__Host-desk_sso_refusal=${valueOf(refusal)}`)).json().refusal).toEqual(expect.any(String));

    const started = await start();
    const done = await send('GET', started.back, { ...HTTPS, cookie: `__Host-desk_sso=${started.state}` });
    expect(done.statusCode).toBe(303);
    expect(named(done, '__Host-desk_session')).toMatch(/; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    expect(named(done, '__Host-desk_sso')).toMatch(/^__Host-desk_sso=; Max-Age=0; Path=\/;/);
  });
});

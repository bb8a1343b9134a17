import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT, misbehavingIssuer, signInAtProvider } from '../../tests/support/openid-providers.ts';
import { bothDatabases, fixtureHash, post, testApp } from './harness.ts';
import { CALLBACK, cookiesOf, pair, PUBLIC_URL, ssoDesk, type DeskOptions } from './single-sign-on-desk.ts';

// Issue 47, item 1: single sign-on to the desk with OpenID Connect, against a real provider on this
// machine (oidc-provider) and, for what no real provider sends, an issuer whose ID tokens the test writes.
const { backends } = bothDatabases();

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});

describe.each(backends)('desk single sign-on on $name', ({ env }) => {
  const desk = (options?: DeskOptions) => ssoDesk(env, cleanups, options);

  it('signs a person in from the link: PKCE, state and nonce kept in a Lax cookie for the callback only; a first sign-in makes an agent', async () => {
    const { h, people, get, start, signIn, audit } = await desk();
    const started = await start();
    const asked = new URL(started.location);
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: CLIENT.id,
      redirect_uri: CALLBACK,
      scope: 'openid email',
      code_challenge_method: 'S256',
    });
    expect(asked.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(asked.searchParams.get('state')).toMatch(/^[\w-]{16,}$/);
    expect(asked.searchParams.get('nonce')).toMatch(/^[\w-]{16,}$/);
    expect(started.line).toMatch(
      /^desk_sso=[\w-]+\.[\w-]+\.[\w-]+; Max-Age=600; Path=\/desk\/sso\/callback; HttpOnly; SameSite=Lax$/,
    );
    // The verifier never leaves in the URL.
    expect(started.location).not.toContain(pair(started.line).split('.')[2]);

    const { res } = await signIn('asha');
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/desk/');
    const cookies = cookiesOf(res);
    expect(cookies).toContainEqual(
      expect.stringMatching(/^desk_sso=; Max-Age=0; Path=\/desk\/sso\/callback; HttpOnly; SameSite=Lax$/),
    );
    const session = cookies.find((c) => c.startsWith('desk_session='));
    expect(session).toMatch(/; Max-Age=43200; Path=\/api; HttpOnly; SameSite=Strict$/);
    const me = await get('/api/session', pair(session));
    expect(me.json()).toMatchObject({ email: people.asha.email, role: 'agent' });
    const devices = await get('/api/desk/sessions', pair(session));
    expect(devices.json().sessions[0]).toMatchObject({ device: 'Chrome on macOS', current: true });

    // Signing in again opens the same account; nothing new is made.
    expect((await signIn('asha')).res.statusCode).toBe(303);
    const entries = (await audit()).filter((e) => e.actor === people.asha.email);
    expect(entries.map((e) => [e.action, e.detail])).toEqual([
      ['account.add', { account: people.asha.email, role: 'agent', how: 'single sign-on' }],
      ['sign-in', { method: 'sso' }],
      ['sign-in', { method: 'sso' }],
    ]);
    expect(
      (await h.store.desk.listUsers({ now: Date.now() })).filter((u) => u.email === people.asha.email),
    ).toHaveLength(1);
  });

  it('signs an existing account in by its email, whatever its case, keeping its role', async () => {
    const { h, people, get, signIn } = await desk();
    const email = people.boss.email.toLowerCase();
    await h.store.desk.addUser({ email, passwordHash: fixtureHash('not used here at all'), now: 0, role: 'admin' });
    const { res } = await signIn('boss');
    const me = await get('/api/session', pair(cookiesOf(res).find((c) => c.startsWith('desk_session='))));
    expect(me.json()).toMatchObject({ email, role: 'admin' });
  });

  it('refuses a replayed state: the login-state cookie is cleared at the first use, and the code is spent', async () => {
    const { signIn, callback, said, audit, people } = await desk();
    const first = await signIn('asha');
    expect(first.res.statusCode).toBe(303);
    const signIns = (await audit()).filter((e) => e.action === 'sign-in').length;
    // The browser holds no login state any more: the same answer again is refused before the provider is asked.
    const again = await callback(first.back);
    expect(await said(again)).toBe(
      'That sign-in with Example ID took longer than 10 minutes or was already used. Start again.',
    );
    // Even with the spent cookie replayed (someone who copied both), the provider refuses the spent code.
    const copied = await callback(first.back, pair(first.started.line));
    expect(await said(copied)).toBe('Example ID did not sign you in. Try again, or ask your desk admin.');
    const entries = await audit();
    expect(entries.filter((e) => e.action === 'sign-in')).toHaveLength(signIns);
    expect(entries.filter((e) => e.action === 'sign-in.failed').map((e) => e.detail)).toEqual([
      { method: 'sso', reason: 'expired', address: '127.0.0.1' },
      { method: 'sso', reason: 'provider', address: '127.0.0.1' },
    ]);
    expect(people.asha.email).toContain('@example.com');
  });

  it('refuses an answer for a sign-in this browser did not start (another state)', async () => {
    const { start, callback, said } = await desk();
    const mine = await start();
    const theirs = await start();
    const back = await signInAtProvider(theirs.location, 'asha', CALLBACK);
    expect(await said(await callback(back, pair(mine.line)))).toBe(
      'That answer from Example ID does not belong to the sign-in this browser started. Start again.',
    );
  });

  it('refuses an email the provider has not verified, and a domain not allowed, making no account', async () => {
    const { h, people, signIn, said, audit } = await desk();
    expect(await said((await signIn('ravi')).res)).toBe("Your Example ID account's email is not verified.");
    expect(await said((await signIn('omar')).res)).toBe('other.org accounts are not allowed on this desk.');
    expect(await h.store.desk.userByEmail({ email: people.ravi.email })).toBeNull();
    expect(await h.store.desk.userByEmail({ email: people.omar.email })).toBeNull();
    expect((await audit()).map((e) => [e.actor, e.action, e.detail?.reason])).toEqual([
      [people.ravi.email, 'sign-in.failed', 'unverified'],
      [people.omar.email, 'sign-in.failed', 'domain'],
    ]);
  });

  it.each([
    {
      what: 'a wrong audience',
      claims: (c: Record<string, unknown>) => ({ ...c, aud: 'another-application' }),
      sentence:
        'Example ID answered for another application, not this desk. Ask your desk admin to check DESK_OIDC_CLIENT_ID.',
    },
    {
      what: 'an expired token',
      claims: (c: Record<string, unknown>) => ({ ...c, iat: Number(c.iat) - 3600, exp: Number(c.iat) - 1800 }),
      sentence: "Example ID's answer had expired. Start again (and check this computer's clock).",
    },
    {
      what: 'another issuer',
      claims: (c: Record<string, unknown>) => ({ ...c, iss: 'https://accounts.google.com' }),
      sentence: 'The answer did not come from Example ID. Nobody was signed in.',
    },
    {
      what: 'another nonce',
      claims: (c: Record<string, unknown>) => ({ ...c, nonce: 'a-nonce-of-another-sign-in' }),
      sentence: 'That answer from Example ID was for another sign-in. Start again.',
    },
  ])('refuses an ID token with $what', async ({ claims, sentence }) => {
    const issuer = await misbehavingIssuer(claims);
    cleanups.push(issuer.close);
    const { h, start, callback, said } = await desk({ issuer: issuer.issuer });
    const started = await start();
    const back = await signInAtProvider(started.location, 'any', CALLBACK);
    expect(await said(await callback(back, pair(started.line)))).toBe(sentence);
    expect(await h.store.desk.userByEmail({ email: 'asha@example.com' })).toBeNull();
  });

  it('signs in through the same issuer when its token is right (the misbehaving issuer is a fair test)', async () => {
    const issuer = await misbehavingIssuer((c) => c);
    cleanups.push(issuer.close);
    const { start, callback } = await desk({ issuer: issuer.issuer });
    const started = await start();
    const res = await callback(await signInAtProvider(started.location, 'any', CALLBACK), pair(started.line));
    expect(cookiesOf(res).some((c) => c.startsWith('desk_session='))).toBe(true);
  });

  it('says so when the provider goes down between the link and the answer', async () => {
    const issuer = await misbehavingIssuer((c) => c);
    const { start, callback, said } = await desk({ issuer: issuer.issuer });
    const started = await start();
    const back = await signInAtProvider(started.location, 'any', CALLBACK);
    await issuer.close();
    expect(await said(await callback(back, pair(started.line)))).toBe(
      'Example ID could not be reached. Try again in a minute.',
    );
  });

  it('says so when the provider cannot be reached, and turns the password form off when asked', async () => {
    const gone = await misbehavingIssuer((c) => c);
    await gone.close();
    const { get, said } = await desk({ issuer: gone.issuer, settings: { DESK_PASSWORD_SIGNIN: 'off' } });
    expect(await said(await get('/desk/sso'))).toBe('Example ID could not be reached. Try again in a minute.');
    const options = await get('/api/desk/sign-in');
    expect(options.json()).toEqual({
      password: false,
      singleSignOn: { name: 'Example ID', href: '/desk/sso' },
      refusal: null,
    });
    const h = (await desk({ issuer: gone.issuer, settings: { DESK_PASSWORD_SIGNIN: 'off' } })).h;
    const tried = await post(
      h,
      '/api/session',
      { email: 'a@example.com', password: 'whatever it is' },
      { origin: PUBLIC_URL },
    );
    expect(tried.statusCode).toBe(403);
    expect(tried.json()).toMatchObject({ error: 'password-sign-in-off' });
  });
});

describe('the desk without single sign-on', () => {
  it('offers the password form only, and its link leads back to the sign-in page with why', async () => {
    const h = await testApp();
    cleanups.push(h.close);
    const options = await h.app.inject({ method: 'GET', url: '/api/desk/sign-in' });
    expect(options.json()).toEqual({ password: true, singleSignOn: null, refusal: null });
    const res = await h.app.inject({ method: 'GET', url: '/desk/sso' });
    expect(res.statusCode).toBe(303);
    const refusal = pair(cookiesOf(res).find((c) => c.startsWith('desk_sso_refusal=')));
    const said = await h.app.inject({ method: 'GET', url: '/api/desk/sign-in', headers: { cookie: refusal } });
    expect(said.json().refusal).toBe('Single sign-on is not set up on this desk.');
    expect(cookiesOf(said)).toContainEqual(
      expect.stringMatching(/^desk_sso_refusal=; Max-Age=0; Path=\/api\/desk\/sign-in;/),
    );
  });
});

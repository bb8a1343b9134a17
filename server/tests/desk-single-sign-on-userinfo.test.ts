import { afterEach, describe, expect, it } from 'vitest';
import { bothDatabases } from './harness.ts';
import { ssoDesk, type DeskOptions } from './single-sign-on-desk.ts';

// Issue 56, item 5: oidc-provider in its default configuration keeps the email in UserInfo, not in the
// ID token (OpenID Connect Core 5.4 allows it when an access token is issued), and every sign-in ended
// "…gave no email address…". The desk now asks UserInfo when the token lacks the email or its proof, for
// the token's own subject only.
const { backends } = bothDatabases();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});

const payloadOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString());

describe.each(backends)('desk single sign-on with the email in UserInfo, on $name', ({ env }) => {
  const desk = (options?: DeskOptions) => ssoDesk(env, cleanups, options);

  it('signs in with a provider in its default configuration: the email and its proof come from UserInfo', async () => {
    const idTokens: string[] = [];
    const { people, provider, get, signIn, sessionOf, audit } = await desk({
      provider: { change: { token: (answer) => (idTokens.push(answer.id_token!), answer) } },
    });
    const { res } = await signIn('asha');
    expect(res.headers.location).toBe('/desk/');
    const me = await get('/api/session', sessionOf(res));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: people.asha.email, role: 'agent' });
    // The provider's own default: the ID token names the subject only, and the desk asked UserInfo.
    expect(idTokens).toHaveLength(1);
    expect(payloadOf(idTokens[0])).toMatchObject({ sub: 'asha' });
    expect(payloadOf(idTokens[0])).not.toHaveProperty('email');
    expect(provider!.asked).toContain('/me');
    expect((await audit()).map((e) => [e.actor, e.action])).toEqual([
      [people.asha.email, 'account.add'],
      [people.asha.email, 'sign-in'],
    ]);
  });

  it("refuses an email UserInfo says is not verified, as the token's own claim would be", async () => {
    const { people, signIn, said, audit } = await desk();
    expect(await said((await signIn('ravi')).res)).toBe("Your Example ID account's email is not verified.");
    expect((await audit()).map((e) => [e.actor, e.detail?.reason])).toEqual([[people.ravi.email, 'unverified']]);
  });

  it('asks no UserInfo when the ID token holds the email and its proof', async () => {
    const { people, provider, get, signIn, sessionOf } = await desk({ provider: { emailInIdToken: true } });
    const { res } = await signIn('asha');
    expect((await get('/api/session', sessionOf(res))).json()).toMatchObject({ email: people.asha.email });
    expect(provider!.asked).not.toContain('/me');
  });

  it('refuses a UserInfo about another subject than the ID token, makes no account, and audits why', async () => {
    // Asha signs in; UserInfo answers about someone else (a provider at fault, or something between).
    const other = { sub: 'boss', email: 'boss-of-the-desk@example.com', email_verified: true };
    const { h, signIn, said, audit } = await desk({
      provider: { change: { userinfo: (answer) => ({ ...answer, ...other }) } },
    });
    expect(await said((await signIn('asha')).res)).toBe(
      'Example ID described another account than the one that signed in. Nobody was signed in.',
    );
    expect(await h.store.desk.userByEmail({ email: other.email })).toBeNull();
    expect((await audit()).map((e) => [e.actor, e.action, e.detail])).toEqual([
      ['(single sign-on)', 'sign-in.failed', { method: 'sso', reason: 'subject', address: '127.0.0.1' }],
    ]);
  });
});

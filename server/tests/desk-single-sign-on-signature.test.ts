import { afterEach, describe, expect, it } from 'vitest';
import { signedElsewhere, withPayload, type Answer } from '../../tests/support/openid-providers.ts';
import { bothDatabases, fixtureHash } from './harness.ts';
import { ssoDesk, type DeskOptions } from './single-sign-on-desk.ts';

// Issue 56, item 7: the ID token's signature was not checked (openid-client 6 trusts the token endpoint's
// TLS), so a payload changed to an admin's email with the original signature, or a token signed by a key
// the provider never published, gave a session. Now it is checked against the provider's JWKS, against
// oidc-provider on this machine, its token endpoint's answer changed on its way to the desk.
const { backends } = bothDatabases();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});

const ADMIN = 'owner-of-the-desk@example.com';
const forging = (change: (idToken: string) => string) => (answer: Answer) => ({
  ...answer,
  id_token: change(answer.id_token!),
});

describe.each(backends)("desk single sign-on checks the ID token's signature, on $name", ({ env }) => {
  const desk = (options?: DeskOptions) => ssoDesk(env, cleanups, options);
  it.each([
    {
      what: "a payload changed to an admin's email, with the original signature",
      forge: (t: string) => withPayload(t, (claims) => ({ ...claims, email: ADMIN, email_verified: true })),
    },
    {
      what: 'a token signed by a key the provider never published (its own kid)',
      forge: (t: string) =>
        signedElsewhere(
          withPayload(t, (c) => ({ ...c, email: ADMIN, email_verified: true })),
          'own',
        ),
    },
    {
      what: "a token signed by a key the provider never published, under the published key's kid",
      forge: (t: string) =>
        signedElsewhere(
          withPayload(t, (c) => ({ ...c, email: ADMIN, email_verified: true })),
          'published',
        ),
    },
  ])('refuses $what, and audits why', async ({ forge }) => {
    const { h, signIn, said, audit } = await desk({ provider: { change: { token: forging(forge) } } });
    await h.store.desk.addUser({
      email: ADMIN,
      passwordHash: fixtureHash('not used here at all'),
      now: 0,
      role: 'admin',
    });
    const { res } = await signIn('asha');
    expect(await said(res)).toBe("Example ID's answer was not signed with Example ID's keys. Nobody was signed in.");
    expect((await audit()).map((e) => [e.actor, e.action, e.detail])).toEqual([
      ['(single sign-on)', 'sign-in.failed', { method: 'sso', reason: 'signature', address: '127.0.0.1' }],
    ]);
  });

  it('signs in with the token as the provider signed it (the forging is the only change)', async () => {
    const { people, get, signIn, sessionOf } = await desk({ provider: { change: { token: forging((t) => t) } } });
    const { res } = await signIn('asha');
    expect((await get('/api/session', sessionOf(res))).json()).toMatchObject({ email: people.asha.email });
  });
});

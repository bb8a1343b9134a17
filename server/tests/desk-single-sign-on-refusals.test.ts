import { afterEach, describe, expect, it } from 'vitest';
import { misbehavingIssuer, signInAtProvider } from '../../tests/support/openid-providers.ts';
import { bothDatabases } from './harness.ts';
import { CALLBACK, pair, ssoDesk, type DeskOptions } from './single-sign-on-desk.ts';

// Issue 56, item 16: refusals the docs promised and the code did not keep. An ID token issued in the
// future was accepted; a callback's wrong `iss` got the generic sentence; a provider unreachable at
// /desk/sso was not audited, and once its settings were read, a provider that is down sent the browser to
// its address (the browser's own error page) instead of back to the sign-in page with a sentence.
const { backends } = bothDatabases();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0).reverse()) await close();
});

const METRICS_TOKEN = 'metrics-token-of-at-least-thirty-two-chars';
const UNREACHABLE = 'Example ID could not be reached. Try again in a minute.';

describe.each(backends)('desk single sign-on refusals on $name', ({ env }) => {
  const desk = (options?: DeskOptions) => ssoDesk(env, cleanups, options);

  it.each([
    {
      what: 'an hour ahead',
      ahead: 3600,
      sentence: "Example ID's answer is dated in the future. Start again (and check this computer's clock).",
    },
    { what: 'within the clock tolerance (20 s ahead)', ahead: 20, sentence: null },
  ])('an ID token issued $what', async ({ ahead, sentence }) => {
    const issuer = await misbehavingIssuer((c) => ({
      ...c,
      iat: Number(c.iat) + ahead,
      exp: Number(c.iat) + ahead + 300,
    }));
    cleanups.push(issuer.close);
    const { start, callback, said, sessionOf, audit } = await desk({ issuer: issuer.issuer });
    const started = await start();
    const res = await callback(await signInAtProvider(started.location, 'any', CALLBACK), pair(started.line));
    if (sentence === null) {
      expect(sessionOf(res)).toMatch(/^desk_session=/);
      return;
    }
    expect(await said(res)).toBe(sentence);
    expect((await audit()).map((e) => [e.actor, e.detail?.reason])).toEqual([['(single sign-on)', 'token-future']]);
  });

  it.each([
    { what: "another issuer's", iss: (back: URL) => back.searchParams.set('iss', 'https://accounts.google.com') },
    { what: 'none, where the provider says it sends one', iss: (back: URL) => back.searchParams.delete('iss') },
  ])("says a callback's `iss` is wrong when it is $what (RFC 9207)", async ({ iss }) => {
    const { start, callback, said, audit } = await desk();
    const started = await start();
    const back = await signInAtProvider(started.location, 'asha', CALLBACK);
    expect(back.searchParams.get('iss')).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    iss(back);
    expect(await said(await callback(back, pair(started.line)))).toBe(
      'The answer did not come from Example ID. Nobody was signed in.',
    );
    expect((await audit()).map((e) => [e.action, e.detail?.reason])).toEqual([['sign-in.failed', 'issuer']]);
  });

  it('audits and counts a provider that cannot be reached at the link', async () => {
    const gone = await misbehavingIssuer((c) => c);
    await gone.close();
    const { h, get, said, audit } = await desk({ issuer: gone.issuer, settings: { METRICS_TOKEN } });
    expect(await said(await get('/desk/sso'))).toBe(UNREACHABLE);
    expect((await audit()).map((e) => [e.actor, e.action, e.detail])).toEqual([
      ['(single sign-on)', 'sign-in.failed', { method: 'sso', reason: 'unreachable', address: '127.0.0.1' }],
    ]);
    const metrics = await h.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.body).toContain('widgets_desk_sign_in_failures_total{reason="unreachable",step="sso"} 1');
  });

  it('ends on the sign-in page in words when the provider went down after its settings were read', async () => {
    const issuer = await misbehavingIssuer((c) => c);
    const { get, start, said, audit } = await desk({ issuer: issuer.issuer });
    await start();
    await issuer.close();
    const res = await get('/desk/sso');
    expect(res.statusCode).toBe(303);
    expect(await said(res)).toBe(UNREACHABLE);
    expect((await audit()).map((e) => [e.action, e.detail?.reason])).toEqual([['sign-in.failed', 'unreachable']]);
  });
});

// The desk single sign-on tests' service: a desk whose provider is a real one on this machine (or an
// issuer the test names), with the steps a browser takes through it and what the sign-in page is then told.
import { expect } from 'vitest';
import {
  CLIENT,
  openIdProvider,
  signInAtProvider,
  type Account,
  type Changes,
} from '../../tests/support/openid-providers.ts';
import { testApp, testClock } from './harness.ts';

export const PUBLIC_URL = 'http://127.0.0.1:4173';
export const CALLBACK = `${PUBLIC_URL}/desk/sso/callback`;
export const UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

export const cookiesOf = (res: { headers: Record<string, unknown> }) =>
  [res.headers['set-cookie'] ?? []].flat().map(String);
export const pair = (line: string | undefined) => line?.split(';')[0] ?? '';

export type DeskOptions = {
  /** The provider: else a real one with the test's accounts. */
  issuer?: string;
  settings?: Record<string, string>;
  /** The real provider's email in its ID token (else in UserInfo only, its default), and its answers changed. */
  provider?: { emailInIdToken?: boolean; change?: Changes };
  /** More accounts at the real provider, by id. */
  accounts?: Record<string, Account>;
};

/**
 * A desk with single sign-on on the database `env` names; whatever it starts is closed by `cleanups`.
 * The accounts asha, boss, ravi (unverified) and omar (another domain) have emails tagged for the test.
 */
export async function ssoDesk(
  env: () => Record<string, string>,
  cleanups: (() => Promise<void>)[],
  { issuer, settings = {}, provider: options, accounts = {} }: DeskOptions = {},
) {
  const tag = Math.random().toString(36).slice(2, 8);
  const people: Record<string, Account> = {
    asha: { email: `asha-${tag}@example.com`, email_verified: true },
    boss: { email: `Boss-${tag}@Example.com`, email_verified: true },
    ravi: { email: `ravi-${tag}@example.com`, email_verified: false },
    omar: { email: `omar-${tag}@other.org`, email_verified: true },
    ...accounts,
  };
  let provider: Awaited<ReturnType<typeof openIdProvider>> | undefined;
  if (!issuer) {
    provider = await openIdProvider(CALLBACK, people, options);
    cleanups.push(provider.close);
    issuer = provider.issuer;
  }
  const clock = testClock();
  const h = await testApp(
    {
      PUBLIC_URL,
      DESK_OIDC_ISSUER: issuer,
      DESK_OIDC_CLIENT_ID: CLIENT.id,
      DESK_OIDC_CLIENT_SECRET: CLIENT.secret,
      DESK_OIDC_DOMAINS: 'example.com, example.net',
      DESK_OIDC_NAME: 'Example ID',
      ...env(),
      ...settings,
    },
    { now: clock.now },
  );
  cleanups.push(h.close);
  const get = (url: string, cookie?: string) =>
    h.app.inject({ method: 'GET', url, headers: { 'user-agent': UA, ...(cookie && { cookie }) } });
  const start = async () => {
    const res = await get('/desk/sso');
    expect(res.statusCode, res.body).toBe(303);
    return { location: String(res.headers.location), line: cookiesOf(res).find((c) => c.startsWith('desk_sso=')) };
  };
  /** The callback as the browser brings it back, with the login-state cookie it holds (if any). */
  const callback = (back: URL, loginCookie?: string) => get(`${back.pathname}${back.search}`, loginCookie);
  const signIn = async (who: string) => {
    const started = await start();
    const back = await signInAtProvider(started.location, who, CALLBACK);
    return { res: await callback(back, pair(started.line)), back, started };
  };
  /** What the sign-in page is told after a callback's answer: the sentence it shows (once). */
  const said = async (res: { headers: Record<string, unknown> }) => {
    expect(res.headers.location).toBe('/desk/');
    const refusal = cookiesOf(res).find((c) => c.startsWith('desk_sso_refusal='));
    expect(
      cookiesOf(res).some((c) => c.startsWith('desk_session=')),
      'no session',
    ).toBe(false);
    const page = await get('/api/desk/sign-in', pair(refusal));
    expect(page.statusCode).toBe(200);
    return page.json().refusal as string | null;
  };
  /** The session cookie an answer set, if any. */
  const sessionOf = (res: { headers: Record<string, unknown> }) =>
    pair(cookiesOf(res).find((c) => c.startsWith('desk_session=')));
  // PostgreSQL's database is the file's: this test's entries are those after the last one before it.
  const since = (await h.store.audit.list({ limit: 1 }))[0]?.id ?? 0;
  const audit = async () => (await h.store.audit.list({ limit: 50 })).filter((e) => e.id > since).reverse();
  return { h, people, provider, get, start, callback, signIn, said, sessionOf, audit };
}

// The desk's ways in: its own password sign-in, and single sign-on with an OpenID Connect provider
// (Google Workspace, Microsoft Entra, any other), each of which a setting turns off (docs/operations.md).
import type { Reader } from './parse.ts';

/** Hosts a development or test provider may use plain http on; anywhere else the issuer must be https. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
/** A domain name as an email carries it, in lower case (an international one in its xn-- form). */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

/** What the sign-in page calls a provider when DESK_OIDC_NAME is unset: its company's name, else its host. */
export function providerName(issuer: string): string {
  const host = new URL(issuer).hostname;
  if (host === 'accounts.google.com') return 'Google';
  if (/(^|\.)(microsoftonline\.com|microsoftonline\.us|microsoftonline\.cn)$/.test(host)) return 'Microsoft';
  if (/(^|\.)okta\.com$/.test(host)) return 'Okta';
  return host;
}

export function readDeskSignIn(r: Reader) {
  const password = r.oneOf('DESK_PASSWORD_SIGNIN', ['on', 'off'] as const, 'on') === 'on';
  // As written: an issuer is compared exactly, and some end in a slash (r.url would drop it).
  const issuer = r.url('DESK_OIDC_ISSUER', '') && r.value('DESK_OIDC_ISSUER')!;
  const clientId = r.text('DESK_OIDC_CLIENT_ID');
  const clientSecret = r.text('DESK_OIDC_CLIENT_SECRET');
  const domains = r.list('DESK_OIDC_DOMAINS').map((d) => d.toLowerCase().replace(/^@/, ''));
  const name = r.text('DESK_OIDC_NAME');
  if (!issuer) {
    const stray = ['DESK_OIDC_CLIENT_ID', 'DESK_OIDC_CLIENT_SECRET', 'DESK_OIDC_DOMAINS', 'DESK_OIDC_NAME'].filter(
      (setting) => r.value(setting),
    );
    if (stray.length)
      r.fail(stray.join(', '), `${stray.length > 1 ? 'are' : 'is'} set but DESK_OIDC_ISSUER is not.`, null);
    if (!password)
      r.fail(
        'DESK_PASSWORD_SIGNIN',
        'is off and single sign-on is not set up (DESK_OIDC_ISSUER): nobody could sign in.',
        null,
      );
    return { password, sso: null };
  }
  const url = new URL(issuer);
  if (url.protocol !== 'https:' && !LOOPBACK.has(url.hostname))
    r.fail('DESK_OIDC_ISSUER', `"${issuer}" must start with https:// (plain http only on localhost).`, null);
  const missing = Object.entries({ DESK_OIDC_CLIENT_ID: clientId, DESK_OIDC_CLIENT_SECRET: clientSecret })
    .filter(([, v]) => !v)
    .map(([setting]) => setting);
  if (missing.length)
    r.fail(missing.join(', '), `${missing.length > 1 ? 'are' : 'is'} required with DESK_OIDC_ISSUER.`, null);
  // Without a list, every account the provider has (any Gmail address) would get in.
  if (!domains.length)
    r.fail('DESK_OIDC_DOMAINS', 'is required with DESK_OIDC_ISSUER: the email domains allowed in (example.com).', null);
  for (const domain of domains)
    if (!DOMAIN.test(domain))
      r.fail('DESK_OIDC_DOMAINS', `"${domain}" is not an email domain (for example example.com).`, null);
  return {
    password,
    sso: {
      issuer,
      clientId,
      clientSecret,
      domains: [...new Set(domains)],
      /** Shown on the sign-in page's link: "Sign in with {name}". */
      name: name || providerName(issuer),
      /** The provider is on this machine, over http (development and the tests). */
      insecure: url.protocol === 'http:',
    },
  };
}

export type DeskSignIn = ReturnType<typeof readDeskSignIn>;
export type SsoSettings = NonNullable<DeskSignIn['sso']>;

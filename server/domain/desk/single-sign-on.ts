// Single sign-on to the desk with an OpenID Connect provider: the authorization code flow with PKCE
// (S256), `state` and `nonce`, through openid-client. The ID token's issuer, audience, expiry and nonce
// are checked by openid-client, and its signature against the provider's published keys (its JWKS:
// openid-client's non-repudiation checks, since the token endpoint's TLS alone proves nothing once a
// proxy or a bug sits between); that it was not issued in the future, and its email, that the provider
// verified it and that its domain is allowed, here. A first sign-in makes an agent account; the session
// is the password sign-in's own.
import { randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import type { SsoSettings } from '../../config/desk-sign-in.ts';
import type { DeskSession, DeskUser, Store } from '../../storage/index.ts';
import { DESK_POLICY, normaliseEmail, tokenHash } from './desk-service.ts';
import { hashPassword } from './password.ts';
import { NO_METER, type Meter } from '../meter.ts';
import { reasonOf, type SsoRefusal } from './single-sign-on-refusals.ts';

export { refusalSentence, SSO_REASONS, type SsoReason, type SsoRefusal } from './single-sign-on-refusals.ts';

/** Where the provider sends the browser back: {PUBLIC_URL}/desk/sso/callback is the redirect URI to register. */
export const SSO_CALLBACK = '/desk/sso/callback';

/** What the login-state cookie keeps between leaving for the provider and coming back. */
export type PendingSignIn = { state: string; nonce: string; verifier: string };

/** How far the provider's clock may be from ours, in seconds, for an ID token's times (openid-client's default). */
const CLOCK_TOLERANCE_S = 30;

export type SsoResult =
  { ok: true; user: DeskUser; created: boolean; token: string; session: DeskSession } | ({ ok: false } & SsoRefusal);

/** Who signed in, as the provider says: the ID token's claims, and the email with its proof read from one source. */
type Person = { readonly [claim: string]: unknown };

/**
 * The desk's single sign-on with one provider. Its settings are discovered again at each sign-in's start
 * (the sign-in page's link), never at the service's: a provider that is down never stops the service from
 * starting, and a sign-in it could not answer ends on the sign-in page in words, not on the browser's
 * error page at the provider's address.
 */
export function singleSignOn(
  settings: SsoSettings,
  {
    store,
    now,
    redirectUri,
    timeoutMs,
    meter = NO_METER,
  }: { store: Store; now: () => number; redirectUri: string; timeoutMs: number; meter?: Meter },
) {
  let current: client.Configuration | undefined;
  async function discover(): Promise<client.Configuration> {
    const fresh = await client.discovery(
      new URL(settings.issuer),
      settings.clientId,
      { [client.clockTolerance]: CLOCK_TOLERANCE_S },
      client.ClientSecretPost(settings.clientSecret),
      {
        timeout: Math.ceil(timeoutMs / 1000),
        execute: [client.enableNonRepudiationChecks, ...(settings.insecure ? [client.allowInsecureRequests] : [])],
      },
    );
    // The keys already read stay (openid-client reads them again when a token names one it lacks).
    const keys = current && client.getJwksCache(current);
    if (keys) client.setJwksCache(fresh, keys);
    return (current = fresh);
  }

  /**
   * The email and whether the provider verified it, from the ID token; from UserInfo when the token lacks
   * either (OpenID Connect Core 5.4 lets a provider that issues an access token keep them there), for the
   * same subject only. The pair always comes from one source, so one email is never proved by another's flag.
   */
  async function personOf(
    config: client.Configuration,
    tokens: client.TokenEndpointResponse,
    claims: client.IDToken,
  ): Promise<Person> {
    const proved = claims.email_verified !== undefined || claims.xms_edov !== undefined;
    if ((typeof claims.email === 'string' && proved) || !config.serverMetadata().userinfo_endpoint) return claims;
    return client.fetchUserInfo(config, tokens.access_token, claims.sub);
  }

  /** The account this email signs in to, made (an agent, with a password nobody knows) when there is none. */
  async function accountFor(email: string): Promise<{ user: DeskUser; created: boolean }> {
    const found = await store.desk.userByEmail({ email });
    if (found) return { user: found, created: false };
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    const made = await store.desk.addUser({ email, passwordHash, now: now(), role: 'agent' });
    const user = await store.desk.userByEmail({ email });
    return { user: user!, created: made !== 'exists' };
  }

  return {
    name: settings.name,

    /** Where to send the browser, and what to keep for its return (in the login-state cookie). */
    async start(): Promise<{ url: string; pending: PendingSignIn } | ({ ok: false } & SsoRefusal)> {
      let config: client.Configuration;
      try {
        config = await discover();
      } catch {
        meter.signInFailed('unreachable', 'sso');
        return { ok: false, reason: 'unreachable' };
      }
      const pending = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email',
        code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      return { url: url.href, pending };
    },

    /**
     * The provider's answer (the callback's query) for the sign-in `pending` started: a new session, or why
     * not. Without `pending` (never started here, over 10 minutes old, or already used) nothing is asked.
     */
    async finish(
      query: URLSearchParams,
      pending: PendingSignIn | undefined,
      client: { clientIp: string; userAgent?: string },
    ): Promise<SsoResult> {
      // Every refusal counted with the desk's other failed sign-ins (by its reason), for the operators' alerts.
      const result = await this.check(query, pending, client);
      if (!result.ok) meter.signInFailed(result.reason, 'sso');
      return result;
    },

    async check(
      query: URLSearchParams,
      pending: PendingSignIn | undefined,
      { clientIp, userAgent }: { clientIp: string; userAgent?: string },
    ): Promise<SsoResult> {
      if (!pending) return { ok: false, reason: 'expired' };
      if (query.get('state') !== pending.state) return { ok: false, reason: 'state' };
      let person: Person;
      try {
        const config = current ?? (await discover());
        const tokens = await client.authorizationCodeGrant(config, new URL(`${redirectUri}?${query}`), {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) return { ok: false, reason: 'token' };
        // openid-client checks `exp` (and `nbf`) but not a token issued later than now. Its clock, the
        // provider's and ours are the wall clock, whatever the service's own `now`.
        if (claims.iat > Date.now() / 1000 + CLOCK_TOLERANCE_S) return { ok: false, reason: 'token-future' };
        person = await personOf(config, tokens, claims);
      } catch (error) {
        return { ok: false, reason: reasonOf(error) };
      }
      if (typeof person.email !== 'string' || !person.email.includes('@')) return { ok: false, reason: 'no-email' };
      const email = normaliseEmail(person.email);
      // Microsoft Entra sends no email_verified; its optional xms_edov says the domain's owner verified it.
      const verified = person.email_verified === undefined ? person.xms_edov === true : person.email_verified === true;
      if (!verified) return { ok: false, reason: 'unverified', email };
      const domain = email.slice(email.lastIndexOf('@') + 1);
      if (!settings.domains.includes(domain)) return { ok: false, reason: 'domain', email, domain };
      const { user, created } = await accountFor(email);
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const session = {
        userId: user.id,
        email: user.email,
        role: user.role,
        createdAt: at,
        expiresAt: at + DESK_POLICY.sessionMs,
      };
      await store.desk.createSession({
        tokenHash: tokenHash(token),
        userId: user.id,
        now: at,
        expiresAt: session.expiresAt,
        clientIp,
        userAgent: userAgent ?? null,
      });
      return { ok: true, user, created, token, session };
    },
  };
}

export type SingleSignOn = ReturnType<typeof singleSignOn>;

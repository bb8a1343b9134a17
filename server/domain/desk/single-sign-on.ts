// Single sign-on to the desk with an OpenID Connect provider: the authorization code flow with PKCE
// (S256), `state` and `nonce`, through openid-client. The ID token's signature, issuer, audience, expiry
// and nonce are checked by openid-client; its email, that the provider verified it, and that its domain
// is allowed, here. A first sign-in makes an agent account; the session is the password sign-in's own.
import { randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import type { SsoSettings } from '../../config/desk-sign-in.ts';
import type { DeskSession, DeskUser, Store } from '../../storage/index.ts';
import { DESK_POLICY, normaliseEmail, tokenHash } from './desk-service.ts';
import { hashPassword } from './password.ts';
import { NO_METER, type Meter } from '../meter.ts';

/** Where the provider sends the browser back: {PUBLIC_URL}/desk/sso/callback is the redirect URI to register. */
export const SSO_CALLBACK = '/desk/sso/callback';

/** What the login-state cookie keeps between leaving for the provider and coming back. */
export type PendingSignIn = { state: string; nonce: string; verifier: string };

/** Why a single sign-on was refused: the sign-in page says it in a sentence (`refusalSentence`). */
export const SSO_REASONS = [
  'off',
  'expired',
  'state',
  'cancelled',
  'provider',
  'unreachable',
  'audience',
  'issuer',
  'token-expired',
  'nonce',
  'token',
  'no-email',
  'unverified',
  'domain',
] as const;
export type SsoReason = (typeof SSO_REASONS)[number];
export type SsoRefusal = { reason: SsoReason; email?: string; domain?: string };

export type SsoResult =
  { ok: true; user: DeskUser; created: boolean; token: string; session: DeskSession } | ({ ok: false } & SsoRefusal);

/** The sentence a refused single sign-on ends with on the sign-in page. */
export function refusalSentence({ reason, domain }: SsoRefusal, name: string): string {
  const sentences: Record<SsoReason, string> = {
    off: 'Single sign-on is not set up on this desk.',
    expired: `That sign-in with ${name} took longer than 10 minutes or was already used. Start again.`,
    state: `That answer from ${name} does not belong to the sign-in this browser started. Start again.`,
    cancelled: `The sign-in was cancelled at ${name}.`,
    provider: `${name} did not sign you in. Try again, or ask your desk admin.`,
    unreachable: `${name} could not be reached. Try again in a minute.`,
    audience: `${name} answered for another application, not this desk. Ask your desk admin to check DESK_OIDC_CLIENT_ID.`,
    issuer: `The answer did not come from ${name}. Nobody was signed in.`,
    'token-expired': `${name}'s answer had expired. Start again (and check this computer's clock).`,
    nonce: `That answer from ${name} was for another sign-in. Start again.`,
    token: `${name}'s answer could not be checked. Nobody was signed in.`,
    'no-email': `Your ${name} account gave no email address, so the desk cannot tell who you are.`,
    unverified: `Your ${name} account's email is not verified.`,
    domain: `${domain ?? 'Those'} accounts are not allowed on this desk.`,
  };
  return sentences[reason];
}

/** An openid-client failure as a reason: which claim failed, or what could not be reached or was refused. */
function reasonOf(error: unknown): SsoReason {
  if (error instanceof client.AuthorizationResponseError)
    return error.error === 'access_denied' ? 'cancelled' : 'provider';
  if (error instanceof client.ResponseBodyError) return 'provider';
  const code = (error as { code?: unknown })?.code;
  // openid-client wraps oauth4webapi's error, whose cause names the claim (or fetch's, a network failure).
  let claim: unknown;
  let network = false;
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 8;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    claim ??= (e as { claim?: unknown }).claim;
    network ||= e instanceof TypeError || ['AbortError', 'TimeoutError'].includes((e as Error).name);
  }
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return claim === 'exp' ? 'token-expired' : 'token';
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED') {
    if (claim === 'aud' || claim === 'azp') return 'audience';
    if (claim === 'iss') return 'issuer';
    if (claim === 'nonce') return 'nonce';
    return 'token';
  }
  if (code === 'OAUTH_INVALID_RESPONSE' && /state/.test(String((error as Error).message))) return 'state';
  if (network) return 'unreachable';
  return 'token';
}

/**
 * The desk's single sign-on with one provider. The provider's metadata is discovered once, at the first
 * sign-in (again after a failure), so a provider that is down never stops the service from starting.
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
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () =>
    (discovered ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        client.ClientSecretPost(settings.clientSecret),
        {
          timeout: Math.ceil(timeoutMs / 1000),
          ...(settings.insecure && { execute: [client.allowInsecureRequests] }),
        },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      }));

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
        config = await configuration();
      } catch {
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
      let claims: client.IDToken | undefined;
      try {
        const config = await configuration();
        const tokens = await client.authorizationCodeGrant(config, new URL(`${redirectUri}?${query}`), {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
      } catch (error) {
        return { ok: false, reason: reasonOf(error) };
      }
      if (!claims || typeof claims.email !== 'string' || !claims.email.includes('@'))
        return { ok: false, reason: 'no-email' };
      const email = normaliseEmail(claims.email);
      // Microsoft Entra sends no email_verified; its optional xms_edov says the domain's owner verified it.
      const verified = claims.email_verified === undefined ? claims.xms_edov === true : claims.email_verified === true;
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

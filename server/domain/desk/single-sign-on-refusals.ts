// Why a single sign-on was refused, and the sentence the sign-in page says it with: each refusal names
// what failed (the claim, the signature, the provider), so the person and the audit know which.
import * as client from 'openid-client';

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
  'token-future',
  'nonce',
  'signature',
  'subject',
  'token',
  'no-email',
  'unverified',
  'domain',
] as const;
export type SsoReason = (typeof SSO_REASONS)[number];
export type SsoRefusal = { reason: SsoReason; email?: string; domain?: string };

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
    'token-future': `${name}'s answer is dated in the future. Start again (and check this computer's clock).`,
    nonce: `That answer from ${name} was for another sign-in. Start again.`,
    signature: `${name}'s answer was not signed with ${name}'s keys. Nobody was signed in.`,
    subject: `${name} described another account than the one that signed in. Nobody was signed in.`,
    token: `${name}'s answer could not be checked. Nobody was signed in.`,
    'no-email': `Your ${name} account gave no email address, so the desk cannot tell who you are.`,
    unverified: `Your ${name} account's email is not verified.`,
    domain: `${domain ?? 'Those'} accounts are not allowed on this desk.`,
  };
  return sentences[reason];
}

/**
 * An openid-client failure as a reason: which claim failed, or what could not be reached or was refused.
 * openid-client wraps oauth4webapi's error, whose code, message and cause say what failed (down to fetch's
 * own failure for a network error), so the whole chain of causes is read.
 */
export function reasonOf(error: unknown): SsoReason {
  if (error instanceof client.AuthorizationResponseError)
    return error.error === 'access_denied' ? 'cancelled' : 'provider';
  if (error instanceof client.ResponseBodyError) return 'provider';
  const code = (error as { code?: unknown })?.code;
  let claim: unknown;
  let attribute: unknown;
  let network = false;
  const messages: string[] = [];
  for (
    let e: unknown = error, depth = 0;
    e && typeof e === 'object' && depth < 8;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    claim ??= (e as { claim?: unknown }).claim;
    attribute ??= (e as { attribute?: unknown }).attribute;
    if (e instanceof Error) messages.push(e.message);
    network ||= e instanceof TypeError || ['AbortError', 'TimeoutError'].includes((e as Error).name);
  }
  const said = messages.join(' | ');
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return claim === 'exp' ? 'token-expired' : 'token';
  if (code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED') {
    if (claim === 'aud' || claim === 'azp') return 'audience';
    if (claim === 'iss') return 'issuer';
    if (claim === 'nonce') return 'nonce';
    return 'token';
  }
  // The UserInfo's `sub` is not the ID token's: the details are another account's.
  if (code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED') return attribute === 'sub' ? 'subject' : 'token';
  // No published key fits the token's header, or one fits and the signature is not its.
  if (code === 'OAUTH_KEY_SELECTION_FAILED') return 'signature';
  if (code === 'OAUTH_INVALID_RESPONSE') {
    if (/JWT signature verification failed/.test(said)) return 'signature';
    // The callback's own `iss` (RFC 9207): another issuer's, or missing where the provider says it sends one.
    if (/"iss" \(issuer\)/.test(said)) return 'issuer';
    if (/"state"/.test(said)) return 'state';
  }
  if (network) return 'unreachable';
  return 'token';
}

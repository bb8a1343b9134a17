// The bot check before a text message is sent: Cloudflare Turnstile's token, verified by its API.
// Only when TURNSTILE_SECRET is set; a token is good once.
import type { ServerConfig } from '../../config/settings.ts';
import { Refusal } from '../refusal.ts';

const CHALLENGE = () => new Refusal(403, 'challenge', 'Please complete the check above and try again.');

export async function verifyChallenge(
  { secret, apiUrl }: ServerConfig['turnstile'],
  token: unknown,
  ip: string,
  timeoutMs: number,
): Promise<void> {
  if (!secret) return;
  if (typeof token !== 'string' || !token || token.length > 2048) throw CHALLENGE();
  let outcome: { success?: boolean };
  try {
    const res = await fetch(apiUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret, response: token, remoteip: ip }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    outcome = (await res.json()) as { success?: boolean };
  } catch (error) {
    throw Refusal.providerUnavailable(`Turnstile unreachable: ${(error as Error).name}`);
  }
  if (outcome.success !== true) throw CHALLENGE();
}

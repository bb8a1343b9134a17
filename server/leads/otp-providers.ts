// Who sends and checks the codes: Twilio Verify in production, or the service itself printing the code
// in its log on a developer's machine. Either way only a hash of a code we generate is stored.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config.ts';

/** The provider could not be reached or refused the request: the visitor is told to try again shortly. */
export class ProviderError extends Error {}

export type CheckResult = 'approved' | 'wrong' | 'expired';

export interface OtpProvider {
  /** Prepares a code: the hash to store when the service makes the code itself, and how to send it. */
  prepare(phone: string): Promise<{ codeHash: string | null; send(): Promise<void> }>;
  check(phone: string, code: string, codeHash: string | null): Promise<CheckResult>;
}

export function consoleProvider(secret: () => Promise<string>, log: FastifyBaseLogger): OtpProvider {
  const hash = async (phone: string, code: string) => createHmac('sha256', await secret()).update(`${phone}:${code}`).digest('hex');
  return {
    async prepare(phone) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      return {
        codeHash: await hash(phone, code),
        // By design on a developer's machine: the code reaches the developer through the log.
        send: async () => log.info({ phone, code }, `OTP code for ${phone}: ${code}`),
      };
    },
    async check(phone, code, codeHash) {
      const given = Buffer.from(await hash(phone, code));
      return codeHash !== null && given.length === codeHash.length && timingSafeEqual(given, Buffer.from(codeHash)) ? 'approved' : 'wrong';
    },
  };
}

export function twilioProvider({ accountSid, authToken, serviceSid, apiUrl }: ServerConfig['otp']['twilio'], timeoutMs: number): OtpProvider {
  const post = async (path: string, form: Record<string, string>) => {
    try {
      return await fetch(`${apiUrl}/v2/Services/${encodeURIComponent(serviceSid)}/${path}`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ProviderError(`Twilio Verify unreachable: ${(error as Error).name}`);
    }
  };
  return {
    async prepare(phone) {
      return {
        codeHash: null,
        async send() {
          const res = await post('Verifications', { To: phone, Channel: 'sms' });
          if (!res.ok) throw new ProviderError(`Twilio Verify answered ${res.status}`);
        },
      };
    },
    async check(phone, code) {
      const res = await post('VerificationCheck', { To: phone, Code: code });
      // 404: no pending verification (expired, or already approved).
      if (res.status === 404) return 'expired';
      if (!res.ok) throw new ProviderError(`Twilio Verify answered ${res.status}`);
      const body = (await res.json()) as { status?: string };
      return body.status === 'approved' ? 'approved' : 'wrong';
    },
  };
}

// Who sends and checks the codes: Twilio Verify in production, or the service itself showing the code
// on a developer's machine (on standard error, as the text message it stands for: never in the log).
// Either way only a hash of a code we generate is stored.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../../config/settings.ts';
import { Refusal } from '../refusal.ts';
import type { OtpChannel } from '../../../model/lead.ts';

export type CheckResult = 'approved' | 'wrong' | 'expired';

/** How a code goes: by which channel, and in which of the provider's languages when the form's is one. */
export type Delivery = { channel: OtpChannel; locale?: string };

/** The form's languages Verify speaks too: its message or call in that language, else the country's own. */
const VERIFY_LOCALES = new Set(['en', 'hi']);
export const verifyLocale = (language: string | undefined) => {
  const base = language?.toLowerCase().split('-')[0];
  return base && VERIFY_LOCALES.has(base) ? base : undefined;
};

export interface OtpProvider {
  /** Prepares a code: the hash to store when the service makes the code itself, and how to send it. */
  prepare(phone: string, delivery: Delivery): Promise<{ codeHash: string | null; send(): Promise<void> }>;
  check(phone: string, code: string, codeHash: string | null): Promise<CheckResult>;
}

/** Where the console provider's codes go: the developer's terminal, apart from the log (a test hands its own). */
export type ShowCode = (phone: string, code: string, channel: OtpChannel) => void;
export const showOnTerminal: ShowCode = (phone, code, channel) =>
  void process.stderr.write(`One-time code for ${phone} by ${channel}: ${code} (OTP_PROVIDER=console)\n`);

export function consoleProvider(secret: () => Promise<string>, show: ShowCode = showOnTerminal): OtpProvider {
  const hash = async (phone: string, code: string) =>
    createHmac('sha256', await secret())
      .update(`${phone}:${code}`)
      .digest('hex');
  return {
    async prepare(phone, { channel }) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      return {
        codeHash: await hash(phone, code),
        // The text message's stand-in on a developer's machine: never a log line (the log is kept, shipped and searched).
        send: async () => show(phone, code, channel),
      };
    },
    async check(phone, code, codeHash) {
      const given = Buffer.from(await hash(phone, code));
      return codeHash !== null && given.length === codeHash.length && timingSafeEqual(given, Buffer.from(codeHash))
        ? 'approved'
        : 'wrong';
    },
  };
}

/**
 * Twilio Verify's refusals, as what the visitor can do about them (docs/api.md lists them). A 429 says
 * when to try again, as each of ours does: a verification lives 10 minutes, so its spent sends and checks
 * are forgotten by then; too many requests at once for a number passes within a minute.
 */
const TWILIO_ERRORS: Record<number, [status: number, error: string, message: string, retryAfterSeconds?: number]> = {
  60200: [400, 'number-invalid', 'This number cannot receive text messages. Check it and try again.'],
  60203: [429, 'too-many-sends', 'Too many codes were sent to this number. Please try again later.', 600],
  60212: [429, 'too-many-sends', 'Too many codes were sent to this number. Please try again later.', 60],
  60202: [429, 'too-many-checks', 'Too many tries for this code. Ask for a new one.', 600],
  60410: [403, 'number-blocked', 'We cannot send codes to this number. Please use another number.'],
  60605: [403, 'country-disabled', 'We cannot send codes to this country yet.'],
};
const BUSY = 20429;

export function twilioProvider(
  { accountSid, authToken, serviceSid, apiUrl }: ServerConfig['otp']['twilio'],
  timeoutMs: number,
  log: FastifyBaseLogger,
): OtpProvider {
  const once = async (path: string, form: Record<string, string>) => {
    try {
      return await fetch(`${apiUrl}/v2/Services/${encodeURIComponent(serviceSid)}/${path}`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams(form),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw Refusal.providerUnavailable(`Twilio Verify unreachable: ${(error as Error).name}`);
    }
  };
  const codeOf = async (res: Response) => ((await res.json().catch(() => null)) as { code?: number } | null)?.code;
  /** Posts, retrying once after Twilio's "busy" (20429); maps its refusals to ours. */
  const post = async (path: string, form: Record<string, string>): Promise<Response> => {
    for (let attempt = 1; ; attempt++) {
      const res = await once(path, form);
      if (res.ok || res.status === 404) return res;
      const code = await codeOf(res);
      if (code === BUSY && attempt === 1) {
        await sleep(500);
        continue;
      }
      if (code === BUSY)
        throw new Refusal(503, 'provider-busy', 'Our text message service is busy. Please try again in a minute.');
      const known = code !== undefined ? TWILIO_ERRORS[code] : undefined;
      if (known) {
        log.warn({ twilioCode: code }, `Twilio Verify refused: ${known[1]}`);
        const [status, error, message, seconds] = known;
        throw seconds
          ? new Refusal(status, error, message, { retryAfterSeconds: seconds }, { 'retry-after': String(seconds) })
          : new Refusal(status, error, message);
      }
      throw Refusal.providerUnavailable(`Twilio Verify answered ${res.status}${code ? ` (${code})` : ''}`);
    }
  };
  return {
    async prepare(phone, { channel, locale }) {
      const form = { To: phone, Channel: channel, ...(locale ? { Locale: locale } : {}) };
      return { codeHash: null, send: async () => void (await post('Verifications', form)) };
    },
    async check(phone, code) {
      const res = await post('VerificationCheck', { To: phone, Code: code });
      // 404 (20404): no pending verification (expired, or already approved).
      if (res.status === 404) return 'expired';
      const body = (await res.json()) as { status?: string };
      return body.status === 'approved' ? 'approved' : 'wrong';
    },
  };
}

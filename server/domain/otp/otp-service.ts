// One-time codes: who may get one (the number, the bot check, every limit), sending it, and checking
// it. A code is used the moment one check succeeds, so however many checks race, one token comes back.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../../config/settings.ts';
import type { Store } from '../../storage/index.ts';
import { checkPhone } from '../phone.ts';
import type { AgentId } from '../../../model/agents.ts';
import type { EmbedService } from '../embeds.ts';
import { NO_METER, type Meter } from '../meter.ts';
import { Refusal } from '../refusal.ts';
import { keyedHash, phoneTail } from '../personal-data.ts';
import { consoleProvider, twilioProvider, verifyLocale, type OtpProvider, type ShowCode } from './providers.ts';
import type { OtpChannel } from '../../../model/lead.ts';
import { checkToken, issueToken } from './token.ts';
import { verifyChallenge } from './turnstile.ts';

/** The limits of one-time codes (docs/api.md). */
export const OTP_RULES = { ttlMs: 10 * 60_000, cooldownMs: 30_000, perPhoneHour: 5, maxChecks: 5, codeLength: 6 };

/** A code checked again once it was used (a second tab, a second press): the way on is a new code. */
const USED = 'This code was already used. Ask for a new one to verify the number again.';

const inWords = (ms: number) => {
  const seconds = Math.ceil(ms / 1000);
  return seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
};

export type OtpSent = {
  sent: true;
  phone: string;
  display: string;
  resendAfterSeconds: number;
  expiresInSeconds: number;
  channel: OtpChannel;
};

export function otpService(
  config: ServerConfig,
  store: Store,
  log: FastifyBaseLogger,
  now: () => number,
  showCode?: ShowCode,
  meter: Meter = NO_METER,
  embeds?: EmbedService,
) {
  let secret: Promise<string> | undefined;
  // One secret for every instance: from the environment, else made once and kept in the database.
  const tokenSecret = () =>
    (secret ??= config.otp.tokenSecret
      ? Promise.resolve(config.otp.tokenSecret)
      : store.settings.get({ key: 'otp-token-secret', fallback: randomBytes(32).toString('hex') }));
  const provider: OtpProvider =
    config.otp.provider === 'twilio'
      ? twilioProvider(config.otp.twilio, config.providerTimeoutMs, log)
      : consoleProvider(tokenSecret, showCode);

  const phoneOf = (value: unknown) => {
    const checked = checkPhone(value, config.otp.countries);
    if (!checked.ok) throw new Refusal(400, checked.error, checked.message);
    return checked;
  };

  /** The channel asked for, if the service offers it; none asked is SMS (or the first offered, without SMS). */
  const channelOf = (asked: string | undefined): OtpChannel => {
    const offered = config.otp.channels;
    if (asked === undefined) return offered.includes('sms') ? 'sms' : offered[0];
    const name = asked.trim().toLowerCase() as OtpChannel;
    if (offered.includes(name)) return name;
    throw new Refusal(400, 'channel', `Codes are not sent by “${asked}” here. Choose one of: ${offered.join(', ')}.`);
  };

  /** Sends a code unless a rule refuses it (a Refusal); `counted` is false for the honeypot's pretend answer. */
  async function send({
    phone,
    clientIp,
    turnstileToken,
    website,
    embedId,
    origin,
    consentVersion,
    agentId,
    channel: asked,
    language,
  }: {
    channel?: string;
    language?: string;
    phone: unknown;
    clientIp: string;
    turnstileToken?: unknown;
    website?: unknown;
    embedId?: string;
    origin?: string;
    consentVersion?: string;
    agentId?: AgentId;
  }): Promise<{ answer: OtpSent; counted: boolean }> {
    const channel = channelOf(asked);
    // What the lead will be refused for is refused now, before a code is made (no text message spent).
    const embed = (await embeds?.check({ embedId, origin, consentVersion, agentId })) ?? null;
    if (!embed && consentVersion !== undefined && !Object.hasOwn(config.consentTexts, consentVersion))
      throw new Refusal(
        400,
        'consent-text',
        'The consent sentence on this form is not one we can accept, so nothing was sent. The site’s owner needs to update the form.',
      );
    const checked = phoneOf(phone);
    embeds?.checkCountry(embed, checked.country);
    const sent: OtpSent = {
      sent: true,
      phone: checked.phone,
      display: checked.national,
      resendAfterSeconds: OTP_RULES.cooldownMs / 1000,
      expiresInSeconds: OTP_RULES.ttlMs / 1000,
      channel,
    };
    // A filled honeypot is a bot: it is answered as if it worked, and nothing is sent.
    if (typeof website === 'string' && website.trim()) {
      log.warn(
        { client: keyedHash(config.dataHashKey, `ip:${clientIp}`).slice(0, 28) },
        'code request with the honeypot filled: nothing sent',
      );
      return { answer: sent, counted: false };
    }
    await verifyChallenge(config.turnstile, turnstileToken, clientIp, config.providerTimeoutMs);
    // Limits are checked before the provider is asked, so a refused request sends nothing.
    const at = now();
    const code = await provider.prepare(checked.phone, { channel, locale: verifyLocale(language) });
    const hold = await store.otp.request({
      phone: checked.phone,
      clientIp,
      codeHash: code.codeHash,
      now: at,
      ttlMs: OTP_RULES.ttlMs,
      cooldownMs: OTP_RULES.cooldownMs,
      perPhoneHour: OTP_RULES.perPhoneHour,
      perClientHour: config.otp.clientLimitPerHour,
      perServiceHour: config.otp.maxPerHour,
      embedId: embed?.id ?? null,
    });
    if (!hold.ok) {
      const seconds = Math.ceil(hold.retryAfterMs / 1000);
      const retry = { retryAfterSeconds: seconds };
      const headers = { 'retry-after': String(seconds) };
      if (hold.reason === 'otp-capacity') {
        log.warn(
          { maxPerHour: config.otp.maxPerHour },
          'OTP_MAX_PER_HOUR reached: codes are refused until the hour frees places',
        );
        throw new Refusal(
          503,
          'otp-capacity',
          'We are sending too many codes right now. Please try again in a few minutes.',
          retry,
          headers,
        );
      }
      const message = {
        cooldown: `A code was just sent. You can ask for another in ${inWords(hold.retryAfterMs)}.`,
        hourly: `Too many codes were sent to this number. Please try again in ${inWords(hold.retryAfterMs)}.`,
        'client-limit': 'Too many codes were requested from your connection. Please try again later.',
      }[hold.reason];
      throw new Refusal(429, hold.reason, message, retry, headers);
    }
    try {
      await code.send();
    } catch (error) {
      // Nothing was sent: the code does not count, so the visitor can try again at once.
      await store.otp.cancel({ phone: checked.phone, createdAt: at });
      throw error;
    }
    log.info({ phoneEnding: phoneTail(checked.phone), channel }, 'one-time code sent');
    return { answer: sent, counted: true };
  }

  return {
    tokenSecret,
    phoneOf,
    /** The countries codes may be sent to (`OTP_COUNTRIES`): what the form offers. */
    countries: config.otp.countries,
    /** The channels codes may go by (`OTP_CHANNELS`): what the form may offer. */
    channels: config.otp.channels,

    /** Sends a code, or refuses: each outcome is counted for the operators (the refusal by its code). */
    async request(asked: Parameters<typeof send>[0]): Promise<OtpSent> {
      try {
        const sent = await send(asked);
        if (sent.counted) meter.codeSent();
        else meter.codeRefused('honeypot');
        return sent.answer;
      } catch (error) {
        if (error instanceof Refusal) meter.codeRefused(error.error);
        throw error;
      }
    },

    async verify({
      phone,
      code,
      embedId,
      origin,
    }: {
      phone: unknown;
      code: unknown;
      embedId?: string;
      origin?: string;
    }): Promise<{ token: string }> {
      await embeds?.check({ embedId, origin });
      const checked = phoneOf(phone);
      if (typeof code !== 'string' || !/^\d{6}$/.test(code.trim()))
        throw new Refusal(400, 'code-format', 'Enter the 6-digit code from the text message.');
      const start = await store.otp.startCheck({ phone: checked.phone, now: now(), maxChecks: OTP_RULES.maxChecks });
      if (start.status !== 'check') {
        const refusals = {
          none: ['no-code', 'Ask for a code first: press Get OTP.'],
          used: ['code-used', USED],
          expired: ['expired', 'This code has expired. Ask for a new one.'],
          'too-many': ['too-many', 'Too many wrong codes. Ask for a new one.'],
        } as const;
        const [error, message] = refusals[start.status];
        throw new Refusal(400, error, message);
      }
      const result = await provider.check(checked.phone, code.trim(), start.codeHash);
      if (result === 'wrong') {
        if (start.checksLeft > 0)
          throw new Refusal(
            400,
            'wrong-code',
            `That code is not right. You have ${start.checksLeft} ${start.checksLeft === 1 ? 'try' : 'tries'} left.`,
            { attemptsLeft: start.checksLeft },
          );
        throw new Refusal(400, 'too-many', 'That code is not right, and that was the last try. Ask for a new one.', {
          attemptsLeft: 0,
        });
      }
      // Used once: of the checks that raced with this one, only the first to get here gets a token.
      const used = await store.otp.consume({ codeId: start.codeId, now: now() });
      if (result === 'expired') throw new Refusal(400, 'expired', 'This code has expired. Ask for a new one.');
      if (!used) throw new Refusal(400, 'code-used', USED);
      return { token: issueToken(await tokenSecret(), checked.phone, now()) };
    },

    /** The verified phone's token, checked for a lead. */
    async checkLeadToken(token: unknown, phone: string) {
      const checked = checkToken(await tokenSecret(), token, phone, now());
      if (!checked.ok)
        throw new Refusal(401, 'verification', 'Your phone verification has expired. Please verify your number again.');
      return checked;
    },
  };
}

export type OtpService = ReturnType<typeof otpService>;

// The demo-request API: a one-time code to the visitor's phone, its check (answered with a token
// bound to that phone), and the lead itself, stored with its proof of consent, delivered to the CRM
// and answered by an AI demo call. Answers are JSON: `{error, message}` on a refusal, where `message`
// is a sentence a visitor can read and `error` a code the widget acts on.
import { randomBytes } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AGENT_IDS, type AgentId, type ServerConfig } from '../config.ts';
import type { Store } from '../storage/types.ts';
import { ProviderError, consoleProvider, twilioProvider, type OtpProvider } from './otp-providers.ts';
import { startOutbox } from './outbox.ts';
import { checkPhone } from './phone.ts';
import { checkToken, issueToken } from './token.ts';
import { placeDemoCall } from './voice-call.ts';

/** The limits of one-time codes (README, "Demo requests"). */
export const OTP_RULES = { ttlMs: 10 * 60_000, cooldownMs: 30_000, perHour: 5, maxChecks: 5, codeLength: 6 };
const DEFAULT_CONSENT =
  'I agree to receive messages, including automated calls and AI-powered demo calls, from our services at the contact information provided.';

const refuse = (reply: FastifyReply, status: number, error: string, message: string, extra: Record<string, unknown> = {}) =>
  reply.code(status).send({ error, message, ...extra });

const body = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

const inWords = (ms: number) => {
  const seconds = Math.ceil(ms / 1000);
  return seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
};

export async function leadRoutes(api: FastifyInstance, { config, store, now = Date.now }: { config: ServerConfig; store: Store; now?: () => number }) {
  let secret: Promise<string> | undefined;
  // One secret for every instance: from the environment, else made once and kept in the database.
  const tokenSecret = () => (secret ??= config.otp.tokenSecret ? Promise.resolve(config.otp.tokenSecret) : store.setting('otp-token-secret', randomBytes(32).toString('hex')));
  const provider: OtpProvider = config.otp.provider === 'twilio' ? twilioProvider(config.otp.twilio, config.providerTimeoutMs) : consoleProvider(tokenSecret, api.log);
  const outbox = startOutbox(store, config.webhook, config.providerTimeoutMs, api.log);
  api.addHook('onClose', () => outbox.stop());

  // Parse failures and other thrown errors answer in the same JSON shape as the refusals.
  api.setErrorHandler((error: { statusCode?: number; message: string; error?: string }, request, reply) => {
    // Refusals built by a plugin (the per-client limit) carry their own code and sentence.
    if (error.statusCode && error.statusCode < 500 && error.error) return refuse(reply, error.statusCode, error.error, error.message);
    if (error instanceof ProviderError) {
      request.log.warn(error.message);
      return refuse(reply, 502, 'provider-unavailable', 'We could not send or check the code right now. Please try again in a minute.');
    }
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : error.statusCode === 503 ? 503 : 500;
    if (status >= 500) request.log.error(error);
    const message = status === 503 ? error.message : status === 415 ? 'Send the request as JSON.' : status === 400 ? 'The request could not be read.' : 'Something went wrong on our side. Please try again.';
    return refuse(reply, status, status === 503 ? 'busy' : 'bad-request', message);
  });

  await api.register(async (otp) => {
    await otp.register(rateLimit, {
      max: config.otp.clientLimitPerHour,
      timeWindow: 3_600_000,
      errorResponseBuilder: () => ({ statusCode: 429, error: 'client-limit', message: 'Too many codes were requested from your connection. Please try again later.' }),
    });
    otp.post('/otp', async (request, reply) => {
      const checked = checkPhone(body(request.body).phone, config.otp.countries);
      if (!checked.ok) return refuse(reply, 400, checked.error, checked.message);
      // Limits are checked before the provider is asked, so a refused request sends nothing.
      const at = now();
      const code = await provider.prepare(checked.phone);
      const hold = await store.requestOtp({ phone: checked.phone, codeHash: code.codeHash, now: at, ttlMs: OTP_RULES.ttlMs, cooldownMs: OTP_RULES.cooldownMs, perHour: OTP_RULES.perHour });
      if (!hold.ok) {
        reply.header('Retry-After', Math.ceil(hold.retryAfterMs / 1000));
        const message =
          hold.reason === 'cooldown'
            ? `A code was just sent. You can ask for another in ${inWords(hold.retryAfterMs)}.`
            : `Too many codes were sent to this number. Please try again in ${inWords(hold.retryAfterMs)}.`;
        return refuse(reply, 429, hold.reason, message, { retryAfterSeconds: Math.ceil(hold.retryAfterMs / 1000) });
      }
      try {
        await code.send();
      } catch (error) {
        // Nothing was sent: the code does not count, so the visitor can try again at once.
        await store.cancelOtp(checked.phone, at);
        throw error;
      }
      request.log.info({ phone: checked.phone }, 'one-time code sent');
      return { sent: true, phone: checked.phone, display: checked.national, resendAfterSeconds: OTP_RULES.cooldownMs / 1000, expiresInSeconds: OTP_RULES.ttlMs / 1000 };
    });
  });

  api.post('/otp/verify', async (request, reply) => {
    const { phone, code } = body(request.body);
    const checked = checkPhone(phone, config.otp.countries);
    if (!checked.ok) return refuse(reply, 400, checked.error, checked.message);
    if (typeof code !== 'string' || !/^\d{6}$/.test(code.trim())) return refuse(reply, 400, 'code-format', 'Enter the 6-digit code from the text message.');
    const start = await store.startOtpCheck(checked.phone, now(), OTP_RULES.maxChecks);
    if (start.status !== 'check') {
      const why = { none: 'Ask for a code first: press Get OTP.', expired: 'This code has expired. Ask for a new one.', 'too-many': 'Too many wrong codes. Ask for a new one.' };
      return refuse(reply, 400, start.status === 'none' ? 'no-code' : start.status, why[start.status]);
    }
    const result = await provider.check(checked.phone, code.trim(), start.codeHash);
    if (result === 'expired') {
      await store.finishOtp(checked.phone, now());
      return refuse(reply, 400, 'expired', 'This code has expired. Ask for a new one.');
    }
    if (result === 'wrong') {
      return start.checksLeft > 0
        ? refuse(reply, 400, 'wrong-code', `That code is not right. You have ${start.checksLeft} ${start.checksLeft === 1 ? 'try' : 'tries'} left.`, { attemptsLeft: start.checksLeft })
        : refuse(reply, 400, 'too-many', 'That code is not right, and that was the last try. Ask for a new one.', { attemptsLeft: 0 });
    }
    await store.finishOtp(checked.phone, now());
    return { token: issueToken(await tokenSecret(), checked.phone, now()) };
  });

  api.post('/demo-requests', async (request, reply) => {
    const input = body(request.body);
    const checked = checkPhone(input.phone, config.otp.countries);
    if (!checked.ok) return refuse(reply, 400, checked.error, checked.message);
    const agentId = input.agentId as AgentId;
    if (!AGENT_IDS.includes(agentId)) return refuse(reply, 400, 'unknown-agent', 'Choose one of the demo agents.');
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (!name || name.length > 200) return refuse(reply, 400, 'name', name ? 'Your name must be at most 200 characters.' : 'Enter your name.');
    if (input.consent !== true) return refuse(reply, 400, 'consent', 'Please tick the consent box so we may call you.');
    const consentText = typeof input.consentText === 'string' && input.consentText.trim() ? input.consentText.trim().slice(0, 1000) : DEFAULT_CONSENT;
    const token = checkToken(await tokenSecret(), input.token, checked.phone, now());
    if (!token.ok) return refuse(reply, 401, 'verification', 'Your phone verification has expired. Please verify your number again.');
    const created = await store.addLead(
      { agentId, name, phone: checked.phone, consentText, clientIp: request.ip, tokenId: token.id, createdAt: new Date(now()).toISOString() },
      Boolean(config.webhook.url),
    );
    if (created === 'token-used') return refuse(reply, 401, 'verification', 'This verification was already used for a request. Verify your number again to send another.');
    outbox.poke();
    const call = await placeDemoCall(config.voice, config.providerTimeoutMs, agentId, { number: checked.phone, name });
    await store.setLeadCall(created.id, call.status, call.callId, call.error);
    request.log.info({ leadId: created.id, call: call.status }, 'lead stored');
    return reply.code(201).send({ id: created.id, call: call.status });
  });
}

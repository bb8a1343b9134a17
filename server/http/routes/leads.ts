// The demo-request API: a one-time code to the visitor's phone, its check (answered with a token bound
// to that phone), and the lead itself. Bodies are checked by their schemas here; what they mean is the
// domain's (../../domain/otp, ../../domain/leads).
import type { FastifyInstance } from 'fastify';
import { AGENT_IDS } from '../../config/settings.ts';
import type { DemoRequest, LeadIntake } from '../../domain/leads/lead-intake.ts';
import type { OtpService } from '../../domain/otp/otp-service.ts';
import type { FieldWords } from '../errors.ts';

const text = (maxLength: number) => ({ type: 'string', maxLength });
const object = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', additionalProperties: false, required, properties });

const phone = text(32);
const otpBody = object({ phone, turnstileToken: text(2048), website: text(200) }, ['phone']);
const verifyBody = object({ phone, code: text(12) }, ['phone', 'code']);
export const demoRequestBody = object(
  {
    agentId: { type: 'string', enum: AGENT_IDS },
    name: text(400),
    phone,
    token: text(1000),
    consent: { type: 'boolean' },
    consentText: text(2000),
    consentVersion: text(100),
    consentedAt: text(40),
    timeZone: text(64),
    pageUrl: text(2048),
    referrer: text(2048),
    utm: object({ source: text(200), medium: text(200), campaign: text(200), term: text(200), content: text(200) }),
    clickIds: object({ gclid: text(500), fbclid: text(500) }),
    // Checked by the domain, which words what is wrong with it.
    metadata: { type: 'object' },
  },
  ['agentId', 'name', 'phone', 'token', 'consent', 'consentText'],
);

const PHONE_WORDS = { error: 'invalid-phone', message: 'Enter a valid mobile number with its country code, for example +91 98765 43210.' };
const FIELD_WORDS: FieldWords = {
  phone: PHONE_WORDS,
  code: { error: 'code-format', message: 'Enter the 6-digit code from the text message.' },
  agentId: { error: 'unknown-agent', message: 'Choose one of the demo agents.' },
  name: { error: 'name', message: 'Enter your name (at most 100 characters).' },
  token: { error: 'verification', message: 'Verify your phone number first.' },
  consent: { error: 'consent', message: 'Please tick the consent box so we may call you.' },
  consentText: { error: 'consent-text', message: 'The consent sentence is missing or too long.' },
};

export async function leadRoutes(api: FastifyInstance, { otp, intake }: { otp: OtpService; intake: LeadIntake }) {
  const config = { fieldWords: FIELD_WORDS };

  api.post('/otp', { schema: { body: otpBody }, config }, async (request) => {
    const body = request.body as { phone: string; turnstileToken?: string; website?: string };
    return otp.request({ ...body, clientIp: request.ip });
  });

  api.post('/otp/verify', { schema: { body: verifyBody }, config }, async (request) => {
    const body = request.body as { phone: string; code: string };
    return otp.verify(body);
  });

  api.post('/demo-requests', { schema: { body: demoRequestBody }, config }, async (request, reply) => {
    const body = request.body as DemoRequest & { consent: boolean };
    if (body.consent !== true) return reply.code(400).send({ error: 'consent', message: 'Please tick the consent box so we may call you.' });
    const answer = await intake.submit(body as DemoRequest, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
    return reply.code(answer.status).send(answer.body);
  });
}

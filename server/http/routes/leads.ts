// The demo-request API: a one-time code to the visitor's phone, its check (answered with a token bound
// to that phone), and the lead itself. Bodies are checked by their schemas here; what they mean is the
// domain's (../../domain/otp, ../../domain/leads).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { LeadIntake } from '../../domain/leads/lead-intake.ts';
import type { OtpService } from '../../domain/otp/otp-service.ts';
import { bodyLimitOf } from '../../../model/body-size.ts';
import { DemoRequestRoute, OtpCountriesRoute, OtpRoute, OtpVerifyRoute } from '../../../model/api/public.ts';
import { CodeCheckBody, CodeRequestBody, DemoRequestBody, type OtpCountries } from '../../../model/lead.ts';
import { DEMO_SESSION_ID_MAX } from '../../../model/demo-session.ts';
import type { FieldWords } from '../errors.ts';
import { EMBED_WORDS } from './embeds.ts';
import { serve } from '../serve.ts';

const PHONE_WORDS = {
  error: 'invalid-phone',
  message: 'Enter a valid mobile number with its country code, for example +91 98765 43210.',
};
const FIELD_WORDS: FieldWords = {
  phone: PHONE_WORDS,
  code: { error: 'code-format', message: 'Enter the 6-digit code from the text message.' },
  agentId: { error: 'unknown-agent', message: 'Choose one of the demo agents.' },
  name: { error: 'name', message: 'Enter your name (at most 100 characters).' },
  // A missing or malformed token is refused as a forged or expired one is: 401.
  token: { error: 'verification', status: 401, message: 'Verify your phone number first.' },
  consent: { error: 'consent', message: 'Please tick the consent box so we may call you.' },
  consentText: { error: 'consent-text', message: 'The consent sentence is missing or too long.' },
  demoSessionId: {
    error: 'demo-session',
    message: `demoSessionId must be a demo's id of at most ${DEMO_SESSION_ID_MAX} characters.`,
  },
  metadata: {
    error: 'metadata',
    message: 'metadata must be an object of at most 20 text values of at most 200 characters.',
  },
  embedId: EMBED_WORDS,
  consentVersion: { error: 'consent-text', message: 'The consent sentence’s version is too long.' },
};

export async function leadRoutes(app: FastifyInstance, { otp, intake }: { otp: OtpService; intake: LeadIntake }) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const config = { fieldWords: FIELD_WORDS };

  // The countries the form may offer: a form that offered another would only be refused at Get OTP.
  serve(api, OtpCountriesRoute, {}, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=300')
      .send({ countries: otp.countries, channels: otp.channels } satisfies OtpCountries),
  );

  // The honeypot is never refused, not even for a control character: a bot must not learn it is one.
  const otpConfig = { ...config, controls: { skip: ['website'] } };
  serve(api, OtpRoute, { bodyLimit: bodyLimitOf(CodeRequestBody), config: otpConfig }, async (request) =>
    otp.request({ ...request.body, clientIp: request.ip, origin: request.headers.origin }),
  );

  serve(api, OtpVerifyRoute, { bodyLimit: bodyLimitOf(CodeCheckBody), config }, async (request) =>
    otp.verify({ ...request.body, origin: request.headers.origin }),
  );

  serve(api, DemoRequestRoute, { bodyLimit: bodyLimitOf(DemoRequestBody), config }, async (request, reply) => {
    const answer = await intake.submit(request.body, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      origin: request.headers.origin,
    });
    return reply.code(answer.status).send(answer.body);
  });
}

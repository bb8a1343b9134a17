// The public API's contracts (docs/api.md): each route's body and every answer, the refusals included.
// The service registers its routes with them and the OpenAPI document is generated from them.
import { Type } from 'typebox';
import { CALL_ANSWERS } from '../calls.ts';
import { FeedbackBody } from '../feedback.ts';
import { CodeCheckBody, CodeRequestBody, DemoRequestBody, OTP_CHANNEL_NAMES } from '../lead.ts';
import { VoiceSession, VoiceSessionBody, VoiceSessionEndBody, VoiceSessionEnded } from '../voice-session.ts';
import { ANY, BODY_REFUSALS, BUSY, refusal, limited } from './answers.ts';
import { route } from './route.ts';

/** A body naming an embed (`embedId`): refused before anything is made, stored or sent. */
const EMBED_UNKNOWN = { 404: refusal('`embed-unknown`: an `embedId` the service does not know.') };
const EMBED_403 =
  '`embed-paused`: the embed is paused by its owner; `origin`: the page is not among the embed’s origins';
const EMBED_REFUSALS = { ...EMBED_UNKNOWN, 403: refusal(`${EMBED_403}.`) };

export const FeedbackRoute = route('POST', '/api/feedback', {
  summary: 'Store a visitor’s feedback',
  body: FeedbackBody,
  response: {
    ...ANY,
    201: {
      description: 'Stored once committed.',
      content: { 'text/plain': { schema: Type.Literal('Thank you for your feedback.') } },
    },
    ...BODY_REFUSALS,
    ...EMBED_REFUSALS,
    429: limited('Past FEEDBACK_RATE_LIMIT (`rate-limited`, with retryAfterSeconds).'),
    ...BUSY,
  },
});

const Channel = Type.Enum(OTP_CHANNEL_NAMES);

export const OtpSent = Type.Object({
  sent: Type.Literal(true),
  phone: Type.String(),
  display: Type.String(),
  resendAfterSeconds: Type.Integer(),
  expiresInSeconds: Type.Integer(),
  /** Where the code went: `sms`, `whatsapp` or `call`. */
  channel: Channel,
});

const PROVIDER_REFUSALS = {
  ...EMBED_UNKNOWN,
  403: refusal(`\`challenge\` (Turnstile), \`number-blocked\`, \`country-disabled\`; ${EMBED_403}.`),
  429: limited('`cooldown`, `hourly`, `client-limit`, `too-many-sends`, `too-many-checks` (with retryAfterSeconds).'),
  502: refusal('The SMS provider did not answer (`provider-unavailable`).'),
  503: refusal('`otp-capacity`, `provider-busy`, or the database is busy (`busy`).'),
};

export const OtpRoute = route('POST', '/api/otp', {
  summary: 'Send a one-time code to a phone',
  body: CodeRequestBody,
  response: {
    ...ANY,
    200: OtpSent,
    ...BODY_REFUSALS,
    400: refusal(
      '`channel` (one `OTP_CHANNELS` does not offer), `invalid-phone`, `country-not-allowed`, `not-mobile`, `number-invalid`, `consent-text` (a `consentVersion` not accepted here), `unknown-agent` (one the embed does not offer), or a body that does not fit.',
    ),
    ...PROVIDER_REFUSALS,
  },
});

export const OtpCountriesRoute = route('GET', '/api/otp/countries', {
  summary: 'The countries one-time codes may be sent to: the form offers these',
  response: {
    ...ANY,
    200: Type.Object({
      countries: Type.Array(Type.String({ pattern: '^[A-Z]{2}$' })),
      channels: Type.Array(Channel),
    }),
  },
});

export const OtpVerifyRoute = route('POST', '/api/otp/verify', {
  summary: 'Check a one-time code: a token for the demo request',
  body: CodeCheckBody,
  response: {
    ...ANY,
    200: Type.Object({ token: Type.String() }),
    ...BODY_REFUSALS,
    400: refusal(
      '`wrong-code` (with attemptsLeft), `too-many`, `expired`, `code-used` (the newest code was used: ask for another), `no-code`, `code-format`, `invalid-phone`.',
    ),
    ...PROVIDER_REFUSALS,
  },
});

export const LeadAnswer = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  call: Type.Enum(CALL_ANSWERS),
  callAt: Type.Optional(Type.String({ format: 'date-time' })),
  calledAt: Type.Optional(Type.String({ format: 'date-time' })),
  duplicate: Type.Optional(Type.Literal(true)),
});

export const DemoRequestRoute = route('POST', '/api/demo-requests', {
  summary: 'Store a lead and place its demo call',
  body: DemoRequestBody,
  response: {
    ...ANY,
    200: { ...LeadAnswer, description: 'A repeated request within 24 hours: the first lead (duplicate: true).' },
    201: LeadAnswer,
    ...BODY_REFUSALS,
    400: refusal(
      '`unknown-agent`, `name`, `consent`, `consent-text`, `metadata`, `demo-session`, `invalid-phone`, or a body that does not fit.',
    ),
    401: refusal('`verification`: a token missing, malformed, forged, expired, for another number, or already used.'),
    ...EMBED_REFUSALS,
    ...BUSY,
  },
});

export const VoiceEventBody = Type.Object({ message: Type.Record(Type.String(), Type.Unknown()) });

export const VoiceEventRoute = route('POST', '/api/voice/events', {
  summary: 'The voice provider’s server messages',
  body: VoiceEventBody,
  security: [{ vapiSecret: [] }],
  response: {
    ...ANY,
    200: Type.Object({ received: Type.Literal(true), result: Type.String() }),
    ...BODY_REFUSALS,
    401: refusal('Without a valid X-Vapi-Secret (`unauthorized`); nothing is read.'),
    ...BUSY,
  },
});

export const VoiceSessionRoute = route('POST', '/api/voice/session', {
  summary: 'Grant a web demo: a short-lived token for one assistant and the page’s origin',
  body: VoiceSessionBody,
  response: {
    ...ANY,
    200: VoiceSession,
    ...BODY_REFUSALS,
    400: refusal('`unknown-assistant`: an assistant or agent the service does not know; or a body that does not fit.'),
    ...EMBED_UNKNOWN,
    403: refusal(
      `\`origin\`: a page whose origin is neither PUBLIC_URL’s, in CORS_ORIGINS nor an active embed’s (with \`embedId\`: not the embed’s); \`challenge\` (Turnstile); ${EMBED_403}.`,
    ),
    429: limited('`demo-limit`: past DEMO_CLIENT_LIMIT for this address (with retryAfterSeconds).'),
    502: refusal('Turnstile did not answer (`provider-unavailable`).'),
    503: refusal(
      '`demo-budget`: the day’s DEMO_MINUTES_PER_DAY is spent (with retryAfterSeconds); `demo-unavailable`: no key is set; or the database is busy (`busy`).',
    ),
  },
});

export const VoiceSessionEndRoute = route('POST', '/api/voice/session/end', {
  summary: 'End a web demo: the widget’s End, or its tab closing, with the conversation as it saw it',
  body: VoiceSessionEndBody,
  response: {
    ...ANY,
    200: VoiceSessionEnded,
    ...BODY_REFUSALS,
    403: refusal('`origin`: a page whose origin is neither PUBLIC_URL’s, in CORS_ORIGINS nor an active embed’s.'),
  },
});

export const HealthRoute = route('GET', '/api/health', {
  summary: 'Whether the service and its database take work',
  response: {
    ...ANY,
    200: Type.Object({ ok: Type.Literal(true) }),
    503: Type.Object({ ok: Type.Literal(false), database: Type.Literal('busy') }),
  },
});

export const ReadyRoute = route('GET', '/api/ready', {
  summary: 'Whether this instance should be sent requests (the proxy’s check): 503 while it drains after SIGTERM',
  response: {
    ...ANY,
    200: Type.Object({ ok: Type.Literal(true) }),
    503: Type.Object({
      ok: Type.Literal(false),
      reason: Type.Union([Type.Literal('draining'), Type.Literal('database'), Type.Literal('migrations')]),
    }),
  },
});

export const OpenApiRoute = route('GET', '/api/openapi.json', {
  summary: 'This document: the API’s contract as OpenAPI 3.1',
  response: { ...ANY, 200: Type.Object({ openapi: Type.Literal('3.1.0') }) },
});

// The contracts of the desk's second factor (docs/desk.md, "Two-step sign-in"): the sign-in's code step,
// and setting TOTP up, seeing it and turning it off from one's account. A sign-in that had to set it up
// (DESK_REQUIRE_2FA) sets it up through the same routes with its pending sign-in's cookie.
import { Type } from 'typebox';
import { ANY, BAD_ORIGIN, BODY_REFUSALS, BUSY, NO_SESSION, refusal, limited, HEADERS } from './answers.ts';
import { SIGN_IN_PASSWORD_MAX } from '../password.ts';
import { Line } from '../text.ts';
import { route } from './route.ts';

const SESSION = [{ deskSession: [] }];
const SESSION_OR_PENDING: Record<string, string[]>[] = [{ deskSession: [] }, { deskPendingSignIn: [] }];
const Time = Type.String({ format: 'date-time' });
const SessionAnswer = Type.Object({ email: Type.String(), role: Type.Enum(['admin', 'agent']), expiresAt: Time });

/** POST /api/session's answer when the password was right and a second step is still to come. */
export const NextStepAnswer = Type.Object({
  next: Type.Enum(['code', 'setup'], {
    description:
      '`code`: a code from the app or a recovery code; `setup`: this account must set two-step sign-in up first.',
  }),
  expiresAt: Time,
});

const Code = Line({ minLength: 1, maxLength: 64 });
export const CodeBody = Type.Object({ code: Code }, { additionalProperties: false });

export const SignInCodeRoute = route('POST', '/api/session/code', {
  summary: 'The sign-in’s second step: a code from the app, or a recovery code; a session cookie',
  security: [{ deskPendingSignIn: [] }],
  body: CodeBody,
  response: {
    ...ANY,
    200: Type.Object(
      {
        ...SessionAnswer.properties,
        recoveryCodesLeft: Type.Optional(Type.Integer({ description: 'When a recovery code was used.' })),
      },
      { headers: HEADERS.setCookie },
    ),
    ...BODY_REFUSALS,
    401: refusal(
      'A wrong code (`wrong-code`), a code already used (`code-used`), or no half-done sign-in (`no-pending-sign-in`: sign in again).',
    ),
    403: refusal('From another origin (`bad-origin`).'),
    429: limited('`locked` (with retryAt and Retry-After), or past 30 a minute (`rate-limited`).'),
    ...BUSY,
  },
});

export const TwoStepRoute = route('GET', '/api/desk/two-step', {
  summary: 'One’s second factor: on or off, whether it is required, recovery codes left',
  security: SESSION,
  response: {
    ...ANY,
    200: Type.Object({
      on: Type.Boolean(),
      required: Type.Boolean({ description: 'DESK_REQUIRE_2FA asks it of this account: it cannot be turned off.' }),
      since: Type.Union([Time, Type.Null()]),
      recoveryCodesLeft: Type.Integer(),
    }),
    ...NO_SESSION,
    ...BUSY,
  },
});

const LIMITED = { 429: limited('Past 30 a minute (`rate-limited`).') };
const NO_SESSION_OR_PENDING = { 401: refusal('Neither a session nor a sign-in setting it up (`no-session`).') };

export const TwoStepSetupRoute = route('POST', '/api/desk/two-step/setup', {
  summary: 'A new TOTP key to add to an app: as text, an otpauth:// address and its QR code',
  security: SESSION_OR_PENDING,
  response: {
    ...ANY,
    200: Type.Object({
      secret: Type.String({ description: 'Base32, in groups of four, for typing into the app.' }),
      uri: Type.String({ description: 'otpauth://totp/…' }),
      qr: Type.String({ description: 'The address as a QR code: an SVG image in a data: URL.' }),
    }),
    ...NO_SESSION_OR_PENDING,
    ...BAD_ORIGIN,
    409: refusal('It is already on (`already-on`).'),
    ...LIMITED,
    ...BUSY,
  },
});

export const TwoStepOnRoute = route('PUT', '/api/desk/two-step', {
  summary: 'Turn the second factor on with a code of the new key: ten recovery codes, shown once; other sessions end',
  security: SESSION_OR_PENDING,
  body: CodeBody,
  response: {
    ...ANY,
    200: Type.Object({
      recoveryCodes: Type.Array(Type.String()),
      sessionsEnded: Type.Integer(),
      session: Type.Optional(SessionAnswer),
    }),
    ...BODY_REFUSALS,
    400: refusal('The code is not the new key’s (`wrong-code`), or the body does not fit (`invalid`).'),
    ...NO_SESSION_OR_PENDING,
    ...BAD_ORIGIN,
    409: refusal('No new key was asked for, or it is already on (`not-begun`).'),
    ...LIMITED,
    ...BUSY,
  },
});

export const TwoStepOffBody = Type.Object(
  {
    code: Type.Optional(Code),
    password: Type.Optional(Line({ minLength: 1, maxLength: SIGN_IN_PASSWORD_MAX })),
  },
  { additionalProperties: false, minProperties: 1, maxProperties: 1 },
);
export const TwoStepOffRoute = route('DELETE', '/api/desk/two-step', {
  summary: 'Turn the second factor off, giving a current code or one’s password',
  security: SESSION,
  body: TwoStepOffBody,
  response: {
    ...ANY,
    204: Type.Null(),
    ...BODY_REFUSALS,
    400: refusal('A wrong code (`wrong-code`) or password (`wrong-password`), or the body does not fit (`invalid`).'),
    ...NO_SESSION,
    ...BAD_ORIGIN,
    409: refusal(
      'It is off already (`not-on`), or DESK_REQUIRE_2FA requires it of this account (`two-step-required`).',
    ),
    429: limited('Too many wrong codes or passwords (`locked`, with retryAt), or past 30 a minute (`rate-limited`).'),
    ...BUSY,
  },
});

export const RecoveryCodesRoute = route('POST', '/api/desk/two-step/recovery-codes', {
  summary:
    'Ten new recovery codes, shown once, in place of the old ones (which stop working), giving a code or one’s password',
  security: SESSION,
  body: TwoStepOffBody,
  response: {
    ...ANY,
    200: Type.Object({ recoveryCodes: Type.Array(Type.String()) }),
    ...BODY_REFUSALS,
    400: refusal('A wrong code (`wrong-code`) or password (`wrong-password`), or the body does not fit (`invalid`).'),
    ...NO_SESSION,
    ...BAD_ORIGIN,
    409: refusal('Two-step sign-in is off (`not-on`).'),
    429: limited('Too many wrong codes or passwords (`locked`, with retryAt), or past 30 a minute (`rate-limited`).'),
    ...BUSY,
  },
});

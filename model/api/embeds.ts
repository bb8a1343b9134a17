// The embeds' contracts (issue 54): the desk's list and changes of them (admins change, agents read),
// and the public answer a widget asks for before a visitor sends anything.
import { Type } from 'typebox';
import { AGENT_IDS } from '../agents.ts';
import { EmbedBody, EmbedChangeBody, EmbedParams } from '../embeds.ts';
import { ANY, BODY_REFUSALS, BUSY, NO_SESSION, refusal, HEADERS } from './answers.ts';
import { route } from './route.ts';

const SESSION = [{ deskSession: [] }];
const Time = Type.String({ format: 'date-time' });
const Texts = Type.Record(Type.String(), Type.Object({ text: Type.String(), version: Type.String() }), {
  description: 'The consent sentence and its version, in each language the widgets speak.',
});

export const EmbedAnswer = Type.Object({
  id: Type.String(),
  name: Type.String(),
  origins: Type.Array(Type.String()),
  brandName: Type.String(),
  agents: Type.Array(Type.Enum(AGENT_IDS)),
  countries: Type.Array(Type.String()),
  active: Type.Boolean(),
  createdAt: Time,
  updatedAt: Time,
  consentText: Type.String({ description: 'The English consent sentence, built from the brand.' }),
  consentVersion: Type.String(),
  consentTexts: Texts,
  snippet: Type.String({ description: 'HTML to paste: the loader and each element with its attributes.' }),
});
const RefusedOrigins = Type.Array(
  Type.Object({ origin: Type.String(), count: Type.Integer({ minimum: 1 }), lastAt: Time }),
  { description: 'The origins refused for this embed in the last 7 days, most refused first.' },
);

const ADMIN_CHANGE = {
  403: refusal('A change from another origin (`bad-origin`), or an agent (`admin-only`).'),
};
const INVALID = refusal(
  'An origin that is not one (`origins`, naming it and why), a country codes are not sent to (`countries`), or a body that does not fit (`invalid`, `agents`).',
);

export const EmbedsRoute = route('GET', '/api/desk/embeds', {
  summary: 'The embeds: partner pages and landing pages the widgets run on (agents and admins)',
  security: SESSION,
  response: { ...ANY, 200: Type.Object({ embeds: Type.Array(EmbedAnswer) }), ...NO_SESSION, ...BUSY },
});
export const EmbedAddRoute = route('POST', '/api/desk/embeds', {
  summary: 'Make an embed (admins only): its consent sentences are registered from its brand',
  security: SESSION,
  body: EmbedBody,
  response: {
    ...ANY,
    201: EmbedAnswer,
    ...BODY_REFUSALS,
    400: INVALID,
    ...NO_SESSION,
    ...ADMIN_CHANGE,
    ...BUSY,
  },
});
export const EmbedRoute = route('GET', '/api/desk/embeds/:id', {
  summary: 'One embed, with the origins refused for it in the last 7 days',
  security: SESSION,
  params: EmbedParams,
  response: {
    ...ANY,
    200: Type.Object({ ...EmbedAnswer.properties, refusedOrigins: RefusedOrigins }),
    ...NO_SESSION,
    404: refusal('No such embed (`not-found`); an id that cannot be one too.'),
    ...BUSY,
  },
});
export const EmbedChangeRoute = route('PATCH', '/api/desk/embeds/:id', {
  summary: 'Change an embed (admins only): a new brand registers its sentences, the earlier ones stay accepted',
  security: SESSION,
  params: EmbedParams,
  body: EmbedChangeBody,
  response: {
    ...ANY,
    200: EmbedAnswer,
    ...BODY_REFUSALS,
    400: INVALID,
    ...NO_SESSION,
    ...ADMIN_CHANGE,
    404: refusal('No such embed (`not-found`).'),
    ...BUSY,
  },
});

export const PublicEmbedRoute = route('GET', '/api/embeds/:id', {
  summary: 'What a widget with `embed` needs before a visitor sends anything (any origin; cached a minute)',
  params: EmbedParams,
  response: {
    ...ANY,
    200: Type.Object({
      id: Type.String(),
      active: Type.Boolean(),
      brandName: Type.String(),
      agents: Type.Array(Type.Enum(AGENT_IDS)),
      countries: Type.Array(Type.String()),
      consentText: Type.String(),
      consentVersion: Type.String(),
      consentTexts: Texts,
      allowed: Type.Boolean({ description: 'Whether the request’s Origin is one of the embed’s (false without one).' }),
    }),
    404: refusal('No such embed (`embed-unknown`); an id that cannot be one too.'),
  },
});

export const EmbedPreviewRoute = route('GET', '/api/desk/embeds/:id/preview', {
  summary:
    'An embed’s preview, an HTML page (agents and admins): its elements with `simulate` under `connect-src ’none’`; GET /embeds/:id/preview leads here',
  description:
    'Under /api because the desk’s session cookie is kept for /api over http. Without a session, a 303 to the embed’s desk page, where the sign-in shows.',
  security: SESSION,
  params: EmbedParams,
  response: {
    200: { description: 'The preview page.', content: { 'text/html': { schema: Type.String() } } },
    303: Type.Null({
      description: 'No session: to the embed’s desk page, whose sign-in opens it.',
      headers: HEADERS.location,
    }),
    404: refusal('No such embed (`not-found`); an id that cannot be one too.'),
  },
});

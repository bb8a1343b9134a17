// What every route may answer besides its own success: the one refusal shape `{error, message, …}`
// (docs/api.md), and the statuses any route of a kind can give. Declared once so that every route's
// contract lists them and the OpenAPI document (GET /api/openapi.json) says the same as the service.
import { Type, type TSchema } from 'typebox';

/** Every refusal: a code a program acts on, a sentence a person can read, and what some carry besides. */
export const Refusal = Type.Object(
  {
    error: Type.String({ description: 'A code a program acts on.' }),
    message: Type.String({ description: 'A sentence a person can read.' }),
    field: Type.Optional(Type.String({ description: 'The field at fault.' })),
    retryAfterSeconds: Type.Optional(Type.Integer({ minimum: 0, description: 'As the Retry-After header says.' })),
    attemptsLeft: Type.Optional(Type.Integer({ minimum: 0 })),
    retryAt: Type.Optional(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false },
);

const refusal = (description: string) => ({ ...Refusal, description });

/**
 * Response headers a program reads, declared beside the answer that carries them (the OpenAPI document
 * lists them under the response, and the API tests check each declared one is sent).
 */
export const HEADERS = {
  retryAfter: { 'Retry-After': Type.String({ pattern: '^[0-9]+$', description: 'Seconds until a new try may pass.' }) },
  setCookie: {
    'Set-Cookie': Type.String({ description: 'The desk’s cookie, set or cleared (HttpOnly, SameSite=Strict).' }),
  },
  location: { Location: Type.String({ description: 'Where the browser goes instead.' }) },
  download: {
    'Content-Disposition': Type.String({ description: 'attachment; filename="…": the browser saves the file.' }),
  },
};

/** A 429: too many, and when to try again (Retry-After, and retryAfterSeconds or retryAt in the body). */
const limited = (description: string) => ({ ...refusal(description), headers: HEADERS.retryAfter });

/** The refusals of a route that takes a JSON body (besides its own 400s). */
export const BODY_REFUSALS = {
  400: refusal(
    '`invalid` (the body does not fit the schema, nests too deeply or holds a control character), `bad-json`.',
  ),
  413: refusal('`too-large`: the body is over the route’s limit.'),
  415: refusal('`unsupported-media-type`: the body is not application/json.'),
} satisfies Record<number, TSchema>;

/** What a route that reads or writes the database may answer when the database is busy. */
export const BUSY = { 503: refusal('The database could not take the work in time (`busy`); nothing was stored.') };

/**
 * What any route may answer: a query value or the User-Agent with a control character (400, naming it),
 * a fault of ours (500 `internal`, logged), a busy database (503). Spread first; a route's own words win.
 */
export const ANY = {
  400: refusal('A query value or the User-Agent holds a control character (`invalid`, naming the field).'),
  500: refusal('A fault of ours (`internal`), logged.'),
  ...BUSY,
};

/** The desk's routes without a session, and with a session for a change from another origin. */
export const NO_SESSION = { 401: refusal('No session (`no-session`).') };
export const BAD_ORIGIN = {
  403: refusal('A change from another origin (`bad-origin`), or an agent where admins only may.'),
};
/** A read the audit writes down, asked for by another page (Sec-Fetch-Site other than same-origin). */
export const NOT_SAME_ORIGIN = {
  403: refusal(
    'The browser says another page asked (its Sec-Fetch-Site header is there and is not same-origin): `not-same-origin`. A request without the header is let through.',
  ),
};
export const NOT_FOUND = { 404: refusal('No such lead (`not-found`); an id that cannot be one too.') };
export const BAD_FILTER = { 400: refusal('A filter that does not fit (`invalid-filter`, naming the field).') };

export { limited, refusal };

/** Text that may be absent: a string or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

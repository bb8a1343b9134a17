// Requests made from the OpenAPI document's request schemas, for the fuzz test (fuzz.test.ts): mostly
// values the document allows (./documented-values.ts, the one generator), mixed with values that do not (wrong
// types, control characters, lone surrogates, numbers past a column's range), as an outside fuzzer would.
import fc from 'fast-check';
import { documented, type JsonSchema } from './documented-values.ts';
import { fixtureHash, testApp } from './harness.ts';

const hostileText = fc.constantFrom(
  '\u0000',
  'a\u0007b',
  '\ud800',
  '😀'.repeat(3),
  '9999999999',
  '2147483648',
  '-1',
  '0',
  '1e3',
  '',
  ' ',
  '../../etc/passwd',
  '<script>',
  '2026-02-30',
  '2026-11-23T23:59:60Z',
);
const anything = fc.oneof(
  hostileText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** A value for `schema`: one the document allows nine times in ten (./documented-values.ts), anything else the tenth. */
export function valueOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: documented(schema, valueOf), weight: 9 }, { arbitrary: anything, weight: 1 });
}

type Parameter = { in: string; name: string; schema: JsonSchema };
export type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: Record<string, string[]>[];
};

/** One request for an operation: its path filled in, a query and a body from its schemas. */
export function requestOf(path: string, operation: Operation) {
  const parameters = operation.parameters ?? [];
  const inPath = parameters.filter((p) => p.in === 'path');
  const inQuery = parameters.filter((p) => p.in === 'query');
  const text = (schema: JsonSchema) =>
    valueOf(schema).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')));
  const body = operation.requestBody?.content['application/json']?.schema;
  return fc.record({
    path: fc
      .tuple(...inPath.map((p) => text(p.schema).map((v) => [p.name, v] as const)))
      // A lone surrogate cannot be percent-encoded (URIError): it is sent as the replacement character, as a browser would.
      .map((pairs) =>
        pairs.reduce(
          (url, [name, v]) => url.replace(`{${name}}`, encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, wellFormed))),
          path,
        ),
      ),
    query: fc
      .tuple(
        ...inQuery.map((p) =>
          fc.option(
            text(p.schema).map((v) => [p.name, v] as const),
            { nil: undefined },
          ),
        ),
      )
      .map((pairs) => new URLSearchParams(pairs.filter((p) => p !== undefined).map(([k, v]) => [k, v])).toString()),
    body: body ? fc.option(valueOf(body), { nil: undefined, freq: 20 }) : fc.constant(undefined),
  });
}

/** A surrogate kept when it is half of a pair, the replacement character when it stands alone. */
function wellFormed(unit: string, at: number, whole: string): string {
  const code = unit.charCodeAt(0);
  const paired =
    code < 0xdc00
      ? (whole.charCodeAt(at + 1) & 0xfc00) === 0xdc00
      : at > 0 && (whole.charCodeAt(at - 1) & 0xfc00) === 0xd800;
  return paired ? unit : '\uFFFD';
}

/**
 * A service for requests made from the document (fuzz.test.ts, documented-requests.test.ts): the provider's
 * secret set, the limits a run of requests would reach lifted, and an admin account to sign in as.
 */
export async function contractApp(env: Record<string, string>, email: string) {
  const h = await testApp({
    ...env,
    VAPI_WEBHOOK_SECRET: 'fuzz-secret',
    FEEDBACK_RATE_LIMIT: '100000',
    OTP_CLIENT_LIMIT: '100000',
    OTP_MAX_PER_HOUR: '100000',
  });
  const added = await h.store.desk.addUser({ email, passwordHash: fixtureHash('pw'), now: Date.now(), role: 'admin' });
  if (added === 'exists') throw new Error('the account exists already');
  return { h, admin: added };
}

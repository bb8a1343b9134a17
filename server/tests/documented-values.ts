// Values valid by the OpenAPI document's schemas, read as an outside client or fuzzer reads them
// (Schemathesis's positive mode): every string its pattern, length in code points and format allow,
// control characters and all; `date`/`date-time` as RFC 3339 writes them (years 0000 to 9999, a leap
// second, lower-case t and z). Used by valid-requests.test.ts (none may be refused) and by the fuzz
// test's fitting values (./fuzz-requests.ts).
import fc from 'fast-check';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  patternProperties?: Record<string, JsonSchema>;
  propertyNames?: JsonSchema;
  minProperties?: number;
  maxProperties?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};

const codePoints = (s: string) => [...s].length;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** RFC 3339 full-date: any year 0000–9999, a day its month has. */
const fullDate = fc
  .record({ year: fc.integer({ min: 0, max: 9999 }), month: fc.integer({ min: 1, max: 12 }), day: fc.nat(30) })
  .map(({ year, month, day }) => {
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
    return `${pad(year, 4)}-${pad(month)}-${pad((day % days) + 1)}`;
  });
/** A date near now as often as not: a desk's filters are mostly this decade's days. */
const date = fc.oneof(
  fullDate,
  fc
    .date({ min: new Date('2020-01-01Z'), max: new Date('2030-12-31Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
);
const offset = fc.oneof(
  fc.constantFrom('Z', 'z', '+00:00', '-00:00', '+05:30', '-23:59', '+23:59'),
  fc.tuple(fc.constantFrom('+', '-'), fc.nat(23), fc.nat(59)).map(([s, h, m]) => `${s}${pad(h)}:${pad(m)}`),
);
const dateTime = fc
  .tuple(
    date,
    fc.constantFrom('T', 't'),
    fc.tuple(fc.nat(23), fc.nat(59), fc.nat(59)).map(([h, m, s]) => `${pad(h)}:${pad(m)}:${pad(s)}`),
    fc.option(fc.stringMatching(/^\.[0-9]{1,9}$/), { nil: '' }),
    offset,
  )
  .map((parts) => parts.join(''));
/** A leap second: 23:59:60 in UTC, the only minute RFC 3339 gives one. */
const leapSecond = fc
  .tuple(
    date,
    fc.constantFrom('T', 't'),
    fc.option(fc.stringMatching(/^\.[0-9]{1,9}$/), { nil: '' }),
    fc.constantFrom('Z', 'z', '+00:00', '-00:00'),
  )
  .map(([day, t, fraction, zone]) => `${day}${t}23:59:60${fraction}${zone}`);

/**
 * One code point of text: often one a field may balk at (space, tab, line breaks, controls, a zero-width
 * space, a combining mark, Devanagari, an emoji), else any code point but a lone surrogate.
 */
const character = fc.oneof(
  fc.constantFrom(' ', '\t', '\n', '\r', '\u0000', '\u001f', '\u007f', '\u0085', '\u200b', '\u0301'),
  fc.constantFrom('a', 'Z', '0', '-', '.', '/', '@', 'é', 'क', '्', 'ष', 'ि', '😀'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);

function text({ minLength = 0, maxLength }: JsonSchema): fc.Arbitrary<string> {
  const max = maxLength ?? minLength + 40;
  return fc.oneof(
    { arbitrary: fc.string({ unit: character, minLength, maxLength: Math.min(max, minLength + 40) }), weight: 4 },
    // The longest the schema allows, of one character repeated: where a limit counted another way shows.
    {
      arbitrary: fc.tuple(character, fc.constantFrom(max, Math.max(minLength, 1))).map(([c, n]) => c.repeat(n)),
      weight: 1,
    },
  );
}

/** A string the schema allows: its pattern's, else its format's, else any text; then every other rule. */
function string(schema: JsonSchema): fc.Arbitrary<string> {
  const pattern = schema.pattern === undefined ? undefined : new RegExp(schema.pattern, 'u');
  // A pattern that takes plain text (it bars characters rather than spelling a shape) draws from text.
  const base = pattern && !pattern.test('a') ? fc.stringMatching(pattern) : (formatted(schema) ?? text(schema));
  return base.filter(
    (s) =>
      (pattern?.test(s) ?? true) &&
      codePoints(s) >= (schema.minLength ?? 0) &&
      codePoints(s) <= (schema.maxLength ?? Infinity) &&
      (schema.format !== 'date' || /^\d{4}-\d\d-\d\d$/.test(s)),
  );
}

function formatted(schema: JsonSchema): fc.Arbitrary<string> | undefined {
  switch (schema.format) {
    case 'date':
      return date;
    case 'date-time':
      return fc.oneof({ arbitrary: dateTime, weight: 9 }, { arbitrary: leapSecond, weight: 1 });
    case 'email':
      // RFC 5321's shapes, a dot-less domain among them (what `format: email` alone allows).
      return fc.oneof(fc.emailAddress(), fc.constantFrom('0@com', 'a.b+c@example.co', 'x@localhost'));
  }
  return undefined;
}

function object(schema: JsonSchema, child: Child): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  const named = fc.record(Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, child(v)])), {
    requiredKeys: Object.keys(properties).filter((k) => required.has(k)),
  });
  const more = extra
    ? fc.dictionary(string({ type: 'string', ...schema.propertyNames }), child(extra), {
        maxKeys: Math.min(schema.maxProperties ?? 5, 5),
      })
    : fc.constant({});
  return fc
    .tuple(named, more)
    .map(([a, b]) => ({ ...b, ...a }))
    .filter((o) => {
      const n = Object.keys(o).length;
      return n >= (schema.minProperties ?? 0) && n <= (schema.maxProperties ?? Infinity);
    });
}

/** What a container's members are made with: `documented` itself, or the fuzz test's mix of it with hostile values. */
type Child = (schema: JsonSchema) => fc.Arbitrary<unknown>;

/** Any value the schema allows (its members made by `child`). */
export function documented(schema: JsonSchema, child: Child = documented): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => documented(option, child)));
  const type = [schema.type ?? 'object'].flat()[0];
  switch (type) {
    case 'string':
      return string(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum, max: schema.maximum });
    case 'number':
      return fc.double({ min: schema.minimum, max: schema.maximum, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(child(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, Math.max(schema.minItems ?? 0, 3)),
      });
  }
  return object(schema, child);
}

type Parameter = { in: string; name: string; required?: boolean; schema: JsonSchema };
export type Operation = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  security?: Record<string, string[]>[];
};
export type Request = { path: string; query: string; body?: unknown };

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A request the operation's document allows: its path filled in, some of its query, its body. */
export function documentedRequest(path: string, operation: Operation): fc.Arbitrary<Request> {
  const parameters = operation.parameters ?? [];
  const inPath = parameters.filter((p) => p.in === 'path');
  const inQuery = parameters.filter((p) => p.in === 'query');
  const body = operation.requestBody?.content['application/json']?.schema;
  const value = (p: Parameter) => documented(p.schema).map((v) => [p.name, asText(v)] as const);
  return fc.record({
    path: fc
      .tuple(...inPath.map(value))
      .map((pairs) => pairs.reduce((url, [name, v]) => url.replace(`{${name}}`, encodeURIComponent(v)), path)),
    query: fc
      .tuple(...inQuery.map((p) => (p.required ? value(p) : fc.option(value(p), { nil: undefined }))))
      .map((pairs) => new URLSearchParams(pairs.filter((p) => p !== undefined).map(([k, v]) => [k, v])).toString()),
    body: !body
      ? fc.constant(undefined)
      : operation.requestBody?.required
        ? documented(body)
        : fc.option(documented(body), { nil: undefined }),
  });
}

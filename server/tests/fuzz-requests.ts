// Requests made from the OpenAPI document's request schemas, for the fuzz test (fuzz.test.ts): mostly
// values that fit each schema (patterns, formats, enums, bounds), mixed with values that do not (wrong
// types, control characters, lone surrogates, numbers past a column's range), as an outside fuzzer would.
import fc from 'fast-check';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  patternProperties?: Record<string, JsonSchema>;
  maxProperties?: number;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
};

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

const day = fc
  .date({ min: new Date('1969-12-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());

/** A string that fits the schema (usually short: the bounds are probed by the hostile values). */
function fittingString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  if (schema.format === 'date') return day.map((t) => t.slice(0, 10));
  if (schema.format === 'date-time') return day;
  if (schema.format === 'email') return fc.emailAddress();
  const max = Math.min(schema.maxLength ?? 40, 40);
  return fc.oneof(
    fc.string({ minLength: schema.minLength ?? 0, maxLength: max }),
    fc.string({ minLength: schema.minLength ?? 0, maxLength: max, unit: 'grapheme' }),
    fc.constant('x'.repeat(Math.min(schema.maxLength ?? 40, 6000))),
  );
}

/** A value for `schema`: fitting nine times in ten, anything else the tenth. */
export function valueOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: fitting(schema), weight: 9 }, { arbitrary: anything, weight: 1 });
}

function fitting(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(fitting));
  const type = [schema.type ?? 'object'].flat()[0];
  switch (type) {
    case 'string':
      return fittingString(schema);
    case 'integer':
      return fc.integer();
    case 'number':
      return fc.double();
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueOf(schema.items ?? {}), { maxLength: 3 });
  }
  const pattern = Object.values(schema.patternProperties ?? {})[0];
  if (pattern && !schema.properties)
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), valueOf(pattern), {
      maxKeys: Math.min(schema.maxProperties ?? 3, 3),
    });
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  return fc.record(Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, valueOf(v)])), {
    requiredKeys: Object.keys(properties).filter((k) => required.has(k)),
  });
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

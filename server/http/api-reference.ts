// docs/api-reference.md, written from the OpenAPI document the service publishes (GET /api/openapi.json),
// itself made from the routes' declarations in model/api/: each operation's parameters, body and answers
// with their refusal codes, so a new route's reference comes with its declaration. `npm run docs` writes it
// (server/cli/api-reference.ts); tests/docs/api-contract.test.ts fails when it is behind.

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  description?: string;
};
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema; description?: string };
type Answer = {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: Schema }>;
};
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, unknown>[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, Answer>;
};
export type ReferenceDocument = { paths: Record<string, Record<string, Operation>> };

/** The tags in the order a reader meets them, with the heading each gets. */
const TAGS: [string, string][] = [
  ['widgets', 'What the widgets call'],
  ['voice', 'The voice provider'],
  ['desk', 'The desk'],
  ['service', 'The service'],
];
const SCHEMES: Record<string, string> = {
  deskSession: 'a desk session (`deskSession`)',
  deskPendingSignIn: 'a sign-in waiting for its second step (`deskPendingSignIn`)',
  vapiSecret: 'the provider’s secret (`vapiSecret`)',
};

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
const num = (n: number) => n.toLocaleString('en-US');
const literal = (value: unknown) => `\`${JSON.stringify(value)}\``;

/** A schema's kind in a few words: `string`, `"a" or "b"`, `array of string`, `date-time`. */
function kind(schema: Schema): string {
  if (schema.const !== undefined) return literal(schema.const);
  if (schema.enum) return schema.enum.map(literal).join(', ');
  if (schema.anyOf) return schema.anyOf.map(kind).join(' or ');
  if (schema.type === 'array') return `array of ${schema.items ? kind(schema.items) : 'anything'}`;
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'anything');
  return schema.format ? `${type} (${schema.format})` : type;
}

/** What a schema asks beyond its kind: lengths, ranges, pattern, and its description. */
function rules(schema: Schema): string {
  const out: string[] = [];
  const range = (min: number | undefined, max: number | undefined, unit: string) => {
    if (min !== undefined && max !== undefined) out.push(`${num(min)}–${num(max)} ${unit}`);
    else if (max !== undefined) out.push(`at most ${num(max)} ${unit}`);
    else if (min !== undefined && min > 0) out.push(`at least ${num(min)} ${unit}`);
  };
  range(schema.minLength, schema.maxLength, 'characters');
  range(schema.minItems, schema.maxItems, 'items');
  if (schema.minimum !== undefined || schema.maximum !== undefined)
    out.push(
      [
        schema.minimum !== undefined && `from ${num(schema.minimum)}`,
        schema.maximum !== undefined && `to ${num(schema.maximum)}`,
      ]
        .filter(Boolean)
        .join(' '),
    );
  // A pattern is the machine's rule; where the contract says it in words, the words are enough.
  if (schema.pattern && !schema.description) out.push(`matches \`${schema.pattern}\``);
  if (schema.anyOf) for (const option of schema.anyOf) if (rules(option)) out.push(rules(option));
  if (schema.description) out.push(schema.description);
  return out.join('; ');
}

/** A body's fields, nested objects' fields named with dots (`utm.source`). */
function fields(schema: Schema, prefix = ''): string[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, field]) => [
    `| \`${prefix}${name}\` | ${cell(kind(field))} | ${required.has(name) ? 'yes' : 'no'} | ${cell(rules(field))} |`,
    ...(field.properties ? fields(field, `${prefix}${name}.`) : []),
  ]);
}

/** An object's shape by its fields' names: `{sent, phone}`; an array's by its items'. */
function shape(schema: Schema): string {
  if (schema.type === 'array' && schema.items) return `array of ${shape(schema.items)}`;
  if (schema.properties) return `\`{${Object.keys(schema.properties).join(', ')}}\``;
  return kind(schema);
}

/** An answer's own words, or (Fastify's "Default Response" where its contract gave none) its body's shape. */
function said(answer: Answer): string {
  if (answer.description && answer.description !== 'Default Response') return answer.description;
  const [type, media] = Object.entries(answer.content ?? {})[0] ?? [];
  return media?.schema ? `${type === 'application/json' ? 'JSON' : type} ${shape(media.schema)}` : 'No body.';
}

function operation(method: string, path: string, op: Operation): string[] {
  const lines = [`### \`${method.toUpperCase()} ${path}\``, '', `${op.summary ?? ''}${op.summary ? '.' : ''}`.trim()];
  if (op.description) lines.push('', op.description);
  const who = (op.security ?? [])
    .map((need) =>
      Object.keys(need)
        .map((scheme) => SCHEMES[scheme] ?? `\`${scheme}\``)
        .join(' and '),
    )
    .join(', or ');
  lines.push('', who ? `Needs ${who}.` : 'Open to anyone (`security: []`).');
  const params = op.parameters ?? [];
  if (params.length)
    lines.push(
      '',
      '| Parameter | In | Kind | Required | Rules |',
      '| --- | --- | --- | --- | --- |',
      ...params.map(
        (p) =>
          `| \`${p.name}\` | ${p.in} | ${cell(kind(p.schema ?? {}))} | ${p.required ? 'yes' : 'no'} | ${cell(rules({ ...p.schema, description: p.description ?? p.schema?.description }))} |`,
      ),
    );
  const body = op.requestBody?.content?.['application/json']?.schema;
  if (body?.properties) {
    const closed = body.additionalProperties === false ? ', no other fields' : '';
    lines.push(
      '',
      `Body (JSON${closed}):`,
      '',
      '| Field | Kind | Required | Rules |',
      '| --- | --- | --- | --- |',
      ...fields(body),
    );
  }
  lines.push('', '| Status | Answer |', '| --- | --- |');
  for (const [status, answer] of Object.entries(op.responses ?? {})) {
    const headers = Object.keys(answer.headers ?? {});
    const also = headers.length ? ` Headers: ${headers.map((h) => `\`${h}\``).join(', ')}.` : '';
    lines.push(`| ${status} | ${cell(`${said(answer)}${also}`)} |`);
  }
  return [...lines, ''];
}

/** The whole reference, operations grouped by tag in path order. */
export function apiReference(document: ReferenceDocument): string {
  const operations = Object.entries(document.paths)
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })))
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  const untagged = operations.filter(({ op }) => !TAGS.some(([tag]) => tag === op.tags?.[0]));
  if (untagged.length)
    throw new Error(
      `Operations with no tag the reference knows: ${untagged.map((o) => `${o.method} ${o.path}`).join(', ')}`,
    );
  const out = [
    '# The API, operation by operation',
    '',
    'Written by `npm run docs` from the contract the service publishes at `GET /api/openapi.json`, itself made from each',
    'route’s declaration in `model/api/`: change those, not this file. [The HTTP API](api.md) says what the operations share',
    '(the one shape of a refusal, limits, the flow of a demo request) and what each one does.',
    '',
  ];
  for (const [tag, heading] of TAGS) {
    const tagged = operations.filter(({ op }) => (op.tags ?? [])[0] === tag);
    if (!tagged.length) continue;
    out.push(`## ${heading}`, '');
    for (const { path, method, op } of tagged) out.push(...operation(method, path, op));
  }
  return `${out.join('\n').trimEnd()}\n`;
}

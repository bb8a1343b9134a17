// The service keeps its contract: every answer an API test receives is checked against the response
// schemas of the OpenAPI document the service publishes (GET /api/openapi.json). testApp (./harness.ts)
// runs every answer through `answerCheck`; its `close` fails the test with what broke the contract.
import { Compile } from 'typebox/compile';

type Content = Record<string, { schema?: unknown }>;
type Operation = { responses?: Record<string, { content?: Content; headers?: Record<string, unknown> }> };
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

/** The document's path for a route's URL: `/api/desk/leads/:id` is `/api/desk/leads/{id}`. */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/**
 * A check of one answer of an operation: null when the answer is a documented status in its documented
 * shape, with every header its response declares (when `header` reads them), or the request matched no
 * operation; else what is wrong.
 */
export function answerCheck(document: OpenApiDocument) {
  const compiled = new Map<string, ReturnType<typeof Compile>>();
  return (answer: {
    method: string;
    url: string | undefined;
    status: number;
    type: string;
    body: unknown;
    header?: (name: string) => unknown;
  }) => {
    const operation = answer.url ? document.paths[openApiPath(answer.url)]?.[answer.method.toLowerCase()] : undefined;
    if (!operation) return null;
    const where = `${answer.method} ${answer.url} → ${answer.status}`;
    const documented = operation.responses?.[String(answer.status)];
    if (!documented) return `${where}: not a documented status`;
    const { header } = answer;
    const missing = header && Object.keys(documented.headers ?? {}).filter((name) => header(name) === undefined);
    if (missing?.length) return `${where}: no ${missing.join(', ')} header, which the document declares`;
    if (answer.status === 204) return null;
    const media = answer.type.split(';')[0].trim();
    if (documented.content && !(media in documented.content))
      return `${where}: ${media || 'no type'} is not documented`;
    if (media !== 'application/json') return null;
    if (typeof answer.body !== 'string') return null;
    const schema = documented.content?.['application/json']?.schema;
    if (!schema) return null;
    const key = `${where}`;
    let check = compiled.get(key);
    if (!check) compiled.set(key, (check = Compile(schema as Parameters<typeof Compile>[0])));
    let value: unknown;
    try {
      value = JSON.parse(answer.body);
    } catch {
      return `${where}: not JSON`;
    }
    if (check.Check(value)) return null;
    const [first] = check.Errors(value);
    return `${where}: ${first?.instancePath || '(the body)'} ${first?.message ?? 'does not fit'} in ${answer.body.slice(0, 200)}`;
  };
}

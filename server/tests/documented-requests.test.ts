import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cookieName } from '../http/cookies.ts';
import { answerCheck, type OpenApiDocument } from './contract.ts';
import { documentedRequest, type Operation, type Request } from './documented-values.ts';
import { contractApp } from './fuzz-requests.ts';
import { bothDatabases } from './harness.ts';
import { patience } from '../../tests/support/slowdown.mjs';

// Issue 56 item 6: the contract is as strict as the service. Requests valid by the published document
// alone (./documented-values.ts reads it as an outside client does) for every operation, signed in and
// out: none is refused with 400, and every answer is a documented status, in its shape, with the headers
// its response declares and no header the document declares elsewhere but not there.
const { backends } = bothDatabases();
const RUNS = 400;
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/** Headers a program reads: one in an answer whose response does not declare it is undocumented. */
const READ_HEADERS = ['allow', 'location', 'retry-after', 'set-cookie', 'content-disposition'];

/** Requests the issue found refused, always sent besides the generated ones (each was a 400 before). */
type Case = { name: string; request: Request; signedIn: boolean };
const EXAMPLES: [Case][] = (
  [
    ['GET /api/desk/leads', '/api/desk/leads', 'from=1969-12-31T23%3A59%3A59Z'],
    ['GET /api/desk/feedback', '/api/desk/feedback', 'to=2016-12-31T23%3A59%3A60Z'],
    ['GET /api/desk/overview', '/api/desk/overview', 'tz=Mars%2FOlympus'],
    ['POST /api/feedback', '/api/feedback', '', { name: 'x'.repeat(200), email: 'a@b.co', message: 'Hi' }],
  ] as const
).map(([name, path, query, body]) => [{ name, request: { path, query, body }, signedIn: true }]);

/** The codes of a refusal for a request's shape: a request the document allows never gets one. */
const SHAPE_CODES = ['invalid', 'invalid-filter', 'bad-json'];

/**
 * Why a 400 to a documented-valid request breaks the contract, or null: a 400 about a request's meaning
 * (a wrong code, a number no phone has, a consent sentence not accepted here) is the service's to say,
 * but its code must be one the operation's 400 names; a refusal of the request's shape never is.
 */
function refusedForItsShape(operation: Operation & Responses, body: { error?: string; message?: string }) {
  if (SHAPE_CODES.includes(body.error ?? '')) return 'refused for its shape';
  if (body.message?.includes('control character')) return 'refused for a control character';
  const named = operation.responses['400']?.description ?? '';
  return named.includes(`\`${body.error}\``) ? null : `${body.error} is not a code its 400 names`;
}

type Responses = { responses: Record<string, { headers?: object; description?: string }> };
type Document = OpenApiDocument & {
  paths: Record<string, Record<string, Operation & Responses>>;
};

describe.each(backends)('documented-valid requests on $name', ({ name, env }) => {
  it(
    'are never refused with 400, and get only documented answers and headers',
    async () => {
      const email = 'documented@example.com';
      const { h, admin: added } = await contractApp(env(), email);
      // A session of its own for each request, made past the HTTP layer: what a request before it did
      // (ending every session, a lock-out) never changes what the next one is sent with.
      const session = async () => {
        const { token } = await h.domain.desk.openSession(
          { id: added.id, email, role: 'admin' },
          { clientIp: '198.51.100.8' },
        );
        return `${cookieName('session', false)}=${token}`;
      };
      const origin = new URL(h.config.publicUrl).origin;
      const document = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Document;
      const check = answerCheck(document);
      const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
      );
      // Each case names its operation (a short counterexample); the operation is looked up by its name.
      const byName = new Map(operations.map((op) => [`${op.method} ${op.path}`, op]));
      const arbitrary = fc.oneof(
        ...operations.map((op) =>
          fc.record({
            name: fc.constant<string>(`${op.method} ${op.path}`),
            request: documentedRequest(op.path, op.operation),
            signedIn: fc.boolean(),
          }),
        ),
      );
      const tried = new Set<string>();
      const started = performance.now();
      console.log(`documented requests on ${name}: seed ${SEED} (FUZZ_SEED=${SEED} repeats it)`);
      await fc.assert(
        fc.asyncProperty(arbitrary, async ({ name: key, request, signedIn }) => {
          const op = byName.get(key)!;
          const security = JSON.stringify(op.operation.security ?? []);
          const url = request.path + (request.query ? `?${request.query}` : '');
          const res = await h.app.inject({
            method: op.method as 'GET',
            url,
            headers: {
              origin,
              ...(signedIn && security.includes('deskSession') && { cookie: await session() }),
              ...(signedIn && security.includes('vapiSecret') && { 'x-vapi-secret': 'fuzz-secret' }),
              ...(request.body !== undefined && { 'content-type': 'application/json' }),
            },
            ...(request.body !== undefined && { payload: JSON.stringify(request.body) }),
          });
          tried.add(key);
          const what = `${op.method} ${url} ${JSON.stringify(request.body)?.slice(0, 300) ?? ''} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          if (res.statusCode === 400) expect(refusedForItsShape(op.operation, res.json()), what).toBeNull();
          const documented = op.operation.responses[String(res.statusCode)]?.headers ?? {};
          const declared = Object.keys(documented).map((header) => header.toLowerCase());
          const undeclared = READ_HEADERS.filter((header) => header in res.headers && !declared.includes(header));
          expect(undeclared, `${what}: headers its response does not declare`).toEqual([]);
          const problem = check({
            method: op.method,
            url: op.path.replace(/\{(\w+)\}/g, ':$1'),
            status: res.statusCode,
            type: String(res.headers['content-type'] ?? ''),
            body: res.body,
            header: (header) => res.headers[header.toLowerCase()],
          });
          expect(problem, what).toBeNull();
        }),
        { seed: SEED, numRuns: RUNS, examples: EXAMPLES },
      );
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`documented requests on ${name}: ${RUNS} in ${seconds} s, ${operations.length} operations`);
      await h.close();
      // Every operation was tried.
      expect([...tried].sort()).toEqual(operations.map((op) => `${op.method} ${op.path}`).sort());
    },
    patience(60_000),
  );
});

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiReference, type ReferenceDocument } from '../../server/http/api-reference.ts';
import { testApp } from '../../server/tests/harness.ts';

// docs/api-reference.md is written from the OpenAPI document the service publishes (`npm run docs`), so
// every operation's refusals are in it; docs/api.md and docs/desk.md keep their prose, and every status
// and code they name must be one the document describes.
const read = (file: string) => readFileSync(new URL(`../../docs/${file}`, import.meta.url), 'utf8');

/** Answered before or outside any operation (framing, static files): in the docs, not in the document. */
const OUTSIDE = ['400 bad-request', '403 forbidden', '405 method-not-allowed', '408 timeout', '431 headers-too-large'];

/** Every "status code" pair the docs name: in tables, in sentences ("401 `verification`") and in JSON. */
function docPairs(text: string): Set<string> {
  const pairs = new Set<string>();
  const codes = (cell: string) => [...cell.matchAll(/`([a-z][a-z-]+)`/g)].map((m) => m[1]);
  for (const line of text.split('\n')) {
    const row = /^\|\s*(\d{3})\s*\|([^|]*)\|/.exec(line);
    if (row) for (const code of codes(row[2])) pairs.add(`${row[1]} ${code}`);
    const provider = /^\|\s*`([a-z-]+)`\s*\|\s*(\d{3})\s*\|/.exec(line);
    if (provider) pairs.add(`${provider[2]} ${provider[1]}`);
  }
  const flat = text.replace(/\s+/g, ' ');
  for (const m of flat.matchAll(/\b([45]\d\d) ((?:`[a-z][a-z-]+`(?: \([^)]*\))?(?:, | or | and |, then )?)+)/g))
    for (const code of codes(m[2].replace(/\([^)]*\)/g, ''))) pairs.add(`${m[1]} ${code}`);
  for (const m of flat.matchAll(/\b([45]\d\d) \{"error": "([a-z-]+)"/g)) pairs.add(`${m[1]} ${m[2]}`);
  return pairs;
}

describe('the API docs', () => {
  let document: ReferenceDocument & {
    paths: Record<string, Record<string, { responses: Record<string, { description?: string }> }>>;
  };
  beforeAll(async () => {
    const h = await testApp();
    document = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    await h.close();
  });

  it('have the reference of every operation as the document says it (npm run docs writes it)', () => {
    // The service a test starts serves its own origin; the reference is written from the default settings'.
    expect(read('api-reference.md'), 'docs/api-reference.md is behind: run npm run docs').toBe(apiReference(document));
  });

  it('name every refusal the document describes, with its status, and no other', () => {
    const documented = new Set<string>();
    for (const methods of Object.values(document.paths))
      for (const operation of Object.values(methods))
        for (const [status, answer] of Object.entries(operation.responses))
          if (Number(status) >= 400)
            for (const m of (answer.description ?? '').matchAll(/`([a-z][a-z-]+)`/g))
              documented.add(`${status} ${m[1]}`);
    const prose = new Set([...docPairs(read('api.md')), ...docPairs(read('desk.md'))]);
    const docs = new Set([...prose, ...docPairs(read('api-reference.md'))]);
    expect([...documented].filter((pair) => !docs.has(pair)).sort(), 'in the document, not in the docs').toEqual([]);
    expect(
      [...prose].filter((pair) => !documented.has(pair) && !OUTSIDE.includes(pair)).sort(),
      'in the prose, not in the document',
    ).toEqual([]);
  });
});

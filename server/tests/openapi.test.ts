import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { isRoute, type Place } from '../../model/api/route.ts';
import { registeredApiRoutes } from '../http/app.ts';
import { answerCheck, type OpenApiDocument } from './contract.ts';
import { testApp } from './harness.ts';

// Issue 43: the service publishes its contract. GET /api/openapi.json is OpenAPI 3.1 (checked by a
// validator nobody here wrote) and describes exactly the /api routes the service registers.
describe('GET /api/openapi.json', () => {
  let h: Awaited<ReturnType<typeof testApp>>;
  let document: Record<string, unknown> & {
    servers?: unknown;
    paths: Record<string, Record<string, { security?: unknown }>>;
  };
  beforeAll(async () => {
    h = await testApp();
    const res = await h.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    document = res.json();
  });
  afterAll(() => h.close());

  /** Every route declared in model/api (each module's exports made by `route()`): the one place a route is written. */
  const declared: Place[] = [];
  beforeAll(async () => {
    const folder = new URL('../../model/api/', import.meta.url);
    for (const file of readdirSync(folder).filter((name) => /^[\w-]+\.ts$/.test(name) && !name.endsWith('.test.ts')))
      declared.push(...Object.values(await import(new URL(file, folder).href)).filter(isRoute));
  });

  const operations = () =>
    Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();

  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes every route the service registers under /api, and nothing else', () => {
    const registered = [...registeredApiRoutes(h.app)].flatMap(([url, methods]) =>
      [...methods].map((m) => `${m} ${url.replace(/:(\w+)/g, '{$1}')}`),
    );
    expect(operations()).toEqual(registered.sort());
    expect(operations()).toEqual(
      declared.map(({ method, path }) => `${method} ${path.replace(/:(\w+)/g, '{$1}')}`).sort(),
    );
    expect(operations().length).toBe(46);
  });

  it('passes Redocly’s recommended rules with no error and no warning', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it('names and tags every operation, says which take no credentials, and where the service answers', () => {
    const all = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    const ids = all.map((op) => (op as { operationId?: string }).operationId);
    expect(new Set(ids).size).toBe(all.length);
    expect(document.paths['/api/desk/embeds/{id}'].patch).toMatchObject({ operationId: 'patchDeskEmbedsById' });
    expect(document.paths['/api/feedback'].post).toMatchObject({ tags: ['widgets'], security: [] });
    expect(document.paths['/api/session'].post).toMatchObject({ tags: ['desk'], security: [] });
    expect(document.servers).toEqual([expect.objectContaining({ url: new URL(h.config.publicUrl).origin })]);
  });

  it('declares the headers a program reads: Retry-After on every 429, Set-Cookie, Content-Disposition', () => {
    type Responses = Record<string, { headers?: Record<string, unknown> }>;
    const responses = (path: string, method: string) =>
      (document.paths[path][method] as unknown as { responses: Responses }).responses;
    for (const [path, methods] of Object.entries(document.paths))
      for (const method of Object.keys(methods)) {
        const limited = responses(path, method)['429'];
        if (limited) expect(Object.keys(limited.headers ?? {}), `${method} ${path}`).toContain('Retry-After');
      }
    expect(Object.keys(responses('/api/session', 'post')['200'].headers ?? {})).toEqual(['Set-Cookie']);
    expect(Object.keys(responses('/api/desk/leads.csv', 'get')['200'].headers ?? {})).toEqual(['Content-Disposition']);
  });

  it('names the desk’s session cookie and the voice events’ X-Vapi-Secret as security schemes', () => {
    expect(document.components).toMatchObject({
      securitySchemes: {
        deskSession: { type: 'apiKey', in: 'cookie', name: 'desk_session' },
        vapiSecret: { type: 'apiKey', in: 'header', name: 'X-Vapi-Secret' },
      },
    });
    expect(document.paths['/api/voice/events'].post.security).toEqual([{ vapiSecret: [] }]);
    expect(document.paths['/api/desk/leads'].get.security).toEqual([{ deskSession: [] }]);
  });

  it('is what every answer of the API tests is checked against: a wrong status or shape is caught', () => {
    const check = answerCheck(document as unknown as OpenApiDocument);
    const answer = { method: 'GET', url: '/api/health', type: 'application/json; charset=utf-8' };
    expect(check({ ...answer, status: 200, body: '{"ok":true}' })).toBeNull();
    expect(check({ ...answer, status: 200, body: '{"ok":"yes"}' })).toMatch(/ok/);
    expect(check({ ...answer, status: 418, body: '{}' })).toMatch(/not a documented status/);
    const refusal = { method: 'POST', url: '/api/feedback', type: 'application/json', status: 400 };
    expect(check({ ...refusal, body: '{"error":"invalid","message":"m","field":"name"}' })).toBeNull();
    expect(check({ ...refusal, body: '{"error":"invalid"}' })).not.toBeNull();
    const limited = { ...refusal, status: 429, body: '{"error":"rate-limited","message":"m","retryAfterSeconds":1}' };
    expect(check({ ...limited, header: (name) => (name === 'Retry-After' ? '1' : undefined) })).toBeNull();
    expect(check({ ...limited, header: () => undefined })).toMatch(/no Retry-After header/);
  });
});

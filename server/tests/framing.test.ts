import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from './harness.ts';

// Issue 43: answers outside the one shape. Routing comes before input checks; every unknown method on an
// API path is a 405 with Allow; a preflight without Origin and a missing or second Host are refused as JSON.
describe('how a request is framed', () => {
  let h: Awaited<ReturnType<typeof testApp>>;
  let port: number;
  beforeAll(async () => {
    h = await testApp({ CORS_ORIGINS: 'https://partner.example' });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as { port: number }).port;
  });
  afterAll(() => h.close());

  /** The raw answer to raw bytes, read until the service closes the connection. */
  const rawHttp = (text: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(text));
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk;
        if (/\r\n\r\n/.test(answer) && /content-length: (\d+)/i.test(answer)) {
          const length = Number(/content-length: (\d+)/i.exec(answer)![1]);
          if (Buffer.byteLength(answer.split('\r\n\r\n').slice(1).join('\r\n\r\n')) >= length) socket.end();
        }
      });
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
  const parse = (answer: string) => {
    const [head, body] = answer.split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), head: head.toLowerCase(), body: JSON.parse(body) };
  };

  it.each(['QUERY', 'PROPFIND', 'LINK'])('answers %s on an API path 405 with Allow', async (method) => {
    const res = await h.app.inject({ method: method as 'GET', url: '/api/feedback' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json()).toMatchObject({ error: 'method-not-allowed' });
  });

  it('answers a method Node’s parser does not know, on an API path, 405 with Allow', async () => {
    const answer = parse(await rawHttp('FROB /api/desk/leads/7 HTTP/1.1\r\nHost: x\r\n\r\n'));
    expect(answer.status).toBe(405);
    expect(answer.head).toContain('allow: get');
    expect(answer.body.error).toBe('method-not-allowed');
    const elsewhere = parse(await rawHttp('FROB / HTTP/1.1\r\nHost: x\r\n\r\n'));
    expect(elsewhere).toMatchObject({ status: 400, body: { error: 'bad-request' } });
  });

  const nul = '{"name":"\\u0000"}';
  it.each([
    ['PUT', '/api/feedback', nul, 405],
    ['POST', '/api/nothing', nul, 404],
    ['POST', '/api/nothing', '{"name":', 404],
    ['PATCH', '/api/otp', '{"name":', 405],
    ['POST', '/nothing', nul, 404],
  ])('routes %s %s before it reads the body', async (method, url, payload, status) => {
    const res = await h.app.inject({
      method: method as 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toBe(status === 405 ? 'method-not-allowed' : 'not-found');
  });

  it('refuses OPTIONS without Origin in the one shape, and still answers a preflight', async () => {
    const res = await h.app.inject({ method: 'OPTIONS', url: '/api/feedback' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad-request', message: expect.stringContaining('Origin') });
    // An Origin alone is no preflight either: refused alike, not in the CORS plugin's plain text.
    const half = await h.app.inject({
      method: 'OPTIONS',
      url: '/api/feedback',
      headers: { origin: 'https://partner.example' },
    });
    expect(half.statusCode).toBe(400);
    expect(half.headers['content-type']).toMatch(/^application\/json/);
    expect(half.json()).toMatchObject({
      error: 'bad-request',
      message: expect.stringContaining('Access-Control-Request-Method'),
    });
    const preflight = await h.app.inject({
      method: 'OPTIONS',
      url: '/api/feedback',
      headers: { origin: 'https://partner.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://partner.example');
  });

  it('refuses a request without Host, or with two, in the one shape', async () => {
    const none = parse(await rawHttp('GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n'));
    expect(none).toMatchObject({
      status: 400,
      body: { error: 'bad-request', message: expect.stringContaining('Host') },
    });
    const two = parse(await rawHttp('GET /api/health HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n'));
    expect(two).toMatchObject({
      status: 400,
      body: { error: 'bad-request', message: expect.stringContaining('Host') },
    });
    const one = await rawHttp('GET /api/health HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n');
    expect(one).toMatch(/^HTTP\/1\.1 200/);
  });
});

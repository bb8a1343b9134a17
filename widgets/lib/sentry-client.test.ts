// @vitest-environment happy-dom
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureError, flush, reporterOptions } from './sentry-client';

/** A local envelope collector standing in for the error-reporting service. */
let server: Server;
let port = 0;
const received: { path: string; contentType: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        contentType: String(req.headers['content-type'] ?? ''),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200, { 'Access-Control-Allow-Origin': '*' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the isolated error reporter', () => {
  it('delivers a captured error as an envelope to the DSN host', async () => {
    const dsn = `http://publickey@127.0.0.1:${port}/1`;
    captureError(dsn, new Error('voice demo exploded'), { widget: 'voice-demo' });
    await flush(dsn, 5000);

    expect(received.length).toBeGreaterThan(0);
    for (const envelope of received) expect(envelope.path).toMatch(/^\/api\/1\/envelope\//);
    const lines = received.flatMap((envelope) =>
      envelope.body
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line)),
    );
    const events = lines.filter((line) => line.exception);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event.exception.values[0]).toMatchObject({ type: 'Error', value: 'voice demo exploded' });
    expect(event.tags).toMatchObject({ widget: 'voice-demo' });
  });

  it('leaves the page global error handlers alone', () => {
    // Sentry.init would install these; an isolated client must not.
    expect(window.onerror).toBeNull();
    expect(window.onunhandledrejection).toBeNull();
  });

  it('runs with 100 breadcrumbs and 64 buffered events, and sends at most 50 stack frames', async () => {
    const dsn = `http://publickey@127.0.0.1:${port}/2`;
    received.length = 0;
    // Engines keep 10 frames by default; a page may raise that, and the reporter still sends 50 at most.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 200;
    const deep = (n: number): Error => (n === 0 ? new Error('deep') : deep(n - 1));
    const error = deep(120);
    Error.stackTraceLimit = limit;
    captureError(dsn, error, { widget: 'voice-demo' });
    await flush(dsn, 5000);
    const options = reporterOptions(dsn);
    expect(options?.maxBreadcrumbs).toBe(100);
    expect(options?.transportOptions).toMatchObject({ bufferSize: 64 });
    const event = received
      .flatMap((envelope) =>
        envelope.body
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line)),
      )
      .find((line) => line.exception);
    const frames = event.exception.values[0].stacktrace.frames;
    expect(frames.length).toBeGreaterThan(40);
    expect(frames.length).toBeLessThanOrEqual(50);
  });
});

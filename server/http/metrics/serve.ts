// GET /metrics: on the service's own port only with `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise),
// and without one on METRICS_PORT, which listens on 127.0.0.1 only (a scraper on the same host, or a sidecar).
// With neither set there is no /metrics at all (404, like any path nothing is at).
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { send } from '../errors.ts';

export type Scrape = { registry: Registry; fresh(): Promise<void> };

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `header` carries the token: compared as digests in constant time, so its length does not show. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

async function exposition(scrape: Scrape) {
  await scrape.fresh();
  return { type: scrape.registry.contentType, body: await scrape.registry.metrics() };
}

export function metricsRoute(app: FastifyInstance, token: string, scrape: Scrape) {
  if (!token) return;
  app.get('/metrics', async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      return send(reply, 401, 'unauthorized', 'GET /metrics needs Authorization: Bearer with METRICS_TOKEN.');
    }
    const { type, body } = await exposition(scrape);
    return reply.type(type).header('cache-control', 'no-store').send(body);
  });
}

/** The loopback listener on METRICS_PORT (0: none); closed with the service. */
export async function metricsPort(port: number, scrape: Scrape, log: FastifyBaseLogger): Promise<Server | null> {
  if (!port) return null;
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ error: 'not-found', message: 'Only GET /metrics is served here.' }));
    }
    exposition(scrape).then(
      ({ type, body }) => {
        response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
        response.end(body);
      },
      (error: unknown) => {
        log.error({ err: error }, 'metrics: could not answer a scrape');
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: 'internal', message: 'The metrics could not be read.' }));
      },
    );
  });
  // Keep-alive connections from a scraper must not hold the service's exit.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}

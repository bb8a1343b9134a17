// Whether a request reached the service over https, as the service decides it: Fastify's
// `request.protocol`, which believes a proxy's X-Forwarded-Proto only from the hops TRUST_PROXY names
// (the service itself speaks plain http). The desk's cookies (./cookies.ts) and HSTS follow it.
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const overHttps = (request: FastifyRequest) => request.protocol === 'https';

/** A year, subdomains included (helmet's own value). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** HSTS on answers over https only: over plain http it means nothing to a browser and misleads a scanner. */
export function strictTransportSecurity(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (overHttps(request)) reply.header('Strict-Transport-Security', HSTS);
  });
}

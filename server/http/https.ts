// Whether a request reached the service over https, as the service decides it: Fastify's
// `request.protocol`, which believes a proxy's X-Forwarded-Proto only from the hops TRUST_PROXY names
// (the service itself speaks plain http). The desk's cookies (./cookies.ts) follow it.
import type { FastifyRequest } from 'fastify';

export const overHttps = (request: FastifyRequest) => request.protocol === 'https';

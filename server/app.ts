// The HTTP service: the site, the widgets, the example pages, the feedback API and the demo-request API.
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyReply } from 'fastify';
import { join } from 'node:path';
import type { ServerConfig } from './config.ts';
import { contentSecurityPolicy } from './csp.ts';
import { describeValidation, feedbackRoutes, invalidField, LIMITS, type ValidationError } from './feedback-route.ts';
import { leadRoutes } from './leads/routes.ts';
import { sendSitePage, siteRoutes } from './site-pages.ts';
import { DatabaseBusyError, type Store } from './storage/index.ts';

const HASHED = /[.-][A-Za-z0-9_-]{8}\.(js|css|map)$/;

/** The file a precompressed variant stands for: `x.js.br` is `x.js`. */
const original = (path: string) => path.replace(/\.(br|gz)$/, '');

function cacheHeaders(reply: FastifyReply, path: string) {
  reply.header('Cache-Control', HASHED.test(original(path)) ? 'public, max-age=31536000, immutable' : 'public, max-age=300, must-revalidate');
}

type ServiceError = Error & { validation?: ValidationError[]; code?: string; statusCode?: number };

/** Plain-text answers for every failure the feedback API can meet. */
function textFor(error: ServiceError): { status: number; text: string } {
  if (error.validation) return { status: 400, text: describeValidation(error.validation) };
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, text: `The feedback is too large: the limit is ${LIMITS.bodyBytes / 1024} KiB.` };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, text: 'Send the feedback as JSON (Content-Type: application/json).' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, text: 'The body is empty: send name, email and message as JSON.' };
  }
  if (error instanceof DatabaseBusyError) return { status: 503, text: error.message };
  if (error.statusCode === 429) return { status: 429, text: 'Too many submissions from this address. Please wait a minute and try again.' };
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') return { status: 400, text: 'The body is not valid JSON.' };
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  return { status, text: status === 500 ? 'Something went wrong on our side. Please try again.' : String(error.message) };
}

/** `now` lets tests move the clock of the one-time codes, `logStream` read the log. */
export async function buildApp(config: ServerConfig, store: Store, { now, logStream }: { now?: () => number; logStream?: { write(line: string): void } } = {}) {
  const app = Fastify({
    logger: { level: config.logLevel, ...(logStream && { stream: logStream }) },
    // Our own lines say what matters (feedback stored, errors); one line per request is noise.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: LIMITS.bodyBytes,
    // Node answers 408 and closes a connection whose headers, or whole request, are late; it checks
    // every `connectionsCheckingInterval`, so that is kept well under the limits.
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    http: { headersTimeout: config.timeouts.headersMs, connectionsCheckingInterval: Math.min(1000, config.timeouts.headersMs) },
    trustProxy: config.trustProxy,
    // Refuse unknown fields and wrong types instead of silently dropping or coercing them.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
  });

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Partner pages load the widgets cross-origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // Brotli or gzip, as the browser asks, for what the build did not compress ahead (pages of
  // examples/, API answers): the widgets' React chunk is 220 KB raw, 69 KB gzip, 60 KB Brotli.
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, { global: false, errorResponseBuilder: (_req, ctx) => Object.assign(new Error('rate limited'), { statusCode: ctx.statusCode }) });

  // Answers still in flight when the service stops close their connection, so it does not wait
  // for idle keep-alive connections to time out (close() only drops those idle at that moment).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('Connection', 'close');
  });

  app.setErrorHandler((error: ServiceError, request, reply) => {
    const { status, text } = textFor(error);
    const field = error.validation && invalidField(error.validation);
    if (field) reply.header('X-Invalid-Field', field);
    if (status >= 500) request.log.error(error);
    reply.code(status).type('text/plain; charset=utf-8').send(text);
  });

  /** The methods each API path answers, for the 405's Allow header. */
  const apiMethods = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = apiMethods.get(route.url) ?? new Set();
    for (const method of [route.method].flat()) if (method !== 'HEAD' && method !== 'OPTIONS') methods.add(method);
    apiMethods.set(route.url, methods);
  });

  await app.register(
    async (api) => {
      // The API takes JSON only: anything else is a 415, text/plain included.
      api.removeContentTypeParser('text/plain');
      await api.register(cors, { origin: config.corsOrigins, methods: ['POST'], maxAge: 600, exposedHeaders: ['X-Invalid-Field'] });
      await api.register(feedbackRoutes, { store, rateLimit: config.rateLimit });
      await api.register(leadRoutes, { config, store, now });
      // Says only whether the service and its database answer; never waits on the database.
      api.get('/health', async (_req, reply) => (store.answering() ? { ok: true } : reply.code(503).send({ ok: false, database: 'busy' })));
    },
    { prefix: '/api' },
  );

  await app.register(fastifyStatic, {
    root: join(config.distDir, 'widgets'),
    prefix: '/dist/widgets/',
    // The build writes .br and .gz beside each file: no compression work per request.
    preCompressed: true,
    setHeaders: (res, path) => {
      cacheHeaders(res, path);
      res.header('Access-Control-Allow-Origin', '*');
    },
  });
  await app.register(fastifyStatic, { root: join(config.distDir, 'examples'), prefix: '/dist/examples/', decorateReply: false, preCompressed: true, setHeaders: cacheHeaders });
  await app.register(fastifyStatic, { root: config.examplesDir, prefix: '/examples/', decorateReply: false, setHeaders: (res) => res.header('Cache-Control', 'no-cache') });
  await app.register(fastifyStatic, {
    root: join(config.distDir, 'site'),
    prefix: '/',
    preCompressed: true,
    decorateReply: false,
    index: false,
    wildcard: true,
    // Pages are answered by their routes (with their status), not as files.
    allowedPath: (pathName) => !pathName.endsWith('.html'),
    setHeaders: (res, path) => (original(path).endsWith('.html') ? res.header('Cache-Control', 'no-cache') : cacheHeaders(res, path)),
  });

  const siteDir = join(config.distDir, 'site');

  // Browsers ask for /favicon.ico on every page, the example pages included.
  app.get('/favicon.ico', (_req, reply) => reply.redirect('/favicon.svg', 301));

  for (const route of siteRoutes(siteDir)) app.get(route, (request, reply) => sendSitePage(request, reply, siteDir, route, 200));

  app.setNotFoundHandler((request, reply) => {
    const allowed = apiMethods.get(request.url.split('?')[0]);
    if (allowed?.size) {
      const allow = [...allowed].join(', ');
      return reply.code(405).header('Allow', allow).type('text/plain; charset=utf-8').send(`This address takes ${allow} only.`);
    }
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && !/\.[a-z0-9]+(\?|$)/i.test(request.url);
    if (wantsPage) return sendSitePage(request, reply, siteDir, null, 404);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found.');
  });

  return app;
}

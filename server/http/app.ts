// The HTTP layer: the site, the widgets, the example pages and the API, with one answer shape for
// every failure (./errors.ts). Routes check bodies against their schemas and hand them to the domain.
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController } from 'fastify';
import type { ServerConfig } from '../config/settings.ts';
import type { Domain } from '../domain/index.ts';
import type { Store } from '../storage/index.ts';
import { contentSecurityPolicy } from './csp.ts';
import { deskCookies } from './cookies.ts';
import { strictTransportSecurity } from './https.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { join } from 'node:path';
import { apiNotFound, BODY_LIMIT, installErrorHandling } from './errors.ts';
import { clientError, refuseBadHosts, refuseOptionsWithoutOrigin } from './framing.ts';
import { openApi } from './openapi.ts';
import { permissionsPolicy } from './permissions.ts';
import { HealthRoute, OpenApiRoute, ReadyRoute } from '../../model/api/public.ts';
import { refuseControlCharacters } from './input.ts';
import { prettyLog } from './log-format.ts';
import { VISIBLE_LIMIT } from '../../model/text.ts';
import { parseJsonBodies } from './json-body.ts';
import type { Readiness } from './ready.ts';
import { deskRoutes } from './routes/desk.ts';
import { deskSingleSignOnPages } from './routes/desk-single-sign-on.ts';
import { publicEmbedRoutes } from './routes/embeds.ts';
import { embedPreviewPages, embedPreviewRoute } from './embed-preview.ts';
import { feedbackRoutes } from './routes/feedback.ts';
import { leadRoutes } from './routes/leads.ts';
import { voiceEventRoutes } from './routes/voice-events.ts';
import { voiceSessionRoutes } from './routes/voice-session.ts';
import { sendSitePage } from './site-pages.ts';
import { staticRoutes } from './static.ts';
import { serve } from './serve.ts';

export type LogStream = { write(line: string): void };

/** Trusts the `n` proxies nearest the service: the client is the address the farthest of them saw. */
const hops = (n: number) => (_address: string, hop: number) => hop < n;

/** The methods each API path takes, filled as its routes are registered (for 405's `Allow`). */
const API_METHODS = new WeakMap<object, Map<string, Set<string>>>();

/** Each API path the service registered, with its methods (HEAD and OPTIONS aside). */
export const registeredApiRoutes = (app: object) => API_METHODS.get(app) ?? new Map<string, Set<string>>();

/** The Fastify instance with its plugins; routes come with `registerRoutes` once the domain exists. */
export async function createHttp(config: ServerConfig, { logStream }: { logStream?: LogStream } = {}) {
  const apiMethods = new Map<string, Set<string>>();
  const stream = config.logFormat === 'pretty' ? prettyLog(logStream ?? process.stdout) : logStream;
  const app = Fastify({
    logger: { level: config.logLevel, ...(stream && { stream }) },
    // Our own lines say what matters (feedback stored, errors); one line per request is noise.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    // Late requests and oversized headers get the one error shape too.
    clientErrorHandler: clientError(apiMethods),
    // Node answers 408 and closes a connection whose headers, or whole request, are late; it checks
    // every `connectionsCheckingInterval`, so that is kept well under the limits.
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      connectionsCheckingInterval: Math.min(1000, config.timeouts.headersMs),
      // Checked by the service, in the one answer shape (./framing.ts).
      requireHostHeader: false,
    },
    // Hops or networks named by TRUST_PROXY; never every X-Forwarded-For value.
    trustProxy: typeof config.trustProxy === 'number' ? hops(config.trustProxy) : config.trustProxy,
    // Refuse unknown fields and wrong types instead of silently dropping or coercing them.
    // A name's limit in visible characters is the route's to check (model/text.ts): a keyword Ajv only carries.
    ajv: {
      customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false, keywords: [VISIBLE_LIMIT] },
    },
  });

  // Response schemas are the contract (model/api/), checked by the tests; answers are written as they are
  // (JSON.stringify), never reshaped by a schema-built serializer.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  API_METHODS.set(app, apiMethods);
  refuseBadHosts(app);
  permissionsPolicy(app);
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Partner pages load the widgets cross-origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Over https only (./https.ts).
    strictTransportSecurity: false,
  });
  strictTransportSecurity(app);
  await deskCookies(app);
  // Brotli or gzip, as the browser asks, for what the build did not compress ahead (pages of
  // examples/, API answers).
  await app.register(compress, { threshold: 1024 });
  await app.register(rateLimit, { global: false });
  await openApi(app, config);

  // Answers still in flight when the service stops close their connection, so it does not wait
  // for idle keep-alive connections to time out (close() only drops those idle at that moment).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('Connection', 'close');
  });
  return app;
}

export type Http = Awaited<ReturnType<typeof createHttp>>;

export async function registerRoutes(app: Http, config: ServerConfig, store: Store, domain: Domain, ready: Readiness) {
  const apiMethods = API_METHODS.get(app)!;
  const siteDir = join(config.distDir, 'site');
  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith('/api/')) return apiNotFound(request, reply, apiMethods);
    const wantsPage = request.method === 'GET' && !/\.[a-z0-9]+(\?|$)/i.test(request.url);
    if (wantsPage) return sendSitePage(request, reply, siteDir, null, 404);
    return reply
      .code(404)
      .send({ error: 'not-found', message: `Nothing is at ${request.method} ${request.url.split('?')[0]}.` });
  };
  installErrorHandling(app, apiMethods, notFound);
  refuseControlCharacters(app);

  await app.register(
    async (api) => {
      // The API takes JSON only: anything else is a 415, text/plain included.
      api.removeContentTypeParser('text/plain');
      // Nesting is measured before anything walks a body (./json-body.ts).
      parseJsonBodies(api);
      refuseOptionsWithoutOrigin(api);
      // The settings' origins and every active embed's, as this instance last read them (../domain/embeds.ts).
      await api.register(cors, {
        origin: (origin, done) => done(null, domain.embeds.allows(origin)),
        methods: ['POST'],
        maxAge: 600,
      });
      await api.register(publicEmbedRoutes, { embeds: domain.embeds, store });
      await api.register(feedbackRoutes, { store, rateLimit: config.rateLimit, embeds: domain.embeds });
      await api.register(leadRoutes, { otp: domain.otp, intake: domain.intake });
      // The web demos' gate: only our own pages' origins get a token (checked by the domain, not only by CORS).
      await api.register(voiceSessionRoutes, { sessions: domain.voiceSessions });
      // The sales desk: same-origin only (a session cookie, SameSite=Strict, and an Origin check on changes).
      await api.register(deskRoutes, {
        store,
        desk: domain.desk,
        twoStep: domain.twoStep,
        config,
        embeds: domain.embeds,
      });
      await api.register(embedPreviewRoute, { desk: domain.desk, store, embeds: domain.embeds });
      // Server-to-server: the provider posts its events here (no browser, no CORS).
      await api.register(voiceEventRoutes, { events: domain.voiceEvents });
      // The generated document is wider than its contract, which says only that it is OpenAPI 3.1.
      serve(api, OpenApiRoute, {}, async () => app.swagger() as unknown as { openapi: '3.1.0' });
      // Says only whether the service and its database answer: the database's own state or probe, never
      // a request's query (one that failed because of its input leaves the service healthy).
      serve(api, HealthRoute, {}, async (_req, reply) =>
        (await store.probe()) ? { ok: true as const } : reply.code(503).send({ ok: false, database: 'busy' }),
      );
      serve(api, ReadyRoute, {}, async (_req, reply) => {
        const reason = await ready.check();
        return reason ? reply.code(503).send({ ok: false, reason }) : { ok: true as const };
      });
    },
    { prefix: '/api' },
  );

  // The desk's single sign-on: pages a browser is sent through (to the provider and back), not API calls.
  await app.register(deskSingleSignOnPages, { sso: domain.sso, store, now: domain.desk.now });
  // An embed's preview, for signed-in desk accounts (its own strict policy: the page sends nothing).
  await app.register(embedPreviewPages);
  await staticRoutes(app, config);
  app.setNotFoundHandler(notFound);
}

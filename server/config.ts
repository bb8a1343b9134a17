// Every setting of the service, from environment variables with documented defaults (README, "Configuration").
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

const int = (value: string | undefined, fallback: number) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, ''))
    .filter(Boolean);

const text = (value: string | undefined) => value?.trim() || '';

/** The demo agents a lead may name, each with the voice assistant that calls the visitor. */
export const AGENT_IDS = ['receptionist', 'realEstate', 'supportHindi', 'supportEnglish'] as const;
export type AgentId = (typeof AGENT_IDS)[number];

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const port = int(env.PORT, 4173);
  const host = env.HOST?.trim() || '127.0.0.1';
  const publicUrl = (env.PUBLIC_URL?.trim() || `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`).replace(/\/+$/, '');
  return {
    port,
    host,
    publicUrl,
    databasePath: resolve(env.DATABASE_PATH?.trim() || join(ROOT, 'data', 'feedback.db')),
    /** postgres://… to keep everything in PostgreSQL instead (several instances share it). */
    databaseUrl: text(env.DATABASE_URL),
    /** Origins allowed to call the API from the browser: the site's own, plus partners. */
    corsOrigins: [...new Set([new URL(publicUrl).origin, `http://localhost:${port}`, `http://127.0.0.1:${port}`, ...list(env.CORS_ORIGINS)])],
    rateLimit: { max: int(env.FEEDBACK_RATE_LIMIT, 20), timeWindowMs: int(env.FEEDBACK_RATE_WINDOW_MS, 60_000) },
    trustProxy: env.TRUST_PROXY === 'true',
    distDir: resolve(env.DIST_DIR?.trim() || join(ROOT, 'dist')),
    examplesDir: join(ROOT, 'examples'),
    /** Hosts the voice demo and error reporter talk to, allowed by the site's CSP. */
    voiceApiUrl: env.VITE_VAPI_API_URL?.trim() || 'https://api.vapi.ai',
    sentryDsn: env.VITE_SENTRY_DSN?.trim() || env.AI_WIDGETS_SENTRY_DSN?.trim() || '',
    /** Further origins pages may call (a backend on another host, a staging voice API). */
    connectSrc: list(env.CSP_CONNECT_SRC),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    /** Slow or stalled clients: headers, then the whole request, must arrive within these; idle keep-alive connections close after the last. */
    timeouts: {
      headersMs: int(env.HEADERS_TIMEOUT_MS, 5_000),
      requestMs: Math.max(int(env.REQUEST_TIMEOUT_MS, 10_000), int(env.HEADERS_TIMEOUT_MS, 5_000)),
      keepAliveMs: int(env.KEEP_ALIVE_TIMEOUT_MS, 72_000),
    },
    /** How long a write may wait for the database before the request gets 503. */
    databaseTimeoutMs: int(env.DATABASE_TIMEOUT_MS, 4_000),
    otp: {
      provider: env.OTP_PROVIDER?.trim() === 'twilio' ? ('twilio' as const) : ('console' as const),
      /** ISO 3166-1 alpha-2 codes of the countries codes may be sent to. */
      countries: list(env.OTP_COUNTRIES).map((c) => c.toUpperCase()).length ? list(env.OTP_COUNTRIES).map((c) => c.toUpperCase()) : ['IN'],
      /** Codes requested per client address per hour (counted per instance). */
      clientLimitPerHour: int(env.OTP_CLIENT_LIMIT, 10),
      twilio: {
        accountSid: text(env.TWILIO_ACCOUNT_SID),
        authToken: text(env.TWILIO_AUTH_TOKEN),
        serviceSid: text(env.TWILIO_VERIFY_SERVICE_SID),
        apiUrl: (env.TWILIO_API_URL?.trim() || 'https://verify.twilio.com').replace(/\/+$/, ''),
      },
      /** Signs the verified-phone tokens; unset, one is generated once and kept in the database. */
      tokenSecret: text(env.OTP_TOKEN_SECRET),
    },
    /** Outside calls (OTP provider, voice provider, CRM webhook) give up after this. */
    providerTimeoutMs: int(env.PROVIDER_TIMEOUT_MS, 8_000),
    voice: {
      privateKey: text(env.VAPI_PRIVATE_KEY),
      phoneNumberId: text(env.VAPI_PHONE_NUMBER_ID),
      apiUrl: (env.VAPI_API_URL?.trim() || 'https://api.vapi.ai').replace(/\/+$/, ''),
      assistants: {
        receptionist: text(env.VAPI_ASSISTANT_RECEPTIONIST),
        realEstate: text(env.VAPI_ASSISTANT_REAL_ESTATE),
        supportHindi: text(env.VAPI_ASSISTANT_SUPPORT_HINDI),
        supportEnglish: text(env.VAPI_ASSISTANT_SUPPORT_ENGLISH),
      } satisfies Record<AgentId, string>,
    },
    webhook: {
      url: text(env.LEAD_WEBHOOK_URL),
      secret: text(env.LEAD_WEBHOOK_SECRET),
      /** The first retry waits this long, then each waits twice the last (capped at an hour). */
      backoffMs: int(env.LEAD_WEBHOOK_BACKOFF_MS, 5_000),
    },
  };
}

export type ServerConfig = ReturnType<typeof loadConfig>;

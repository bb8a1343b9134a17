// Every setting of the service, from environment variables with documented defaults (README, "Configuration").
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** @param {string | undefined} value @param {number} fallback */
const int = (value, fallback) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/** @param {string | undefined} value */
const list = (value) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, ''))
    .filter(Boolean);

/**
 * @param {NodeJS.ProcessEnv} [env]
 */
export function loadConfig(env = process.env) {
  const port = int(env.PORT, 4173);
  const host = env.HOST?.trim() || '127.0.0.1';
  const publicUrl = (env.PUBLIC_URL?.trim() || `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`).replace(/\/+$/, '');
  return {
    port,
    host,
    publicUrl,
    databasePath: resolve(env.DATABASE_PATH?.trim() || join(ROOT, 'data', 'feedback.db')),
    /** postgres://… to keep everything in PostgreSQL instead (several instances share it). */
    databaseUrl: env.DATABASE_URL?.trim() || '',
    /** Origins allowed to post feedback from the browser: the site's own, plus partners. */
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
  };
}

/** @typedef {ReturnType<typeof loadConfig>} ServerConfig */

// Every setting of the service, read once from the environment (and `.env`) into one typed object.
// Wrong values stop the service at start with one line naming every wrong setting; a name that is
// not ours but close to one is named with the one it resembles (docs/operations.md).
import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { misspeltSettings } from './names.ts';
import { reader, SettingError, SettingErrors, type Env, type Reader } from './parse.ts';
import type { AgentId } from '../../model/agents.ts';
import { defaultConsentTexts } from '../../model/consent.ts';
import { ianaZone } from '../../model/time-zones.ts';
import { parseCallHours } from './calling-hours.ts';
import { readDeskSignIn } from './desk-sign-in.ts';
import { OTP_CHANNEL_NAMES, type OtpChannel } from '../../model/lead.ts';

/** The repository (or the image's /app): two levels above this file, in source and compiled alike. */
export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url))).replace(/\/dist$/, '');

/** The setting's old name still works, with a warning. */
const ALIASES: Record<string, string> = { VITE_PUBLIC_URL: 'PUBLIC_URL' };

export function loadConfig(env: Env = process.env, warn: (line: string) => void = (line) => console.warn(line)) {
  for (const [old, name] of Object.entries(ALIASES)) {
    if (env[old]?.trim() && !env[name]?.trim()) {
      warn(`${old} is now called ${name}; using its value. Rename it in your environment or .env.`);
      env = { ...env, [name]: env[old] };
    }
  }
  const r = reader(env);
  let config;
  try {
    config = readSettings(r);
  } catch (error) {
    // A check that throws still stops the start, named with the others found so far.
    if (!(error instanceof SettingError)) throw error;
    r.errors.push(error);
  }
  if (!config) throw new SettingErrors(r.errors);
  for (const line of misspeltSettings(Object.keys(env), new Set([...r.names, ...Object.keys(ALIASES)]))) warn(line);
  if (r.errors.length) throw new SettingErrors(r.errors);
  return config;
}

/** Hosts that are this machine: a PUBLIC_URL on one of them is a development or test service. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The site's own origins: PUBLIC_URL's, and, only when that is itself on this machine (development, the
 * tests), the service's port on localhost and 127.0.0.1 too, which a browser tells apart. A public service
 * never takes a page on the visitor's own machine as its own.
 */
export function ownOrigins(publicUrl: string, port: number): string[] {
  const site = new URL(publicUrl);
  return LOOPBACK.has(site.hostname)
    ? [...new Set([site.origin, `http://localhost:${port}`, `http://127.0.0.1:${port}`])]
    : [site.origin];
}

/** The settings, each read through `r`, which records every name asked for and every wrong value. */
function readSettings(r: Reader) {
  const port = r.int('PORT', 4173, { max: 65535 });
  const host = r.text('HOST', '127.0.0.1');
  const publicUrl = r.url('PUBLIC_URL', `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`);
  // Only http and https origins: `localhost:8391` parses as a URL whose origin is "null", which no page should get.
  const originOf = (value: string) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
    } catch {
      return null;
    }
  };
  const corsValues = r.list('CORS_ORIGINS');
  const notOrigins = corsValues.filter((value) => !originOf(value));
  if (notOrigins.length)
    r.fail(
      'CORS_ORIGINS',
      `${notOrigins.map((v) => `"${v}"`).join(', ')} ${notOrigins.length > 1 ? 'are not http or https origins' : 'is not an http or https origin'}: write each with its scheme, for example https://partner.example or http://localhost:8391.`,
      null,
    );
  const corsOrigins = corsValues.flatMap((value) => originOf(value) ?? []);
  const otpProvider = r.oneOf('OTP_PROVIDER', ['console', 'twilio'] as const, 'console');
  const twilio = {
    accountSid: r.text('TWILIO_ACCOUNT_SID'),
    authToken: r.text('TWILIO_AUTH_TOKEN'),
    serviceSid: r.text('TWILIO_VERIFY_SERVICE_SID'),
    apiUrl: r.url('TWILIO_API_URL', 'https://verify.twilio.com'),
  };
  if (otpProvider === 'twilio') {
    const missing = Object.entries({
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_VERIFY_SERVICE_SID: twilio.serviceSid,
    }).filter(([, v]) => !v);
    if (missing.length)
      r.fail(
        missing.map(([name]) => name).join(', '),
        `${missing.length > 1 ? 'are' : 'is'} required when OTP_PROVIDER=twilio.`,
        null,
      );
  }
  // The console provider only shows codes on the service's terminal: in production no visitor would ever get one.
  if (r.text('NODE_ENV') === 'production' && otpProvider === 'console')
    r.fail(
      'OTP_PROVIDER',
      `is ${r.value('OTP_PROVIDER') ? 'console' : 'unset (console)'}, which only shows the codes on the service's terminal; with NODE_ENV=production set OTP_PROVIDER=twilio and its TWILIO_* settings.`,
      null,
    );
  const countries = r.list('OTP_COUNTRIES').map((c) => c.toUpperCase());
  const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  for (const c of countries)
    if (!/^[A-Z]{2}$/.test(c) || !regions.of(c))
      r.fail('OTP_COUNTRIES', `"${c}" is not an ISO 3166-1 country code (for example IN or GB).`, null);
  const channels = r.list('OTP_CHANNELS').map((c) => c.toLowerCase());
  for (const c of channels)
    if (!(OTP_CHANNEL_NAMES as readonly string[]).includes(c))
      r.fail('OTP_CHANNELS', `"${c}" is not a channel for codes: use some of ${OTP_CHANNEL_NAMES.join(', ')}.`, null);
  const tokenSecret = r.text('OTP_TOKEN_SECRET');
  if (tokenSecret && tokenSecret.length < 32)
    r.fail(
      'OTP_TOKEN_SECRET',
      'must be at least 32 characters (or unset, to have one made and kept in the database).',
      null,
    );
  const webhookUrl = r.url('LEAD_WEBHOOK_URL', '');
  const webhookSecret = r.text('LEAD_WEBHOOK_SECRET');
  if (webhookUrl && !webhookSecret)
    r.fail('LEAD_WEBHOOK_SECRET', 'is required with LEAD_WEBHOOK_URL: deliveries are signed with it.', null);
  const headersMs = r.int('HEADERS_TIMEOUT_MS', 5_000);
  const brand = r.text('BRAND_NAME', r.text('VITE_BRAND_NAME', 'Aurelo'));
  const databaseUrl = r.url('DATABASE_URL', '', { protocols: ['postgres:', 'postgresql:'] });
  const consentFile = r.text('CONSENT_TEXTS_FILE');
  const dataHashKey = r.text('DATA_HASH_KEY');
  if (dataHashKey && dataHashKey.length < 32)
    r.fail('DATA_HASH_KEY', 'must be at least 32 characters (openssl rand -hex 32 makes one).', null);
  if (!dataHashKey && r.text('NODE_ENV') === 'production')
    r.fail(
      'DATA_HASH_KEY',
      'is required in production: erased numbers are kept only as a keyed hash made with it (openssl rand -hex 32 makes one).',
      null,
    );
  const metricsToken = r.text('METRICS_TOKEN');
  if (metricsToken && metricsToken.length < 32)
    r.fail('METRICS_TOKEN', 'must be at least 32 characters (openssl rand -hex 32 makes one).', null);
  const days = (name: string, fallback: number) => r.int(name, fallback, { min: 0, max: 36_500 });
  const deskZoneSetting = r.text('DESK_TIME_ZONE');
  const deskTimeZone = deskZoneSetting ? ianaZone(deskZoneSetting) : undefined;
  if (deskZoneSetting && !deskTimeZone)
    r.fail('DESK_TIME_ZONE', `"${deskZoneSetting}" is not an IANA time zone (for example Asia/Kolkata or UTC).`, null);

  return {
    port,
    host,
    publicUrl,
    databasePath: resolve(r.text('DATABASE_PATH', join(ROOT, 'data', 'service.sqlite'))),
    /** postgres://… to keep everything in PostgreSQL instead (several instances share it). */
    databaseUrl,
    /** Origins allowed to call the API from the browser: the site's own, plus the pages that embed the widgets. */
    corsOrigins: [...new Set([...ownOrigins(publicUrl, port), ...corsOrigins])],
    rateLimit: { max: r.int('FEEDBACK_RATE_LIMIT', 20), timeWindowMs: r.int('FEEDBACK_RATE_WINDOW_MS', 60_000) },
    trustProxy: r.guard(() => trustProxy(r.text('TRUST_PROXY')), false),
    distDir: resolve(r.text('DIST_DIR', join(ROOT, 'dist'))),
    examplesDir: join(ROOT, 'examples'),
    /** Hosts the voice demo and error reporter talk to, allowed by the site's CSP. */
    voiceApiUrl: r.url('VITE_VAPI_API_URL', 'https://api.vapi.ai'),
    sentryDsn: r.url('VITE_SENTRY_DSN', r.text('AI_WIDGETS_SENTRY_DSN')),
    /** Further origins pages may call (a backend on another host, a staging voice API). */
    connectSrc: r.list('CSP_CONNECT_SRC'),
    logLevel: r.oneOf('LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
    /** `pretty`: one line a person reads (npm start's default); `json`: one JSON object a line, for a log shipper. */
    logFormat: r.oneOf('LOG_FORMAT', ['pretty', 'json'] as const, 'json'),
    /** Slow or stalled clients: headers, then the whole request, must arrive within these; idle keep-alive connections close after the last. */
    timeouts: {
      headersMs,
      requestMs: Math.max(r.int('REQUEST_TIMEOUT_MS', 10_000), headersMs),
      keepAliveMs: r.int('KEEP_ALIVE_TIMEOUT_MS', 72_000),
    },
    /** How long a write may wait for the database before the request gets 503. */
    databaseTimeoutMs: r.int('DATABASE_TIMEOUT_MS', 4_000),
    otp: {
      provider: otpProvider,
      /** ISO 3166-1 alpha-2 codes of the countries codes may be sent to. */
      countries: countries.length ? countries : ['IN'],
      /** The channels a code may go by, in the order the form offers them. */
      channels: (channels.length ? [...new Set(channels)] : [...OTP_CHANNEL_NAMES]) as OtpChannel[],
      /** Codes requested per client address per hour (kept in the database: shared by instances). */
      clientLimitPerHour: r.int('OTP_CLIENT_LIMIT', 10),
      /** Codes sent per hour by the whole service, across all numbers and instances. */
      maxPerHour: r.int('OTP_MAX_PER_HOUR', 200),
      twilio,
      /** Signs the verified-phone tokens; unset, one is generated once and kept in the database. */
      tokenSecret,
    },
    turnstile: {
      secret: r.text('TURNSTILE_SECRET'),
      apiUrl: r.url('TURNSTILE_API_URL', 'https://challenges.cloudflare.com/turnstile/v0/siteverify'),
    },
    brand,
    /** The consent sentences a lead may carry, by version. */
    consentTexts: consentFile
      ? r.guard(() => readConsentTexts(consentFile), defaultConsentTexts(brand))
      : defaultConsentTexts(brand),
    /** Outside calls (OTP provider, voice provider, CRM webhook) give up after this. */
    providerTimeoutMs: r.int('PROVIDER_TIMEOUT_MS', 8_000),
    voice: {
      privateKey: r.text('VAPI_PRIVATE_KEY'),
      phoneNumberId: r.text('VAPI_PHONE_NUMBER_ID'),
      apiUrl: r.url('VAPI_API_URL', 'https://api.vapi.ai'),
      assistants: {
        receptionist: r.text('VAPI_ASSISTANT_RECEPTIONIST'),
        realEstate: r.text('VAPI_ASSISTANT_REAL_ESTATE'),
        supportHindi: r.text('VAPI_ASSISTANT_SUPPORT_HINDI'),
        supportEnglish: r.text('VAPI_ASSISTANT_SUPPORT_ENGLISH'),
      } satisfies Record<AgentId, string>,
      /** The secret the provider sends in X-Vapi-Secret with its server messages; unset, /api/voice/events refuses everything. */
      webhookSecret: r.text('VAPI_WEBHOOK_SECRET'),
      /** With the private key, POST /api/voice/session signs short-lived public tokens for this organisation. */
      orgId: r.text('VAPI_ORG_ID'),
      /** The site's own demo assistant and the public key the site's build uses (the gate hands it out without VAPI_ORG_ID). */
      siteAssistant: r.text('VITE_VAPI_ASSISTANT_ID'),
      publicKey: r.text('VITE_VAPI_PUBLIC_KEY'),
    },
    /** The web demos POST /api/voice/session grants: kept in the database, shared by instances. */
    demo: {
      /** Demos granted per client address per hour. */
      clientLimitPerHour: r.int('DEMO_CLIENT_LIMIT', 10),
      /** Minutes of voice demos per UTC day, across all instances. */
      minutesPerDay: r.int('DEMO_MINUTES_PER_DAY', 120),
      /** The longest a demo may last (the assistant's maximum duration should say the same). */
      maxSeconds: r.int('DEMO_MAX_SECONDS', 180, { max: 3_600 }),
    },
    calls: {
      hours: r.guard(() => callHours(r.text('CALL_HOURS', '09:00-20:00')), callHours('09:00-20:00')),
      retryMs: r.int('CALL_RETRY_MS', 60_000),
      maxAttempts: r.int('CALL_MAX_ATTEMPTS', 5, { max: 50 }),
      /** An attempt whose outcome is unknown is looked up with the provider no sooner than this after it started. */
      lookupDelayMs: r.int('CALL_LOOKUP_DELAY_MS', 120_000),
    },
    /** How long personal data is kept, in days (0: everything already older goes at the next purge). */
    retention: {
      leadDays: days('LEAD_RETENTION_DAYS', 730),
      callContentDays: days('CALL_CONTENT_RETENTION_DAYS', 180),
      outboxDays: days('OUTBOX_RETENTION_DAYS', 30),
      auditDays: days('AUDIT_RETENTION_DAYS', 365),
      /** Web demos (page, times, summary, transcript): long enough to follow up a season's demos, short for what a visitor said. */
      demoDays: days('DEMO_RETENTION_DAYS', 90),
    },
    /** Keys the hash an erased number is kept as; a fixed development key when unset (refused in production). */
    dataHashKey: dataHashKey || 'development-only-data-hash-key-not-for-production',
    /** GET /metrics: with `Authorization: Bearer <token>` on the service's port, or without on `port` at 127.0.0.1 (0: none). */
    metrics: {
      token: metricsToken,
      port: r.int('METRICS_PORT', 0, { min: 0, max: 65535 }),
      /** The gauges read from the database are read again only when older than this. */
      cacheMs: r.int('METRICS_CACHE_MS', 30_000, { min: 0 }),
    },
    /** The zone the desk's overview counts days in (an IANA name, by its current one); unset, each desk's browser's. */
    deskTimeZone,
    /** The desk's ways in: its password form, and single sign-on (DESK_OIDC_*), either of which may be off. */
    deskSignIn: readDeskSignIn(r),
    /** Who must sign in to the desk with a second factor (TOTP): `admins`, `all` or `off`; anyone may turn it on. */
    deskRequire2fa: r.oneOf('DESK_REQUIRE_2FA', ['admins', 'all', 'off'] as const, 'admins'),
    /** After SIGTERM, /api/ready answers 503 this long while requests are still served, so the proxy stops sending first. */
    drainMs: r.int('DRAIN_MS', 5_000, { min: 0, max: 600_000 }),
    webhook: {
      url: webhookUrl,
      secret: webhookSecret,
      /** The first retry waits this long, then each waits twice the last (capped at an hour). */
      backoffMs: r.int('LEAD_WEBHOOK_BACKOFF_MS', 5_000),
    },
  };
}

export type ServerConfig = ReturnType<typeof readSettings>;

let checked: ServerConfig | undefined;

/**
 * The settings, or the one line that names every wrong one, and exit 1 (the service's and the tools'
 * start). Read once per process: `npm start` checks them before building, and the service it then
 * runs takes them as they are, so a warning is never printed twice.
 */
export function configOrExit(): ServerConfig {
  try {
    return (checked ??= loadConfig());
  } catch (error) {
    if (!(error instanceof SettingErrors)) throw error;
    console.error(`Cannot start: ${error.message}`);
    process.exit(1);
  }
}

function callHours(value: string) {
  const parsed = parseCallHours(value);
  if (!parsed)
    throw new SettingError('CALL_HOURS', `"${value}" is not a window like 09:00-20:00 (00:00-24:00 for any time).`);
  return parsed;
}

/** A hop count (`1`: the proxy in front) or the proxies' addresses and networks; never "trust everything". */
function trustProxy(value: string): number | string[] | false {
  if (!value || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address);
    const max = family === 4 ? 32 : 128;
    if (!family || extra !== undefined || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= max))) {
      throw new SettingError(
        'TRUST_PROXY',
        `"${entry}" is neither a hop count nor an address or network (for example 1, or 10.0.0.0/8,127.0.0.1); "true" would let any client choose its address.`,
      );
    }
  }
  return entries;
}

function readConsentTexts(path: string): Record<string, string> {
  const file = resolve(path);
  if (!existsSync(file)) throw new SettingError('CONSENT_TEXTS_FILE', `${file} does not exist.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new SettingError('CONSENT_TEXTS_FILE', `${file} is not JSON (${(error as Error).message}).`);
  }
  const entries = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.entries(parsed) : [];
  if (!entries.length || entries.some(([, text]) => typeof text !== 'string' || !text.trim()))
    throw new SettingError(
      'CONSENT_TEXTS_FILE',
      `${file} must be an object of {"version": "consent sentence"} with at least one sentence.`,
    );
  return Object.fromEntries(entries.map(([version, text]) => [version, (text as string).normalize('NFC').trim()]));
}

// The service's rules, composed: one-time codes, lead intake, the call and CRM workers, and the voice
// provider's events. Nothing here knows HTTP; the routes (../http) call it.
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config/settings.ts';
import type { Store } from '../storage/index.ts';
import { startCallWorker } from './calls/call-worker.ts';
import { vapiClient } from './calls/vapi.ts';
import { voiceEvents } from './calls/voice-events.ts';
import { startOutbox } from './crm-outbox.ts';
import { voiceSessions } from './demos/voice-session.ts';
import { deskService } from './desk/desk-service.ts';
import { embedService } from './embeds.ts';
import { singleSignOn, SSO_CALLBACK } from './desk/single-sign-on.ts';
import { twoStepService } from './desk/two-step.ts';
import { leadIntake } from './leads/lead-intake.ts';
import { NO_METER, type Meter } from './meter.ts';
import { otpService } from './otp/otp-service.ts';
import type { ShowCode } from './otp/providers.ts';
import { startRetention, TIME_BATCH } from './retention.ts';

export function startDomain(
  config: ServerConfig,
  store: Store,
  log: FastifyBaseLogger,
  now: () => number = Date.now,
  showCode?: ShowCode,
  meter: Meter = NO_METER,
) {
  const vapi = vapiClient(config.voice, config.providerTimeoutMs);
  const embeds = embedService({ config, store, log, now, meter });
  const otp = otpService(config, store, log, now, showCode, meter, embeds);
  const calls = startCallWorker({ config, store, log, now, vapi });
  const outbox = startOutbox(store, config.webhook, config.providerTimeoutMs, log);
  const retention = startRetention(store, config.retention, log, now);
  const intake = leadIntake({ config, store, otp, calls, vapi, log, now, embeds });
  const sessions = voiceSessions({ config, store, log, now, embeds });
  const desk = deskService(store, now, meter, config.brand, config.deskRequire2fa);
  const indexing = inBatches(
    log,
    'search terms of older leads',
    async () => (await store.desk.indexOlderLeads({ limit: 500 })) > 0,
  );
  const converting = inBatches(
    log,
    'times of older rows in milliseconds',
    async () => !(await store.times.convertOlder({ limit: TIME_BATCH })).done,
  );
  return {
    embeds,
    otp,
    intake,
    calls,
    outbox,
    voiceSessions: sessions,
    voiceEvents: voiceEvents({ config, store, log, now, sessions }),
    /** The desk's single sign-on; null unless DESK_OIDC_ISSUER is set. */
    sso:
      config.deskSignIn.sso &&
      singleSignOn(config.deskSignIn.sso, {
        store,
        now,
        redirectUri: `${config.publicUrl}${SSO_CALLBACK}`,
        timeoutMs: config.providerTimeoutMs,
        meter,
      }),
    desk,
    twoStep: twoStepService(store, desk, {
      dataHashKey: config.dataHashKey,
      issuer: `${config.brand} sales desk`,
      passwordSignIn: config.deskSignIn.password,
    }),
    /** Lets the workers finish what they hold; nothing new starts. */
    async stop() {
      embeds.stop();
      await Promise.all([calls.stop(), outbox.stop(), indexing.stop(), converting.stop(), retention.stop()]);
    },
  };
}

/**
 * Work on rows stored before a release, in small batches (each its own transaction) beside the service's
 * work, newest first: leads stored before the desk could search get their search terms, and times stored
 * before issue 31 their epoch milliseconds. `step` answers whether there is more.
 */
function inBatches(log: FastifyBaseLogger, what: string, step: () => Promise<boolean>) {
  let stopped = false;
  const done = (async () => {
    try {
      while (!stopped && (await step())) await new Promise((next) => setTimeout(next, 10));
    } catch (error) {
      log.warn({ err: error }, `${what}: stopped, continued at the next start`);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await done;
    },
  };
}

export type Domain = ReturnType<typeof startDomain>;

// The service's rules, composed: one-time codes, lead intake, the call and CRM workers, and the voice
// provider's events. Nothing here knows HTTP; the routes (../http) call it.
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config/settings.ts';
import type { Store } from '../storage/index.ts';
import { startCallWorker } from './calls/call-worker.ts';
import { vapiClient } from './calls/vapi.ts';
import { voiceEvents } from './calls/voice-events.ts';
import { startOutbox } from './crm-outbox.ts';
import { deskService } from './desk/desk-service.ts';
import { leadIntake } from './leads/lead-intake.ts';
import { otpService } from './otp/otp-service.ts';
import type { ShowCode } from './otp/providers.ts';
import { startRetention } from './retention.ts';

export function startDomain(config: ServerConfig, store: Store, log: FastifyBaseLogger, now: () => number = Date.now, showCode?: ShowCode) {
  const vapi = vapiClient(config.voice, config.providerTimeoutMs);
  const otp = otpService(config, store, log, now, showCode);
  const calls = startCallWorker({ config, store, log, now, vapi });
  const outbox = startOutbox(store, config.webhook, config.providerTimeoutMs, log);
  const retention = startRetention(store, config.retention, log, now);
  const intake = leadIntake({ config, store, otp, calls, vapi, log, now });
  const indexing = indexOlderLeads(store, log);
  return {
    otp,
    intake,
    calls,
    outbox,
    voiceEvents: voiceEvents({ config, store, log, now }),
    desk: deskService(store, now),
    /** Lets the workers finish what they hold; nothing new starts. */
    async stop() {
      await Promise.all([calls.stop(), outbox.stop(), indexing.stop(), retention.stop()]);
    },
  };
}

/** Leads stored before the desk could search get their search terms in small batches, newest first, beside the work. */
function indexOlderLeads(store: Store, log: FastifyBaseLogger) {
  let stopped = false;
  const done = (async () => {
    try {
      while (!stopped && (await store.desk.indexOlderLeads({ limit: 500 })) > 0) await new Promise((next) => setTimeout(next, 10));
    } catch (error) {
      log.warn({ err: error }, 'search terms of older leads: stopped, continued at the next start');
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

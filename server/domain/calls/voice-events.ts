// The voice provider's server messages about our calls: progress, and the end-of-call report with how
// it went. Authenticated by the shared secret; replays and messages out of order change nothing twice.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../../config/settings.ts';
import type { Store } from '../../storage/index.ts';
import { idText, outcomeOf, PROVIDER_LIMITS, text } from './vapi.ts';

/** As the provider sends it: any field may hold anything, and is read as ../vapi.ts says. */
export type ServerMessage = Record<string, unknown>;

export function voiceEvents({
  config,
  store,
  log,
  now,
}: {
  config: ServerConfig;
  store: Store;
  log: FastifyBaseLogger;
  now: () => number;
}) {
  const secret = Buffer.from(config.voice.webhookSecret);
  return {
    /** Constant-time; with no secret configured, nothing is accepted. */
    authorized(header: unknown): boolean {
      if (!secret.length || typeof header !== 'string') return false;
      const given = Buffer.from(header);
      return given.length === secret.length && timingSafeEqual(given, secret);
    },

    async receive(message: ServerMessage): Promise<'ignored' | 'unknown' | 'unchanged' | 'updated'> {
      const call = (message.call && typeof message.call === 'object' ? message.call : {}) as Record<string, unknown>;
      const id = idText(call.id);
      if (!id || (message.type !== 'status-update' && message.type !== 'end-of-call-report')) return 'ignored';
      const update =
        message.type === 'status-update'
          ? {
              status: text(message.status, PROVIDER_LIMITS.status) ?? text(call.status, PROVIDER_LIMITS.status),
              endedReason: text(message.endedReason, PROVIDER_LIMITS.endedReason),
            }
          : { ...outcomeOf(message), status: 'ended' };
      const result = await store.calls.update({
        providerCallId: id,
        now: now(),
        update,
        deliver: Boolean(config.webhook.url),
      });
      if (result === 'unknown')
        log.warn({ providerCallId: id, type: message.type }, 'a voice event for a call we did not place');
      return result;
    },
  };
}

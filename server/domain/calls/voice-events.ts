// The voice provider's server messages about our calls: progress, and the end-of-call report with how
// it went. Authenticated by the shared secret; replays and messages out of order change nothing twice.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../../config/settings.ts';
import type { Store } from '../../storage/index.ts';
import { outcomeOf } from './vapi.ts';

export type ServerMessage = { type?: string; call?: { id?: string; status?: string }; status?: string; endedReason?: string } & Record<string, unknown>;

export function voiceEvents({ config, store, log, now }: { config: ServerConfig; store: Store; log: FastifyBaseLogger; now: () => number }) {
  const secret = Buffer.from(config.voice.webhookSecret);
  return {
    /** Constant-time; with no secret configured, nothing is accepted. */
    authorized(header: unknown): boolean {
      if (!secret.length || typeof header !== 'string') return false;
      const given = Buffer.from(header);
      return given.length === secret.length && timingSafeEqual(given, secret);
    },

    async receive(message: ServerMessage): Promise<'ignored' | 'unknown' | 'unchanged' | 'updated'> {
      const id = message.call?.id;
      if (!id || (message.type !== 'status-update' && message.type !== 'end-of-call-report')) return 'ignored';
      const update =
        message.type === 'status-update'
          ? { status: message.status ?? message.call?.status, endedReason: message.endedReason }
          : { ...outcomeOf(message as Parameters<typeof outcomeOf>[0]), status: 'ended' };
      const result = await store.calls.update({ providerCallId: id, now: now(), update, deliver: Boolean(config.webhook.url) });
      if (result === 'unknown') log.warn({ providerCallId: id, type: message.type }, 'a voice event for a call we did not place');
      return result;
    },
  };
}

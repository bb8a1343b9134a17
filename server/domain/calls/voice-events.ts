// The voice provider's server messages about our calls: progress, and the end-of-call report with how
// it went. Authenticated by the shared secret; replays and messages out of order change nothing twice.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../../config/settings.ts';
import type { Store } from '../../storage/index.ts';
import type { VoiceSessions } from '../demos/voice-session.ts';
import { isSessionMessage, receiveSessionMessage } from '../demos/session-messages.ts';
import { idText, object, outcomeOf, PROVIDER_LIMITS, text } from './vapi.ts';

/** As the provider sends it: any field may hold anything, and is read as ../vapi.ts says. */
export type ServerMessage = Record<string, unknown>;

export function voiceEvents({
  config,
  store,
  log,
  now,
  sessions,
}: {
  config: ServerConfig;
  store: Store;
  log: FastifyBaseLogger;
  now: () => number;
  sessions?: Pick<VoiceSessions, 'warnBudget'>;
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
      const call = object(message.call);
      const id = idText(call.id);
      // A web demo's report names the grant it was made under (the widget's metadata): matched to it only.
      const demoSessionId = idText(object(object(call.assistantOverrides).metadata).demoSessionId);
      if (demoSessionId && message.type === 'end-of-call-report') {
        const outcome = outcomeOf(message);
        const reported = Number(message.durationSeconds);
        const duration =
          Number.isFinite(reported) && reported >= 0 ? Math.round(reported * 10) / 10 : outcome.durationSeconds;
        const ended = await store.demos.report({
          id: demoSessionId,
          assistantId: idText(call.assistantId) ?? idText(object(message.assistant).id) ?? null,
          now: now(),
          providerCallId: id ?? null,
          durationSeconds: duration ?? null,
          endedReason: outcome.endedReason ?? null,
          summary: outcome.summary ?? null,
          transcript: outcome.transcript ?? null,
        });
        if (ended.result === 'updated') sessions?.warnBudget(ended.usedBefore, ended.usedAfter);
        if (ended.result !== 'unknown') return ended.result;
        log.warn({ type: message.type }, 'a web demo report for no demo we granted (or for another assistant)');
        return 'unknown';
      }
      // A web chat's session (chats have no end-of-call report): matched to its demo where it can be.
      if (isSessionMessage(message.type)) {
        const result = await receiveSessionMessage(store, message, now());
        if (result === 'unknown') log.warn({ type: message.type }, 'a chat session for no demo we granted');
        return result;
      }
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

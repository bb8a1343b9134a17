// The gate in front of the web demos (issue 46): which assistant a page may talk to, from which origin,
// how often per client address and how many minutes a day, and the short-lived token it talks with.
// Each grant is kept (storage's demos), and its end-of-call report is matched to it by its id.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../../config/settings.ts';
import type { AgentId } from '../../../model/agents.ts';
import {
  DEMO_TRANSCRIPT_MAX,
  type VoiceSession,
  type VoiceSessionBody,
  type VoiceSessionEndBody,
  type VoiceSessionEnded,
} from '../../../model/voice-session.ts';
import type { Store } from '../../storage/index.ts';
import { clientHash } from '../personal-data.ts';
import type { EmbedService } from '../embeds.ts';
import { Refusal } from '../refusal.ts';
import { verifyChallenge } from '../otp/turnstile.ts';
import { publicToken, TOKEN_SECONDS } from './jwt.ts';

const PAGE_MAX = 2_048;

/** The day's budget as a level: 0 below 80 %, 80 from 80 %, 100 once no further demo fits. */
export const budgetLevel = (used: number, budget: number, grant: number) =>
  used + grant > budget ? 100 : used >= budget * 0.8 ? 80 : 0;

export function voiceSessions({
  config,
  store,
  log,
  now,
  embeds,
}: {
  config: ServerConfig;
  store: Store;
  log: FastifyBaseLogger;
  now: () => number;
  embeds: EmbedService;
}) {
  const { voice, demo } = config;
  const budget = demo.minutesPerDay * 60;
  const assistants = new Set(
    [...Object.values(voice.assistants), voice.siteAssistant].filter((id): id is string => Boolean(id)),
  );
  const signs = Boolean(voice.orgId && voice.privateKey);

  /** Says once when the day's budget passes 80 % and when it is spent (never a secret, never a token). */
  const warnBudget = (usedBefore: number, usedAfter: number) => {
    const [before, after] = [
      budgetLevel(usedBefore, budget, demo.maxSeconds),
      budgetLevel(usedAfter, budget, demo.maxSeconds),
    ];
    if (after <= before) return;
    const figures = { usedMinutes: Math.round(usedAfter / 6) / 10, minutesPerDay: demo.minutesPerDay };
    if (after === 100) log.warn(figures, 'DEMO_MINUTES_PER_DAY spent: voice demos are refused until the UTC day ends');
    else log.warn(figures, 'DEMO_MINUTES_PER_DAY 80 % used today');
  };

  const unknown = () => new Refusal(400, 'unknown-assistant', 'This demo assistant is not offered here.');

  function assistantOf(body: VoiceSessionBody): { assistantId: string; agentId: AgentId | null } {
    if (body.agentId) {
      const id = voice.assistants[body.agentId];
      if (!id || (body.assistantId && body.assistantId !== id)) throw unknown();
      return { assistantId: id, agentId: body.agentId };
    }
    const id = body.assistantId ?? voice.siteAssistant;
    if (!id || !assistants.has(id)) throw unknown();
    return { assistantId: id, agentId: null };
  }

  // As the code limits' log names a client: a keyed hash, never the address itself.
  const clientOf = (ip: string) => clientHash(config.dataHashKey, ip);
  // The settings' origins and every active embed's (../embeds.ts); a refusal is counted and kept.
  const ourOrigin = (origin: string | undefined): string => {
    if (!origin || !embeds.allows(origin))
      throw embeds.refused(origin, null, 'Demos are offered only on our own pages and our partners’.');
    return origin;
  };

  return {
    /** A report moves the day's budget too (a demo longer than its grant): the voice events warn with this. */
    warnBudget,

    async grant(
      body: VoiceSessionBody,
      request: { origin: string | undefined; clientIp: string; referer: string | undefined },
    ): Promise<VoiceSession> {
      // With an embed, its own origins and agents decide.
      const embed = await embeds.check({ embedId: body.embedId, origin: request.origin, agentId: body.agentId });
      const origin = embed ? request.origin! : ourOrigin(request.origin);
      const { assistantId, agentId } = assistantOf(body);
      // A chat talks with the public key (the provider's tokens cover calls only), so a text grant answers it:
      // a signed token there could start a call whose minutes no grant reserved.
      if (body.mode === 'text' ? !voice.publicKey : !signs && !voice.publicKey)
        throw new Refusal(503, 'demo-unavailable', 'The live demo is not available right now.');
      await verifyChallenge(config.turnstile, body.turnstileToken, request.clientIp, config.providerTimeoutMs);
      const at = now();
      const id = randomUUID();
      const clientHash = clientOf(request.clientIp);
      const held = await store.demos.grant({
        id,
        continues: body.demoSessionId,
        assistantId,
        agentId,
        mode: body.mode,
        origin,
        pageUrl: request.referer ? request.referer.slice(0, PAGE_MAX) : null,
        clientHash,
        now: at,
        grantSeconds: demo.maxSeconds,
        perClientHour: demo.clientLimitPerHour,
        budgetSeconds: budget,
        embedId: embed?.id ?? null,
      });
      if (!held.ok) {
        const seconds = Math.ceil(held.retryAfterMs / 1000);
        const retry = [{ retryAfterSeconds: seconds }, { 'retry-after': String(seconds) }] as const;
        if (held.reason === 'demo-budget')
          throw new Refusal(503, 'demo-budget', 'Today’s live demos are used up. Please try again tomorrow.', ...retry);
        throw new Refusal(429, 'demo-limit', 'Too many demos from your connection. Please try again later.', ...retry);
      }
      if (body.mode === 'voice') warnBudget(held.usedBefore, held.usedAfter);
      const sessionId = held.id;
      const token =
        signs && body.mode === 'voice'
          ? publicToken({ orgId: voice.orgId, privateKey: voice.privateKey, assistantId, origin, now: at })
          : voice.publicKey;
      log.info(
        { demoSessionId: sessionId, assistantId, mode: body.mode, continued: held.continued },
        held.continued ? 'web demo continued' : 'web demo granted',
      );
      return { sessionId, token, expiresInSeconds: TOKEN_SECONDS, maxDurationSeconds: demo.maxSeconds };
    },

    /** The widget's end of a conversation: a claim, honoured only for an unfinished grant of the same client. */
    async end(
      body: VoiceSessionEndBody,
      request: { origin: string | undefined; clientIp: string },
    ): Promise<VoiceSessionEnded> {
      ourOrigin(request.origin);
      const result = await store.demos.end({
        id: body.demoSessionId,
        clientHash: clientOf(request.clientIp),
        now: now(),
        transcript: body.transcript ? body.transcript.slice(0, DEMO_TRANSCRIPT_MAX) : null,
      });
      return { result };
    },
  };
}

export type VoiceSessions = ReturnType<typeof voiceSessions>;

// POST /api/voice/session: the gate the voice widget asks before a web demo (../../domain/demos); and
// POST /api/voice/session/end: the widget's end of the conversation.
import type { FastifyInstance } from 'fastify';
import { bodyLimitOf } from '../../../model/body-size.ts';
import { VoiceSessionEndRoute, VoiceSessionRoute } from '../../../model/api/public.ts';
import { VoiceSessionBody, VoiceSessionEndBody } from '../../../model/voice-session.ts';
import type { VoiceSessions } from '../../domain/demos/voice-session.ts';
import type { FieldWords } from '../errors.ts';
import { EMBED_WORDS } from './embeds.ts';
import { serve } from '../serve.ts';

const FIELD_WORDS: FieldWords = {
  agentId: { error: 'unknown-assistant', message: 'This demo assistant is not offered here.' },
  assistantId: { error: 'unknown-assistant', message: 'This demo assistant is not offered here.' },
  embedId: EMBED_WORDS,
};

export async function voiceSessionRoutes(app: FastifyInstance, { sessions }: { sessions: VoiceSessions }) {
  serve(
    app,
    VoiceSessionRoute,
    { bodyLimit: bodyLimitOf(VoiceSessionBody), config: { fieldWords: FIELD_WORDS } },
    async (request, reply) => {
      const session = await sessions.grant(request.body, {
        origin: request.headers.origin,
        clientIp: request.ip,
        referer: request.headers.referer,
      });
      // A token is for this request only.
      return reply.header('cache-control', 'no-store').send(session);
    },
  );
  serve(
    app,
    VoiceSessionEndRoute,
    { bodyLimit: bodyLimitOf(VoiceSessionEndBody), config: { controls: { multiline: ['transcript'] } } },
    async (request) => sessions.end(request.body, { origin: request.headers.origin, clientIp: request.ip }),
  );
}

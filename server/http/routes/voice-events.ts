// POST /api/voice/events: the voice provider's server messages (its server URL points here).
import type { FastifyInstance } from 'fastify';
import { VoiceEventRoute } from '../../../model/api/public.ts';
import type { voiceEvents } from '../../domain/calls/voice-events.ts';
import { send } from '../errors.ts';
import { serve } from '../serve.ts';

export async function voiceEventRoutes(api: FastifyInstance, { events }: { events: ReturnType<typeof voiceEvents> }) {
  // Transcripts and reports are larger than a form: up to 1 MiB.
  // Never refused for their content: control characters are taken out (../input.ts), values nested past
  // 32 levels left out (../json-body.ts), fields cut to size (the domain).
  serve(
    api,
    VoiceEventRoute,
    {
      bodyLimit: 1024 * 1024,
      config: { controls: { strip: true }, nesting: 'drop' },
      // The secret is checked before the body is read: nothing of an unsigned request is parsed or walked.
      onRequest: async (request, reply) => {
        if (!events.authorized(request.headers['x-vapi-secret']))
          return send(reply, 401, 'unauthorized', 'A valid X-Vapi-Secret header is required.');
      },
    },
    async (request) => {
      // The provider's message is read field by field by the domain, whatever its shape.
      const result = await events.receive(request.body.message);
      return { received: true as const, result };
    },
  );
}

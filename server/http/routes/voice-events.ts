// POST /api/voice/events: the voice provider's server messages (its server URL points here).
import type { FastifyInstance } from 'fastify';
import type { ServerMessage } from '../../domain/calls/voice-events.ts';
import type { voiceEvents } from '../../domain/calls/voice-events.ts';
import { send } from '../errors.ts';

const body = { type: 'object', required: ['message'], properties: { message: { type: 'object' } } };

export async function voiceEventRoutes(api: FastifyInstance, { events }: { events: ReturnType<typeof voiceEvents> }) {
  // Transcripts and reports are larger than a form: up to 1 MiB.
  // Never refused for their content: control characters are taken out (../input.ts), values nested past
  // 32 levels left out (../json-body.ts), fields cut to size (the domain).
  api.post(
    '/voice/events',
    {
      schema: { body },
      bodyLimit: 1024 * 1024,
      config: { controls: { strip: true }, nesting: 'drop' },
      // The secret is checked before the body is read: nothing of an unsigned request is parsed or walked.
      onRequest: async (request, reply) => {
        if (!events.authorized(request.headers['x-vapi-secret']))
          return send(reply, 401, 'unauthorized', 'A valid X-Vapi-Secret header is required.');
      },
    },
    async (request) => {
      const result = await events.receive((request.body as { message: ServerMessage }).message);
      return { received: true, result };
    },
  );
}

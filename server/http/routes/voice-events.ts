// POST /api/voice/events: the voice provider's server messages (its server URL points here).
import type { FastifyInstance } from 'fastify';
import type { ServerMessage } from '../../domain/calls/voice-events.ts';
import type { voiceEvents } from '../../domain/calls/voice-events.ts';

const body = { type: 'object', required: ['message'], properties: { message: { type: 'object' } } };

export async function voiceEventRoutes(api: FastifyInstance, { events }: { events: ReturnType<typeof voiceEvents> }) {
  // Transcripts and reports are larger than a form: up to 1 MiB.
  // Never refused for their content: control characters are taken out (../input.ts), fields cut to size (the domain).
  api.post(
    '/voice/events',
    { schema: { body }, bodyLimit: 1024 * 1024, config: { controls: { strip: true } } },
    async (request, reply) => {
      if (!events.authorized(request.headers['x-vapi-secret']))
        return reply.code(401).send({ error: 'unauthorized', message: 'A valid X-Vapi-Secret header is required.' });
      const result = await events.receive((request.body as { message: ServerMessage }).message);
      return { received: true, result };
    },
  );
}

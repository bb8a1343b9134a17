// POST /api/feedback: validate, store durably, answer in plain text (the widget reads the answer as text;
// refusals have the JSON shape of every other answer).
import type { FastifyInstance } from 'fastify';
import { bodyLimitOf } from '../../../model/body-size.ts';
import { FEEDBACK_LIMITS, FeedbackBody } from '../../../model/feedback.ts';
import { textLength } from '../../../model/text-length.ts';
import { Refusal } from '../../domain/refusal.ts';
import { FeedbackRoute } from '../../../model/api/public.ts';
import type { Store } from '../../storage/index.ts';
import type { EmbedService } from '../../domain/embeds.ts';
import type { FieldWords } from '../errors.ts';
import { EMBED_WORDS } from './embeds.ts';
import { serve } from '../serve.ts';

// The form's own words for each field, so a refusal reads like the form the visitor filled in.
const FIELD_WORDS: FieldWords = {
  name: { error: 'invalid', label: 'Your name' },
  email: { error: 'invalid', label: 'Your email' },
  message: { error: 'invalid', label: 'Your feedback' },
  embedId: EMBED_WORDS,
};

export async function feedbackRoutes(
  app: FastifyInstance,
  {
    store,
    rateLimit,
    embeds,
  }: { store: Store; rateLimit: { max: number; timeWindowMs: number }; embeds: EmbedService },
) {
  serve(
    app,
    FeedbackRoute,
    {
      // A 5,000-character message of emoji sent escaped is about 60 KB: the limit fits the largest valid body.
      bodyLimit: bodyLimitOf(FeedbackBody),
      config: {
        rateLimit: { max: rateLimit.max, timeWindow: rateLimit.timeWindowMs },
        fieldWords: FIELD_WORDS,
        controls: { multiline: ['message'] },
      },
      // Trim before validating, so "   " counts as empty and stored values carry no padding.
      preValidation: async (request) => {
        const body: unknown = request.body;
        if (body && typeof body === 'object' && !Array.isArray(body)) {
          for (const [key, value] of Object.entries(body))
            if (typeof value === 'string') Reflect.set(body, key, value.trim());
        }
      },
    },
    async (request, reply) => {
      const { name, email, message, embedId } = request.body;
      const embed = await embeds.check({ embedId, origin: request.headers.origin });
      if (textLength('name', name) > FEEDBACK_LIMITS.name)
        throw new Refusal(400, 'invalid', `Your name must be at most ${FEEDBACK_LIMITS.name} characters.`, {
          field: 'name',
        });
      // Resolves once committed with fsync (together with the posts that arrived with it).
      const id = await store.feedback.add({ name, email, message, embedId: embed?.id ?? null });
      request.log.info({ feedbackId: id }, 'feedback stored');
      return reply.code(201).type('text/plain; charset=utf-8').send('Thank you for your feedback.');
    },
  );
}

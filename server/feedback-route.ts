// POST /api/feedback: validate, store durably, answer in plain text (the widget reads text).
import type { FastifyInstance } from 'fastify';
import type { Store } from './storage/index.ts';

export type ValidationError = { keyword: string; instancePath: string; params: Record<string, unknown> };

export const LIMITS = { name: 200, email: 254, message: 5000, bodyBytes: 16 * 1024 };

export const feedbackSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'email', 'message'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: LIMITS.name },
    email: { type: 'string', minLength: 1, maxLength: LIMITS.email, format: 'email' },
    message: { type: 'string', minLength: 1, maxLength: LIMITS.message },
  },
};

/** The form's own words for each field, so a refusal reads like the form the visitor filled in. */
const LABELS: Record<string, string> = { name: 'Your name', email: 'Your email', message: 'Your feedback' };

/** The field the first validation problem is about, if any (sent as `X-Invalid-Field`). */
export function invalidField(errors: ValidationError[]): string | undefined {
  const [e] = errors;
  const field = e.keyword === 'required' ? String(e.params.missingProperty) : e.instancePath.replace(/^\//, '');
  return field in LABELS ? field : undefined;
}

/** One clear sentence for the first validation problem. */
export function describeValidation(errors: ValidationError[]): string {
  const [e] = errors;
  const path = e.instancePath.replace(/^\//, '');
  const field = LABELS[path] ?? (path || 'The body');
  switch (e.keyword) {
    case 'required':
      return `${LABELS[String(e.params.missingProperty)] ?? e.params.missingProperty} is required.`;
    case 'additionalProperties':
      return `Unknown field: ${e.params.additionalProperty}. Send only name, email and message.`;
    case 'minLength':
      return `${field} must not be empty.`;
    case 'maxLength':
      return `${field} must be at most ${e.params.limit} characters.`;
    case 'format':
      return `${field} must be a valid email address.`;
    case 'type':
      return field === 'The body' ? 'The body must be a JSON object with name, email and message.' : `${field} must be a string.`;
    default:
      return `${field} is not valid.`;
  }
}

export async function feedbackRoutes(app: FastifyInstance, { store, rateLimit }: { store: Store; rateLimit: { max: number; timeWindowMs: number } }) {
  app.post('/feedback', {
    schema: { body: feedbackSchema },
    config: { rateLimit: { max: rateLimit.max, timeWindow: rateLimit.timeWindowMs } },
    // Trim before validating, so "   " counts as empty and stored values carry no padding.
    preValidation: async (request) => {
      const body = request.body;
      if (body && typeof body === 'object' && !Array.isArray(body)) {
        for (const [key, value] of Object.entries(body)) if (typeof value === 'string') (body as Record<string, unknown>)[key] = value.trim();
      }
    },
    handler: async (request, reply) => {
      const { name, email, message } = request.body as { name: string; email: string; message: string };
      // Resolves once committed with fsync (together with the posts that arrived with it).
      const id = await store.addFeedback({ name, email, message });
      request.log.info({ feedbackId: id }, 'feedback stored');
      return reply.code(201).type('text/plain; charset=utf-8').send('Thank you for your feedback.');
    },
  });
}

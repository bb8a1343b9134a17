// One answer shape for every failure, whatever its cause: `{error, message}` in JSON, where `error`
// is a code a program acts on and `message` a sentence a person can read (docs/api.md lists them).
import { EMAIL_PATTERN } from '../../model/text.ts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { scrub } from '../domain/personal-data.ts';
import { Refusal } from '../domain/refusal.ts';
import { DatabaseBusyError } from '../storage/index.ts';

export const BODY_LIMIT = 16 * 1024;

export type ValidationError = { keyword: string; instancePath: string; params: Record<string, unknown> };

/** A route's own words for a field that fails its schema: its error code, status (400 unless said), and its label or a whole sentence. */
export type FieldWords = Record<string, { error: string; status?: number; label?: string; message?: string }>;

declare module 'fastify' {
  /** What a route says of its own input, in its `config` (read by the hooks of ./input.ts, ./json-body.ts and here). */
  interface FastifyContextConfig {
    fieldWords?: FieldWords;
    controls?: import('./input.ts').ControlRule;
    nesting?: import('./json-body.ts').NestingRule;
  }
}

export const send = (
  reply: FastifyReply,
  status: number,
  error: string,
  message: string,
  extra: Record<string, unknown> = {},
) => reply.code(status).send({ error, message, ...extra });

const fieldOf = (e: ValidationError) =>
  e.keyword === 'required' ? String(e.params.missingProperty) : (e.instancePath.split('/')[1] ?? '');

/** One sentence for a schema failure, naming the field. */
export function describe(e: ValidationError, label?: string): string {
  const path = label ?? e.instancePath.replace(/^\//, '').replaceAll('/', '.');
  switch (e.keyword) {
    case 'required':
      return `${label ?? e.params.missingProperty} is required.`;
    case 'additionalProperties':
      return `Unknown field: ${path ? `${path}.` : ''}${e.params.additionalProperty}.`;
    case 'minLength':
      return `${path} must not be empty.`;
    case 'maxLength':
      return `${path} must be at most ${e.params.limit} characters.`;
    // An email's pattern is the format's check written out (model/text.ts): the same words.
    case 'pattern':
      if (e.params.pattern !== EMAIL_PATTERN) return `${path || 'The body'} is not valid.`;
      return `${path} must be a valid email address.`;
    case 'format':
      return `${path} must be a valid ${e.params.format === 'email' ? 'email address' : e.params.format}.`;
    case 'type':
      return path
        ? `${path} must be ${e.params.type === 'object' ? 'an object' : `a ${e.params.type}`}.`
        : 'The body must be a JSON object.';
    default:
      return `${path || 'The body'} is not valid.`;
  }
}

/**
 * The one error handler. `notFound` answers a request no route takes: routing comes before input checks,
 * so such a request's body (not JSON, too large, of another type) is never what its answer is about.
 */
export function installErrorHandling(
  app: FastifyInstance,
  apiMethods: Map<string, Set<string>>,
  notFound: (request: FastifyRequest, reply: FastifyReply) => unknown,
) {
  app.setErrorHandler((error: FastifyError & { validation?: ValidationError[] }, request, reply) => {
    if (request.is404 && (error.statusCode ?? 500) < 500) return notFound(request, reply);
    if (error instanceof Refusal) {
      if ('reason' in error) request.log.warn(String(error.reason));
      return send(reply.headers(error.headers), error.statusCode, error.error, error.message, error.extra);
    }
    if (error.validation?.length) {
      const [first] = error.validation;
      const field = fieldOf(first);
      const words = reply.routeOptions.config?.fieldWords?.[field];
      // An id in the path that cannot be one (`/leads/0`) names nothing there is: 404, like an unknown one.
      if (error.validationContext === 'params')
        return send(
          reply,
          404,
          words?.error ?? 'not-found',
          words?.message ?? `Nothing is at ${request.method} ${request.url.split('?')[0]}.`,
        );
      return send(
        reply,
        words?.status ?? 400,
        words?.error ?? 'invalid',
        words?.message ?? describe(first, words?.label),
        field ? { field } : {},
      );
    }
    if (error instanceof DatabaseBusyError) return send(reply, 503, 'busy', error.message);
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(
          reply,
          413,
          'too-large',
          `The request is too large: the limit is ${Math.floor((request.routeOptions.bodyLimit ?? BODY_LIMIT) / 1024)} KiB.`,
        );
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, 415, 'unsupported-media-type', 'Send the request as JSON (Content-Type: application/json).');
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(reply, 400, 'bad-json', 'The body is empty: send a JSON object.');
    }
    if (error.statusCode === 429) {
      // The limiter has set Retry-After (seconds); the body says it too, as every 429 of ours does.
      const seconds = Math.max(1, Number(reply.getHeader('retry-after')) || 60);
      return send(
        reply.header('Retry-After', String(seconds)),
        429,
        'rate-limited',
        'Too many requests from this address. Please wait a minute and try again.',
        { retryAfterSeconds: seconds },
      );
    }
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
      return send(reply, 400, 'bad-json', 'The body is not valid JSON.');
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) {
      // Not the error as it is: a database's error carries the values it refused (a number, a name) in its detail.
      request.log.error(
        { err: { type: error.name, code: error.code, message: scrub(error.message), stack: scrub(error.stack ?? '') } },
        'request failed',
      );
      return send(reply, 500, 'internal', 'Something went wrong on our side. Please try again.');
    }
    // Static files: a path outside the folder (403) or a range it cannot serve, in words and with a code.
    if (status === 403) return send(reply, 403, 'forbidden', 'That address is not allowed.');
    if (status === 404)
      return send(reply, 404, 'not-found', `Nothing is at ${request.method} ${request.url.split('?')[0]}.`);
    return send(reply, status, 'bad-request', error.message);
  });

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = apiMethods.get(route.url) ?? new Set();
    for (const method of [route.method].flat()) if (method !== 'HEAD' && method !== 'OPTIONS') methods.add(method);
    apiMethods.set(route.url, methods);
  });
}

/** A route's path as a pattern: each `:param` stands for one segment. */
const pattern = (url: string) =>
  new RegExp(`^${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[^/]+/g, '[^/]+')}$`);

/** The methods a path takes: its own route's, or those of the parametric route it matches (`/leads/7` for `/leads/:id`). */
export function allowedAt(path: string, apiMethods: Map<string, Set<string>>): Set<string> | undefined {
  const exact = apiMethods.get(path);
  if (exact?.size) return exact;
  for (const [url, methods] of apiMethods) if (url.includes(':') && pattern(url).test(path)) return methods;
  return undefined;
}

/** 405 with Allow for a known API path asked with another method, 404 for the rest (null: not an API path). */
export function apiNotFound(
  request: { url: string; method: string },
  reply: FastifyReply,
  apiMethods: Map<string, Set<string>>,
) {
  const path = request.url.split('?')[0];
  const allowed = allowedAt(path, apiMethods);
  if (allowed?.size) {
    const allow = [...allowed].join(', ');
    return send(reply.header('Allow', allow), 405, 'method-not-allowed', `This address takes ${allow} only.`);
  }
  return send(reply, 404, 'not-found', `Nothing is at ${request.method} ${path}.`);
}

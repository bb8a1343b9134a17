// JSON bodies with their nesting measured before anything walks them: no body of ours nests more than a
// few levels, yet 6,000 nested arrays fit in 12 KB, and a walk that recurses on such input overflows the
// stack. Routes refuse a body deeper than MAX_DEPTH; the provider's events, never refused for their
// content, lose what lies deeper instead.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Refusal } from '../domain/refusal.ts';

export const MAX_DEPTH = 32;

/** A route's rule for bodies nested past MAX_DEPTH, in its `config.nesting`: refused (the default) or cut. */
export type NestingRule = 'refuse' | 'drop';

/** How deep the arrays and objects of JSON text nest, read in one pass outside its strings; stops past `limit`. */
export function nestingDepth(text: string, limit = MAX_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest && (deepest = depth) > limit) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

type Container = Record<string, unknown> | unknown[];
const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

/** `value` without the arrays and objects that lie deeper than `limit` levels (an array keeps its other items). */
export function dropDeeperThan<T>(value: T, limit = MAX_DEPTH): T {
  if (!isContainer(value)) return value;
  const pending: [Container, number][] = [[value, 1]];
  while (pending.length) {
    const [node, depth] = pending.pop()!;
    if (Array.isArray(node)) {
      let kept = 0;
      for (const item of node) {
        if (isContainer(item) && depth >= limit) continue;
        node[kept++] = item;
        if (isContainer(item)) pending.push([item, depth + 1]);
      }
      node.length = kept;
    } else {
      for (const [key, item] of Object.entries(node)) {
        if (!isContainer(item)) continue;
        if (depth >= limit) delete node[key];
        else pending.push([item, depth + 1]);
      }
    }
  }
  return value;
}

const tooDeep = () =>
  new Refusal(400, 'invalid', `The body nests arrays and objects too deeply: at most ${MAX_DEPTH} levels.`);

/**
 * The scope's JSON parser: Fastify's own behind the depth check. A `__proto__` key (or `constructor` with
 * `prototype`) is valid JSON: it is dropped, so it can poison nothing, and the rest of the body is read.
 */
export function parseJsonBodies(api: FastifyInstance) {
  const parse = api.getDefaultJsonParser('remove', 'remove');
  api.removeContentTypeParser('application/json');
  api.addContentTypeParser('application/json', { parseAs: 'string' }, (request: FastifyRequest, body, done) => {
    const text = String(body);
    if (nestingDepth(text) <= MAX_DEPTH) return parse(request, text, done);
    const rule = request.routeOptions.config?.nesting ?? 'refuse';
    if (rule === 'refuse') return done(tooDeep(), undefined);
    parse(request, text, (error, value) => (error ? done(error, undefined) : done(null, dropDeeperThan(value))));
  });
}

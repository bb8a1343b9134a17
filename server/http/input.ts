// Text a database cannot hold never reaches it: PostgreSQL refuses NUL in text, and no field of ours
// means a control character. One hook for every route: bodies, queries and the stored header (the
// User-Agent) are refused with 400 naming the field; the provider's events are cleaned instead, since
// they are never refused for their content.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { send } from './errors.ts';

/** C0 controls other than tab, line feed and carriage return; and those three too (matching them is the point). */
/* eslint-disable no-control-regex */
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
const LINE_CONTROLS = /[\u0000-\u001F]/;
const STRIP = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;
/* eslint-enable no-control-regex */

/**
 * A route's rule for control characters, in its `config.controls`: `multiline` names the fields that
 * may hold tab and line breaks; `strip` cleans every string instead of refusing; `skip` names top-level
 * fields never checked (the honeypot, which is never refused).
 */
export type ControlRule = { multiline?: string[]; strip?: boolean; skip?: string[] };

const NONE: ReadonlySet<string> = new Set<string>();

type Found = { path: string; top: string };
type Container = Record<string, unknown> | unknown[];
const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

/**
 * The first string (key or value) holding a control character its field may not hold, in document
 * order. Walked with a list of what is left to read, never recursing: input decides how deep it goes.
 */
function firstControl(value: unknown, multiline: ReadonlySet<string>, skip: ReadonlySet<string> = NONE): Found | null {
  // Each entry: a value at its path under its top-level field, and the key that names it, checked first.
  const pending: [unknown, string, string, string | null][] = [[value, '', '', null]];
  while (pending.length) {
    const [item, path, top, key] = pending.pop()!;
    if (key !== null && LINE_CONTROLS.test(key)) return { path, top };
    if (typeof item === 'string') {
      if ((multiline.has(top) ? CONTROLS : LINE_CONTROLS).test(item)) return { path, top };
    } else if (isContainer(item)) {
      const entries = Object.entries(item);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [name, child] = entries[i];
        if (!path && skip.has(name)) continue;
        pending.push([child, path ? `${path}.${name}` : name, top || name, name]);
      }
    }
  }
  return null;
}

const define = (target: Container, key: string, value: unknown) =>
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });

/** Every string in `value` (keys too) without its control characters, tab and line breaks kept; walked without recursion. */
export function stripControls<T>(value: T): T {
  const clean = (item: unknown) => (typeof item === 'string' ? item.replace(STRIP, '') : item);
  if (!isContainer(value)) return clean(value) as T;
  const copyOf = (item: Container): Container => (Array.isArray(item) ? [] : {});
  const root = copyOf(value);
  const pending: [Container, Container][] = [[value, root]];
  while (pending.length) {
    const [source, target] = pending.pop()!;
    for (const [key, item] of Object.entries(source)) {
      const name = Array.isArray(source) ? key : key.replace(STRIP, '');
      if (!isContainer(item)) define(target, name, clean(item));
      else {
        const copy = copyOf(item);
        define(target, name, copy);
        pending.push([item, copy]);
      }
    }
  }
  return root as T;
}

export function refuseControlCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    // A request no route takes is answered 404 or 405 whatever it holds: routing comes first.
    if (request.is404) return;
    const config = reply.routeOptions.config ?? {};
    const rule = config.controls ?? {};
    if (rule.strip) {
      request.body = stripControls(request.body);
      return;
    }
    const agent = request.headers['user-agent'];
    const found =
      firstControl(request.body, new Set(rule.multiline), new Set(rule.skip)) ??
      firstControl(request.query, NONE) ??
      (typeof agent === 'string' && LINE_CONTROLS.test(agent) ? { path: 'User-Agent', top: 'User-Agent' } : null);
    if (!found) return;
    const words = config.fieldWords?.[found.top];
    const label = words?.label ?? found.path;
    return send(
      reply,
      400,
      words?.error ?? 'invalid',
      `${label} holds a control character (such as NUL) that cannot be stored: remove it and try again.`,
      { field: found.path },
    );
  });
}

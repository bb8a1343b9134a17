// Text a database cannot hold never reaches it: PostgreSQL refuses NUL in text, and no field of ours
// means a control character. One hook for every route: bodies, queries and the stored header (the
// User-Agent) are refused with 400 naming the field; the provider's events are cleaned instead, since
// they are never refused for their content.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FieldWords } from './errors.ts';
import { send } from './errors.ts';

/** C0 controls other than tab, line feed and carriage return; and those three too (matching them is the point). */
/* eslint-disable no-control-regex */
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
const LINE_CONTROLS = /[\u0000-\u001F]/;
const STRIP = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;
/* eslint-enable no-control-regex */

/**
 * A route's rule for control characters, in its `config.controls`: `multiline` names the fields that
 * may hold tab and line breaks; `strip` cleans every string instead of refusing.
 */
export type ControlRule = { multiline?: string[]; strip?: boolean };

type Found = { path: string; top: string };

/** The first string (key or value) holding a control character its field may not hold. */
function firstControl(value: unknown, multiline: ReadonlySet<string>, path = '', top = ''): Found | null {
  if (typeof value === 'string')
    return (multiline.has(top) ? CONTROLS : LINE_CONTROLS).test(value) ? { path, top } : null;
  if (!value || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (LINE_CONTROLS.test(key)) return { path: at, top: top || key };
    const found = firstControl(item, multiline, at, top || key);
    if (found) return found;
  }
  return null;
}

/** Every string in `value` (keys too) without its control characters, tab and line breaks kept. */
export function stripControls<T>(value: T): T {
  if (typeof value === 'string') return value.replace(STRIP, '') as T;
  if (Array.isArray(value)) return value.map(stripControls) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(STRIP, ''), stripControls(v)])) as T;
  return value;
}

const NONE = new Set<string>();

export function refuseControlCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    const config = (reply.routeOptions.config ?? {}) as { controls?: ControlRule; fieldWords?: FieldWords };
    const rule = config.controls ?? {};
    if (rule.strip) {
      request.body = stripControls(request.body);
      return;
    }
    const agent = request.headers['user-agent'];
    const found =
      firstControl(request.body, rule.multiline ? new Set(rule.multiline) : NONE) ??
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

// Permissions-Policy: the site's pages and the examples may use the microphone (the voice demo), from
// this origin only; the desk and the API use no device at all. Nothing asks for a camera or a location.
import type { FastifyInstance } from 'fastify';

export const SITE_PERMISSIONS = 'microphone=(self), camera=(), geolocation=()';
export const DESK_PERMISSIONS = 'microphone=(), camera=(), geolocation=()';

const DESK_OR_API = /^\/(desk|api)(\/|\?|$)/;

/** Every answer under /desk and /api gets the desk's policy; every other HTML answer the site's. */
export function permissionsPolicy(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (DESK_OR_API.test(request.url)) reply.header('Permissions-Policy', DESK_PERMISSIONS);
    else if (String(reply.getHeader('content-type') ?? '').startsWith('text/html'))
      reply.header('Permissions-Policy', SITE_PERMISSIONS);
    return payload;
  });
}

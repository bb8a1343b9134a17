// Requests refused for how they are framed rather than what they ask: those Node refuses before Fastify
// sees them (late, headers too large, not HTTP, a method its parser does not know), a missing or second
// `Host`, and a preflight without an `Origin`; each in the one answer shape (./errors.ts).
import type { FastifyInstance } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { allowedAt, send } from './errors.ts';

const CLIENT_ERRORS: Record<string, { status: number; error: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, error: 'timeout', message: 'The request did not arrive in time.' },
  HPE_HEADER_OVERFLOW: { status: 431, error: 'headers-too-large', message: 'The request’s headers are too large.' },
};

/** The request line of a method Node's parser does not know (`FOO /api/feedback HTTP/1.1`): its path, when it is the API's. */
const API_REQUEST_LINE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+ (\/api\/[^\s?]*)(?:\?\S*)? HTTP\/1\.[01]\r?\n/;

/**
 * The server's `clientErrorHandler`: requests Node refuses before Fastify sees them, answered in the one
 * shape. A method Node's parser does not know is, on an API path, a 405 with `Allow` like any other.
 */
export function clientError(apiMethods: Map<string, Set<string>>) {
  return (error: Error & { code?: string; rawPacket?: unknown }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const path =
      error.code === 'HPE_INVALID_METHOD'
        ? API_REQUEST_LINE.exec(Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '')?.[1]
        : undefined;
    const allowed = path ? allowedAt(path, apiMethods) : undefined;
    const allow = allowed?.size ? [...allowed].join(', ') : null;
    const {
      status,
      error: code,
      message,
    } = allow
      ? { status: 405, error: 'method-not-allowed', message: `This address takes ${allow} only.` }
      : (CLIENT_ERRORS[error.code ?? ''] ?? {
          status: 400,
          error: 'bad-request',
          message: 'The request is not valid HTTP.',
        });
    const body = JSON.stringify({ error: code, message });
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${allow ? `Allow: ${allow}\r\n` : ''}Content-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}

/**
 * RFC 9112 (3.2): an HTTP/1.1 request without `Host`, or with more than one, is a 400. Node's own check
 * answers an empty 400 and lets a second `Host` through, so the service checks both itself.
 */
export function refuseBadHosts(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const raw = request.raw.rawHeaders;
    let hosts = 0;
    for (let i = 0; i < raw.length; i += 2) if (raw[i].toLowerCase() === 'host') hosts++;
    if (hosts > 1) return send(reply, 400, 'bad-request', 'The request has more than one Host header.');
    if (hosts === 0 && request.raw.httpVersion !== '1.0')
      return send(reply, 400, 'bad-request', 'The request has no Host header.');
  });
}

/** An `OPTIONS` request without `Origin` is no preflight: refused in the one shape (CORS's own answer is plain text). */
export function refuseOptionsWithoutOrigin(api: FastifyInstance) {
  api.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'OPTIONS') return;
    if (!request.headers.origin)
      return send(reply, 400, 'bad-request', 'OPTIONS is answered to a preflight only: send an Origin header.');
    // Else the CORS plugin's own refusal, in plain text, would be the only one outside the one error shape.
    if (!request.headers['access-control-request-method'])
      return send(
        reply,
        400,
        'bad-request',
        'OPTIONS is answered to a preflight only: send Access-Control-Request-Method with the Origin.',
      );
  });
}

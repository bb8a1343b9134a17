import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { fakeChat } from './fake-chat';

/** One request as a stub saw it. */
export interface Recorded {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * Local stand-ins for the services the widgets call, on 127.0.0.1 (never a real host).
 * Paths carry a namespace so parallel tests never share state:
 * - `/vapi/{ns}/call/web`: the voice provider's web-call endpoint;
 * - `/feedback/{mode}/{ns}/feedback`: the backend, where mode is ok, error or hang;
 * - `/chat/{behaviour}/{ns}/chat/web`: the provider's web chat (see fake-chat.ts);
 * - `/gate/{behaviour}/{ns}/voice/session`: the service's demo gate, where behaviour is ok, limit or budget;
 *   `…/voice/session/end` records the widget's end of a demo;
 * - `/__log/{ns}`: what the stubs recorded for a namespace.
 */
export function startStubServer(port: number): Promise<Server> {
  const log = new Map<string, Recorded[]>();
  const record = (ns: string, entry: Recorded) => log.set(ns, [...(log.get(ns) ?? []), entry]);

  const cors = (res: ServerResponse) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'authorization, content-type');
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    cors(res);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const parts = url.pathname.split('/').filter(Boolean);
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const entry: Recorded = {
      method: req.method ?? '',
      path: url.pathname,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };

    if (parts[0] === '__log' && parts[1]) {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(log.get(parts[1]) ?? []));
      return;
    }
    // The provider's chat: `/chat/{behaviour}/{ns}/chat/web` (tests/support/fake-chat.ts).
    if (parts[0] === 'chat' && parts[1] && parts[2] && parts[3] === 'chat' && parts[4] === 'web') {
      record(parts[2], entry);
      await fakeChat(parts[1], parts[2], entry.body, req, res);
      return;
    }
    // The service's demo gate (`backend-url`): a grant, or its refusals in the service's error shape.
    if (parts[0] === 'gate' && parts[2] && parts[3] === 'voice' && parts[4] === 'session') {
      record(parts[2], entry);
      const json = { 'Content-Type': 'application/json' };
      if (parts[5] === 'end') res.writeHead(200, json).end(JSON.stringify({ result: 'ended' }));
      else if (parts[1] === 'limit')
        res
          .writeHead(429, { ...json, 'Retry-After': '300' })
          .end(JSON.stringify({ error: 'demo-limit', message: 'Too many demos.', retryAfterSeconds: 300 }));
      else if (parts[1] === 'budget')
        res.writeHead(503, json).end(JSON.stringify({ error: 'demo-budget', message: "The day's demos are spent." }));
      else
        res.writeHead(200, json).end(
          JSON.stringify({
            sessionId: `demo-${parts[2]}`,
            token: `token-${parts[2]}`,
            expiresInSeconds: 60,
            maxDurationSeconds: 120,
          }),
        );
      return;
    }
    if (parts[0] === 'vapi' && parts[1]) {
      record(parts[1], entry);
      res.writeHead(201, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({
          id: `call-${parts[1]}`,
          webCallUrl: 'https://stub-room.daily.co/stub',
          artifactPlan: { videoRecordingEnabled: false },
          assistant: { voice: { provider: 'vapi' } },
        }),
      );
      return;
    }
    if (parts[0] === 'feedback' && parts[2]) {
      record(parts[2], entry);
      const mode = parts[1];
      if (mode === 'hang') return; // never answers: the widget's timeout must end it
      if (mode === 'error') res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal error (stub)');
      else res.writeHead(201, { 'Content-Type': 'text/plain' }).end('Thanks (stub)');
      return;
    }
    res.writeHead(404).end('no such stub');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

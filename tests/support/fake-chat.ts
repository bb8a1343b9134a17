import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The voice provider's web chat (`POST /chat/web`), as its contract describes it: JSON
 * `{assistantId, input, sessionId?, stream, sessionEnd?}` with a bearer key, answered with
 * `text/event-stream` lines `data: {id, sessionId, path: "chat.output[0].content", delta}` and
 * `data: [DONE]`. How it behaves is chosen per test:
 * - `ok`: answers in five pieces, echoing the visitor's last words (and an https link when asked for one);
 * - `busy`: 429; `refuse`: 400;
 * - `cut`: two pieces, then the connection drops;
 * - `slow`: one piece, then silence;
 * - `unhurried`: answers as `ok`, a piece every 700 ms (an answer a visitor sees arriving for about 3 s);
 * - `flaky`: the first request of a namespace answers 503, the next as `ok`.
 */
export type ChatBehaviour = 'ok' | 'busy' | 'refuse' | 'cut' | 'slow' | 'flaky' | 'unhurried';

const seen = new Map<string, number>();

type Input = string | { role: string; content: string }[];

const lastWords = (input: Input) =>
  typeof input === 'string' ? input : (input.filter((item) => item.role === 'user').at(-1)?.content ?? '');

export async function fakeChat(
  behaviour: string,
  ns: string,
  body: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  let request: { assistantId?: string; input?: Input; sessionId?: string; sessionEnd?: boolean };
  try {
    request = JSON.parse(body);
  } catch {
    res.writeHead(400, { 'Content-Type': 'application/json' }).end('{"message":"bad json"}');
    return;
  }
  if (!String(req.headers.authorization ?? '').startsWith('Bearer ') || !request.assistantId) {
    res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"message":"Invalid Key"}');
    return;
  }
  if (request.sessionEnd) {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ended":true}');
    return;
  }
  const count = (seen.get(ns) ?? 0) + 1;
  seen.set(ns, count);
  if (behaviour === 'busy') return void res.writeHead(429, { 'Content-Type': 'application/json' }).end('{}');
  if (behaviour === 'refuse') return void res.writeHead(400, { 'Content-Type': 'application/json' }).end('{}');
  if (behaviour === 'flaky' && count === 1) return void res.writeHead(503).end();
  const sessionId = request.sessionId ?? `session-${ns}`;
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  const words = lastWords(request.input ?? '');
  const pieces = words.includes('link')
    ? ['Read more at ', 'https://example.com/hours', '.']
    : ['Hello', '! ', 'You said: ', `“${words}”`, '.'];
  const send = (delta: string, i: number) =>
    res.write(
      `data: ${JSON.stringify({ id: `m-${count}-${i}`, sessionId, path: 'chat.output[0].content', delta })}\n\n`,
    );
  for (const [i, piece] of pieces.entries()) {
    if (behaviour === 'cut' && i === 2) return void res.destroy();
    if (behaviour === 'slow' && i === 1) return; // silence: the connection stays open
    send(piece, i);
    // The link's answer waits before its last piece: a test can see it while it streams, however busy the machine.
    const pause = behaviour === 'unhurried' ? 700 : words.includes('link') && i === pieces.length - 2 ? 400 : 40;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
  res.end('data: [DONE]\n\n');
}

// The typed chat's stream read as server-sent events: what a provider or a proxy may legally send.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { streamChat } from './chat-client';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A chat endpoint that writes `pieces` one after another, each flushed on its own. */
async function chat(pieces: string[]): Promise<string> {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    let i = 0;
    const next = () => (i < pieces.length ? (res.write(pieces[i++]), setImmediate(next)) : res.end());
    next();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const delta = (text: string) => JSON.stringify({ sessionId: 's-1', path: 'chat.output[0].content', delta: text });

async function read(pieces: string[]) {
  const words: string[] = [];
  const result = await streamChat({
    apiUrl: await chat(pieces),
    publicKey: 'k',
    assistantId: 'a',
    input: 'Hello',
    sessionId: null,
    stallMs: 60_000,
    onDelta: (text) => words.push(text),
  });
  return { words, ...result };
}

describe('the typed chat stream', () => {
  it('takes each event whole, however the bytes are cut', async () => {
    const body = `data: ${delta('Hello ')}\n\ndata: ${delta('there')}\n\ndata: [DONE]\n\n`;
    const pieces = body.match(/.{1,7}/gs)!;
    expect(await read(pieces)).toEqual({ words: ['Hello ', 'there'], sessionId: 's-1' });
  });

  it('skips comments and other fields, and joins a data field that spans lines', async () => {
    const json = delta('Namaste');
    const cut = json.indexOf(',') + 1;
    const split = `${json.slice(0, cut)}\ndata: ${json.slice(cut)}`;
    const body = `: keep-alive\n\nevent: message\nid: 1\ndata: ${split}\n\nretry: 1000\n\ndata: [DONE]\n\n`;
    // Joined with a line break, the JSON still parses: a line break is white space to JSON.
    expect((await read([body])).words).toEqual(['Namaste']);
  });

  it('reads CRLF line ends', async () => {
    expect((await read([`data: ${delta('Hi')}\r\n\r\ndata: [DONE]\r\n\r\n`])).words).toEqual(['Hi']);
  });

  it('says an answer that ends without [DONE] was not complete', async () => {
    await expect(read([`data: ${delta('Hi')}\n\n`])).rejects.toMatchObject({ problem: 'interrupted' });
  });
});

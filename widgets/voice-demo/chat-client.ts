import type { TextProblem } from './state';
import { EventSourceParserStream, type EventSourceMessage } from 'eventsource-parser/stream';

/** One item of `/chat/web`'s `input` when it carries more than the visitor's words. */
export interface ChatItem {
  role: 'user' | 'assistant' | 'system';
  content: string;
}

export interface ChatTurn {
  apiUrl: string;
  publicKey: string;
  assistantId: string;
  input: string | ChatItem[];
  sessionId: string | null;
  /**
   * The gate's id of the conversation's demo (`backend-url`): sent as `assistantOverrides.variableValues`, the
   * only overrides `/chat/web` takes, so the provider's session.* messages name the demo. Never the `sessionId`.
   */
  demoSessionId?: string;
  /** No byte for this long ends the wait: what arrived is kept, and the turn may be sent again. */
  stallMs: number;
  signal?: AbortSignal;
  onDelta(text: string, sessionId: string | undefined): void;
}

/** A turn that got no (whole) answer, and why. */
export class ChatError extends Error {
  constructor(
    readonly problem: TextProblem,
    message: string,
  ) {
    super(message);
    this.name = 'ChatError';
  }
}

/** Whether a failed attempt may be made again: a network failure or the service's own (5xx) before any word arrived. */
class Retryable extends Error {}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Sends one typed turn to the provider's chat (`POST {api-url}/chat/web`, streamed) and hands each
 * piece of the answer to `onDelta` as it arrives. A network failure or a 5xx is tried once more after
 * 1 s; a 429 is `busy`, another 4xx `unavailable`; a stream cut or silent for `stallMs` is `interrupted`.
 */
export async function streamChat(turn: ChatTurn): Promise<{ sessionId: string | null }> {
  try {
    return await attempt(turn);
  } catch (error) {
    if (!(error instanceof Retryable) || turn.signal?.aborted) throw unwrap(error);
    await wait(1000, turn.signal);
    try {
      return await attempt(turn);
    } catch (again) {
      throw unwrap(again);
    }
  }
}

const unwrap = (error: unknown) =>
  error instanceof Retryable ? new ChatError('network', error.message) : (error as Error);

async function attempt(turn: ChatTurn): Promise<{ sessionId: string | null }> {
  const stop = new AbortController();
  turn.signal?.addEventListener('abort', () => stop.abort(), { once: true });
  let stalled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const watch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => ((stalled = true), stop.abort()), turn.stallMs);
  };
  let received = false;
  let complete = false;
  let sessionId = turn.sessionId;
  try {
    watch();
    let response: Response;
    try {
      response = await fetch(`${turn.apiUrl.replace(/\/+$/, '')}/chat/web`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${turn.publicKey}` },
        body: JSON.stringify({
          assistantId: turn.assistantId,
          input: turn.input,
          ...(turn.sessionId && { sessionId: turn.sessionId }),
          ...(turn.demoSessionId && { assistantOverrides: { variableValues: { demoSessionId: turn.demoSessionId } } }),
          stream: true,
        }),
        signal: stop.signal,
      });
    } catch (error) {
      if (stalled) throw new ChatError('interrupted', 'The agent did not answer in time.');
      throw new Retryable(error instanceof Error ? error.message : 'The network failed.');
    }
    if (response.status === 429) throw new ChatError('busy', 'The agent is busy (429).');
    if (response.status >= 500) throw new Retryable(`The chat service failed (${response.status}).`);
    if (!response.ok || !response.body)
      throw new ChatError('unavailable', `The chat was refused (${response.status}).`);
    // Anything but a stream (a proxy's or a portal's page) is no answer from the agent.
    if (!/text\/event-stream/i.test(response.headers.get('content-type') ?? ''))
      throw new ChatError('unavailable', 'The chat did not answer with a stream.');
    // The provider's stream is server-sent events: a data field may span lines, and comments keep it alive.
    const reader = response.body
      .pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream())
      .getReader();
    for (;;) {
      let chunk: ReadableStreamReadResult<EventSourceMessage>;
      try {
        chunk = await reader.read();
      } catch {
        throw new ChatError('interrupted', stalled ? 'The answer stalled.' : 'The answer was cut off.');
      }
      if (chunk.done) throw new ChatError('interrupted', 'The answer ended before it was complete.');
      watch();
      const data = chunk.value.data.trim();
      if (data === '[DONE]') {
        complete = true;
        void reader.cancel().catch(() => {});
        return { sessionId };
      }
      const event = parse(data);
      if (typeof event?.sessionId === 'string') sessionId = event.sessionId;
      if (event?.path === 'chat.output[0].content' && typeof event.delta === 'string' && event.delta) {
        received = true;
        turn.onDelta(event.delta, typeof event.sessionId === 'string' ? event.sessionId : undefined);
      }
    }
  } catch (error) {
    // Words already shown cannot be asked for again without showing them twice.
    if (error instanceof Retryable && received) throw new ChatError('interrupted', error.message);
    throw error;
  } finally {
    clearTimeout(timer);
    if (!complete) stop.abort();
  }
}

function parse(data: string): { sessionId?: unknown; path?: unknown; delta?: unknown } | null {
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

/** Closes the provider's session (`sessionEnd`), without waiting for its answer. */
export function endChat({
  apiUrl,
  publicKey,
  assistantId,
  sessionId,
}: Omit<ChatTurn, 'input' | 'stallMs' | 'onDelta'>) {
  if (!sessionId) return;
  fetch(`${apiUrl.replace(/\/+$/, '')}/chat/web`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${publicKey}` },
    body: JSON.stringify({ assistantId, sessionId, input: '', sessionEnd: true }),
    keepalive: true,
  }).catch(() => {});
}

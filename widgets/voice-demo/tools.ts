/**
 * Page tools: handlers the host page registers (`voice.tools`) that the agent calls during a call. The
 * provider sends `{type: 'tool-calls', toolCallList}`; the browser cannot return a result to the model, so
 * each outcome is told to the agent as one system message. Pure: no DOM, no timers but the time-out's.
 */

/** A page tool's handler: its arguments as the agent sent them; its answer (or its throw) is told to the agent. */
export type PageToolHandler = (args: Record<string, unknown>) => unknown;

/** A page tool: its handler alone, or with the words the log shows for it instead of its name. */
export type PageTool = PageToolHandler | { run: PageToolHandler; description?: string };

/** `voice.tools`: the page's tools by the name the agent calls them. */
export type PageTools = Record<string, PageTool>;

/** `ai-voice-demo-tool`'s detail: which tool was called and whether it answered (never its arguments or result). */
export interface VoiceDemoToolDetail {
  name: string;
  ok: boolean;
}

/** What a tool call came to: for the event and the log's line (`description`: the page's words for its tool). */
export interface ToolDone extends VoiceDemoToolDetail {
  description?: string;
}

/** One call from a `tool-calls` message. */
export interface ToolCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
}

/** How long a page tool may take. */
export const DEFAULT_TOOL_TIMEOUT = 10;

/** How much of a result the agent is told. */
export const RESULT_MAX = 2_000;

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Arguments as an object, or a JSON string of one; anything else reads as none. */
export function argsOf(value: unknown): Record<string, unknown> {
  if (typeof value !== 'string') return record(value);
  try {
    return record(JSON.parse(value));
  } catch {
    return {};
  }
}

/** The calls of a provider message, when it is `tool-calls`; none otherwise. */
export function toolCallsOf(message: unknown): ToolCall[] {
  const m = record(message);
  if (m.type !== 'tool-calls' || !Array.isArray(m.toolCallList)) return [];
  return m.toolCallList.flatMap((item) => {
    const call = record(item);
    const fn = record(call.function);
    const name = typeof fn.name === 'string' ? fn.name.trim() : '';
    return name ? [{ id: String(call.id ?? ''), name, args: argsOf(fn.arguments) }] : [];
  });
}

/** A handler's answer as text: a string as it is, anything else as JSON, cut to `RESULT_MAX` with a note. */
export function resultText(value: unknown): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else {
    try {
      text = JSON.stringify(value) ?? '';
    } catch {
      text = String(value);
    }
  }
  if (text.length <= RESULT_MAX) return text;
  return `${text.slice(0, RESULT_MAX)}\n[Cut: the result was ${text.length} characters long; the first ${RESULT_MAX} are above.]`;
}

/** What became of one call. `refused`: a built-in action that would not do it, with why. */
export type ToolOutcome =
  | { kind: 'ok'; result: unknown }
  | { kind: 'unknown' }
  | { kind: 'threw'; message: string }
  | { kind: 'timeout'; seconds: number }
  | { kind: 'refused'; reason: string };

/** What the agent is told of a call's outcome, in words that name the tool (English: the agent's language of work). */
export function toolWords(name: string, outcome: ToolOutcome): string {
  switch (outcome.kind) {
    case 'ok': {
      const text = resultText(outcome.result);
      return text.trim()
        ? `The page ran the tool "${name}". Its result:\n${text}`
        : `The page ran the tool "${name}". It returned nothing.`;
    }
    case 'unknown':
      return `The page has no tool called "${name}", so nothing was done. Do not call it again; tell the visitor if it matters.`;
    case 'threw':
      return `The page's tool "${name}" failed${outcome.message ? `: ${outcome.message}` : ''}. Nothing more is known; do not assume it was done.`;
    case 'timeout':
      return `The page's tool "${name}" did not finish within ${outcome.seconds} seconds, so its result is unknown. Do not assume it was done.`;
    case 'refused':
      return `The page did not run the tool "${name}": ${outcome.reason}`;
  }
}

/** `tool-timeout` as seconds: a positive number, else the default. */
export const toolSeconds = (value: unknown) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_TOOL_TIMEOUT;
};

/** The handler for `name` and its description (when the page gave one), or null when the page has no such tool. */
export function toolOf(
  tools: PageTools | null | undefined,
  name: string,
): { run: PageToolHandler; description?: string } | null {
  const entry = tools && typeof tools === 'object' && Object.hasOwn(tools, name) ? tools[name] : undefined;
  if (typeof entry === 'function') return { run: entry };
  if (entry && typeof entry === 'object' && typeof entry.run === 'function') {
    const description = typeof entry.description === 'string' ? entry.description.trim().slice(0, 200) : '';
    return { run: entry.run, ...(description && { description }) };
  }
  return null;
}

/**
 * Whether a tool may send the page to `url`: on the page's own origin, or one of `allowed` (`tool-origins`,
 * space-separated origins). http(s) only; a relative address is read against the page.
 */
export function urlAllowed(url: unknown, page: string, allowed = ''): URL | null {
  if (typeof url !== 'string' || !url.trim()) return null;
  let target: URL;
  let here: URL;
  try {
    here = new URL(page);
    target = new URL(url.trim(), here);
  } catch {
    return null;
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return null;
  if (target.origin === here.origin) return target;
  const origins = allowed.split(/\s+/).flatMap((o) => {
    try {
      return o ? [new URL(o).origin] : [];
    } catch {
      return [];
    }
  });
  return origins.includes(target.origin) ? target : null;
}

/**
 * Runs `run` with a limit of `seconds`: its answer, its throw, or the time-out, as an outcome. Never rejects;
 * a handler that answers after the limit is let go.
 */
export async function runWithin(run: () => unknown, seconds: number): Promise<ToolOutcome> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<ToolOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timeout', seconds }), seconds * 1000);
  });
  const answer = (async (): Promise<ToolOutcome> => {
    try {
      return { kind: 'ok', result: await run() };
    } catch (error) {
      const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
      return { kind: 'threw', message: message.slice(0, 300) };
    }
  })();
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

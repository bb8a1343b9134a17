import type { ToolDone } from './tools';

/**
 * One line of the conversation, typed or spoken: who said it, what, how (`via`), and `final` once the
 * words are settled (a spoken line grows until the provider settles it; a typed answer while it streams).
 * `unfinished` marks an answer whose stream broke: what arrived is kept.
 */
export interface LogLine {
  id: number;
  role: 'user' | 'assistant';
  text: string;
  final: boolean;
  via: 'voice' | 'text';
  unfinished?: boolean;
  /**
   * A line the widget adds, not words said: `call-reloaded`, where a call stopped because the page reloaded;
   * `tool`, a page tool the agent called (`tool` says which). Its `text` is empty (drawn in the visitor's
   * language), so it is never sent, carried or announced as a message.
   */
  note?: 'call-reloaded' | 'tool';
  /** With `note: 'tool'`: the tool's name, whether it answered, and the page's description of it. */
  tool?: ToolDone;
}

/**
 * How many lines the log keeps. Its area shows the latest and scrolls back to the others: a line
 * dropped from the top would move every line under it, so a conversation of any usual length drops none.
 */
export const LOG_LINES = 200;

/** Appends a line, keeping the latest `LOG_LINES`. */
export const appended = (lines: LogLine[], line: LogLine): LogLine[] => [...lines, line].slice(-LOG_LINES);

/**
 * A spoken line as the provider sends it: a partial transcript grows in place until the final words
 * come, even when the other side spoke meanwhile (overlapping speech): the speaker's open spoken line
 * is replaced where it is.
 */
export function withSpoken(lines: LogLine[], line: Omit<LogLine, 'id' | 'via'>, id: number): LogLine[] {
  const open = lines.findLastIndex((l) => !l.final && l.role === line.role && l.via === 'voice');
  if (open >= 0) return lines.map((l, i) => (i === open ? { ...l, text: line.text, final: line.final } : l));
  return appended(lines, { ...line, id, via: 'voice' });
}

/** A provider transcript message (`{type: 'transcript', role, transcriptType: 'partial' | 'final', transcript}`) as a line's words. */
export function captionOf(message: unknown): Omit<LogLine, 'id' | 'via'> | null {
  if (!message || typeof message !== 'object') return null;
  const m = message as { type?: unknown; role?: unknown; transcriptType?: unknown; transcript?: unknown };
  if (m.type !== 'transcript' || typeof m.transcript !== 'string') return null;
  if (m.role !== 'user' && m.role !== 'assistant') return null;
  return { role: m.role, text: m.transcript.trim(), final: m.transcriptType !== 'partial' };
}

/** Whether a provider `message` says the visitor started speaking. */
export function isUserSpeech(message: unknown): boolean {
  if (!message || typeof message !== 'object') return false;
  const m = message as { type?: unknown; role?: unknown; status?: unknown };
  return m.role === 'user' && (m.type === 'speech-update' ? m.status === 'started' : m.type === 'transcript');
}

/** The settled lines after `id`, as the chat API's `input` items. */
export const itemsAfter = (lines: LogLine[], id: number) =>
  lines.filter((l) => l.final && !l.unfinished && l.id > id && l.text).map((l) => ({ role: l.role, content: l.text }));

/**
 * A typed turn's `input` for the chat: the words alone, or, when the chat has not seen some settled
 * lines yet (a greeting, a call's transcript), those lines first and the words last.
 */
export function turnInput(
  lines: LogLine[],
  seen: number,
  text: string,
): string | { role: LogLine['role']; content: string }[] {
  const items = itemsAfter(lines, seen);
  return items.length ? [...items, { role: 'user' as const, content: text }] : text;
}

/**
 * What the agent of a new call is told of the conversation so far, word for word, each line marked
 * with who said it: one system message that asks for no answer.
 */
export function carriedIntoCall(lines: LogLine[]): string | null {
  const said = lines.filter((l) => l.final && l.text);
  if (!said.length) return null;
  return [
    'Earlier in this conversation, before this call (each line says who said it):',
    ...said.map((l) => `${l.role === 'user' ? 'Visitor' : 'Agent'}${l.via === 'text' ? ' (typed)' : ''}: ${l.text}`),
  ].join('\n');
}

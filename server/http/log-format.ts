// LOG_FORMAT=pretty (`npm start`'s default): each of the logger's JSON lines rewritten as one line a
// person reads in a terminal: the time, the level, the message and the entry's own fields
// (`12:04:31.207 INFO  feedback stored  feedbackId=7 reqId=req-2`). Only what the JSON line holds is
// shown, so what the service keeps out of its log (secrets, personal data) stays out of this too.
// LOG_FORMAT=json (every other start's default) leaves the lines as they are, for a log shipper.
import type { LogStream } from './app.ts';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** ANSI colours by level, on a terminal only (and never with NO_COLOR). */
const COLOURS: Record<number, string> = { 10: '90', 20: '90', 40: '33', 50: '31', 60: '31' };
/** Fields every line has, shown in their own places or not at all. */
const OWN = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'v']);

/** Control characters (a newline in a provider's message) would break the one line, or drive the terminal. */
const oneLine = (text: string) =>
  // eslint-disable-next-line no-control-regex
  text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => JSON.stringify(c).slice(1, -1));

function value(v: unknown): string {
  if (typeof v === 'string') return v && !/[\s"=\\]/.test(v) ? oneLine(v) : JSON.stringify(v);
  if (v && typeof v === 'object' && 'message' in v && 'type' in v)
    return JSON.stringify(`${String(v.type)}: ${String(v.message)}`);
  return JSON.stringify(v) ?? String(v);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const clock = (ms: number) => {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
};

/** One JSON log line as one readable line (no newline); a line that is not JSON is passed on as it is. */
export function prettyLine(line: string, { colour = false } = {}): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return oneLine(line.replace(/\n$/, ''));
  }
  if (!entry || typeof entry !== 'object') return oneLine(line.replace(/\n$/, ''));
  const level = typeof entry.level === 'number' ? entry.level : 30;
  let name = (LEVELS[level] ?? `L${level}`).padEnd(5);
  if (colour && COLOURS[level]) name = `\u001b[${COLOURS[level]}m${name}\u001b[39m`;
  const time = typeof entry.time === 'number' ? clock(entry.time) : clock(Date.now());
  // The request's id (on every line a request logs) after what the line is about.
  const fields = Object.entries(entry)
    .filter(([key, v]) => !OWN.has(key) && v !== undefined)
    .sort(([a], [b]) => Number(a === 'reqId') - Number(b === 'reqId'))
    .map(([key, v]) => `${key}=${value(v)}`);
  const message = oneLine(typeof entry.msg === 'string' ? entry.msg : '');
  return [time, name, message, ...(fields.length ? [` ${fields.join(' ')}`] : [])].join(' ');
}

/** The stream the logger writes to under LOG_FORMAT=pretty: each line made readable, then written to `out`. */
export function prettyLog(out: LogStream & { isTTY?: boolean } = process.stdout): LogStream {
  const colour = Boolean(out.isTTY) && !process.env.NO_COLOR;
  return {
    write(chunk: string) {
      for (const line of chunk.split('\n')) if (line) out.write(`${prettyLine(line, { colour })}\n`);
    },
  };
}

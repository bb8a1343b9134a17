import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/settings.ts';
import { startService } from '../service.ts';
import { openStore } from '../storage/index.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prettyLine, prettyLog } from './log-format.ts';

const TIME = new Date(2026, 10, 23, 14, 5, 9, 42).getTime();
const line = (entry: Record<string, unknown>) =>
  JSON.stringify({ level: 30, time: TIME, pid: 4242, hostname: 'dev-box', ...entry });

const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe('LOG_FORMAT=pretty', () => {
  it('writes one line to read: time, level, message, then the entry’s own fields', () => {
    expect(prettyLine(line({ msg: 'feedback stored', feedbackId: 7, reqId: 'req-2' }))).toBe(
      '14:05:09.042 INFO  feedback stored  feedbackId=7 reqId=req-2',
    );
    expect(prettyLine(line({ level: 40, msg: 'retention purge failed' }))).toBe(
      '14:05:09.042 WARN  retention purge failed',
    );
    // The process's id and host name are on every line of a terminal alike: left out.
    expect(prettyLine(line({ msg: 'x' }))).not.toMatch(/4242|dev-box/);
  });

  it('quotes what has spaces, shows objects compactly and an error as its type and message', () => {
    const text = prettyLine(
      line({
        level: 50,
        msg: 'metrics: could not answer a scrape',
        err: { type: 'Error', message: 'database is locked', stack: 'Error: database is locked\n    at x (y.ts:1:1)' },
        purged: { leads: 3 },
        phoneEnding: '…99',
        reason: 'no answer',
      }),
    );
    expect(text).toBe(
      '14:05:09.042 ERROR metrics: could not answer a scrape  err="Error: database is locked" purged={"leads":3} phoneEnding=…99 reason="no answer"',
    );
  });

  it('keeps every entry on one line, and sends no control character to the terminal', () => {
    const text = prettyLine(line({ msg: 'provider said:\nline two\u001b[2J', detail: 'a\nb' }));
    expect(text.split('\n')).toHaveLength(1);
    expect(text).not.toContain('\u001b');
    expect(text).toContain('provider said:\\nline two\\u001b[2J');
    expect(text).toContain('detail="a\\nb"');
  });

  it('is not JSON; colours the level on a terminal only, and never with NO_COLOR', () => {
    const written: string[] = [];
    const out = { write: (s: string) => void written.push(s) };
    prettyLog(out).write(`${line({ msg: 'one' })}\n`);
    prettyLog({ ...out, isTTY: true }).write(`${line({ level: 50, msg: 'two' })}\n`);
    expect(written).toHaveLength(2);
    for (const text of written) {
      expect(text.endsWith('\n')).toBe(true);
      expect(isJson(text)).toBe(false);
    }
    expect(written[0]).not.toContain('\u001b');
    expect(written[1]).toContain('\u001b[31mERROR\u001b[39m');
    const before = process.env.NO_COLOR;
    process.env.NO_COLOR = '1';
    try {
      prettyLog({ ...out, isTTY: true }).write(`${line({ level: 50, msg: 'three' })}\n`);
    } finally {
      if (before === undefined) delete process.env.NO_COLOR;
      else process.env.NO_COLOR = before;
    }
    expect(written[2]).not.toContain('\u001b');
  });
});

describe('LOG_FORMAT', () => {
  it('is json unless set, pretty or json when set, and refuses anything else', () => {
    const base = { DATABASE_PATH: join(tmpdir(), 'unused.sqlite') };
    expect(loadConfig(base, () => {}).logFormat).toBe('json');
    expect(loadConfig({ ...base, LOG_FORMAT: 'pretty' }, () => {}).logFormat).toBe('pretty');
    expect(loadConfig({ ...base, LOG_FORMAT: 'json' }, () => {}).logFormat).toBe('json');
    expect(() => loadConfig({ ...base, LOG_FORMAT: 'Pretty' }, () => {})).toThrow(
      'LOG_FORMAT: "Pretty" is not one of pretty, json (lower case).',
    );
  });

  it.each(['json', 'pretty'] as const)('the service’s own lines under LOG_FORMAT=%s', async (format) => {
    const dir = mkdtempSync(join(tmpdir(), 'log-format-'));
    const lines: string[] = [];
    try {
      const config = loadConfig(
        { DATABASE_PATH: join(dir, 'service.sqlite'), DIST_DIR: join(dir, 'dist'), LOG_FORMAT: format },
        () => {},
      );
      const store = await openStore(config);
      const { app } = await startService(config, store, {
        logStream: { write: (chunk) => void lines.push(...chunk.split('\n').filter(Boolean)) },
      });
      try {
        const res = await app.inject({
          method: 'POST',
          url: '/api/feedback',
          headers: { 'content-type': 'application/json' },
          payload: { name: 'Asha Rao', email: 'asha@example.com', message: 'Lovely demo.' },
        });
        expect(res.statusCode).toBe(201);
      } finally {
        await app.close();
        await store.close();
      }
      const stored = lines.filter((l) => l.includes('feedback stored'));
      expect(stored).toHaveLength(1);
      if (format === 'json') {
        expect(JSON.parse(stored[0])).toMatchObject({ level: 30, msg: 'feedback stored' });
        for (const l of lines) expect(isJson(l), l).toBe(true);
      } else {
        expect(stored[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}feedback stored {2}feedbackId=\d+ reqId=\S+$/);
        for (const l of lines) expect(isJson(l), l).toBe(false);
      }
      // Either way, what the log keeps out stays out.
      for (const l of lines) expect(l).not.toMatch(/Asha|asha@example\.com|Lovely/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { summaryLines } from './summary.ts';

const chunk = (fileName: string, bytes: number, isEntry = false) => ({
  fileName,
  type: 'chunk' as const,
  isEntry,
  code: 'x'.repeat(bytes),
});
const asset = (fileName: string, bytes: number) => ({ fileName, type: 'asset' as const, source: 'y'.repeat(bytes) });

describe('the build summary', () => {
  it('names each entry with its size and gzip size, and totals the rest in one line', () => {
    const lines = summaryLines(
      'dist/widgets',
      [
        chunk('feedback.js', 2048, true),
        chunk('chunks/react.js', 10_240),
        asset('feedback.js.map', 50_000),
        asset('style.css', 1024),
      ],
      1.25,
    );
    expect(lines).toEqual([
      'dist/widgets: 3 files, 13.0 KB, built in 1.3 s',
      expect.stringMatching(/^ {2}feedback\.js {2} +2\.0 KB {2}gzip +0\.\d KB$/),
    ]);
  });

  it('lists a few pages and counts the others', () => {
    const pages = Array.from({ length: 12 }, (_, i) => asset(`page-${i}/index.html`, 100));
    const lines = summaryLines('dist/site', pages, 2);
    expect(lines).toHaveLength(1 + 8 + 1);
    expect(lines.at(-1)).toBe('  … and 4 more entries');
  });
});

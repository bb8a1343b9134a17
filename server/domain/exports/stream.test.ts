import { describe, expect, it } from 'vitest';
import { csvChunks, jsonChunks, PAGE, SLICE } from './stream.ts';

// An export is work on the service's one thread: it must let the event loop turn (a write's answer, another
// request) between slices of a page, never hold it for a whole page or a whole export.
async function* pages(n: number) {
  for (let start = 0; start < n; start += PAGE)
    yield Array.from({ length: Math.min(PAGE, n - start) }, (_, i) => ({ id: start + i + 1, name: 'x' }));
}

/** How many times a setImmediate chain turned while the chunks were read, and the chunks. */
async function turnsWhile(chunks: AsyncIterable<string>) {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  const out: string[] = [];
  for await (const chunk of chunks) out.push(chunk);
  running = false;
  return { turns, out };
}

describe('streamed exports', () => {
  it('write a page a slice at a time, letting the event loop turn between slices', async () => {
    const rows = 2 * PAGE + 7;
    let counted = -1;
    const { turns, out } = await turnsWhile(
      csvChunks(
        ['id', 'name'],
        pages(rows),
        (r) => r,
        (n) => (counted = n),
      ),
    );
    expect(counted).toBe(rows);
    expect(out[0]).toBe('id,name\r\n');
    expect(out.slice(1).every((chunk) => chunk.split('\r\n').length - 1 <= SLICE)).toBe(true);
    expect(out.join('').split('\r\n').length - 2).toBe(rows);
    expect(turns).toBeGreaterThanOrEqual(Math.ceil(rows / SLICE) - 1);
  });

  it('does the same for JSON', async () => {
    const rows = PAGE + 1;
    const { turns, out } = await turnsWhile(jsonChunks(pages(rows), (r) => r));
    expect(JSON.parse(out.join(''))).toHaveLength(rows);
    expect(turns).toBeGreaterThanOrEqual(Math.ceil(rows / SLICE) - 1);
  });
});

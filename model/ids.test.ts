import { describe, expect, it } from 'vitest';
import { MAX_ID, upTo } from './ids.ts';

describe('upTo', () => {
  it('matches exactly the whole numbers from 1 to its bound', () => {
    for (const max of [9, 10, 99, 100, 1000, 2468, 30_000, MAX_ID]) {
      const pattern = new RegExp(upTo(max));
      const probes = [1, 2, 9, 10, 11, max - 1, max, max + 1, max * 10, 10 ** String(max).length];
      for (const n of probes) expect(pattern.test(String(n)), `${n} ≤ ${max}`).toBe(n >= 1 && n <= max);
      for (const text of ['0', '01', '-1', '1e3', ' 1', '1.0', '']) expect(pattern.test(text)).toBe(false);
    }
    const pattern = new RegExp(upTo(2468));
    for (let n = 1; n <= 3000; n++) expect(pattern.test(String(n))).toBe(n <= 2468);
  });
});

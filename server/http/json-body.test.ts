import { describe, expect, it } from 'vitest';
import { dropDeeperThan, MAX_DEPTH, nestingDepth } from './json-body.ts';
import { stripControls } from './input.ts';

const nested = (levels: number) => JSON.parse('['.repeat(levels) + ']'.repeat(levels)) as unknown;

describe('nestingDepth', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestingDepth('1')).toBe(0);
    expect(nestingDepth('{"a":[{"b":[]}]}')).toBe(4);
    expect(nestingDepth('{"a":"[[[[{{{{\\"[[["}')).toBe(1);
  });

  it('stops reading once past the limit', () => {
    expect(nestingDepth('['.repeat(100_000), MAX_DEPTH)).toBe(MAX_DEPTH + 1);
  });
});

describe('dropDeeperThan', () => {
  it('leaves out what lies deeper than the limit and keeps the rest', () => {
    // Three levels: the root, `a` and `list`, then `b` and `[2, [3]]`; `c` and `[3]` would be a fourth.
    const value = { keep: 1, a: { b: { c: { d: 1 } } }, list: [1, [2, [3]], 'x'] };
    expect(dropDeeperThan(value, 3)).toEqual({ keep: 1, a: { b: {} }, list: [1, [2], 'x'] });
  });

  it('cuts 100,000 levels to the limit without recursing', () => {
    let value = dropDeeperThan(nested(100_000));
    let depth = 0;
    while (Array.isArray(value)) [depth, value] = [depth + 1, value[0]];
    expect(depth).toBe(MAX_DEPTH);
  });
});

describe('stripControls', () => {
  it('cleans keys and values at any depth without recursing', () => {
    expect(stripControls({ 'a\u0000': ['b\u0001', { c: 'd\u0002\n' }] })).toEqual({ a: ['b', { c: 'd\n' }] });
    expect(() => stripControls(nested(100_000))).not.toThrow();
  });

  it('keeps a key named like the prototype as a plain field', () => {
    const clean = stripControls(JSON.parse('{"__pro\\u0000to__": {"x": 1}}')) as Record<string, unknown>;
    expect(Object.keys(clean)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(clean)).toBe(Object.prototype);
  });
});

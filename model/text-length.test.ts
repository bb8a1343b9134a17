import { describe, expect, it } from 'vitest';
import { codePointLength, textLength, visibleLength } from './text-length.ts';

describe('textLength', () => {
  it('counts a name in the characters a person sees, and other text in code points, never UTF-16 units', () => {
    expect(textLength('name', 'नमस्ते')).toBe(3);
    expect(textLength('name', '👨‍👩‍👧')).toBe(1);
    expect(textLength('message', '😀'.repeat(150))).toBe(150);
    expect(textLength('metadata', 'नमस्ते')).toBe(6);
    expect('😀'.length).toBe(2);
    expect([visibleLength('e\u0301'), codePointLength('e\u0301')]).toEqual([1, 2]);
  });
});

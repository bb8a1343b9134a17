import { describe, expect, it } from 'vitest';
import { demoLength, demoWords } from './demo-words';

describe("a lead's demo in words", () => {
  it('says minutes and seconds, seconds alone under a minute, and no length before the report', () => {
    expect([130, 45, 120, 59.6, 0, 3_599].map(demoLength)).toEqual([
      '2 min 10 s',
      '45 s',
      '2 min',
      '1 min',
      '0 s',
      '59 min 59 s',
    ]);
    expect(demoWords({ sessionId: 'd', mode: 'voice', durationSeconds: 130 })).toBe(
      'Tried the demo for 2 min 10 s first',
    );
    expect(demoWords({ sessionId: 'd', mode: 'text', durationSeconds: null })).toBe('Tried the demo first');
    expect(demoWords({ sessionId: 'd', mode: null, durationSeconds: null })).toBe('Tried the demo first');
    expect([demoWords(null), demoWords(undefined)]).toEqual([null, null]);
  });
});

import { describe, expect, it } from 'vitest';
import { demoPage, transcriptTurns } from './demos.ts';

describe('a demo as the desk shows it', () => {
  it('reads a transcript as turns, a line without a speaker continuing the turn before it', () => {
    expect(transcriptTurns('AI: Hello!\nUser: Hi, I run a clinic.\nwith two sites\n\nAssistant: Welcome.')).toEqual([
      { who: 'agent', text: 'Hello!' },
      { who: 'visitor', text: 'Hi, I run a clinic.\nwith two sites' },
      { who: 'agent', text: 'Welcome.' },
    ]);
    expect(transcriptTurns('AI: One moment.\nTool: Looked up the next free slot\nAI: Tuesday.')).toEqual([
      { who: 'agent', text: 'One moment.' },
      { who: 'tool', text: 'Looked up the next free slot' },
      { who: 'agent', text: 'Tuesday.' },
    ]);
    expect(transcriptTurns('no speaker at all')).toEqual([{ who: null, text: 'no speaker at all' }]);
    expect(transcriptTurns('')).toEqual([]);
  });

  it('groups demos by the page’s origin and path, never its query, and by the origin alone for another site’s page', () => {
    expect(demoPage('https://a.test', 'https://a.test/pricing?utm=x#talk')).toBe('https://a.test/pricing');
    expect(demoPage('https://a.test', 'https://b.test/pricing')).toBe('https://a.test');
    expect(demoPage('https://a.test', null)).toBe('https://a.test');
    expect(demoPage('https://a.test', 'not a url')).toBe('https://a.test');
  });
});

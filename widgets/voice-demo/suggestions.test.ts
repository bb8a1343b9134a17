// @vitest-environment happy-dom
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { printView } from '../elements/view';
import { list } from '../elements/props';
import { suggestionsOf } from './options';
import { VoiceDemo } from './VoiceDemo';
import { voiceShell } from './view';

// Issue 57, item 3: `suggestions`, read from the attribute or the property, drawn the same before React and after.
describe('suggested replies', () => {
  it('reads the attribute at |, trimmed, none empty; the property takes an array and reflects it as text', () => {
    const prop = list();
    expect(prop.fromAttribute!(' Pricing | Book a demo ||Do you speak Hindi? ', 'suggestions')).toEqual([
      'Pricing',
      'Book a demo',
      'Do you speak Hindi?',
    ]);
    expect(prop.fromAttribute!(' | ', 'suggestions')).toBeUndefined();
    expect(prop.fromAttribute!(null, 'suggestions')).toBeUndefined();
    expect(prop.toAttribute!(['Pricing', ' Book a demo '])).toBe('Pricing|Book a demo');
    expect(prop.toAttribute!([])).toBeNull();
    expect(prop.toAttribute!('A|B')).toBe('A|B');
    expect(suggestionsOf(['A', ' ', 'B'])).toEqual(['A', 'B']);
    expect(suggestionsOf('A|B')).toEqual(['A', 'B']);
    expect(suggestionsOf(undefined)).toEqual([]);
  });

  it('is drawn by the first paint as React draws it, in a card and in the launcher, and hidden after the first line', () => {
    for (const extra of [{}, { variant: 'launcher' }, { lang: 'hi' as const }]) {
      const p = { mode: 'text', simulate: true, suggestions: ['Pricing', 'Book a demo'], ...extra };
      expect(printView(voiceShell.shell(p))).toBe(renderToStaticMarkup(createElement(VoiceDemo, p)));
    }
    const html = printView(voiceShell.shell({ mode: 'text', suggestions: ['Pricing'] }));
    expect(html).toContain('role="group" aria-label="Suggested replies"');
    expect(html).toContain('data-control="suggestion-0">Pricing</button>');
    // Where there is no log (voice, no captions) there is nothing to answer under.
    expect(printView(voiceShell.shell({ suggestions: ['Pricing'] }))).not.toContain('suggestion');
    // A press before React is sent once it is there (replayed), as Send is.
    expect(voiceShell.onShellPress(['suggestion-0'], { mode: 'text', suggestions: ['Pricing'] }).replay).toEqual([
      'suggestion-0',
    ]);
  });
});

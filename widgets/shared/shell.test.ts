import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Feedback } from '../feedback/Feedback';
import { feedbackShell } from '../feedback/shell';
import { VoiceDemo } from '../voice-demo/VoiceDemo';
import { voiceShell, voiceShellPressed } from '../voice-demo/shell';
import { shellToHtml } from './shell';

// The shell stands in for the component until React loads; any difference would show as a
// jump when React takes over, so the two must print the same HTML.
describe('first states drawn without React', () => {
  it('draws the voice demo at rest exactly as <VoiceDemo> renders it', () => {
    const react = renderToStaticMarkup(createElement(VoiceDemo, { publicKey: 'pk', assistantId: 'a' }));
    expect(shellToHtml(voiceShell)).toBe(react);
  });

  it('draws the pressed voice button as the connecting state (React takes the press over)', () => {
    const html = shellToHtml(voiceShellPressed);
    expect(html).toContain('data-status="connecting"');
    expect(html).toContain('aria-label="Cancel connecting"');
    expect(html).toContain('>Connecting to AI agent...</div>');
    expect(html).toContain('class="spinner" part="spinner"');
  });

  it("draws the feedback trigger exactly as <Feedback> renders it (the closed dialog aside)", () => {
    const react = renderToStaticMarkup(createElement(Feedback, {}));
    expect(shellToHtml(feedbackShell)).toBe(react.replace(/<dialog[\s\S]*<\/dialog>/, ''));
  });

  it('escapes text and attribute values as React does', () => {
    expect(shellToHtml(['p', { title: `"a" & 'b'` }, '<x> & y'])).toBe('<p title="&quot;a&quot; &amp; &#x27;b&#x27;">&lt;x&gt; &amp; y</p>');
  });
});

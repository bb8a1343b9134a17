// @vitest-environment happy-dom
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Feedback } from './feedback/Feedback';
import { feedbackShell } from './feedback/view';
import { VoiceDemo } from './voice-demo/VoiceDemo';
import { demoRequestShell } from './demo-request/view';
import { voiceShell } from './voice-demo/view';
import { drawView, printView, type ViewNode } from './elements/view';

// The resend countdown is an external store with no server snapshot; at rest it shows nothing. The
// form is imported afresh with it: another file in the same worker (isolate: false) may have loaded it as it is.
let DemoRequest: typeof import('./demo-request/DemoRequest').DemoRequest;
beforeAll(async () => {
  vi.resetModules();
  vi.doMock('./demo-request/useLeadFlow', async (original) => ({
    ...(await original<object>()),
    useSecondsLeft: () => 0,
  }));
  ({ DemoRequest } = await import('./demo-request/DemoRequest'));
});
// Nor does the stand-in stay for the files after this one.
afterAll(() => {
  vi.doUnmock('./demo-request/useLeadFlow');
  vi.resetModules();
});

// Each widget's first paint (its shell, from its view.ts) stands in for the component until React
// loads; any difference would show as a jump when React takes over, so the two must print the same
// HTML; and the DOM the element draws from it must be what that HTML parses to.
describe('first paints drawn without React', () => {
  for (const lang of ['en', 'hi'] as const) {
    it(`draws the voice demo at rest exactly as <VoiceDemo> renders it (${lang}, with captions)`, () => {
      const props = { publicKey: 'pk', assistantId: 'a', captions: true, lang };
      const react = renderToStaticMarkup(createElement(VoiceDemo, props));
      expect(printView(voiceShell.shell(props))).toBe(react);
    });
  }

  it('answers a press at once with the connecting state, or the consent step when the page asks for consent', () => {
    const connecting = printView(voiceShell.onShellPress(['mic'], {}).shell);
    expect(connecting).toContain('data-status="connecting"');
    expect(connecting).toContain('aria-label="Cancel connecting"');
    expect(connecting).toContain('>Connecting to AI agent...</div>');
    expect(connecting).toContain('class="spinner" part="spinner"');
    const asking = voiceShell.onShellPress(['mic'], { consentText: 'Calls are recorded.' });
    expect(printView(asking.shell)).toContain('<p class="consent-text">Calls are recorded.</p>');
    expect(asking.replay).toEqual(['mic']);
    expect(voiceShell.onShellPress(['mic', 'accept'], { consentText: 'Calls are recorded.' }).replay).toEqual([
      'mic',
      'accept',
    ]);
    expect(voiceShell.onShellPress(['mic', 'mic'], {}).replay).toEqual([]);
  });

  it('draws the feedback trigger exactly as <Feedback> renders it (the closed dialog aside)', () => {
    for (const lang of ['en', 'hi'] as const) {
      const react = renderToStaticMarkup(createElement(Feedback, { lang }));
      expect(printView(feedbackShell.shell({ lang }))).toBe(react.replace(/<dialog[\s\S]*<\/dialog>/, ''));
    }
  });

  it('draws the demo form at rest exactly as <DemoRequest> renders it (languages, demo and live, countries)', () => {
    const cases = [
      {},
      { lang: 'hi' as const },
      { backendUrl: '/api', brandName: 'Aurelo' },
      { countries: 'AE,GB', defaultCountry: 'gb', lang: 'hi' as const },
    ];
    for (const props of cases) {
      // React prints an attribute as JSX names it (autoComplete); HTML attribute names know no case.
      const lower = (html: string) => html.replace(/ ([\w-]+)="/g, (_, name: string) => ` ${name.toLowerCase()}="`);
      expect(lower(printView(demoRequestShell.shell(props)))).toBe(
        lower(renderToStaticMarkup(createElement(DemoRequest, props))),
      );
    }
    // A test that cannot fail is a defect: the form is really there, with its native controls.
    expect(printView(demoRequestShell.shell({}))).toMatch(/type="radio"[\s\S]*id="name"[\s\S]*type="checkbox"/);
  });

  it('escapes text and attribute values as React does', () => {
    expect(printView(['p', { title: `"a" & 'b'` }, '<x> & y'])).toBe(
      '<p title="&quot;a&quot; &amp; &#x27;b&#x27;">&lt;x&gt; &amp; y</p>',
    );
  });

  it('draws as DOM what it prints as HTML, for each widget at rest and the voice demo pressed', () => {
    const paints: [string, ViewNode][] = [
      ['voice', voiceShell.shell({ captions: true, consentText: 'x', lang: 'hi' })],
      ['voice, consent step', voiceShell.onShellPress(['mic'], { consentText: 'Calls are recorded.' }).shell],
      ['voice, typed', voiceShell.shell({ mode: 'hybrid', greeting: 'Hello <you> & "all"' })],
      ['feedback', feedbackShell.shell({})],
      ['demo form', demoRequestShell.shell({ backendUrl: '/api', turnstileSiteKey: 'k', privacyHref: '/p?a=1&b=2' })],
    ];
    for (const [name, view] of paints) {
      const drawn = document.createElement('div');
      drawn.append(drawView(view, document));
      const parsed = document.createElement('div');
      parsed.innerHTML = printView(view);
      expect(drawn.innerHTML, name).toBe(parsed.innerHTML);
      expect(drawn.innerHTML.length, name).toBeGreaterThan(100);
    }
  });
});

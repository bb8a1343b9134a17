import { describe, expect, it } from 'vitest';

describe('server-side rendering safety', () => {
  it('imports in Node without a DOM and registers nothing', async () => {
    expect(typeof window).toBe('undefined');
    const widgets = await import('./index');
    expect(widgets.defineVoiceDemo()).toBeUndefined();
    expect(widgets.defineFeedback('x-feedback')).toBeUndefined();
    expect(widgets.defineDemoRequest()).toBeUndefined();
  });
});

describe('renderElement', async () => {
  const { renderElement, renderElementInner, version } = await import('./entries/ssr');
  const { printView } = await import('./elements/view');
  const { demoRequestView } = await import('./demo-request/view');
  const { voiceShell } = await import('./voice-demo/view');
  const { feedbackShell } = await import('./feedback/view');
  const shadowOf = (html: string) =>
    /<template shadowrootmode="open"><style[^>]*>[\s\S]*?<\/style>([\s\S]*)<\/template>/.exec(html)![1];

  it('prints the launcher folded at its corner: its button named, the panel hidden, no room taken in the page', () => {
    const html = renderElement('ai-voice-demo', { variant: 'launcher', placement: 'top-left' });
    expect(shadowOf(html)).toBe(
      printView(voiceShell.shell({ variant: 'launcher', placement: 'top-left', lang: 'en' })),
    );
    expect(html).toMatch(
      /data-placement="top-left"[^>]*data-panel="folded"|data-panel="folded"[^>]*data-placement="top-left"/,
    );
    expect(html).toContain('aria-label="Talk to our AI agent"');
    expect(html).toMatch(/class="launcher-panel"[^>]*hidden/);
    // It takes no room in the page: fixed at its corner from the first paint.
    expect(html).toContain(
      ':host([variant="launcher" i]){display:block;min-height:0!important;block-size:0;inline-size:0}',
    );
  });

  it('prints each element with its first paint in a declarative shadow root, from the same view the browser draws', () => {
    const form = renderElement(
      'ai-demo-request',
      { 'default-country': 'AE', countries: 'AE,GB', 'backend-url': '/api' },
      { lang: 'hi' },
    );
    expect(
      form.startsWith(
        '<ai-demo-request default-country="AE" countries="AE,GB" backend-url="/api"><template shadowrootmode="open"><style data-ai-widgets-ssr=',
      ),
    ).toBe(true);
    expect(shadowOf(form)).toBe(
      printView(demoRequestView({ defaultCountry: 'AE', countries: 'AE,GB', backendUrl: '/api', lang: 'hi' })),
    );
    expect(shadowOf(renderElement('ai-voice-demo', { captions: true }))).toBe(
      printView(voiceShell.shell({ captions: true, lang: 'en' })),
    );
    expect(shadowOf(renderElement('ai-feedback', {}, { lang: 'hi-IN' }))).toBe(
      printView(feedbackShell.shell({ lang: 'hi' })),
    );
    // The styles are in: the form's place is kept (its bands) and its own rules are there.
    expect(form).toMatch(/<style[^>]*>[\s\S]*min-height:1378px[\s\S]*<\/style>/);
  });

  it('marks the version that printed it, so a newer script draws older HTML again', () => {
    expect(renderElement('ai-feedback')).toContain(`<style data-ai-widgets-ssr="${version}">`);
    expect(version).toBe('test');
  });

  it('takes the language from the options, a lang attribute first', () => {
    expect(renderElement('ai-feedback', {}, { lang: 'hi' })).toContain('फ़ीडबैक');
    expect(renderElement('ai-feedback', { lang: 'en' }, { lang: 'hi' })).not.toContain('फ़ीडबैक');
    expect(renderElement('ai-feedback', {}, { lang: 'fr' })).toContain('Share Feedback');
  });

  it('escapes every value and refuses what is not an attribute name or one of our tags', () => {
    const html = renderElement('ai-demo-request', {
      'brand-name': '</template><script>x()</script>',
      'consent-version': '"><img>',
    });
    expect(html).not.toMatch(/<script>x|"><img>/);
    expect(html).toContain('brand-name="&lt;/template&gt;&lt;script&gt;x()&lt;/script&gt;"');
    expect(html).toContain('&lt;/template&gt;&lt;script&gt;x()&lt;/script&gt; services');
    expect(() => renderElement('ai-demo-request', { 'a"b': 'x' })).toThrow(/not an attribute name/);
    expect(() => renderElement('x-other' as never)).toThrow(/not one of our elements/);
  });

  it('prints no style attribute (a strict CSP refuses them) and puts a nonce on its style and script', () => {
    for (const tag of ['ai-voice-demo', 'ai-feedback', 'ai-demo-request'] as const) {
      const html = renderElement(tag, { captions: true, 'consent-text': 'x' }, { nonce: 'n"1' });
      expect(html).not.toMatch(/ style="/);
      expect(html).toContain('<style data-ai-widgets-ssr="test" nonce="n&quot;1">');
      expect(html).toContain('<script nonce="n&quot;1">');
    }
  });

  it('with our script URL, prints the inline script that brings it: the same text on every page, the URL as an attribute', async () => {
    const { PAGE_SCRIPT } = await import('./elements/page-script');
    const one = renderElement('ai-feedback', {}, { script: 'https://cdn.example/w/ai-widgets.js?v="1"' });
    const two = renderElement('ai-demo-request', {}, { script: '/other/ai-widgets.js', nonce: 'n' });
    expect(one).toContain(
      `<script data-src="https://cdn.example/w/ai-widgets.js?v=&quot;1&quot;">${PAGE_SCRIPT}</script>`,
    );
    expect(two).toContain(`<script data-src="/other/ai-widgets.js" nonce="n">${PAGE_SCRIPT}</script>`);
    // A script a browser can run (a policy's hash is of this text).
    expect(() => new Function(PAGE_SCRIPT)).not.toThrow();
    // Asked to leave out the inline script but given our script's URL, the script is still printed: it is what loads ours.
    expect(renderElement('ai-feedback', {}, { earlyPresses: false, script: '/w.js' })).toContain(
      '<script data-src="/w.js">',
    );
    expect(renderElement('ai-feedback', {}, { earlyPresses: false })).not.toContain('<script');
  });

  it('prints only the inside of the element for a framework that prints the tag itself', () => {
    const inner = renderElementInner('ai-voice-demo', { 'public-key': 'pk' });
    expect(inner.startsWith('<template shadowrootmode="open">')).toBe(true);
    expect(inner.endsWith('</template>')).toBe(true);
    expect(inner).not.toContain('<script');
  });
});

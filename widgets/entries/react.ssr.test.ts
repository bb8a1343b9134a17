// @vitest-environment happy-dom
import { createElement, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.unstubAllGlobals());

describe('the React wrappers on the server', () => {
  it('print each element with its first paint drawn in, and hydrate with no warning and no second render of the host', async () => {
    const { DemoRequest, Feedback, VoiceDemo } = await import('./react');
    let renders = 0;
    const Page = () => {
      renders++;
      return createElement(
        'main',
        null,
        createElement(VoiceDemo, { publicKey: 'pk' }),
        createElement(Feedback, { backendUrl: '/api' }, 'Tell us'),
        createElement(DemoRequest, { brandName: 'Acme' }),
      );
    };
    // The server: no window.
    vi.stubGlobal('window', undefined);
    const html = renderToString(createElement(StrictMode, null, createElement(Page)));
    vi.unstubAllGlobals();
    expect(html).toMatch(
      /<ai-demo-request brand-name="Acme"><template shadowrootmode="open"><style data-ai-widgets-ssr="test">[\s\S]*from Acme services[\s\S]*<\/template><\/ai-demo-request>/,
    );
    expect(html).toMatch(
      /<ai-voice-demo public-key="pk"><template shadowrootmode="open">[\s\S]*Click to experience our AI agent[\s\S]*<\/template><\/ai-voice-demo>/,
    );
    // The light DOM (the trigger's label) stays beside the shadow root.
    expect(html).toMatch(
      /<ai-feedback backend-url="\/api"><template shadowrootmode="open">[\s\S]*<\/template>Tell us<\/ai-feedback>/,
    );

    // The browser, as one with declarative shadow DOM leaves it: the templates became shadow roots.
    const container = document.createElement('div');
    container.innerHTML = html.replace(/<template shadowrootmode="open">[\s\S]*?<\/template>/g, '');
    document.body.append(container);
    const errors = vi.spyOn(console, 'error');
    renders = 0;
    await act(
      async () =>
        void hydrateRoot(container, createElement(StrictMode, null, createElement(Page)), {
          onRecoverableError: (error) => console.error(error),
        }),
    );
    expect(errors).not.toHaveBeenCalled();
    // StrictMode renders twice in development: once per pass, never again for the markup.
    expect(renders).toBe(2);
    expect(container.querySelector('ai-feedback')!.textContent).toBe('Tell us');
  });
});

import 'ai-agent-widgets';

/** What an element shows, without its stylesheets (jsdom gets them as <style> elements). */
function text(element) {
  return [...element.shadowRoot.childNodes]
    .filter((node) => node.nodeName !== 'STYLE')
    .map((node) => node.textContent)
    .join(' ')
    .replace(/\s+/g, ' ');
}

/** Polls as Testing Library's waitFor does: the widgets draw after their code has loaded. */
async function eventually(check, timeout = 4000) {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() > end) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

// open() loads the feedback form with the React it bundles, which babel-jest turns into CommonJS the first
// time (an empty cache, as on CI): one synchronous stretch of about a second on a quiet machine, 15 s on two
// cores shared with eight other builds. Jest's 5-second default would count that as the test's own time.
test('the three widgets render, and open() shows the feedback dialog', async () => {
  document.body.innerHTML = `
    <ai-voice-demo public-key="test-public-key" assistant-id="test-assistant"></ai-voice-demo>
    <ai-feedback></ai-feedback>
    <ai-demo-request brand-name="Acme"></ai-demo-request>`;
  const [voice, feedback, demo] = document.body.children;

  await eventually(() => expect(text(voice)).toContain('Click to experience our AI agent'));
  await eventually(() => expect(text(feedback)).toContain('Share Feedback'));
  await eventually(() => expect(text(demo)).toContain('Choose a demo agent'));

  await feedback.open();
  const headings = [...feedback.shadowRoot.querySelectorAll('h1, h2, h3')].map((h) => h.textContent);
  expect(headings).toContain('Share Your Feedback');
  expect(feedback.shadowRoot.querySelector('dialog').open).toBe(true);
}, 60_000);

import { expect, test } from './fixtures';

// Issue 55, item 11: on a page with no styles of its own, the voice button's status label (and the
// simulated demo's note under it) keeps room from what follows the widget, as the README's snippet
// places the feedback button and the demo form right after it.

const page = (voice: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Plain</title></head><body>
<script src="/dist/widgets/ai-widgets.js" async></script>
${voice}
<p id="next">What the page says next.</p>
</body></html>`;

for (const [name, voice, last] of [
  ['the status label', '<ai-voice-demo public-key="pk-test" assistant-id="as-test"></ai-voice-demo>', 'tooltip'],
  ['the simulated note', '<ai-voice-demo simulate></ai-voice-demo>', 'simulated'],
] as const) {
  for (const width of [390, 1280]) {
    test(`${name} keeps 14 px from what follows on a plain page at ${width} px`, async ({ page: tab }) => {
      await tab.setViewportSize({ width, height: 700 });
      await tab.route('**/plain.html', (route) => route.fulfill({ contentType: 'text/html', body: page(voice) }));
      await tab.goto('/plain.html');
      const label = tab.locator(`ai-voice-demo [part="${last}"]`);
      await expect(label).toBeVisible();
      // The paragraph's own margin is the page's: what is measured is the widget's box below its label.
      await tab.addStyleTag({ content: '#next { margin: 0 }' });
      const bottom = await label.evaluate((el) => el.getBoundingClientRect().bottom);
      const next = await tab.locator('#next').evaluate((el) => el.getBoundingClientRect().top);
      expect(next - bottom).toBeGreaterThanOrEqual(14);
    });
  }
}

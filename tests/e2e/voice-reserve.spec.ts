import { expect, test } from './fixtures';

// A bare <ai-voice-demo> between copy: where our page rules are there before the first paint (the
// stylesheet `ai-widgets.css`, or the loader having run), the card's place is kept before its code
// arrives, and the drawn card takes exactly that place: the copy below never moves.
const page = (attributes: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>A bare voice tag between copy</title>
    <link rel="stylesheet" href="/dist/widgets/ai-widgets.css" />
    <script src="/dist/widgets/ai-widgets.js" async></script>
  </head>
  <body>
    <p>Talk to our receptionist: press the button and speak.</p>
    <ai-voice-demo assistant-id="a"${attributes}></ai-voice-demo>
    <p id="below">This copy stays where it is.</p>
  </body>
</html>`;

// The box depends on what the card holds: captions, and a typed conversation's log and field (`mode`).
const KINDS = [
  ['', '', 120],
  [' with captions', ' captions', 250],
  [' typing', ' mode="text"', 250],
  [' talking or typing', ' mode="hybrid"', 330],
] as const;

for (const width of [390, 1280])
  for (const [name, attributes, least] of KINDS)
    test(`a bare tag${name} keeps the card's place before its code, and the card fills it exactly (${width} px)`, async ({
      page: tab,
    }) => {
      await tab.setViewportSize({ width, height: 900 });
      await tab.route('**/examples/bare-voice.html', (route) =>
        route.fulfill({ contentType: 'text/html', body: page(attributes) }),
      );
      // The elements' code is held until the test has measured the page without it.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await tab.route(/\/dist\/widgets\/ai-widgets\.[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await tab.goto('/examples/bare-voice.html');
      const below = () => tab.locator('#below').evaluate((el) => el.getBoundingClientRect().top);
      const reserved = await below();
      expect(await tab.evaluate(() => customElements.get('ai-voice-demo'))).toBeUndefined();
      // Not the empty tag's place: the card's.
      expect(reserved).toBeGreaterThan(least);
      release();
      await expect(tab.locator('ai-voice-demo').getByRole('status')).toBeVisible();
      await tab.evaluate(() => document.fonts.ready);
      expect(await below()).toBe(reserved);
    });

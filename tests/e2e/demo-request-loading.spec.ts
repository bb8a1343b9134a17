import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// How a host page includes the script decides what its first paint holds: in the head without
// `async`, the drawn form; with `async`, the form's kept place (given the stylesheet), never a jump.

/** A sales page: copy, the form, and copy below it that must not move. */
const salesPage = (
  head: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sales</title>${head}</head>
<body><h1>Meet our agents</h1><p>Pick one and hear it call you.</p><ai-demo-request></ai-demo-request><h2 id="below">What happens next</h2></body></html>`;

/** Serves `html` at a path of the preview origin, so the widgets' script is same-origin as in production. */
async function open(page: Page, html: string) {
  await page.route('**/examples/__sales.html', (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.addInitScript(() => {
    const w = window as unknown as { __paint: { fcp: number; defined: number; shift: number } };
    w.__paint = { fcp: 0, defined: 0, shift: 0 };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') w.__paint.fcp = e.startTime;
    }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number }[]) w.__paint.shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
    void customElements.whenDefined('ai-demo-request').then(() => (w.__paint.defined = performance.now()));
  });
  await page.goto('/examples/__sales.html');
  await expect(page.locator('ai-demo-request').getByRole('button', { name: 'Get a Call' })).toBeVisible();
  // Two frames after the form is drawn: any shift it caused has been reported.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return page.evaluate(
    () => (window as unknown as { __paint: { fcp: number; defined: number; shift: number } }).__paint,
  );
}

/** Holds the loader back, so the page is parsed and could be painted before any widget code runs. */
const slowLoader = (page: Page) =>
  page.route(/\/ai-widgets\.js$/, async (route) => {
    await new Promise((done) => setTimeout(done, 400));
    await route.continue();
  });

test('in the head without async, the first paint already holds the drawn form', async ({ page }) => {
  const paint = await open(page, salesPage('<script src="/dist/widgets/ai-widgets.js"></script>'));
  expect(paint.defined).toBeGreaterThan(0);
  expect(paint.defined).toBeLessThanOrEqual(paint.fcp);
  expect(paint.shift).toBe(0);
});

test('with async and the form stylesheet, the page paints first and nothing below the form moves', async ({ page }) => {
  await slowLoader(page);
  const paint = await open(
    page,
    salesPage(
      '<link rel="stylesheet" href="/dist/widgets/ai-widgets.css"><script src="/dist/widgets/ai-widgets.js" async></script>',
    ),
  );
  expect(paint.fcp).toBeLessThan(paint.defined);
  expect(paint.shift).toBe(0);
});

test('with async and no stylesheet, the copy below the form is pushed down (why the docs give the stylesheet)', async ({
  page,
}) => {
  await slowLoader(page);
  const paint = await open(page, salesPage('<script src="/dist/widgets/ai-widgets.js" async></script>'));
  expect(paint.fcp).toBeLessThan(paint.defined);
  expect(paint.shift).toBeGreaterThan(0);
});

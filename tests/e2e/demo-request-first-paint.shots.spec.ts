import { PNG } from 'pngjs';
import { expect, test } from './fixtures';
import { patience } from '../support/slowdown.mjs';

/** Pixels that differ visibly between two screenshots of the same size. */
function differing(a: Buffer, b: Buffer): number {
  const [x, y] = [PNG.sync.read(a), PNG.sync.read(b)];
  if (x.width !== y.width || x.height !== y.height) return Infinity;
  let count = 0;
  for (let i = 0; i < x.data.length; i += 4) {
    const d =
      Math.abs(x.data[i]! - y.data[i]!) +
      Math.abs(x.data[i + 1]! - y.data[i + 1]!) +
      Math.abs(x.data[i + 2]! - y.data[i + 2]!);
    if (d > 30) count++;
  }
  return count;
}

// The first paint (React held back) and the React state with its phone field, at rest: the swap
// must not show. Both images are attached to the report for a person to look at.
for (const example of ['demo-request', 'hindi'] as const)
  for (const width of [320, 390, 1280])
    test(`${example} at ${width} px: the first paint is the React state`, async ({ page }, testInfo) => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/chunks\/react\.[\w-]+\.js$/, async (route) => (await held, route.continue()));
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/examples/${example}.html`);
      const form = page.locator('#demo');
      await expect(form.getByRole('radio')).toHaveCount(4);
      const shell = await form.screenshot({
        path: testInfo.outputPath(`${example}-${width}-first-paint.png`),
        animations: 'disabled',
        caret: 'hide',
      });
      release();
      await form.hover();
      // Only React's phone field (from its own chunk) has the id.
      await expect(form.locator('#phone')).toBeEditable({ timeout: patience(15_000) });
      await page.mouse.move(0, 0);
      await page.waitForTimeout(300);
      const react = await form.screenshot({
        path: testInfo.outputPath(`${example}-${width}-react.png`),
        animations: 'disabled',
        caret: 'hide',
      });
      expect(differing(shell, react)).toBeLessThan(50);
    });

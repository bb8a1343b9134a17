// `npm run build:og-image`: renders site/prerender/og-image.html at 1200×630 in Chromium into
// site/public/og-image.jpg, the image link previews show. Run it after changing the design.
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../../tests/support/chromium.mjs';

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
  await page.goto(new URL('./og-image.html', import.meta.url).href);
  await page.screenshot({
    path: new URL('../public/og-image.jpg', import.meta.url).pathname,
    type: 'jpeg',
    quality: 88,
  });
} finally {
  await browser.close();
}

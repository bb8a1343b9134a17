// Issue 34: the voice card must not move the page during a call. A whole call played by the
// scripted client the examples use ("Simulate the agent"), with captions on, while Chromium's
// layout-shift entries are summed as CLS counts them (a shift right after a press is the press's).
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../support/chromium.mjs';
import { watchLayoutShift } from './network.mjs';

/** Where the call is measured: a page with copy above and below the voice card, and our site's hero. */
export const CALL_PAGES = /** @type {const} */ ([
  ['a voice card between copy', '/bench/voice-call.html', 390],
  ['a voice card between copy', '/bench/voice-call.html', 1280],
  ['our site\u2019s hero', '/', 390],
  ['our site\u2019s hero', '/', 1280],
]);

/**
 * A page of its own at `width`, reaching no other host, whose layout shifts are summed as CLS counts them.
 * @param {import('@playwright/test').Browser} browser @param {number} width
 */
async function watchedPage(browser, width) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.route(
    (url) => !/^(127\.0\.0\.1|localhost)$/.test(url.hostname) && url.protocol.startsWith('http'),
    (route) => route.abort('blockedbyclient'),
  );
  await watchLayoutShift(context);
  return { context, page: await context.newPage() };
}

/** @param {import('@playwright/test').Page} page @returns {Promise<number>} The CLS summed so far, to 4 places. */
const clsOf = async (page) =>
  Math.round((await page.evaluate(() => /** @type {any} */ (window).__cls)) * 10000) / 10000;

/**
 * Opens each page at its width in a watched page of its own, lets `measure` do what is measured there,
 * and keeps the CLS summed by then under "label width px".
 * @param {string} origin
 * @param {readonly (readonly [string, string, number])[]} pages [label, path, width]
 * @param {(page: import('@playwright/test').Page) => Promise<void>} measure
 * @returns {Promise<Record<string, number>>}
 */
async function clsPerPage(origin, pages, measure) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  /** @type {Record<string, number>} */
  const result = {};
  try {
    for (const [label, path, width] of pages) {
      const { context, page } = await watchedPage(browser, width);
      await page.goto(`${origin}${path}`);
      await measure(page);
      result[`${label} ${width} px`] = await clsOf(page);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return result;
}

/** The scripted call's last line: once it is in the captions, the whole conversation has been shown. */
const LAST_LINE = 'Done: you are booked for Tuesday at ten.';

/**
 * CLS from the press on the voice button until the call has played and been hung up, per page and width.
 * @param {string} origin
 * @returns {Promise<Record<string, number>>}
 */
export function measureCallShift(origin) {
  return clsPerPage(origin, CALL_PAGES, async (page) => {
    const voice = page.locator('ai-voice-demo').first();
    await page.waitForLoadState('networkidle');
    await voice.evaluate(async (element) => {
      const { createScriptedClient } = await import(/** @type {string} */ ('/examples/scripted-client.js'));
      Object.assign(element, { client: createScriptedClient({ autoplay: true, connectMs: 300 }) });
    });
    // The call's shifts only: what the page did while loading is the landing budgets' business.
    await page.evaluate(() => {
      /** @type {any} */ (window).__cls = 0;
    });
    await voice.getByRole('button', { name: /Start a voice call/ }).click();
    // Our site asks before the microphone opens.
    const accept = voice.getByRole('button', { name: 'Accept' });
    if (
      await accept.waitFor({ timeout: 2000 }).then(
        () => true,
        () => false,
      )
    )
      await accept.click();
    await voice.getByText(LAST_LINE).last().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(500);
    // Hang up: the card goes back to rest, with its captions area kept or emptied in place.
    await voice.getByRole('button').first().click();
    await page.waitForTimeout(1000);
  });
}

/**
 * Where a bare tag's load is measured: copy above and below it, the script `async`, with the
 * stylesheet the docs give such a page and without it, at a phone's and a laptop's width.
 */
export const LOAD_PAGES = /** @type {const} */ ([
  ['a bare tag with captions between copy, the stylesheet linked', '/bench/voice-call-css.html'],
  ['a bare tag between copy, the stylesheet linked', '/bench/voice-copy-css.html'],
  ['a bare tag with captions between copy, no stylesheet', '/bench/voice-call.html'],
  ['a bare tag between copy, no stylesheet', '/bench/voice-copy.html'],
  ['a bare text-mode tag between copy, the stylesheet linked', '/bench/text-css.html'],
  ['a bare text-mode tag between copy, no stylesheet', '/bench/text.html'],
]).flatMap(([label, path]) =>
  /** @type {const} */ ([390, 1280]).map((width) => /** @type {const} */ ([label, path, width])),
);

/**
 * CLS of a page holding a bare `<ai-voice-demo>` between copy, from navigation until the card is drawn
 * and the page is quiet (no input: every shift counts).
 * @param {string} origin
 * @returns {Promise<Record<string, number>>}
 */
export function measureVoiceLoadShift(origin) {
  return clsPerPage(origin, LOAD_PAGES, async (page) => {
    // A call's card is drawn once its button is; a typed conversation's once Send is.
    await page
      .locator('ai-voice-demo')
      .getByRole('button', { name: /^(Start a voice call with our AI agent|Send)$/ })
      .waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
  });
}

// What each host page downloads, measured from Chromium's network log, and how fast a click shows.
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../support/chromium.mjs';
import { PAGES } from './serve.mjs';

/** The first thing a visitor does on each page. */
const FIRST_INTERACTION = {
  voice: { what: 'click the microphone', widget: 'ai-voice-demo', control: 'Start a voice call with our AI agent' },
  feedback: { what: "click 'Share Feedback'", widget: 'ai-feedback', control: 'Share Feedback' },
  demo: { what: 'click the Name field', widget: 'ai-demo-request', control: null },
  sales: { what: 'click the Name field', widget: 'ai-demo-request', control: null },
  salesAsync: { what: 'click the Name field', widget: 'ai-demo-request', control: null },
  launcher: { what: 'open the launcher', widget: 'ai-voice-demo', control: 'Talk to our AI agent' },
  all: { what: 'click the microphone', widget: 'ai-voice-demo', control: 'Start a voice call with our AI agent' },
};

/** @param {import('@playwright/test').Browser} browser */
async function freshPage(browser) {
  // gzip, as the budgets are written; the service gives browsers that ask for it Brotli (smaller).
  const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Encoding': 'gzip' } });
  // Nothing leaves the machine: any request to a host other than loopback is refused.
  await context.route(
    (url) => !/^(127\.0\.0\.1|localhost)$/.test(url.hostname) && url.protocol.startsWith('http'),
    (route) => route.abort('blockedbyclient'),
  );
  return { context, page: await context.newPage() };
}

/**
 * @param {import('@playwright/test').Page} page
 * @param {keyof typeof FIRST_INTERACTION} name
 */
async function interact(page, name) {
  const { widget, control } = FIRST_INTERACTION[name];
  const host = page.locator(widget);
  if (control) await host.getByRole('button', { name: control }).click();
  else await host.getByRole('textbox', { name: 'Name', exact: true }).click();
}

/**
 * JavaScript each page downloads (encoded body bytes) before any interaction and after the first.
 * @param {string} origin
 */
export async function measureDownloads(origin) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  /** @type {Record<string, { interaction: string, before: number, after: number, files: { phase: string, path: string, bytes: number }[] }>} */
  const pages = {};
  try {
    for (const name of /** @type {(keyof typeof PAGES)[]} */ (Object.keys(PAGES))) {
      const { context, page } = await freshPage(browser);
      let phase = 'before';
      /** @type {Promise<{ phase: string, path: string, bytes: number }>[]} */
      const pending = [];
      page.on('request', (request) => {
        if (request.resourceType() !== 'script') return;
        const at = phase;
        const path = new URL(request.url()).pathname;
        pending.push(
          request.response().then(
            async (response) => {
              await response?.finished();
              const { responseBodySize } = await request.sizes();
              return { phase: at, path, bytes: responseBodySize };
            },
            // A request the page gave up on (or the page closed under) downloaded nothing more.
            () => ({ phase: at, path, bytes: 0 }),
          ),
        );
      });
      await page.goto(`${origin}/bench/${name}.html`);
      await page.waitForLoadState('networkidle');
      phase = 'after';
      await interact(page, name);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      // Until no request started while the others were being read.
      let files = await Promise.all(pending);
      while (files.length < pending.length) files = await Promise.all(pending);
      const sum = (/** @type {string} */ p) => files.filter((f) => f.phase === p).reduce((n, f) => n + f.bytes, 0);
      pages[name] = { interaction: FIRST_INTERACTION[name].what, before: sum('before'), after: sum('after'), files };
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return pages;
}

/**
 * Milliseconds from the press (pointerdown) on a control to the frame that shows its answer,
 * on a fresh page each run (empty cache), once it has loaded and gone quiet: the voice demo has
 * then loaded nothing but the entry; the feedback button has loaded React while idle.
 * @param {string} origin @param {number} runs
 */
export async function measureClicks(origin, runs) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  /** What each timed press shows; the page, widget and control are the page's first interaction. */
  const shows = { voice: "'Connecting to AI agent...'", feedback: 'the open dialog' };
  /** @type {Record<string, { click: string, shows: string, runs: number[], median: number, sdkLoadedFirst: boolean }>} */
  const results = {};
  try {
    for (const [name, what] of /** @type {[keyof typeof shows, string][]} */ (Object.entries(shows))) {
      const c = {
        page: name,
        ...FIRST_INTERACTION[name],
        control: /** @type {string} */ (FIRST_INTERACTION[name].control),
      };
      const times = [];
      let sdkLoadedFirst = false;
      for (let i = 0; i < runs; i++) {
        const { context, page } = await freshPage(browser);
        await page.goto(`${origin}/bench/${c.page}.html`);
        await page.waitForLoadState('networkidle');
        // A bare tag's code waits for the page's first screen, which a busy machine can finish after the network went quiet.
        await page.waitForFunction((tag) => !!document.querySelector(tag)?.shadowRoot, c.widget);
        await page.evaluate(watchFor, c.widget);
        const box = await page.locator(c.widget).getByRole('button', { name: c.control }).boundingBox();
        if (!box) throw new Error(`${c.widget}: no ${c.control} button`);
        await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
        const t = /** @type {{ down: number, shown: number, sdkEnd: number | null }} */ (
          await (await page.waitForFunction(() => /** @type {any} */ (window).__bench)).jsonValue()
        );
        times.push(t.shown - t.down);
        if (t.sdkEnd !== null && t.sdkEnd < t.shown) sdkLoadedFirst = true;
        await context.close();
      }
      const sorted = [...times].sort((a, b) => a - b);
      results[name] = {
        click: c.what.replace(/^click /, ''),
        shows: what,
        runs: times.map((t) => Math.round(t)),
        median: Math.round(sorted[Math.floor(sorted.length / 2)]),
        sdkLoadedFirst,
      };
    }
  } finally {
    await browser.close();
  }
  return results;
}

/**
 * In the page: note the press, then the first frame after the widget shows its answer
 * (the voice status says Connecting, or the feedback dialog is open).
 * @param {string} tag
 */
function watchFor(tag) {
  const el = /** @type {HTMLElement} */ (document.querySelector(tag));
  const root = /** @type {ShadowRoot} */ (el.shadowRoot);
  const state = { down: 0, shown: 0, sdkEnd: /** @type {number | null} */ (null) };
  const answered = () =>
    tag === 'ai-feedback'
      ? !!root.querySelector('dialog[open]')
      : root.querySelector('[role="status"]')?.textContent === 'Connecting to AI agent...';
  addEventListener('pointerdown', (e) => (state.down ||= e.timeStamp), true);
  const observer = new MutationObserver(() => {
    if (!answered()) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      state.shown = performance.now();
      const sdk = performance.getEntriesByType('resource').find((r) => r.name.includes('/chunks/vapi-client.'));
      state.sdkEnd = sdk ? /** @type {PerformanceResourceTiming} */ (sdk).responseEnd : null;
      /** @type {any} */ (window).__bench = state;
    });
  });
  observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
}

/**
 * Milliseconds from a tap on the voice button (a phone: no pointer resting on it first, so the
 * code starts loading at the press) to the moment the SDK sends `POST /call/web` to the provider,
 * on a fresh page each run.
 * @param {string} origin @param {number} runs
 */
export async function measureTapToProvider(origin, runs) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const times = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({
        hasTouch: true,
        isMobile: true,
        viewport: { width: 390, height: 844 },
        extraHTTPHeaders: { 'Accept-Encoding': 'gzip' },
      });
      await context.route(
        (url) => !/^(127\.0\.0\.1|localhost)$/.test(url.hostname) && url.protocol.startsWith('http'),
        (route) => route.abort('blockedbyclient'),
      );
      await context.addInitScript(() => {
        const state = { down: 0, sent: 0 };
        /** @type {any} */ (window).__tap = state;
        addEventListener('touchstart', (e) => (state.down ||= e.timeStamp), { capture: true, passive: true });
        const send = window.fetch;
        window.fetch = function (input, init) {
          if (String(input instanceof Request ? input.url : input).endsWith('/call/web'))
            state.sent ||= performance.now();
          return send.call(this, input, init);
        };
      });
      const page = await context.newPage();
      await page.goto(`${origin}/bench/voice.html`);
      await page.waitForLoadState('networkidle');
      const box = await page
        .locator('ai-voice-demo')
        .getByRole('button', { name: 'Start a voice call with our AI agent' })
        .boundingBox();
      if (!box) throw new Error('ai-voice-demo: no button');
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      const t = /** @type {{ down: number, sent: number }} */ (
        await (
          await page.waitForFunction(() => /** @type {any} */ (window).__tap.sent && /** @type {any} */ (window).__tap)
        ).jsonValue()
      );
      times.push(t.sent - t.down);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { runs: times.map((t) => Math.round(t)), median: Math.round(sorted[Math.floor(sorted.length / 2)]) };
}

/**
 * Sums Chromium's layout-shift entries into `window.__cls` as CLS counts them (a shift right after
 * an input is the input's), from the first paint of every page of `context`.
 * @param {import('@playwright/test').BrowserContext} context
 */
export function watchLayoutShift(context) {
  return context.addInitScript(() => {
    const w = /** @type {any} */ (window);
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of /** @type {any[]} */ (list.getEntries())) if (!entry.hadRecentInput) w.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * Cumulative layout shift of a sales landing page that holds the demo form and sets no CSS for
 * it (the script in the head; or `async` with the form's stylesheet, as the docs say), from
 * navigation until the form has drawn and the page is quiet (Chromium's layout-shift entries).
 * @param {string} origin
 */
export async function measureLayoutShift(origin) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  /** @type {Record<string, number>} */
  const result = {};
  try {
    for (const [name, width] of /** @type {const} */ ([
      ['sales', 390],
      ['sales', 1280],
      ['salesAsync', 390],
      ['salesAsync', 1280],
    ])) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await watchLayoutShift(context);
      const page = await context.newPage();
      await page.goto(`${origin}/bench/${name}.html`);
      await page.locator('ai-demo-request').getByRole('button', { name: 'Get a Call' }).waitFor();
      await page.waitForLoadState('networkidle');
      // Reach for the form (a pointer moving is no input that excuses a shift): React and the phone field take over.
      await page.locator('ai-demo-request').hover();
      await page.locator('ai-demo-request').getByRole('textbox', { name: 'Phone Number', exact: true }).waitFor();
      await page.waitForTimeout(1000);
      result[`${name === 'sales' ? 'head' : 'async'} ${width} px`] =
        Math.round((await page.evaluate(() => /** @type {any} */ (window).__cls)) * 10000) / 10000;
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return result;
}

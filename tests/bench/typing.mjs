// Talk or type, measured in Chromium against the bench server's fake `/chat/web` (serve.mjs):
// Send to the request leaving, each streamed piece to the frame that paints it, CLS through
// 20 typed turns, and typing's key-to-paint with 200 lines in the log.
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../support/chromium.mjs';
import { watchLayoutShift } from './network.mjs';
import { CHAT_PIECES } from './serve.mjs';

const TURNS = 20;
const LABEL = 'Message to the AI agent';
const KEY = 'ai-voice-demo-conversation:#bench-text';

/** @param {number[]} xs */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
/** @param {number[]} xs */
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1] ?? NaN;
const round = (/** @type {number} */ x) => Math.round(x * 10) / 10;

/** Notes, in the page, each Enter's time, every frame, and the log's text after each change. */
function watchConversation() {
  const w = /** @type {any} */ (window);
  w.__enters = [];
  w.__frames = [];
  w.__texts = [];
  // The wall clock, as the server's: a long-running process's monotonic clock drifts from the browser's.
  const epoch = () => Date.now();
  addEventListener('keydown', (e) => e.key === 'Enter' && w.__enters.push(e.timeStamp), true);
  const tick = () => (w.__frames.push(epoch()), requestAnimationFrame(tick));
  requestAnimationFrame(tick);
  const log = /** @type {HTMLElement} */ (document.querySelector('#bench-text')).shadowRoot?.querySelector(
    '[role="log"]',
  );
  if (!log) throw new Error('no log in the text card');
  new MutationObserver(() => w.__texts.push({ at: epoch(), text: log.textContent })).observe(log, {
    subtree: true,
    childList: true,
    characterData: true,
  });
}

/**
 * 20 typed turns on the text page at `width`: Send to request, each piece's frames late, and the CLS.
 * @param {import('@playwright/test').Browser} browser @param {{ origin: string, chatWrites: { piece: string, at: number }[] }} server @param {number} width
 */
async function conversation(browser, server, width) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await watchLayoutShift(context);
  const page = await context.newPage();
  try {
    await page.goto(`${server.origin}/bench/text.html`);
    const card = page.locator('#bench-text');
    const field = card.getByRole('textbox', { name: LABEL });
    // Reaching for the field loads the conversation's code: Send is measured once it is here.
    await field.click();
    await page.waitForLoadState('networkidle');
    await page.evaluate(watchConversation);
    await page.evaluate(() => {
      const w = /** @type {any} */ (window);
      w.__cls = 0;
    });
    server.chatWrites.length = 0;
    for (let turn = 0; turn < TURNS; turn++) {
      await field.fill(`Question ${turn + 1}: when do you open?`);
      await field.press('Enter');
      const last = card.locator('.caption').last();
      await last.filter({ hasText: `t${turn}p${CHAT_PIECES - 1}` }).waitFor({ timeout: 15_000 });
      await page.waitForFunction((el) => !el?.hasAttribute('aria-hidden'), await last.elementHandle(), {
        timeout: 15_000,
      });
    }
    const page$ = await page.evaluate(() => {
      const w = /** @type {any} */ (window);
      const starts = performance
        .getEntriesByType('resource')
        .filter((e) => e.name.endsWith('/chat/web'))
        .map((e) => e.startTime);
      return { enters: w.__enters, starts, frames: w.__frames, texts: w.__texts, cls: w.__cls };
    });
    const sendToRequest = page$.enters.map((/** @type {number} */ t, /** @type {number} */ i) => page$.starts[i] - t);
    const late = server.chatWrites.map(({ piece, at }) => {
      const shown = page$.texts.find(
        (/** @type {{ at: number, text: string }} */ r) => r.at >= at && r.text.includes(piece),
      );
      if (!shown) return Infinity;
      return page$.frames.filter((/** @type {number} */ f) => f > at && f < shown.at).length;
    });
    return { sendToRequest, late, cls: Math.round(page$.cls * 10000) / 10000 };
  } finally {
    await context.close();
  }
}

/**
 * Key to paint (Event Timing: input to the next paint) while typing 40 keys with 200 lines in the log.
 * @param {import('@playwright/test').Browser} browser @param {string} origin
 */
async function typingWithFullLog(browser, origin) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  try {
    await page.goto(`${origin}/bench/text.html`);
    // 200 settled lines, as the tab keeps them: the page opens with them in its log.
    await page.evaluate((key) => {
      const lines = Array.from({ length: 200 }, (_, i) => ({
        id: i + 1,
        role: i % 2 ? 'assistant' : 'user',
        text: `Line ${i + 1}: ${'we open at nine and close at six on weekdays. '.repeat(2)}`,
        final: true,
        via: 'text',
      }));
      window.sessionStorage.setItem(
        key,
        JSON.stringify({ lines, nextId: 201, sessionId: 'bench-session', chatSeen: 200 }),
      );
    }, KEY);
    await page.reload();
    const field = page.locator('#bench-text').getByRole('textbox', { name: LABEL });
    await field.click();
    await page.waitForLoadState('networkidle');
    await page.locator('#bench-text .caption').nth(199).waitFor();
    await page.evaluate(() => {
      const w = /** @type {any} */ (window);
      w.__keys = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (/^key|input/.test(e.name)) w.__keys.push(e.duration);
      }).observe(
        /** @type {PerformanceObserverInit} */ (/** @type {unknown} */ ({ type: 'event', durationThreshold: 16 })),
      );
    });
    await field.pressSequentially('Could you book me in for Tuesday at ten?', { delay: 60 });
    await page.waitForTimeout(500);
    /** @type {number[]} */
    const slow = await page.evaluate(() => /** @type {any} */ (window).__keys);
    // Event Timing reports only what took 16 ms or more: a key not reported painted within that.
    return { keys: 40, slowest: slow.length ? Math.max(...slow) : 16, over16: slow.length };
  } finally {
    await context.close();
  }
}

/**
 * @param {{ origin: string, chatWrites: { piece: string, at: number }[] }} server
 * @returns {Promise<import('./typing-budgets.mjs').TypingFigures>}
 */
export async function measureTyping(server) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    /** @type {Record<string, number>} */
    const cls = {};
    /** @type {number[]} */
    const send = [];
    /** @type {number[]} */
    const late = [];
    for (const width of [390, 1280]) {
      const run = await conversation(browser, server, width);
      cls[`${TURNS} typed turns between copy ${width} px`] = run.cls;
      send.push(...run.sendToRequest);
      late.push(...run.late);
    }
    const keyToPaint = await typingWithFullLog(browser, server.origin);
    return {
      sendToRequest: { median: round(median(send)), max: round(Math.max(...send)), runs: send.length },
      deltaFrames: { median: median(late), p95: p95(late), max: Math.max(...late), pieces: late.length },
      cls,
      keyToPaint,
    };
  } finally {
    await browser.close();
  }
}

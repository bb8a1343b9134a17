import { test as base, expect, type Page } from '@playwright/test';
import { PREVIEW_ORIGIN, STUB_ORIGIN } from '../support/ports';
import { slowdown } from '../support/slowdown.mjs';
import type { Recorded } from '../support/stub-server';
import { WarmContexts } from './warm-context';

const LOCAL = /^(127\.0\.0\.1|localhost|\[::1\])$/;

/**
 * Every test runs with the outside world cut off: a request to any non-loopback host
 * is aborted and remembered in `external`, so a test can assert none was made.
 */
export const test = base.extend<{ external: string[]; stretchTimeouts: void }, { warmContexts: WarmContexts }>({
  warmContexts: [
    async ({ browser }, use) => {
      const warm = new WarmContexts(browser, PREVIEW_ORIGIN);
      await use(warm);
      await warm.close();
    },
    { scope: 'worker' },
  ],
  // Each test's page is new; its context is a warm one of the worker's, cleared between tests
  // (warm-context.ts), or a fresh one for a retry. Every option that shapes a context is in the key
  // but the viewport, which the page takes (below), as one set on the context would.
  context: async (
    {
      browser,
      warmContexts,
      acceptDownloads,
      bypassCSP,
      clientCertificates,
      colorScheme,
      contrast,
      deviceScaleFactor,
      extraHTTPHeaders,
      forcedColors,
      hasTouch,
      geolocation,
      httpCredentials,
      ignoreHTTPSErrors,
      isMobile,
      javaScriptEnabled,
      locale,
      offline,
      permissions,
      proxy,
      reducedMotion,
      screen,
      storageState,
      viewport,
      timezoneId,
      userAgent,
      baseURL,
      contextOptions,
      serviceWorkers,
    },
    use,
    testInfo,
  ) => {
    if (testInfo.retry > 0) {
      const context = await browser.newContext();
      await use(context);
      await context.close();
      return;
    }
    const sized = viewport && !screen ? 'by the page' : viewport;
    const options = {
      acceptDownloads,
      bypassCSP,
      clientCertificates,
      colorScheme,
      contrast,
      deviceScaleFactor,
      extraHTTPHeaders,
      forcedColors,
      hasTouch,
      geolocation,
      httpCredentials,
      ignoreHTTPSErrors,
      isMobile,
      javaScriptEnabled,
      locale,
      offline,
      permissions,
      proxy,
      reducedMotion,
      screen,
      storageState,
      sized,
      timezoneId,
      userAgent,
      baseURL,
      contextOptions,
      serviceWorkers,
    };
    const { context, release } = await warmContexts.take(options);
    await use(context);
    await release(testInfo.status === testInfo.expectedStatus);
  },
  // The viewport and the screen the test asked for (as Playwright sets them for a context of its own).
  page: async ({ context, viewport, screen }, use) => {
    const page = await context.newPage();
    if (viewport && !screen) await page.setViewportSize(viewport);
    await use(page);
  },
  // A test's own `test.setTimeout(ms)` stretches with the machine's load as the configured timeouts do
  // (playwright.config.ts): a busy machine makes a test slower, not red.
  stretchTimeouts: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      const set = testInfo.setTimeout.bind(testInfo);
      testInfo.setTimeout = (ms: number) => set(ms * slowdown());
      await use();
    },
    { auto: true },
  ],
  external: async ({ context }, use) => {
    const external: string[] = [];
    await context.route(
      (url) => !LOCAL.test(url.hostname) && url.protocol !== 'data:' && url.protocol !== 'blob:',
      (route) => {
        external.push(route.request().url());
        return route.abort('blockedbyclient');
      },
    );
    await use(external);
  },
});

export { expect };

/**
 * A wait past End's Undo window: the conversation is cleared only once its 8 s (UNDO_SECONDS in
 * widgets/voice-demo/useEnding.ts) are over, so the default 5 s limit would fail a correct widget.
 * The outer limit is the window and 7 s more, stretched by how busy the machine is.
 */
export const pastUndo = () => ({ timeout: (8 + 7) * 1000 * slowdown() });

/** What the stub server recorded for a namespace. */
export async function stubLog(ns: string): Promise<Recorded[]> {
  const res = await fetch(`${STUB_ORIGIN}/__log/${ns}`);
  return (await res.json()) as Recorded[];
}

/** A namespace unique to this test, for stub URLs. */
export function namespace(): string {
  return `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** Collects the public events a page's elements dispatch, in order. */
export async function recordEvents(page: Page, types: string[]): Promise<void> {
  await page.evaluate((names) => {
    const w = window as unknown as { __events: { type: string; detail: unknown; target: string }[] };
    w.__events = [];
    for (const name of names)
      document.addEventListener(name, (e) =>
        w.__events.push({
          type: e.type,
          detail: (e as CustomEvent).detail,
          target: (e.target as Element).id || (e.target as Element).localName,
        }),
      );
  }, types);
}

export async function events(page: Page): Promise<{ type: string; detail: unknown; target: string }[]> {
  return page.evaluate(
    () => (window as unknown as { __events: { type: string; detail: unknown; target: string }[] }).__events,
  );
}

/**
 * Collects every Content-Security-Policy violation the page reports, from the console and
 * from `securitypolicyviolation` events. Call it before `page.goto`.
 */
export async function cspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (m) => /Content Security Policy/i.test(m.text()) && violations.push(m.text()));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`Content Security Policy: ${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return violations;
}

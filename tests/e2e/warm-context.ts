import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';

// A test's page is always new, but the browser context it lives in may be a warm one kept by the worker.
//
// Measured on these machines (2 cores, Debian's Chromium): a page whose renderer process is new spends
// about 0.6 CPU s starting it, where the same page in a context that already holds a page of the site
// (127.0.0.1, whatever the port) joins that page's process and costs a tenth of it. Across 250 tests
// that was a third of the browser tests' CPU. So each worker keeps one context per set of context
// options, with one idle page on the site holding its renderer warm, and every test gets a new page
// there; between tests, the state a fresh context would not have is cleared (below). Whatever cannot
// be undone (a fake clock, a context-wide init script or binding, permissions, headers, offline) marks
// the context spent: it is closed after the test and the next one starts a new context. A failed test
// or a retry always gets its own fresh context, as Playwright gives by default (and traces the retry).

/** The context-wide calls whose effect clearing cannot undo. `page.clock` is the context's clock. */
const LASTING = [
  'addInitScript',
  'exposeBinding',
  'exposeFunction',
  'grantPermissions',
  'setExtraHTTPHeaders',
  'setGeolocation',
  'setHTTPCredentials',
  'setOffline',
  'routeFromHAR',
  'routeWebSocket',
] as const;
const CLOCK = ['install', 'setFixedTime', 'setSystemTime', 'pauseAt', 'fastForward', 'runFor', 'resume'] as const;

type Warm = { context: BrowserContext; holder: Page; cdp: CDPSession; origins: Set<string>; spent: boolean };

/** One worker's warm contexts, by their options. */
export class WarmContexts {
  private readonly warm = new Map<string, Warm>();

  constructor(
    private readonly browser: Browser,
    private readonly origin: string,
  ) {}

  /** A context for a test with these options; `release` clears it for the next test, or closes it. */
  async take(
    options: Record<string, unknown>,
  ): Promise<{ context: BrowserContext; release: (passed: boolean) => Promise<void> }> {
    const key = JSON.stringify(options);
    let entry = this.warm.get(key);
    // A context a test closed, or whose idle page went, is no longer warm.
    if (entry && entry.holder.isClosed()) await this.drop(key, entry);
    entry = this.warm.get(key) ?? (await this.open(key));
    entry.spent = false;
    return { context: entry.context, release: (passed) => this.release(key, entry, passed) };
  }

  async close(): Promise<void> {
    await Promise.all([...this.warm.values()].map((entry) => entry.context.close().catch(() => {})));
    this.warm.clear();
  }

  private async open(key: string): Promise<Warm> {
    // Created inside the test, so Playwright applies the test's context options (baseURL, viewport, …).
    const context = await this.browser.newContext();
    const holder = await context.newPage();
    await holder.goto(`${this.origin}/robots.txt`);
    const entry: Warm = { context, holder, cdp: await context.newCDPSession(holder), origins: new Set(), spent: false };
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol === 'http:' || url.protocol === 'https:') entry.origins.add(url.origin);
    });
    const spend = <T extends object>(target: T, names: readonly string[]) => {
      for (const name of names) {
        const method = (target as Record<string, unknown>)[name];
        if (typeof method !== 'function') continue;
        (target as Record<string, unknown>)[name] = (...args: unknown[]) => {
          entry.spent = true;
          return (method as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
    };
    spend(context, LASTING);
    spend(context.clock, CLOCK);
    this.warm.set(key, entry);
    return entry;
  }

  private async release(key: string, entry: Warm, passed: boolean): Promise<void> {
    if (!passed || entry.spent) return this.drop(key, entry);
    try {
      await Promise.all(
        entry.context
          .pages()
          .filter((page) => page !== entry.holder)
          .map((page) => page.close()),
      );
      await entry.context.unrouteAll({ behavior: 'ignoreErrors' });
      await entry.context.clearCookies();
      // The HTTP cache too: every test loads the pages as a first visit, as in a fresh context.
      await entry.cdp.send('Network.clearBrowserCache');
      for (const origin of entry.origins)
        await entry.cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
      entry.origins.clear();
    } catch {
      // Whatever could not be cleared is not handed on: the next test starts a new context.
      await this.drop(key, entry);
    }
  }

  private async drop(key: string, entry: Warm): Promise<void> {
    this.warm.delete(key);
    await entry.context.close().catch(() => {});
  }
}

import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';

// The warm contexts (warm-context.ts) are an optimisation that must never be visible to a test: what one
// test leaves behind is gone for the next, and what clearing cannot undo means a fresh context instead.
// Serial, so they run in order on one worker.
test.describe.configure({ mode: 'serial' });

let first: BrowserContext | undefined;
let clocked: BrowserContext | undefined;
let after: BrowserContext | undefined;

test('a test leaves cookies, storage, a route and another page behind', async ({ page, context }) => {
  first = context;
  await context.route('**/robots.txt', (route) => route.fulfill({ contentType: 'text/plain', body: 'routed' }));
  await page.goto('/robots.txt');
  await expect(page.locator('body')).toHaveText('routed');
  await page.evaluate(async () => {
    document.cookie = 'left=behind; path=/';
    localStorage.setItem('left', 'behind');
    await new Promise((done) => (indexedDB.open('left-behind').onsuccess = done));
  });
  await context.newPage();
});

test('the next test on the worker finds none of it, in the same context', async ({ page, context }) => {
  expect(context).toBe(first);
  // This test's page and the worker's idle one on the site: the other page was closed.
  expect(context.pages()).toHaveLength(2);
  await page.goto('/robots.txt');
  await expect(page.locator('body')).not.toHaveText('routed');
  expect(await context.cookies()).toEqual([]);
  expect(
    await page.evaluate(async () => ({
      cookie: document.cookie,
      stored: localStorage.length,
      databases: (await indexedDB.databases()).length,
    })),
  ).toEqual({ cookie: '', stored: 0, databases: 0 });
});

test('a fake clock cannot be undone', async ({ page, context }) => {
  clocked = context;
  await page.clock.install({ time: new Date('2030-01-01T00:00:00Z') });
  await page.goto('/robots.txt');
  expect(await page.evaluate(() => new Date().getUTCFullYear())).toBe(2030);
});

test('so the next test gets a new context, on the real time', async ({ page, context }) => {
  expect(context).not.toBe(clocked);
  after = context;
  await page.goto('/robots.txt');
  expect(await page.evaluate(() => new Date().getUTCFullYear())).toBe(new Date().getUTCFullYear());
});

test.describe('at another width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a test of another viewport shares the context, and its page has the width and the screen it asked for', async ({
    page,
    context,
  }) => {
    expect(context).toBe(after);
    await page.goto('/robots.txt');
    expect(await page.evaluate(() => [innerWidth, innerHeight, screen.width, screen.height])).toEqual([
      390, 844, 390, 844,
    ]);
  });
});

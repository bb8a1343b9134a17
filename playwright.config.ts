import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './tests/support/chromium.mjs';
import { PREVIEW_ORIGIN } from './tests/support/ports';
import { slowdown } from './tests/support/slowdown.mjs';

/** Longer timeouts on a machine busy with other work (1 to 4 times): a hang still fails, a slow pass does not. */
const SLOW = slowdown();
/**
 * The specs that build other projects first (the packed package in fresh apps; each framework's host
 * app, built by the spec unless `npm run hosts:build` made them ahead, and Next's dev server compiling):
 * each is one long chain on one worker, so they start first and the other specs fill the other
 * workers around them, instead of starting late and running alone at the end.
 */
const BUILDS = [/\/package\.spec\.ts$/, /\/hosts\.spec\.ts$/];

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  // Four on two cores: much of a browser test is waiting (on a service, a timer, a page's network).
  // `npm test` as a whole keeps both cores busy (vmstat), so more workers would not shorten it (six: no faster).
  workers: 4,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000 * SLOW,
  expect: {
    timeout: 5_000 * SLOW,
    // Screenshots are compared on this machine's kind (Debian Chromium, the fonts .ci/run installs),
    // with animations stopped and a small tolerance for anti-aliasing.
    toHaveScreenshot: { animations: 'disabled', caret: 'hide', scale: 'css', maxDiffPixelRatio: 0.002, threshold: 0.2 },
  },
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  // Projects run in this order: the builds' tests are dealt to the workers first.
  projects: [
    { name: 'builds', testMatch: BUILDS },
    { name: 'pages', testIgnore: BUILDS },
  ],
  use: {
    baseURL: PREVIEW_ORIGIN,
    // Recorded on a retry only (CI retries once): recording every test, to keep a failure's, cost
    // about 40 % more CPU across the suite (hindi and feedback specs: 43 vs 30 CPU s).
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_ARGS,
    },
  },
});

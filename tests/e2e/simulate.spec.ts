import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectLegible } from './visual';
import { patience } from '../support/slowdown.mjs';

// #44 item 2 and #55 item 5: the demo out of the box. `simulate` plays a scripted call that ends by itself and
// answers typed words from a script, telling the visitor it is a preview (the settings that make it real go to
// the console); without it, a missing key is known before any request. The site's hero is simulated when its
// public key is unset (as in this build).

const NOTE = {
  en: 'Simulated demo: a preview with scripted answers. No microphone is used and nothing leaves this page.',
  hi: 'सिम्युलेटेड डेमो:',
};
const SHOTS = '/tmp/newcomer2-shots';

/** Every request the page makes that is not for the page's own files (a voice provider, a chat). */
function requests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!/\.(js|css|html|svg|woff2?|png|ico|json|webmanifest|txt)$/.test(url.pathname) && url.pathname !== '/')
      seen.push(`${request.method()} ${request.url()}`);
  });
  return seen;
}

for (const width of [320, 390, 1280] as const) {
  test(`the site's hero without a key (${width} px): a preview that says so to the visitor, answers what is typed, sends nothing`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const sent = requests(page);
    const said: string[] = [];
    page.on('console', (message) => said.push(message.text()));
    // The page's clock runs as a real one, except where the test skips the script's own pauses ahead
    // (a scripted call plays in a visitor's time: about 30 s of it would be waited out).
    await page.clock.install();
    await page.goto('/');
    const voice = page.locator('ai-voice-demo');
    const card = page.locator('.hero-demo');
    const note = voice.locator('[part="simulated"]');
    await expect(note).toHaveText(NOTE.en);
    // A visitor reads no settings: those are the developer's, in the console.
    await expect(card).not.toContainText('public-key');
    await expect(card).not.toContainText('demo agent');
    await expect(card).not.toContainText('goes to our');
    await expectLegible(page, '.hero-demo');
    await page.evaluate(() => document.fonts.ready);
    if (width !== 320) await expect(card).toHaveScreenshot(`hero-simulated-rest-${width}.png`);

    // Nothing is captured, so nothing is asked: the call begins at once.
    await voice.getByRole('button', { name: 'Start a voice call with our AI agent' }).click();
    await expect(voice.getByRole('group', { name: 'Before we start' })).toHaveCount(0);
    const log = voice.getByRole('log', { name: 'Conversation' });
    // The greeting's words, and less than the 10 s the call lingers for a typed question after them.
    await page.clock.runFor(8_000);
    await expect(log).toContainText('Agent: Hello, thanks for calling! I am an AI receptionist, in a preview', {
      timeout: patience(15_000),
    });
    await expect(log).toContainText('type a question below', { timeout: patience(15_000) });
    // The visitor's words are theirs alone: the script never speaks for them.
    await expect(log.locator('.caption.user')).toHaveCount(0);
    // Nor is a microphone to mute offered: none is open.
    await expect(voice.getByRole('button', { name: 'Mute microphone' })).toHaveCount(0);
    const field = voice.getByRole('textbox', { name: 'Message to the AI agent' });
    await field.fill('How much does it cost?');
    await field.press('Enter');
    await expect(log.locator('.caption.user')).toHaveText(['You: How much does it cost?']);
    await page.clock.runFor(8_000);
    await expect(log).toContainText('Agent: Plans depend on how many calls and chats', { timeout: patience(15_000) });
    await expect(note).toHaveText(NOTE.en);
    await expect(log.locator('.caption').last()).toContainText('trying it costs nothing', {
      timeout: patience(15_000),
    });
    if (width !== 320) await expect(card).toHaveScreenshot(`hero-simulated-call-${width}.png`);
    // The call says goodbye and hangs up by itself once nothing more is typed.
    await page.clock.runFor(15_000);
    await expect(log).toContainText('Thanks for trying the preview. Goodbye!', { timeout: patience(30_000) });
    await expect(voice.getByRole('button', { name: 'Start a voice call with our AI agent' })).toBeVisible({
      timeout: patience(5_000),
    });
    await expect(voice.getByRole('status')).toHaveText('Click to experience our AI agent');

    await field.fill('Are you open on Sundays?');
    await voice.getByRole('button', { name: 'Send' }).click();
    await expect(log.locator('.caption').last()).toHaveText(
      'Agent: I answer 24 hours a day, 7 days a week, weekends and holidays too: a call after hours is answered, not sent to voicemail.',
      { timeout: patience(10_000) },
    );
    await field.fill('What is the capital of Peru?');
    await field.press('Enter');
    await expect(log.locator('.caption').last()).toContainText('In this preview I can answer about prices, booking', {
      timeout: patience(10_000),
    });
    await expect(log.locator('.caption').last()).not.toHaveAttribute('aria-hidden');
    await expectLegible(page, '.hero-demo');
    if (width !== 320) await expect(card).toHaveScreenshot(`hero-simulated-typed-${width}.png`);
    expect(sent).toEqual([]);
    expect(said.filter((line) => line.includes('remove simulate and set public-key'))).toHaveLength(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test('in Hindi, the card says in its own words that the demo is simulated, and the call plays in Hindi', async ({
  page,
}) => {
  await page.goto('/examples/empty.html');
  await page.addScriptTag({ url: '/dist/widgets/ai-widgets.js' });
  await page.locator('#stage').evaluate((stage) => {
    stage.innerHTML = '<ai-voice-demo simulate captions lang="hi"></ai-voice-demo>';
  });
  const voice = page.locator('ai-voice-demo');
  await expect(voice.locator('[part="simulated"]')).toContainText(NOTE.hi);
  await voice.getByRole('button').click();
  await expect(voice.getByRole('log')).toContainText('मैं एआई रिसेप्शनिस्ट हूं', { timeout: patience(15_000) });
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 700 });
    await voice.screenshot({ path: `${SHOTS}/hindi-simulated-call-${width}.png` });
  }
});

test('without simulate, a missing key is known before any request: nothing leaves, and the card says the demo is not set up here', async ({
  page,
}) => {
  const sent = requests(page);
  await page.goto('/examples/empty.html');
  await page.addScriptTag({ url: '/dist/widgets/ai-widgets.js' });
  await page.locator('#stage').evaluate((stage) => {
    stage.innerHTML =
      '<ai-voice-demo id="call" assistant-id="an-assistant" captions></ai-voice-demo>' +
      '<ai-voice-demo id="typed" assistant-id="an-assistant" mode="text"></ai-voice-demo>';
  });
  const call = page.locator('#call');
  const error = new Promise((resolve) =>
    page
      .exposeFunction('errorSeen', resolve)
      .then(() =>
        page.evaluate(() =>
          document
            .querySelector('#call')!
            .addEventListener('ai-voice-demo-error', (e) =>
              (window as unknown as { errorSeen(d: unknown): void }).errorSeen((e as CustomEvent).detail),
            ),
        ),
      ),
  );
  await page.waitForFunction(() => (window as unknown as { errorSeen?: unknown }).errorSeen);
  await call.getByRole('button').click();
  await expect(call.getByText("Voice calls aren't set up on this page yet.")).toBeVisible();
  expect(await error).toMatchObject({ code: 'not-configured' });

  const typed = page.locator('#typed');
  await typed.getByRole('textbox').fill('Hello?');
  await typed.getByRole('button', { name: 'Send' }).click();
  await expect(typed.getByRole('alert')).toHaveText("The typed demo isn't set up on this page yet.");
  // The words wait in the field for a page that is set up.
  await expect(typed.getByRole('textbox')).toHaveValue('Hello?');
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator('#stage').screenshot({ path: `${SHOTS}/not-set-up-${width}.png` });
  }
  expect(sent).toEqual([]);
});

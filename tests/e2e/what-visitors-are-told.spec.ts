import { readdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DISPLAY, fakeService, fillIn, open } from './demo-request.contract';
import { scriptedVoice } from './scripted-voice';
import { expectLegible } from './visual';
import { patience } from '../support/slowdown.mjs';

// #34, the widgets' side: every confirmation and failure says what is true and offers a way on, the
// captions keep their place, the agents settle into one line, the feedback form says its problems
// inline; in English (the site) and Hindi (the Hindi example), at a phone's and a laptop's width.

const WIDTHS = [390, 1280] as const;
const NOT_SET_UP = { en: "Voice calls aren't set up on this page yet.", hi: 'इस पेज पर वॉइस कॉल अभी सेट अप नहीं है।' };
const NETWORK = "We couldn't reach the voice service. Check your internet connection.";
const FALLBACK = { en: 'Ask for a call to your phone instead', hi: 'इसके बजाय अपने फ़ोन पर कॉल का अनुरोध करें' };
const ERROR_TOOLTIP = {
  en: 'Error connecting. Click to try again',
  hi: 'कनेक्ट नहीं हो सका। फिर से कोशिश करने के लिए क्लिक करें',
};

const settle = (page: Page) => page.evaluate(() => document.fonts.ready);

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the hero asks consent first, linking the policy; a call keeps the card still and its captions in place; a failure says why and offers the form', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.goto('/');
      await settle(page);
      const voice = page.locator('ai-voice-demo');
      const card = page.locator('.hero-demo');
      const headline = page.getByRole('heading', { level: 1 });
      await voice.hover();
      const emit = await scriptedVoice(page);
      // Where the headline is on the page (not in the viewport, which scrolls to what is clicked), and the card's height.
      const at = async () => ({
        headline: await headline.evaluate((el) => el.getBoundingClientRect().top + scrollY),
        card: (await card.boundingBox())!.height,
      });
      const rest = await at();

      await voice.getByRole('button', { name: 'Start a voice call with our AI agent' }).click();
      const consent = voice.getByRole('group', { name: 'Before we start' });
      await expect(consent).toContainText('The demo opens your microphone.');
      await expect(consent.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
      await expectLegible(page, '.hero-demo');
      await expect(card).toHaveScreenshot(`hero-voice-consent-${width}.png`);
      await consent.getByRole('button', { name: 'Accept' }).click();

      await expect(voice.getByRole('status')).toHaveText('Connecting to AI agent...');
      await emit('call-start');
      await expect(voice.getByRole('status')).toHaveText('Click to end the call');
      // Overlapping speech: the visitor's partial line is replaced where it stands, not repeated.
      await emit('message', {
        type: 'transcript',
        role: 'user',
        transcriptType: 'partial',
        transcript: 'I would like',
      });
      await emit('message', { type: 'transcript', role: 'assistant', transcriptType: 'partial', transcript: 'Sure' });
      await emit('message', {
        type: 'transcript',
        role: 'user',
        transcriptType: 'final',
        transcript: 'I would like to book a cleaning.',
      });
      await emit('message', {
        type: 'transcript',
        role: 'assistant',
        transcriptType: 'final',
        transcript: 'Sure, I can book that for you. Which day suits you best this week?',
      });
      await emit('speech-start');
      await emit('volume-level', 0.6);
      // The hero is one conversation, typed or spoken: its greeting first, then the call's lines.
      const log = voice.getByRole('log', { name: 'Conversation' });
      await expect(log.locator('p')).toHaveText([
        "Agent: Hi! I am Aurelo's AI agent. Ask me how an AI agent could answer your calls and chats.",
        'You: I would like to book a cleaning.',
        'Agent: Sure, I can book that for you. Which day suits you best this week?',
      ]);
      // The card neither grows nor moves the headline beside or above it during the call.
      expect(await at()).toEqual(rest);
      await expectLegible(page, '.hero-demo');
      await expect(card).toHaveScreenshot(`hero-voice-captions-${width}.png`);

      await emit('error', { error: { name: 'TypeError', message: 'Failed to fetch' } });
      await expect(voice.getByRole('status')).toHaveText(ERROR_TOOLTIP.en);
      await expect(voice.getByText(NETWORK)).toBeVisible();
      const fallback = voice.getByRole('link', { name: FALLBACK.en });
      await expect(fallback).toHaveAttribute('href', '/experience');
      await expectLegible(page, '.hero-demo');
      await expect(card).toHaveScreenshot(`hero-voice-network-${width}.png`);
      await fallback.click();
      await expect(page).toHaveURL(/\/experience$/);
    });

    test('the demo form links the policy beside the unchanged consent; once the request is in, the agents are one line and no gap is left', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await fakeService(page, { lead: () => [201, { id: 7, call: 'placed' }] });
      const f = await open(page, { url: '/experience' });
      await expect(f.consentLabel).toHaveText(
        'I agree to receive messages, including automated calls and AI-powered demo calls, from Aurelo services at the contact information provided.',
      );
      await expect(f.root.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
      await fillIn(f);
      await f.submit.click();
      await expect(f.confirmation).toBeFocused();
      const summary = f.root.locator('.agent-summary');
      await expect(summary).toHaveText('Demo agent: AI Receptionist');
      await expect(f.root.getByRole('radio')).toHaveCount(0);
      await expect(summary).not.toHaveAttribute('tabindex');
      // The element is as tall as what it shows: the footer follows the section's own padding, no reserved gap.
      const form = (await f.root.boundingBox())!;
      const content =
        (await f.root
          .locator('[part="base"]')
          .evaluate((el) =>
            [...el.children].reduce((bottom, c) => Math.max(bottom, c.getBoundingClientRect().bottom), 0),
          )) - form.y;
      expect(form.height - content).toBeLessThan(2);
      await expectLegible(page, 'ai-demo-request');
      await expect(f.root).toHaveScreenshot(`experience-agents-settled-${width}.png`);
    });

    test('the feedback form says each problem under its field, in words, before sending anything', async ({ page }) => {
      test.setTimeout(60_000);
      let posts = 0;
      await page.route(
        '**/api/feedback',
        (route) => (posts++, route.fulfill({ status: 201, contentType: 'text/plain', body: 'Thank you.' })),
      );
      await page.goto('/');
      const widget = page.locator('ai-feedback');
      await widget.getByRole('button', { name: 'Share Feedback' }).click();
      const dialog = widget.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
      const name = dialog.getByRole('textbox', { name: 'Name' });
      await expect(name).toBeFocused();
      await expect(name).toHaveAccessibleDescription('Enter your name.');
      await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
        'Enter your email address.',
      );
      await expect(dialog.getByRole('textbox', { name: 'Feedback' })).toHaveAccessibleDescription(
        'Write your feedback.',
      );
      await name.fill('Meera Iyer');
      await expect(name).not.toHaveAttribute('aria-invalid');
      await dialog.getByRole('textbox', { name: 'Email' }).fill('meera@example');
      await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
      await expect(dialog.getByRole('textbox', { name: 'Email' })).toBeFocused();
      await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
        'Enter a whole email address, like name@example.com.',
      );
      await expectLegible(page, 'ai-feedback');
      await expect(dialog).toHaveScreenshot(`feedback-inline-errors-${width}.png`);
      expect(posts).toBe(0);
    });

    test('in Hindi: the failure, the feedback problems and the settled agents', async ({ page }) => {
      test.setTimeout(120_000);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await fakeService(page, {
        lead: () => [
          200,
          { id: 7, call: 'placed', calledAt: new Date(Date.now() - 5 * 60_000).toISOString(), duplicate: true },
        ],
      });
      const f = await open(page, { url: '/examples/hindi.html', lang: 'hi', attrs: { 'privacy-href': '/privacy' } });
      await expect(f.root.getByRole('link', { name: 'प्राइवेसी पॉलिसी' })).toBeVisible();
      await settle(page);

      const voice = page.locator('ai-voice-demo');
      await voice.evaluate((el) => {
        el.setAttribute('fallback-href', '/experience');
        el.setAttribute('assistant-id', '');
        el.removeAttribute('consent-text');
      });
      await voice.getByRole('button').first().click();
      await expect(voice.getByRole('status')).toHaveText(ERROR_TOOLTIP.hi);
      await expect(voice.getByText(NOT_SET_UP.hi)).toBeVisible();
      await expect(voice.getByRole('link', { name: FALLBACK.hi })).toHaveAttribute('href', '/experience');
      await expectLegible(page, 'ai-voice-demo');
      await expect(voice).toHaveScreenshot(`hindi-voice-not-set-up-${width}.png`);

      const widget = page.locator('ai-feedback');
      await widget.getByRole('button', { name: 'फ़ीडबैक दें' }).click();
      const dialog = widget.getByRole('dialog');
      await dialog.getByRole('button', { name: 'फ़ीडबैक भेजें' }).click();
      await expect(dialog.getByRole('textbox', { name: 'नाम' })).toHaveAccessibleDescription('अपना नाम लिखें।');
      await expectLegible(page, 'ai-feedback');
      await expect(dialog).toHaveScreenshot(`hindi-feedback-inline-errors-${width}.png`);
      await dialog.getByRole('button', { name: 'बंद करें' }).first().click();

      await fillIn(f);
      await f.submit.click();
      await expect(f.confirmation).toContainText(`हमने आपको आज`);
      await expect(f.confirmation).toContainText(`${DISPLAY} पर कॉल किया था।`);
      await expect(f.root.locator('.agent-summary')).toHaveText('डेमो एजेंट: AI Receptionist');
      await expectLegible(page, 'ai-demo-request');
      // The time of the earlier call changes from run to run: masked in the picture.
      await expect(f.root).toHaveScreenshot(`hindi-agents-settled-${width}.png`, {
        mask: [f.confirmation.locator('p')],
      });
    });
  });
}

test("a voice button named by label tells three agents apart; the status text stays the brief's", async ({ page }) => {
  await page.goto('/examples/three-voices.html');
  for (const label of ['Receptionist', 'Real-estate caller', 'Hindi support']) {
    await expect(
      page.getByRole('button', { name: `${label}: Start a voice call with our AI agent`, exact: true }),
    ).toBeVisible();
  }
  await expect(page.locator('#voice-a').getByRole('status')).toHaveText('Click to experience our AI agent');
  expect(
    await page
      .locator('ai-voice-demo')
      .evaluateAll((els) => els.map((el) => el.shadowRoot?.querySelector('.tooltip')?.textContent)),
  ).toEqual(Array(3).fill('Click to experience our AI agent'));
});

test('a voice call that is not set up says so, without a way on when the page gives none', async ({ page }) => {
  await page.goto('/examples/voice-demo.html');
  const voice = page.locator('ai-voice-demo');
  await voice.evaluate((el) => {
    el.removeAttribute('fallback-href');
    el.setAttribute('assistant-id', '');
  });
  await voice.getByRole('button').click();
  await expect(voice.getByRole('status')).toHaveText(ERROR_TOOLTIP.en);
  await expect(voice.getByRole('button')).toHaveAccessibleDescription(`${ERROR_TOOLTIP.en} ${NOT_SET_UP.en}`);
  await expect(voice.getByRole('link')).toHaveCount(0);
});

test('the "Simulate the agent" example shows captions', async ({ page }) => {
  await page.goto('/examples/voice-demo.html');
  await page.getByLabel('Simulate the agent (no network)').check();
  await page.locator('ai-voice-demo').getByRole('button').click();
  await expect(page.locator('ai-voice-demo').getByRole('log', { name: 'Live captions' })).toContainText(
    'Agent: Hello, thanks for calling! I am an AI receptionist, in a preview with scripted answers.',
    { timeout: patience(10_000) },
  );
});

test('the examples index links every example page', async ({ page }) => {
  await page.goto('/examples/index.html');
  const hrefs = await page
    .getByRole('navigation')
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  // empty.html is the tests' blank host (a page that adds the widgets itself), not an example to visit.
  const pages = readdirSync('examples').filter(
    (file) => file.endsWith('.html') && file !== 'index.html' && file !== 'empty.html',
  );
  expect(pages.filter((file) => !hrefs.includes(file))).toEqual([]);
  expect(hrefs).toEqual(expect.arrayContaining(['/dist/examples/lit/', '/dist/examples/react/']));
});

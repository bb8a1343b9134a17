import type { Page } from '@playwright/test';
import { STUB_ORIGIN } from '../support/ports';
import { expect, namespace, test } from './fixtures';
import { scriptedVoice } from './scripted-voice';

// Nothing outside the hero's card moves while the visitor uses the demo: not the heading beside it,
// not the card itself. CLS cannot see this (it leaves out shifts within 500 ms of a click), so the
// boxes are read in every state and compared with those at rest.
/** Boxes in the page's coordinates: a click scrolls its target into view, which moves nothing in the page. */
async function boxes(page: Page) {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const r = document.querySelector(selector)!.getBoundingClientRect();
      return { x: r.x + scrollX, y: r.y + scrollY, width: r.width, height: r.height };
    };
    return { heading: box('.hero h1'), card: box('.hero-demo') };
  });
}

for (const width of [390, 1280]) {
  test(`the hero's heading and card keep their boxes in every state of the demo (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const voice = page.locator('ai-voice-demo');
    await expect(voice.getByRole('button', { name: 'Start a voice call with our AI agent' })).toBeVisible();
    // The site's own demo asks its service's gate first (VITE_BACKEND_URL).
    await expect(voice).toHaveAttribute('backend-url', '/api');
    await page.evaluate(() => document.fonts.ready);
    // The hero as a site with voice settings has it (this build has none, so it is simulated, spec'd in simulate.spec.ts).
    await voice.evaluate((el) => (el.removeAttribute('simulate'), el.setAttribute('public-key', 'test-public-key')));
    const emit = await scriptedVoice(page);
    const atRest = await boxes(page);
    const still = async (state: string) => expect(await boxes(page), `${state} at ${width} px`).toEqual(atRest);

    await voice.getByRole('button', { name: 'Start a voice call with our AI agent' }).click();
    await expect(voice.getByRole('button', { name: 'Accept' })).toBeVisible();
    await still('the consent step');
    await voice.getByRole('button', { name: 'Accept' }).click();
    await expect(voice.getByRole('status').first()).toHaveText('Connecting to AI agent...');
    await still('connecting');
    await emit('call-start');
    for (let i = 0; i < 12; i++)
      await emit('message', {
        type: 'transcript',
        role: i % 2 ? 'assistant' : 'user',
        transcriptType: 'final',
        transcript: `Line ${i}: a sentence long enough to wrap onto a second line of the captions area.`,
      });
    await expect(voice.getByText('Line 11:')).toBeVisible();
    await still('a call with twelve lines');
    await emit('error', { error: { message: 'the line dropped' } });
    await expect(voice.getByRole('status').first()).toHaveText('Error connecting. Click to try again');
    await still('the error state');

    // A typed conversation of twenty turns scrolls inside the card.
    // The site's gate (`backend-url`) is the stubs' here: this service has no voice settings to grant a demo with.
    const ns = namespace();
    await voice.evaluate(
      (el, [chat, gate]) => (el.setAttribute('api-url', chat), el.setAttribute('backend-url', gate)),
      [`${STUB_ORIGIN}/chat/ok/${ns}`, `${STUB_ORIGIN}/gate/ok/${ns}`],
    );
    const field = voice.getByRole('textbox', { name: 'Message to the AI agent' });
    for (let turn = 1; turn <= 20; turn++) {
      await field.fill(`Question ${turn}: how would an agent answer my customers?`);
      await field.press('Enter');
      await expect(voice.getByRole('log').locator('.caption').last()).toHaveText(
        `Agent: Hello! You said: “Question ${turn}: how would an agent answer my customers?”.`,
      );
      await expect(voice.getByRole('log').locator('.caption').last()).not.toHaveAttribute('aria-hidden');
    }
    await still('a typed conversation of twenty turns');
  });
}

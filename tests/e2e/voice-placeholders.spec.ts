import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { patience } from '../support/slowdown.mjs';

// #55 item 4: the copy-paste snippet. A key or an assistant left as the docs wrote it is known before any request:
// the visitor reads that the demo isn't set up (never "check your internet connection"), the console says what to
// set, and nothing goes to the provider. The docs' first snippet runs as pasted, as the simulated preview.

/** Every request for the voice provider's own address: answered here (a test never reaches a real host), and counted. */
async function provider(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.route('https://api.vapi.ai/**', (route) => {
    seen.push(`${route.request().method()} ${route.request().url()}`);
    return route.abort('internetdisconnected');
  });
  return seen;
}

function consoleOf(page: Page): string[] {
  const said: string[] = [];
  page.on('console', (message) => said.push(`${message.type()}: ${message.text()}`));
  return said;
}

async function stage(page: Page, html: string) {
  await page.goto('/examples/empty.html');
  await page.addScriptTag({ url: '/dist/widgets/ai-widgets.js' });
  await page.locator('#stage').evaluate((el, markup) => (el.innerHTML = markup), html);
}

test("placeholders from the docs: nothing is sent, the visitor reads it isn't set up, the console says what to set", async ({
  page,
}) => {
  const sent = await provider(page);
  const said = consoleOf(page);
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new Error('the microphone was asked for'));
  });
  await stage(
    page,
    '<ai-voice-demo id="call" public-key="YOUR_PUBLIC_KEY" assistant-id="YOUR_ASSISTANT_ID" captions></ai-voice-demo>' +
      '<ai-voice-demo id="typed" public-key="3f2b8c1e-9d4a-4c6b-8f7e-2a1d5c9b0e34" assistant-id="<assistant id>" mode="text"></ai-voice-demo>',
  );
  const call = page.locator('#call');
  await call.getByRole('button', { name: 'Start a voice call with our AI agent' }).click();
  await expect(call.getByText("Voice calls aren't set up on this page yet.")).toBeVisible();
  await expect(call.getByText(/internet connection/)).toHaveCount(0);

  const typed = page.locator('#typed');
  const field = typed.getByRole('textbox', { name: 'Message to the AI agent' });
  await field.fill('Hello?');
  await field.press('Enter');
  await expect(typed.getByRole('alert')).toHaveText("The typed demo isn't set up on this page yet.");
  await expect(field).toHaveValue('Hello?');

  expect(sent).toEqual([]);
  const advice = said.filter((line) => line.startsWith('warning: <ai-voice-demo>'));
  expect(advice).toEqual([
    expect.stringContaining('public-key and assistant-id are placeholders'),
    expect.stringContaining('assistant-id is a placeholder'),
  ]);
  expect(advice.join(' ')).toContain('add the simulate attribute');
  // What to set is named; the values are not repeated.
  expect(advice.join(' ')).not.toMatch(/YOUR_PUBLIC_KEY|assistant id|3f2b8c1e/);
});

test("the docs' first snippet runs as pasted: a simulated preview that says so, with no request", async ({ page }) => {
  const embedding = readFileSync('docs/embedding.md', 'utf8');
  const snippet = /## The script tag[\s\S]*?```html\n([\s\S]*?)```/.exec(embedding)![1]!;
  const tag = /<ai-voice-demo[\s\S]*?<\/ai-voice-demo>/.exec(snippet)?.[0];
  expect(tag, 'the snippet has an <ai-voice-demo>').toBeTruthy();
  expect(tag).toMatch(/\ssimulate[\s>]/);
  const sent = await provider(page);
  await stage(page, tag!);
  const voice = page.locator('ai-voice-demo');
  await expect(voice.locator('[part="simulated"]')).toContainText('Simulated demo');
  await voice.getByRole('button', { name: 'Start a voice call with our AI agent' }).click();
  await expect(voice.getByRole('log')).toContainText('in a preview with scripted answers', {
    timeout: patience(15_000),
  });
  await expect(voice.getByText("Voice calls aren't set up on this page yet.")).toHaveCount(0);
  expect(sent).toEqual([]);
});

test("a page's own api-url, a page's own client and real settings are not judged", async ({ page }) => {
  const sent = await provider(page);
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = async () => new MediaStream();
  });
  await stage(
    page,
    '<ai-voice-demo id="real" public-key="3f2b8c1e-9d4a-4c6b-8f7e-2a1d5c9b0e34" assistant-id="a1b2c3d4-0000-4000-8000-000000000000" captions></ai-voice-demo>',
  );
  const real = page.locator('#real');
  await real.getByRole('button', { name: 'Start a voice call with our AI agent' }).click();
  // Real-looking settings go to the provider (answered here by a network failure).
  await expect.poll(() => sent.length).toBeGreaterThan(0);
  await expect(real.getByRole('status')).toHaveText('Error connecting. Click to try again');
  await expect(real.getByText("Voice calls aren't set up on this page yet.")).toHaveCount(0);
});

import type { Page } from '@playwright/test';
import { events, expect, recordEvents, test } from './fixtures';
import { patience } from '../support/slowdown.mjs';

const VOICE_EVENTS = ['ai-voice-demo-start', 'ai-voice-demo-end', 'ai-voice-demo-error'];
const IDLE = 'Click to experience our AI agent';
const CONNECTING = 'Connecting to AI agent...';
const ACTIVE = 'Click to end the call';
const ERROR = 'Error connecting. Click to try again';

/** A scripted client on `#id` that logs its start and stop calls; `emit` drives it. */
async function scripted(page: Page, id: string) {
  await page.evaluate(async (elementId) => {
    const { createScriptedClient } = await import('/examples/scripted-client.js' as string);
    const client = createScriptedClient();
    const log: string[] = [];
    const { start, stop } = client;
    Object.assign(client, {
      start: (a: string) => (log.push('start'), start(a)),
      stop: () => (log.push('stop'), stop()),
      log,
    });
    const w = window as unknown as { clients: Record<string, unknown> };
    w.clients ??= {};
    w.clients[elementId] = client;
    await customElements.whenDefined('ai-voice-demo');
    Object.assign(document.getElementById(elementId)!, { client });
  }, id);
  const get = `(window.clients[${JSON.stringify(id)}])`;
  return {
    emit: (event: string, value?: unknown) =>
      page.evaluate(([g, e, v]) => (0, eval)(g).emit(e, v), [get, event, value] as const),
    log: () => page.evaluate((g) => (0, eval)(g).log as string[], get),
    muted: () => page.evaluate((g) => (0, eval)(g).muted as boolean, get),
  };
}

async function open(page: Page, path = '/examples/voice-demo.html') {
  await page.goto(path);
  await page.waitForFunction(() => customElements.get('ai-voice-demo'));
  await recordEvents(page, VOICE_EVENTS);
}

test('a provider that never answers ends in the error state after the timeout; a second press starts afresh', async ({
  page,
}) => {
  const calls: string[] = [];
  // The provider takes the request and never answers.
  await page.route('http://127.0.0.1:9/**', (route) => void calls.push(route.request().method()));
  await open(page);
  const voice = page.locator('#voice');
  await voice.evaluate((el) => {
    el.setAttribute('api-url', 'http://127.0.0.1:9');
    el.setAttribute('connect-timeout', '2');
  });
  await voice.getByRole('button').click();
  await expect(voice.getByRole('status')).toHaveText(CONNECTING);
  await expect(voice.getByRole('status')).toHaveText(ERROR, { timeout: patience(6000) });
  expect(await events(page)).toEqual([
    {
      type: 'ai-voice-demo-error',
      detail: { message: 'The voice provider did not answer within 2 s.', code: 'timeout' },
      target: 'voice',
    },
  ]);
  expect(calls).toContain('POST');
  await voice.getByRole('button', { name: 'Try the voice call again' }).click();
  await expect(voice.getByRole('status')).toHaveText(CONNECTING);
});

test('every press acts on a page with three voice widgets, fast and while the code is loading', async ({ page }) => {
  await page.goto('/examples/three-voices.html');
  await page.waitForFunction(() => customElements.get('ai-voice-demo'));
  const clients = [await scripted(page, 'voice-a'), await scripted(page, 'voice-b'), await scripted(page, 'voice-c')];
  // React and the component are not here yet: these presses land on the first drawn state.
  for (const id of ['voice-a', 'voice-b', 'voice-c'])
    await page.locator(`#${id}`).getByRole('button').click({ delay: 20 });
  // One call per page: each press started a call, and the next press's call ended it.
  await expect(page.locator('#voice-c').getByRole('status')).toHaveText(CONNECTING);
  await expect.poll(() => clients[2]!.log()).toEqual(['start']);
  for (const client of clients.slice(0, 2)) await expect.poll(client.log).toContain('stop');
  await clients[2]!.emit('call-start');
  await expect(page.locator('#voice-c').getByRole('status')).toHaveText(ACTIVE);
  for (const id of ['voice-a', 'voice-b']) await expect(page.locator(`#${id}`).getByRole('status')).toHaveText(IDLE);
  // A quick double press cancels, and the widget is back at rest.
  const b = page.locator('#voice-b').getByRole('button');
  await b.click();
  await b.click();
  await expect(page.locator('#voice-b').getByRole('status')).toHaveText(IDLE);
});

test('live captions show the latest lines with who spoke, in a region announced politely', async ({ page }) => {
  await open(page);
  const voice = page.locator('#voice');
  await voice.evaluate((el) => el.setAttribute('captions', ''));
  const client = await scripted(page, 'voice');
  await voice.getByRole('button').click();
  await expect.poll(client.log).toEqual(['start']);
  await client.emit('call-start');
  const captions = voice.getByRole('log', { name: 'Live captions' });
  await expect(captions).toHaveAttribute('aria-live', 'polite');
  await client.emit('message', {
    type: 'transcript',
    role: 'assistant',
    transcriptType: 'partial',
    transcript: 'Hello, how',
  });
  await expect(captions).toHaveText('Agent: Hello, how');
  await client.emit('message', {
    type: 'transcript',
    role: 'assistant',
    transcriptType: 'final',
    transcript: 'Hello, how can I help?',
  });
  await client.emit('message', {
    type: 'transcript',
    role: 'user',
    transcriptType: 'final',
    transcript: 'Book a cleaning, please.',
  });
  await expect(captions.locator('p')).toHaveText(['Agent: Hello, how can I help?', 'You: Book a cleaning, please.']);
});

test('consent: Cancel keeps the microphone closed, Accept starts the call, and the choice is remembered', async ({
  page,
}) => {
  await open(page);
  const voice = page.locator('#voice');
  await voice.evaluate((el) => el.setAttribute('consent-text', 'This call may be recorded to improve our service.'));
  const client = await scripted(page, 'voice');
  await voice.getByRole('button', { name: 'Start a voice call with our AI agent' }).click();
  const consent = voice.getByRole('group', { name: 'Before we start' });
  await expect(consent).toContainText('This call may be recorded to improve our service.');
  await consent.getByRole('button', { name: 'Cancel' }).click();
  await expect(consent).toBeHidden();
  await expect(voice.getByRole('status')).toHaveText(IDLE);
  expect(await client.log()).toEqual([]);
  await voice.getByRole('button', { name: 'Start a voice call with our AI agent' }).click();
  await consent.getByRole('button', { name: 'Accept' }).click();
  await expect(voice.getByRole('status')).toHaveText(CONNECTING);
  await expect.poll(client.log).toEqual(['start']);
  await client.emit('call-start');
  await voice.getByRole('button', { name: 'End the call' }).click();
  await expect(voice.getByRole('status')).toHaveText(IDLE);
  // Accepted once for this tab: the next call starts at once.
  await voice.getByRole('button', { name: 'Start a voice call with our AI agent' }).click();
  await expect(voice.getByRole('status')).toHaveText(CONNECTING);
  await expect(consent).toHaveCount(0);
});

test('mute toggles the microphone during a call, its state shown and announced', async ({ page }) => {
  await open(page);
  const voice = page.locator('#voice');
  const client = await scripted(page, 'voice');
  await voice.getByRole('button', { name: 'Start a voice call with our AI agent' }).click();
  await expect.poll(client.log).toEqual(['start']);
  await expect(voice.getByRole('button', { name: 'Mute microphone' })).toHaveCount(0);
  await client.emit('call-start');
  const mute = voice.getByRole('button', { name: 'Mute microphone' });
  await expect(mute).toHaveAttribute('aria-pressed', 'false');
  await mute.click();
  await expect(mute).toHaveAttribute('aria-pressed', 'true');
  await expect(voice.getByText('Microphone muted')).toBeAttached();
  expect(await client.muted()).toBe(true);
  await mute.press('Enter');
  await expect(mute).toHaveAttribute('aria-pressed', 'false');
  expect(await client.muted()).toBe(false);
});

for (const [name, error, message, code] of [
  [
    'blocked',
    'NotAllowedError',
    "Microphone blocked: allow it in your browser's address bar and try again",
    'microphone-denied',
  ],
  [
    'in use by another app',
    'NotReadableError',
    'Your microphone is in use by another app. Close it and try again',
    'microphone-in-use',
  ],
  ['missing', 'NotFoundError', 'No microphone found. Connect one and try again', 'microphone-not-found'],
] as const) {
  test(`a ${name} microphone says what to do, and tells the page ${code}`, async ({ page }) => {
    await page.addInitScript((errorName) => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('The microphone could not open.', errorName));
    }, error);
    await open(page);
    const voice = page.locator('#voice');
    const client = await scripted(page, 'voice');
    await voice.getByRole('button').click();
    await expect(voice.getByRole('status')).toHaveText(message);
    expect(await events(page)).toEqual([
      { type: 'ai-voice-demo-error', detail: { message: 'The microphone could not open.', code }, target: 'voice' },
    ]);
    expect(await client.log()).not.toContain('start');
  });
}

import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Loads the widgets' script into a page that created its elements first, as a framework may. */
async function loadScript(page: Page) {
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.src = '../dist/widgets/ai-widgets.js';
    document.head.append(script);
  });
  await page.waitForFunction(() => !!customElements.get('ai-demo-request') && !!customElements.get('ai-voice-demo'));
}

/** A scripted voice client for `selector`, kept on window so the test can drive and read it. */
async function scripted(page: Page, selector: string, name: string) {
  await page.evaluate(
    async ([sel, key]) => {
      const { createScriptedClient } = await import('/examples/scripted-client.js' as string);
      const client = createScriptedClient();
      const log: string[] = [];
      const { start, stop } = client;
      Object.assign(client, { start: (id: string) => (log.push(`start ${id}`), start(id)), stop: () => (log.push('stop'), stop()), log });
      (window as unknown as Record<string, unknown>)[key] = client;
      Object.assign(document.querySelector(sel)!, { client });
    },
    [selector, name] as const,
  );
  return {
    emit: (event: string, value?: unknown) => page.evaluate(([key, e, v]) => (window as never as Record<string, { emit(e: string, v?: unknown): void }>)[key]!.emit(e, v), [name, event, value] as const),
    log: () => page.evaluate((key) => (window as never as Record<string, { log: string[] }>)[key]!.log, name),
  };
}

const CONSENT = (brand: string) => `I agree to receive messages, including automated calls and AI-powered demo calls, from ${brand} services at the contact information provided.`;

test('a property set before the tag is defined is kept, and the call uses it', async ({ page }) => {
  await page.goto('/examples/empty.html');
  await page.evaluate(() => {
    const el = document.createElement('ai-voice-demo');
    el.id = 'voice';
    Object.assign(el, { assistantId: 'early-assistant' });
    document.getElementById('stage')!.append(el);
  });
  const client = await scripted(page, '#voice', 'early');
  await loadScript(page);
  const voice = page.locator('#voice');
  await expect(voice).toHaveAttribute('assistant-id', 'early-assistant');
  await voice.getByRole('button', { name: 'Start a voice call with our AI agent' }).click();
  await expect(voice.getByRole('status')).toHaveText('Connecting to AI agent...');
  await expect.poll(client.log).toEqual(['start early-assistant']);
});

test('removing an attribute or setting it to "" restores the default; every property set renders', async ({ page }) => {
  await page.goto('/examples/demo-request.html');
  const demo = page.locator('#demo');
  const consent = demo.getByRole('checkbox');
  await expect(consent).toHaveAccessibleName(CONSENT('our'));
  await demo.evaluate((el) => el.setAttribute('brand-name', 'Acme'));
  await expect(consent).toHaveAccessibleName(CONSENT('Acme'));
  await demo.evaluate((el) => el.removeAttribute('brand-name'));
  await expect(consent).toHaveAccessibleName(CONSENT('our'));
  await demo.evaluate((el) => el.setAttribute('brand-name', 'Zeta'));
  await expect(consent).toHaveAccessibleName(CONSENT('Zeta'));
  await demo.evaluate((el) => el.setAttribute('brand-name', ''));
  await expect(consent).toHaveAccessibleName(CONSENT('our'));
  await demo.evaluate((el) => Object.assign(el, { brandName: 'Property' }));
  await expect(consent).toHaveAccessibleName(CONSENT('Property'));
  await demo.evaluate((el) => Object.assign(el, { brandName: '' }));
  await expect(consent).toHaveAccessibleName(CONSENT('our'));
  expect(await demo.evaluate((el) => el.hasAttribute('brand-name'))).toBe(false);

  await page.goto('/examples/voice-demo.html');
  const voice = page.locator('#voice');
  await voice.evaluate((el) => el.setAttribute('captions', 'on'));
  await expect(voice.getByRole('log', { name: 'Live captions' })).toHaveCount(1);
  await voice.evaluate((el) => el.removeAttribute('captions'));
  await expect(voice.getByRole('log')).toHaveCount(0);
});

test('a move keeps a feedback draft, the demo form entries and a live call, into another shadow root too', async ({ page }) => {
  await page.goto('/examples/empty.html');
  await page.evaluate(() => {
    const stage = document.getElementById('stage')!;
    stage.innerHTML = '<ai-feedback id="feedback" backend-url="/api"></ai-feedback><ai-demo-request id="demo"></ai-demo-request><ai-voice-demo id="voice" assistant-id="a"></ai-voice-demo>';
    const host = document.createElement('div');
    host.id = 'shadow-host';
    host.attachShadow({ mode: 'open' });
    document.getElementById('elsewhere')!.append(host);
  });
  await loadScript(page);
  const client = await scripted(page, '#voice', 'moved');

  const feedback = page.locator('#feedback');
  await feedback.getByRole('button', { name: 'Share Feedback' }).click();
  const dialog = feedback.getByRole('dialog', { name: 'Share Your Feedback' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Asha');
  await dialog.getByRole('textbox', { name: 'Feedback' }).fill('A draft worth keeping');
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  const demo = page.locator('#demo');
  await demo.locator('label').filter({ hasText: 'AI Receptionist' }).click();
  await demo.getByRole('textbox', { name: 'Name' }).fill('Ravi Kumar');

  const voice = page.locator('#voice');
  await voice.getByRole('button', { name: 'Start a voice call with our AI agent' }).click();
  await expect(voice.getByRole('status')).toHaveText('Connecting to AI agent...');
  await expect.poll(client.log).toEqual(['start a']);
  await client.emit('call-start');
  await expect(voice.getByRole('status')).toHaveText('Click to end the call');

  // A framework reorders: the elements move to another section, then into another shadow root.
  await page.evaluate(() => {
    const elsewhere = document.getElementById('elsewhere')!;
    for (const id of ['feedback', 'demo', 'voice']) elsewhere.prepend(document.getElementById(id)!);
  });
  await page.waitForTimeout(50);
  await page.evaluate(() => {
    const root = document.getElementById('shadow-host')!.shadowRoot!;
    for (const id of ['feedback', 'demo', 'voice']) root.append(document.getElementById(id)!);
  });
  await page.waitForTimeout(50);

  const moved = (id: string) => page.locator('#shadow-host').locator(`#${id}`);
  await expect(moved('voice').getByRole('status')).toHaveText('Click to end the call');
  expect(await client.log()).toEqual(['start a']);
  await expect(moved('demo').getByRole('radio', { name: 'AI Receptionist' })).toBeChecked();
  await expect(moved('demo').getByRole('textbox', { name: 'Name' })).toHaveValue('Ravi Kumar');
  await moved('feedback').getByRole('button', { name: 'Share Feedback' }).click();
  await expect(moved('feedback').getByRole('textbox', { name: 'Name' })).toHaveValue('Asha');
  await expect(moved('feedback').getByRole('textbox', { name: 'Feedback' })).toHaveValue('A draft worth keeping');

  // Gone for good: the call ends with the element.
  await page.evaluate(() => document.getElementById('shadow-host')!.shadowRoot!.getElementById('voice')!.remove());
  await expect.poll(client.log).toEqual(['start a', 'stop']);
});

test('the voice shell and the React view give the same accessible tree, at rest and connecting', async ({ page }) => {
  // The component's chunk waits for the test: what is on screen meanwhile is the shell.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/chunks\/VoiceDemo\.[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/examples/partner.html');
  const voice = page.locator('#voice');
  await expect(voice.getByRole('button')).toBeVisible();
  const shellIdle = await voice.ariaSnapshot();
  await voice.getByRole('button').click();
  await expect(voice.getByRole('status')).toHaveText('Connecting to AI agent...');
  const shellConnecting = await voice.ariaSnapshot();
  release();

  // Now React draws the same states: a client that never connects holds Connecting.
  await page.goto('/examples/partner.html');
  const loaded = page.waitForResponse(/\/chunks\/VoiceDemo\.[\w-]+\.js$/);
  await voice.hover();
  await loaded;
  await scripted(page, '#voice', 'react');
  await page.waitForTimeout(300);
  expect(await voice.ariaSnapshot()).toBe(shellIdle);
  await voice.getByRole('button').click();
  await expect(voice.getByRole('status')).toHaveText('Connecting to AI agent...');
  expect(await voice.ariaSnapshot()).toBe(shellConnecting);
});

import type { Page } from '@playwright/test';
import { STUB_ORIGIN } from '../support/ports';
import { events, expect, namespace, recordEvents, stubLog, test } from './fixtures';
import { patience } from '../support/slowdown.mjs';

const VOICE_EVENTS = ['ai-voice-demo-start', 'ai-voice-demo-end', 'ai-voice-demo-error'];
const IDLE = 'Click to experience our AI agent';
const CONNECTING = 'Connecting to AI agent...';
const ACTIVE = 'Click to end the call';
const SPEAKING = 'AI agent is speaking...';
const ERROR = 'Error connecting. Click to try again';

async function open(page: Page, path = '/examples/voice-demo.html') {
  await page.goto(path);
  await page.waitForFunction(() => customElements.get('ai-voice-demo'));
  await recordEvents(page, VOICE_EVENTS);
}

/** Gives an element a scripted client (the documented way to supply one); returns nothing. */
async function useScriptedClient(page: Page, id = 'voice') {
  await page.evaluate(async (elementId) => {
    const { createScriptedClient } = await import('/examples/scripted-client.js' as string);
    const w = window as unknown as { clients: Record<string, unknown> };
    w.clients ??= {};
    w.clients[elementId] = createScriptedClient();
    Object.assign(document.getElementById(elementId)!, { client: w.clients[elementId] });
  }, id);
}

async function emit(page: Page, event: string, arg?: unknown, id = 'voice') {
  // The widget listens from the moment it starts a call; an event before that is lost.
  await page.waitForFunction(
    (elementId) =>
      (window as unknown as { clients: Record<string, { calls: string[] }> }).clients[elementId]!.calls.length > 0,
    id,
  );
  await page.evaluate(
    ([elementId, name, value]) => {
      const client = (window as unknown as { clients: Record<string, { emit(n: string, ...a: unknown[]): void }> })
        .clients[elementId as string];
      if (value === undefined) client.emit(name as string);
      else client.emit(name as string, value);
    },
    [id, event, arg] as const,
  );
}

test.describe('<ai-voice-demo>', () => {
  test('invites the visitor, with an accessible button and an announced status', async ({ page }) => {
    await open(page);
    const voice = page.locator('#voice');
    await expect(voice.getByRole('status')).toHaveText(IDLE);
    await expect(voice.getByRole('status')).toHaveAttribute('aria-live', 'polite');
    await expect(voice.getByRole('button', { name: 'Start a voice call with our AI agent' })).toBeVisible();
  });

  test('shows Connecting at once while the SDK chunk loads, and a failed chunk ends in the error state', async ({
    page,
  }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/chunks/vapi-client.*.js', async (route) => {
      await held;
      await route.abort('failed');
    });
    await open(page);
    const voice = page.locator('#voice');
    await voice.getByRole('button').click();
    await expect(voice.getByRole('status')).toHaveText(CONNECTING);
    await expect(voice.locator('[part="spinner"]')).toBeVisible();
    await expect(voice.getByRole('button', { name: 'Cancel connecting' })).toBeVisible();
    release();
    await expect(voice.getByRole('status')).toHaveText(ERROR);
    expect((await events(page)).map((e) => e.type)).toEqual(['ai-voice-demo-error']);
  });

  test('without an assistant id: the spec error, and no request is sent', async ({ page }) => {
    const ns = namespace();
    await open(page);
    await page.evaluate((apiUrl) => {
      const el = document.createElement('ai-voice-demo');
      el.id = 'bare';
      el.setAttribute('public-key', 'pk_e2e');
      el.setAttribute('api-url', apiUrl);
      document.querySelector('.stage')!.append(el);
    }, `${STUB_ORIGIN}/vapi/${ns}`);
    const bare = page.locator('#bare');
    await bare.getByRole('button').click();
    await expect(bare.getByRole('status')).toHaveText(ERROR);
    expect(await events(page)).toEqual([
      {
        type: 'ai-voice-demo-error',
        detail: { message: 'Assistant or Squad must be provided.', code: 'not-configured' },
        target: 'bare',
      },
    ]);
    expect(await stubLog(ns)).toEqual([]);
  });

  test('calls the provider through the real SDK, and ends in the error state when Daily cannot load', async ({
    page,
    external,
  }) => {
    test.setTimeout(40_000);
    const ns = namespace();
    await open(page);
    const voice = page.locator('#voice');
    await voice.evaluate((el, apiUrl) => {
      el.setAttribute('public-key', 'pk_e2e');
      el.setAttribute('assistant-id', 'asst_e2e');
      el.setAttribute('api-url', apiUrl);
    }, `${STUB_ORIGIN}/vapi/${ns}`);
    await voice.getByRole('button').click();
    await expect(voice.getByRole('status')).toHaveText(CONNECTING);
    // Daily retries its bundle 3 times, 3 s apart, before the SDK gives up.
    await expect(voice.getByRole('status')).toHaveText(ERROR, { timeout: patience(25_000) });

    const [request] = (await stubLog(ns)).filter((r) => r.method === 'POST');
    expect(request.path).toBe(`/vapi/${ns}/call/web`);
    expect(request.headers.authorization).toBe('Bearer pk_e2e');
    expect(JSON.parse(request.body)).toMatchObject({ assistantId: 'asst_e2e' });
    expect(external.some((url) => new URL(url).hostname.endsWith('daily.co'))).toBe(true);
    const fired = await events(page);
    expect(fired.map((e) => e.type)).toEqual(['ai-voice-demo-error']);
  });

  test('a network failure reaching the provider ends in the error state', async ({ page }) => {
    await open(page);
    const voice = page.locator('#voice');
    await page.route('http://127.0.0.1:9/**', (route) => route.abort('connectionrefused'));
    await voice.evaluate((el) => el.setAttribute('api-url', 'http://127.0.0.1:9/unreachable'));
    await voice.getByRole('button').click();
    await expect(voice.getByRole('status')).toHaveText(ERROR);
  });

  test('walks a whole call with a scripted client: connected, speaking, the visitor speaks, hang up', async ({
    page,
  }) => {
    await open(page);
    await useScriptedClient(page);
    const voice = page.locator('#voice');
    const status = voice.getByRole('status');
    await voice.getByRole('button').click();
    await expect(status).toHaveText(CONNECTING);

    await emit(page, 'call-start');
    await expect(status).toHaveText(ACTIVE);
    await expect(voice.getByRole('button', { name: 'End the call' })).toBeVisible();

    await emit(page, 'speech-start');
    await expect(status).toHaveText(SPEAKING);
    await expect(voice.locator('button [data-icon="mic"]')).toBeVisible();
    await emit(page, 'volume-level', 0.5);
    await expect(voice.getByRole('meter', { name: 'Agent voice level' })).toHaveAttribute('aria-valuenow', '0.5');

    await emit(page, 'message', { type: 'speech-update', role: 'user', status: 'started' });
    await expect(status).toHaveText(ACTIVE);
    await emit(page, 'speech-start');
    await expect(status).toHaveText(SPEAKING);
    await emit(page, 'speech-end');
    await expect(status).toHaveText(ACTIVE);

    await voice.getByRole('button', { name: 'End the call' }).click();
    await expect(status).toHaveText(IDLE);
    expect((await events(page)).map((e) => e.type)).toEqual(['ai-voice-demo-start', 'ai-voice-demo-end']);
    expect(
      await page.evaluate(() => (window as unknown as { clients: { voice: { calls: string[] } } }).clients.voice.calls),
    ).toEqual(['your-assistant-id']);
  });

  test('a client error during a call resets to the error state and reports why', async ({ page }) => {
    await open(page);
    await useScriptedClient(page);
    const voice = page.locator('#voice');
    await voice.getByRole('button').click();
    await emit(page, 'call-start');
    await expect(voice.getByRole('status')).toHaveText(ACTIVE);
    await emit(page, 'error', { type: 'daily-error', error: { message: 'Meeting ended due to ejection' } });
    await expect(voice.getByRole('status')).toHaveText(ERROR);
    await expect(voice.getByRole('button', { name: 'Try the voice call again' })).toBeVisible();
    expect((await events(page)).at(-1)).toEqual({
      type: 'ai-voice-demo-error',
      detail: { message: 'Meeting ended due to ejection', code: 'provider' },
      target: 'voice',
    });
    // And the visitor can try again.
    await voice.getByRole('button').click();
    await expect(voice.getByRole('status')).toHaveText(CONNECTING);
  });

  test('one call per page: starting a second widget ends the first one', async ({ page }) => {
    await open(page, '/examples/multiple.html');
    await useScriptedClient(page, 'voice-a');
    await useScriptedClient(page, 'voice-b');
    const a = page.locator('#voice-a');
    const b = page.locator('#voice-b');
    await a.getByRole('button').click();
    await emit(page, 'call-start', undefined, 'voice-a');
    await expect(a.getByRole('status')).toHaveText(ACTIVE);
    await expect(b.getByRole('status')).toHaveText(IDLE);

    await b.getByRole('button').click();
    await expect(a.getByRole('status')).toHaveText(IDLE);
    await expect(b.getByRole('status')).toHaveText(CONNECTING);
    expect(await events(page)).toEqual([
      { type: 'ai-voice-demo-start', detail: {}, target: 'voice-a' },
      { type: 'ai-voice-demo-end', detail: {}, target: 'voice-a' },
    ]);
  });

  test('hovering the button prefetches the SDK; setting properties fires no events', async ({ page }) => {
    await open(page);
    const voice = page.locator('#voice');
    const chunk = page.waitForRequest(/chunks\/vapi-client\.[\w-]+\.js$/);
    await voice.getByRole('button').hover();
    await chunk;
    await voice.evaluate((el) => {
      el.setAttribute('assistant-id', 'another');
      Object.assign(el, { publicKey: 'changed' });
    });
    await expect(voice.getByRole('status')).toHaveText(IDLE);
    expect(await events(page)).toEqual([]);
  });
});

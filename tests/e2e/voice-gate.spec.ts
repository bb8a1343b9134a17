import type { Locator, Page } from '@playwright/test';
import { DEMO_SESSION_STORAGE_KEY } from '../../model/demo-session';
import { STUB_ORIGIN } from '../support/ports';
import { events, expect, namespace, pastUndo, recordEvents, stubLog, test } from './fixtures';

// `backend-url` (issue 46): a call or a typed conversation first asks `POST {backend-url}/voice/session`,
// here the local stub's gate (tests/support/stub-server.ts), and the provider is the local stub too.
const ERROR = 'Error connecting. Click to try again';

/**
 * The card of an example page set up against the stubs: `voice` (a call card) or `text` (a typed one), its gate
 * answering as `gate` says (ok, limit, budget), with `attributes` on top. Each test has its own namespace.
 */
async function openGated(
  page: Page,
  {
    card = 'voice',
    gate = 'ok',
    attributes = {},
  }: { card?: 'voice' | 'text'; gate?: string; attributes?: Record<string, string> } = {},
): Promise<{ ns: string; card: Locator }> {
  const ns = namespace();
  await page.goto(card === 'voice' ? '/examples/voice-demo.html' : '/examples/text-chat.html');
  await page.waitForFunction(() => customElements.get('ai-voice-demo'));
  await recordEvents(page, ['ai-voice-demo-start', 'ai-voice-demo-end', 'ai-voice-demo-error']);
  const element = page.locator(card === 'voice' ? '#voice' : '#chat');
  const set: Record<string, string> = {
    ...(card === 'voice'
      ? { 'public-key': 'pk_e2e', 'assistant-id': 'asst_e2e', 'api-url': `${STUB_ORIGIN}/vapi/${ns}` }
      : { 'api-url': `${STUB_ORIGIN}/chat/ok/${ns}` }),
    'backend-url': `${STUB_ORIGIN}/gate/${gate}/${ns}`,
    ...attributes,
  };
  await element.evaluate((el, extra) => {
    for (const [name, value] of Object.entries(extra)) el.setAttribute(name, value);
  }, set);
  return { ns, card: element };
}

/** Types `words` and waits for the whole answer: a press on the microphone during one is not taken. */
async function type(card: Locator, words: string) {
  const field = card.getByRole('textbox', { name: 'Message to the AI agent' });
  await field.fill(words);
  await field.press('Enter');
  await expect(card.getByRole('log', { name: 'Conversation' }).locator('.caption').last()).toHaveText(
    `Agent: Hello! You said: “${words}”.`,
  );
}

const paths = async (ns: string) => (await stubLog(ns)).map((r) => r.path);

test('a call asks the gate first, then the provider gets its token as the bearer and the demo id', async ({ page }) => {
  const { ns, card: voice } = await openGated(page);
  await voice.getByRole('button').click();
  await expect.poll(() => paths(ns)).toEqual([`/gate/ok/${ns}/voice/session`, `/vapi/${ns}/call/web`]);
  const [gate, call] = await stubLog(ns);
  expect(JSON.parse(gate.body)).toEqual({ assistantId: 'asst_e2e', mode: 'voice' });
  expect(call.headers.authorization).toBe(`Bearer token-${ns}`);
  expect(JSON.parse(call.body)).toMatchObject({
    assistantId: 'asst_e2e',
    assistantOverrides: { metadata: { demoSessionId: `demo-${ns}` }, maxDurationSeconds: 120 },
  });
  await voice.getByRole('button').click();
});

test('a press before React asks the gate and starts the call with its grant, React still held', async ({ page }) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  await page.route(/\/chunks\/react\.[\w-]+\.js$/, async (route) => {
    held = true;
    await released;
    await route.continue();
  });
  const { ns, card: voice } = await openGated(page);
  await voice.getByRole('button').click();
  await expect.poll(() => paths(ns)).toEqual([`/gate/ok/${ns}/voice/session`, `/vapi/${ns}/call/web`]);
  const call = (await stubLog(ns))[1];
  expect(call.headers.authorization).toBe(`Bearer token-${ns}`);
  expect(JSON.parse(call.body)).toMatchObject({ assistantOverrides: { metadata: { demoSessionId: `demo-${ns}` } } });
  expect(held).toBe(true);
  release();
  await voice.getByRole('button', { name: 'Cancel connecting' }).click();
});

test('a refusal is said in words with the way on, and nothing reaches the provider', async ({ page }) => {
  const { ns, card: voice } = await openGated(page, { gate: 'budget', attributes: { 'fallback-href': '/call-me' } });
  await voice.getByRole('button').click();
  await expect(voice.getByRole('status')).toHaveText(ERROR);
  await expect(voice.locator('[part="reason"]')).toHaveText('The demo is busy today. Ask for a call instead.');
  await expect(voice.getByRole('link', { name: 'Ask for a call to your phone instead' })).toHaveAttribute(
    'href',
    '/call-me',
  );
  expect((await events(page)).map((e) => (e.detail as { code?: string }).code)).toEqual(['demo-budget']);
  expect(await paths(ns)).toEqual([`/gate/budget/${ns}/voice/session`]);
});

test('without backend-url, or with a page of its own client, nothing asks the gate', async ({ page }) => {
  const { ns, card: voice } = await openGated(page);
  await voice.evaluate((el) => el.removeAttribute('backend-url'));
  await voice.getByRole('button').click();
  await expect.poll(() => paths(ns)).toEqual([`/vapi/${ns}/call/web`]);
  expect((await stubLog(ns))[0].headers.authorization).toBe('Bearer pk_e2e');
  await voice.getByRole('button').click();

  const other = namespace();
  await voice.evaluate(async (el, url) => {
    const { createScriptedClient } = await import('/examples/scripted-client.js' as string);
    const client = createScriptedClient();
    (window as unknown as { client: unknown }).client = client;
    el.setAttribute('backend-url', url);
    Object.assign(el, { client });
  }, `${STUB_ORIGIN}/gate/ok/${other}`);
  await voice.getByRole('button').click();
  await page.waitForFunction(() => (window as unknown as { client: { calls: string[] } }).client.calls.length > 0);
  expect(await stubLog(other)).toEqual([]);
});

test('a typed conversation asks the gate once, and its chat keeps the public key and its own session', async ({
  page,
}) => {
  const { ns, card: chat } = await openGated(page, { card: 'text' });
  await type(chat, 'Do you open on Sunday?');
  await type(chat, 'And Monday?');

  const recorded = await stubLog(ns);
  expect(recorded.map((r) => r.path)).toEqual([
    `/gate/ok/${ns}/voice/session`,
    `/chat/ok/${ns}/chat/web`,
    `/chat/ok/${ns}/chat/web`,
  ]);
  expect(JSON.parse(recorded[0].body)).toEqual({ assistantId: 'your-assistant-id', mode: 'text' });
  for (const turn of recorded.slice(1)) {
    expect(turn.headers.authorization).toBe('Bearer your-public-key');
    // The demo's id goes only as a variable value, for the provider's session.* messages; never as `sessionId`.
    const body = JSON.parse(turn.body);
    expect(body.sessionId).not.toBe(`demo-${ns}`);
    expect(body.assistantOverrides).toEqual({ variableValues: { demoSessionId: `demo-${ns}` } });
  }
  // The demo's id is kept with the conversation, for its later calls and reloads.
  const saved = await page.evaluate(() => Object.values(sessionStorage).join('\n'));
  expect(saved).toContain(`demo-${ns}`);
});

test('a typed turn refused for now says when to try again, with the way on, and the words go back to the field', async ({
  page,
}) => {
  const { ns, card: chat } = await openGated(page, {
    card: 'text',
    gate: 'limit',
    attributes: { 'fallback-href': '/call-me' },
  });
  const field = chat.getByRole('textbox', { name: 'Message to the AI agent' });
  await field.fill('Do you open on Sunday?');
  await field.press('Enter');
  await expect(chat.locator('[part="problem"]')).toHaveText('The demo is busy right now. Try again in 5 minutes.');
  await expect(chat.getByRole('link', { name: 'Ask for a call to your phone instead' })).toHaveAttribute(
    'href',
    '/call-me',
  );
  await expect(field).toHaveValue('Do you open on Sunday?');
  expect(await paths(ns)).toEqual([`/gate/limit/${ns}/voice/session`]);
});

test('a hybrid conversation is one demo: the call after typed turns asks with its id, and End tells the service', async ({
  page,
}) => {
  const { ns, card } = await openGated(page, { attributes: { mode: 'hybrid', 'agent-id': 'receptionist' } });
  await card.evaluate((el, api) => el.setAttribute('api-url', api), `${STUB_ORIGIN}/chat/ok/${namespace()}`);
  await type(card, 'Do you open on Sunday?');
  // The granted id is left in the tab for a lead asked for afterwards.
  expect(await page.evaluate((key) => sessionStorage.getItem(key), DEMO_SESSION_STORAGE_KEY)).toBe(`demo-${ns}`);
  await card.evaluate((el, api) => el.setAttribute('api-url', api), `${STUB_ORIGIN}/vapi/${ns}`);
  await card.getByRole('button', { name: /Start a voice call/ }).click();
  await expect
    .poll(() => paths(ns))
    .toEqual([`/gate/ok/${ns}/voice/session`, `/gate/ok/${ns}/voice/session`, `/vapi/${ns}/call/web`]);
  const [chatAsk, callAsk, call] = await stubLog(ns);
  expect(JSON.parse(chatAsk.body)).toEqual({ assistantId: 'asst_e2e', agentId: 'receptionist', mode: 'text' });
  expect(JSON.parse(callAsk.body)).toEqual({
    assistantId: 'asst_e2e',
    agentId: 'receptionist',
    mode: 'voice',
    demoSessionId: `demo-${ns}`,
  });
  expect(JSON.parse(call.body)).toMatchObject({ assistantOverrides: { metadata: { demoSessionId: `demo-${ns}` } } });
  await card.getByRole('button', { name: 'Cancel connecting' }).click();
  await card.getByRole('button', { name: 'End', exact: true }).click();
  await expect.poll(() => paths(ns), pastUndo()).toContain(`/gate/ok/${ns}/voice/session/end`);
  const end = (await stubLog(ns)).find((r) => r.path.endsWith('/end'))!;
  expect(JSON.parse(end.body)).toEqual({
    demoSessionId: `demo-${ns}`,
    transcript: expect.stringContaining('User: Do you open on Sunday?'),
  });
});

test('a tab that goes away ends its demo for the service (keepalive on pagehide)', async ({ page }) => {
  const { ns, card } = await openGated(page, { card: 'text' });
  await type(card, 'Do you open on Sunday?');
  await page.goto('/examples/');
  await expect.poll(() => paths(ns)).toContain(`/gate/ok/${ns}/voice/session/end`);
  const ends = (await stubLog(ns)).filter((r) => r.path.endsWith('/end'));
  // Once: the page going away ends it a single time.
  expect(ends).toHaveLength(1);
  expect(JSON.parse(ends[0]!.body)).toMatchObject({ demoSessionId: `demo-${ns}` });
});

/** A stand-in for Turnstile's api.js: records how it is rendered, and hands out pass-1, pass-2… on each execute. */
const FAKE_TURNSTILE = `
window.__turnstile = { renders: [], executes: 0 };
window.turnstile = {
  render(el, options) {
    // A check that needs the visitor: the box Turnstile would show (interaction-only shows nothing otherwise).
    if (window.__interactive) el.innerHTML = '<div style="width:300px;height:65px;border:1px solid #999;display:flex;align-items:center;padding:0 12px;box-sizing:border-box">Verify you are human (fake)</div>';
    window.__turnstile.renders.push({ inLightDom: !(el.getRootNode() instanceof ShadowRoot), slot: el.slot,
      sitekey: options.sitekey, appearance: options.appearance, execution: options.execution });
    this.options = options;
    return 'w1';
  },
  execute() { const n = ++window.__turnstile.executes; setTimeout(() => this.options.callback('pass-' + n), 10); },
  reset() {},
  remove() {},
};`;

test.describe('with turnstile-site-key', () => {
  // Our pages' CSP allows no script from Cloudflare: a host using Turnstile must allow it (script-src and frame-src).
  test.use({ bypassCSP: true });

  test('loads Turnstile only when a demo starts, runs it on demand, and sends a fresh token with each ask', async ({
    page,
  }) => {
    const scripts: string[] = [];
    await page.route('https://challenges.cloudflare.com/**', (route) => {
      scripts.push(route.request().url());
      return route.fulfill({ contentType: 'text/javascript', body: FAKE_TURNSTILE });
    });
    const { ns, card } = await openGated(page, {
      attributes: { mode: 'hybrid', 'turnstile-site-key': '1x00000000000000000000AA' },
    });
    await card.evaluate((el, api) => el.setAttribute('api-url', api), `${STUB_ORIGIN}/chat/ok/${namespace()}`);
    await card.getByRole('textbox', { name: 'Message to the AI agent' }).focus();
    expect(scripts).toEqual([]);
    await type(card, 'Do you open on Sunday?');
    expect(scripts).toEqual(['https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit']);
    await card.evaluate((el, api) => el.setAttribute('api-url', api), `${STUB_ORIGIN}/vapi/${ns}`);
    await card.getByRole('button', { name: /Start a voice call/ }).click();
    await expect
      .poll(() => paths(ns))
      .toEqual([`/gate/ok/${ns}/voice/session`, `/gate/ok/${ns}/voice/session`, `/vapi/${ns}/call/web`]);
    const asks = (await stubLog(ns)).slice(0, 2).map((r) => JSON.parse(r.body).turnstileToken);
    expect(asks).toEqual(['pass-1', 'pass-2']);
    expect(
      await page.evaluate(() => (window as unknown as { __turnstile: { renders: unknown[] } }).__turnstile.renders),
    ).toEqual([
      {
        inLightDom: true,
        slot: 'challenge',
        sitekey: '1x00000000000000000000AA',
        appearance: 'interaction-only',
        execution: 'execute',
      },
    ]);
    // Shown through the card's slot, should the check need the visitor.
    expect(await card.evaluate((el) => !!el.shadowRoot?.querySelector('slot[name="challenge"]'))).toBe(true);
    expect(scripts).toHaveLength(1);
    await card.getByRole('button', { name: 'Cancel connecting' }).click();
  });

  test('a check that needs the visitor shows under the card, at 390 and 1280 px', async ({ page }, testInfo) => {
    await page.route('https://challenges.cloudflare.com/**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: FAKE_TURNSTILE }),
    );
    const { card } = await openGated(page, {
      card: 'text',
      attributes: { 'turnstile-site-key': '1x00000000000000000000AA' },
    });
    await page.evaluate(() => ((window as unknown as { __interactive: boolean }).__interactive = true));
    await type(card, 'Do you open on Sunday?');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(card.getByText('Verify you are human (fake)')).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`challenge-${width}.png`), fullPage: false });
    }
  });
});

import type { Page } from '@playwright/test';
import { STUB_ORIGIN } from '../support/ports';
import { events, expect, namespace, recordEvents, stubLog, test } from './fixtures';

// `backend-url` (issue 46): a call or a typed conversation first asks `POST {backend-url}/voice/session`,
// here the local stub's gate (tests/support/stub-server.ts), and the provider is the local stub too.
const ERROR = 'Error connecting. Click to try again';

async function openVoice(page: Page, attributes: Record<string, string>) {
  await page.goto('/examples/voice-demo.html');
  await page.waitForFunction(() => customElements.get('ai-voice-demo'));
  await recordEvents(page, ['ai-voice-demo-start', 'ai-voice-demo-end', 'ai-voice-demo-error']);
  const voice = page.locator('#voice');
  await voice.evaluate((el, extra) => {
    for (const [name, value] of Object.entries(extra)) el.setAttribute(name, value);
  }, attributes);
  return voice;
}

const paths = async (ns: string) => (await stubLog(ns)).map((r) => r.path);

test('a call asks the gate first, then the provider gets its token as the bearer and the demo id', async ({ page }) => {
  const ns = namespace();
  const voice = await openVoice(page, {
    'public-key': 'pk_e2e',
    'assistant-id': 'asst_e2e',
    'api-url': `${STUB_ORIGIN}/vapi/${ns}`,
    'backend-url': `${STUB_ORIGIN}/gate/ok/${ns}`,
  });
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
  const ns = namespace();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  await page.route(/\/chunks\/react\.[\w-]+\.js$/, async (route) => {
    held = true;
    await released;
    await route.continue();
  });
  const voice = await openVoice(page, {
    'public-key': 'pk_e2e',
    'assistant-id': 'asst_e2e',
    'api-url': `${STUB_ORIGIN}/vapi/${ns}`,
    'backend-url': `${STUB_ORIGIN}/gate/ok/${ns}`,
  });
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
  const ns = namespace();
  const voice = await openVoice(page, {
    'public-key': 'pk_e2e',
    'assistant-id': 'asst_e2e',
    'api-url': `${STUB_ORIGIN}/vapi/${ns}`,
    'backend-url': `${STUB_ORIGIN}/gate/budget/${ns}`,
    'fallback-href': '/call-me',
  });
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
  const ns = namespace();
  const voice = await openVoice(page, {
    'public-key': 'pk_e2e',
    'assistant-id': 'asst_e2e',
    'api-url': `${STUB_ORIGIN}/vapi/${ns}`,
  });
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
  const ns = namespace();
  await page.goto('/examples/text-chat.html');
  const chat = page.locator('#chat');
  await chat.evaluate(
    (el, [api, backend]) => {
      el.setAttribute('api-url', api);
      el.setAttribute('backend-url', backend);
    },
    [`${STUB_ORIGIN}/chat/ok/${ns}`, `${STUB_ORIGIN}/gate/ok/${ns}`] as const,
  );
  const field = chat.getByRole('textbox', { name: 'Message to the AI agent' });
  const log = chat.getByRole('log', { name: 'Conversation' });
  await field.fill('Do you open on Sunday?');
  await field.press('Enter');
  await expect(log.locator('.caption').last()).toContainText('Do you open on Sunday?”');
  await field.fill('And Monday?');
  await field.press('Enter');
  await expect(log.locator('.caption').last()).toContainText('And Monday?”');

  const recorded = await stubLog(ns);
  expect(recorded.map((r) => r.path)).toEqual([
    `/gate/ok/${ns}/voice/session`,
    `/chat/ok/${ns}/chat/web`,
    `/chat/ok/${ns}/chat/web`,
  ]);
  expect(JSON.parse(recorded[0].body)).toEqual({ assistantId: 'your-assistant-id', mode: 'text' });
  for (const turn of recorded.slice(1)) {
    expect(turn.headers.authorization).toBe('Bearer your-public-key');
    expect(turn.body).not.toContain(`demo-${ns}`);
  }
  // The demo's id is kept with the conversation, for its later calls and reloads.
  const saved = await page.evaluate(() => Object.values(sessionStorage).join('\n'));
  expect(saved).toContain(`demo-${ns}`);
});

test('a typed turn refused for now says when to try again, with the way on, and the words go back to the field', async ({
  page,
}) => {
  const ns = namespace();
  await page.goto('/examples/text-chat.html');
  const chat = page.locator('#chat');
  await chat.evaluate(
    (el, [api, backend]) => {
      el.setAttribute('api-url', api);
      el.setAttribute('backend-url', backend);
      el.setAttribute('fallback-href', '/call-me');
    },
    [`${STUB_ORIGIN}/chat/ok/${ns}`, `${STUB_ORIGIN}/gate/limit/${ns}`] as const,
  );
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

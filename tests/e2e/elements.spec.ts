import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { consentWording as CONSENT } from './demo-request.form';

/** Loads the widgets' script into a page that created its elements first, as a framework may. */
async function loadScript(page: Page) {
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.src = '../dist/widgets/ai-widgets.js';
    document.head.append(script);
  });
  // The script defines the widgets the page holds.
  await page.waitForFunction(() =>
    ['ai-voice-demo', 'ai-feedback', 'ai-demo-request'].every(
      (tag) => !document.querySelector(tag) || !!customElements.get(tag),
    ),
  );
}

/** A scripted voice client for `selector`, kept on window so the test can drive and read it. */
async function scripted(page: Page, selector: string, name: string) {
  await page.evaluate(
    async ([sel, key]) => {
      const { createScriptedClient } = await import('/examples/scripted-client.js' as string);
      const client = createScriptedClient();
      const log: string[] = [];
      const { start, stop } = client;
      Object.assign(client, {
        start: (id: string) => (log.push(`start ${id}`), start(id)),
        stop: () => (log.push('stop'), stop()),
        log,
      });
      (window as unknown as Record<string, unknown>)[key] = client;
      Object.assign(document.querySelector(sel)!, { client });
    },
    [selector, name] as const,
  );
  return {
    emit: (event: string, value?: unknown) =>
      page.evaluate(
        ([key, e, v]) => (window as never as Record<string, { emit(e: string, v?: unknown): void }>)[key]!.emit(e, v),
        [name, event, value] as const,
      ),
    log: () => page.evaluate((key) => (window as never as Record<string, { log: string[] }>)[key]!.log, name),
  };
}

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
  await expect(consent).toHaveAccessibleName(CONSENT());
  await demo.evaluate((el) => el.setAttribute('brand-name', 'Acme'));
  await expect(consent).toHaveAccessibleName(CONSENT('Acme'));
  await demo.evaluate((el) => el.removeAttribute('brand-name'));
  await expect(consent).toHaveAccessibleName(CONSENT());
  await demo.evaluate((el) => el.setAttribute('brand-name', 'Zeta'));
  await expect(consent).toHaveAccessibleName(CONSENT('Zeta'));
  await demo.evaluate((el) => el.setAttribute('brand-name', ''));
  await expect(consent).toHaveAccessibleName(CONSENT());
  await demo.evaluate((el) => Object.assign(el, { brandName: 'Property' }));
  await expect(consent).toHaveAccessibleName(CONSENT('Property'));
  await demo.evaluate((el) => Object.assign(el, { brandName: '' }));
  await expect(consent).toHaveAccessibleName(CONSENT());
  expect(await demo.evaluate((el) => el.hasAttribute('brand-name'))).toBe(false);

  await page.goto('/examples/voice-demo.html');
  const voice = page.locator('#voice');
  await voice.evaluate((el) => el.setAttribute('captions', ''));
  await expect(voice.getByRole('log', { name: 'Live captions' })).toHaveCount(1);
  await voice.evaluate((el) => el.removeAttribute('captions'));
  await expect(voice.getByRole('log')).toHaveCount(0);
  // The older form works for a release, with a warning; the property reflects as a boolean attribute.
  const warnings: string[] = [];
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  await voice.evaluate((el) => el.setAttribute('captions', 'on'));
  await expect(voice.getByRole('log', { name: 'Live captions' })).toHaveCount(1);
  expect(warnings.join('\n')).toContain('captions="on" is deprecated');
  await voice.evaluate((el) => Object.assign(el, { captions: false }));
  await expect(voice.getByRole('log')).toHaveCount(0);
  expect(await voice.evaluate((el) => el.hasAttribute('captions'))).toBe(false);
  await voice.evaluate((el) => Object.assign(el, { connectTimeout: 7 }));
  await expect(voice).toHaveAttribute('connect-timeout', '7');
  expect(
    await voice.evaluate(
      (el) =>
        el.getAttribute('connect-timeout') === '7' &&
        (el as HTMLElementTagNameMap['ai-voice-demo']).connectTimeout === 7,
    ),
  ).toBe(true);
});

test("the script finds our tags in a page's components' shadow roots, nested or from the HTML, and loads no other widget", async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  // A page of components: one printed with a declarative shadow root that holds the voice demo, and one
  // whose script attaches a shadow root holding another component, whose own holds the feedback button.
  await page.route('**/examples/components.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>Components</title></head><body>
        <x-hero><template shadowrootmode="open"><ai-voice-demo simulate></ai-voice-demo></template></x-hero>
        <x-panel></x-panel>
        <script>
          const inner = document.createElement('x-card');
          inner.attachShadow({ mode: 'open' }).innerHTML = '<ai-feedback></ai-feedback>';
          document.querySelector('x-panel').attachShadow({ mode: 'open' }).append(inner);
        </script>
        <script src="../dist/widgets/ai-widgets.js" async></script>
      </body></html>`,
    }),
  );
  await page.goto('/examples/components.html');
  await expect(
    page.locator('x-panel x-card ai-feedback').getByRole('button', { name: 'Share Feedback' }),
  ).toBeVisible();
  await expect(page.locator('x-hero ai-voice-demo').getByRole('button', { name: /Start a voice call/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(
    await page.evaluate(() =>
      ['ai-voice-demo', 'ai-feedback', 'ai-demo-request'].map((tag) => !!customElements.get(tag)),
    ),
  ).toEqual([true, true, false]);
  expect(requested.filter((path) => /\/demo-request\.[\w-]+\.js$/.test(path))).toEqual([]);
});

test('a move keeps a feedback draft, the demo form entries and a live call, into another shadow root too', async ({
  page,
}) => {
  await page.goto('/examples/empty.html');
  await page.evaluate(() => {
    const stage = document.getElementById('stage')!;
    stage.innerHTML =
      '<ai-feedback id="feedback" backend-url="/api"></ai-feedback><ai-demo-request id="demo"></ai-demo-request><ai-voice-demo id="voice" assistant-id="a"></ai-voice-demo>';
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

test('methods: called before the code has loaded they wait for it, loaded they act, disconnected they do nothing', async ({
  page,
}) => {
  // Each component's chunk waits for the test: until then the elements show their shells.
  // One gate for all three, so a chunk asked for after it opens goes straight on.
  let held = 0;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  await page.route(/\/chunks\/(VoiceDemo|Feedback|DemoRequest)\.[\w-]+\.js$/, async (route) => {
    held++;
    await gate;
    await route.continue();
  });
  await page.goto('/examples/empty.html');
  await page.evaluate(() => {
    document.getElementById('stage')!.innerHTML =
      '<ai-feedback id="feedback"></ai-feedback><ai-voice-demo id="voice" assistant-id="a"></ai-voice-demo><ai-demo-request id="demo"></ai-demo-request>';
  });
  await loadScript(page);
  const client = await scripted(page, '#voice', 'methods');
  const call = <T>(id: string, method: string) =>
    page.evaluate(([i, m]) => (window as never as Record<string, Promise<T>>)[`${i}.${m}`], [id, method] as const);
  const begin = (id: string, method: string) =>
    page.evaluate(
      ([i, m]) => {
        const el = document.getElementById(i) as unknown as Record<string, () => Promise<unknown>>;
        (window as never as Record<string, Promise<string>>)[`${i}.${m}`] = Promise.resolve(el[m]!()).then(
          () => 'resolved',
          (e: Error) => `rejected: ${e.message}`,
        );
      },
      [id, method] as const,
    );

  // Before load.
  const voice = page.locator('#voice');
  const feedback = page.locator('#feedback');
  const demo = page.locator('#demo');
  await begin('feedback', 'open');
  await begin('voice', 'start');
  await begin('demo', 'reset');
  await expect(voice.getByRole('status')).toHaveText('Connecting to AI agent...');
  await expect.poll(client.log).toEqual(['start a']);
  await expect(feedback.getByRole('dialog')).toHaveCount(0);
  await expect.poll(() => held).toBeGreaterThan(0);
  open();
  await expect(feedback.getByRole('dialog', { name: 'Share Your Feedback' })).toBeVisible();
  expect(await call('feedback', 'open')).toBe('resolved');
  expect(await call('demo', 'reset')).toBe('resolved');
  await client.emit('call-start');
  expect(await call('voice', 'start')).toBe('resolved');
  await expect(voice.getByRole('status')).toHaveText('Click to end the call');

  // Loaded.
  await feedback.getByRole('textbox', { name: 'Name' }).fill('Asha');
  await feedback.evaluate((el) => (el as HTMLElementTagNameMap['ai-feedback']).close());
  await expect(feedback.getByRole('dialog')).toBeHidden();
  await feedback.evaluate((el) => (el as HTMLElementTagNameMap['ai-feedback']).open());
  await expect(feedback.getByRole('textbox', { name: 'Name' })).toHaveValue('Asha');
  await feedback.evaluate((el) => (el as HTMLElementTagNameMap['ai-feedback']).close());
  await voice.evaluate((el) => (el as HTMLElementTagNameMap['ai-voice-demo']).end());
  await expect.poll(client.log).toEqual(['start a', 'stop']);
  await expect(voice.getByRole('status')).toHaveText('Click to experience our AI agent');
  await begin('voice', 'start');
  await expect.poll(client.log).toEqual(['start a', 'stop', 'start a']);
  await client.emit('error', { error: { message: 'Assistant not found' } });
  expect(await call('voice', 'start')).toMatch(/^rejected: /);
  await demo.locator('label').filter({ hasText: 'AI Receptionist' }).click();
  await demo.getByRole('textbox', { name: 'Name' }).fill('Ravi Kumar');
  await demo.evaluate((el) => (el as HTMLElementTagNameMap['ai-demo-request']).reset());
  await expect(demo.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  await expect(demo.getByRole('radio', { name: 'AI Receptionist' })).not.toBeChecked();

  // Disconnected: nothing happens, nothing throws.
  await expect(voice.getByRole('status')).not.toHaveText('Connecting to AI agent...');
  const before = await client.log();
  const results = await page.evaluate(async () => {
    const [f, v, d] = ['feedback', 'voice', 'demo'].map(
      (id) =>
        document.getElementById(id) as never as HTMLElementTagNameMap['ai-feedback'] &
          HTMLElementTagNameMap['ai-voice-demo'] &
          HTMLElementTagNameMap['ai-demo-request'],
    );
    for (const el of [f, v, d]) el!.remove();
    f!.close();
    v!.end();
    return Promise.all([f!.open(), v!.start(), d!.reset()]).then((all) => all.map(String));
  });
  expect(results).toEqual(['undefined', 'undefined', 'undefined']);
  expect(await client.log()).toEqual(before);
});

test('the atomic move (moveBefore) keeps a live call without a disconnect', async ({ page }) => {
  await page.goto('/examples/empty.html');
  await page.evaluate(
    () => (document.getElementById('stage')!.innerHTML = '<ai-voice-demo id="voice" assistant-id="a"></ai-voice-demo>'),
  );
  await loadScript(page);
  const client = await scripted(page, '#voice', 'atomic');
  const voice = page.locator('#voice');
  await voice.evaluate((el) => void (el as HTMLElementTagNameMap['ai-voice-demo']).start());
  await client.emit('call-start');
  await expect(voice.getByRole('status')).toHaveText('Click to end the call');
  const callbacks = await page.evaluate(() => {
    // The registry takes an element's callbacks from its class: a subclass records the ones it inherits.
    const seen: string[] = [];
    const Voice = customElements.get('ai-voice-demo') as unknown as { new (): HTMLElement };
    const { connectedCallback, disconnectedCallback } = Voice.prototype as unknown as Record<
      string,
      (this: HTMLElement) => void
    >;
    customElements.define(
      'probe-voice',
      class extends Voice {
        connectedCallback() {
          seen.push('connected');
          connectedCallback!.call(this);
        }
        disconnectedCallback() {
          seen.push('disconnected');
          disconnectedCallback!.call(this);
        }
      },
    );
    const probe = document.createElement('probe-voice');
    document.getElementById('stage')!.append(probe);
    seen.length = 0;
    const target = document.getElementById('elsewhere')! as HTMLElement & {
      moveBefore(node: Node, child: Node | null): void;
    };
    target.moveBefore(probe, null);
    target.moveBefore(document.getElementById('voice')!, null);
    return seen;
  });
  expect(callbacks).toEqual([]);
  await expect(page.locator('#elsewhere #voice').getByRole('status')).toHaveText('Click to end the call');
  expect(await client.log()).toEqual(['start a']);
});

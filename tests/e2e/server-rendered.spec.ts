import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { Page, Route } from '@playwright/test';
import { PNG } from 'pngjs';
import { demoForm } from './demo-request.form';
import { cspViolations, expect, test } from './fixtures';
import type { WidgetTag } from '../../widgets/entries/ssr';
import { patience } from '../support/slowdown.mjs';

// The built entry, as a package user gets it (its CSS inlined); typed by its source.
const BUILT = '../../dist/widgets/ssr.js';
const { renderElement } = (await import(BUILT)) as typeof import('../../widgets/entries/ssr');

type Widget = [tag: WidgetTag, attributes: Record<string, string | boolean>];

/**
 * A page built from renderElement, served at `/ssr/page.html`, as docs/embedding.md says: the inline
 * script after each widget brings ours once the page has painted (`inline`), or the page's own
 * `<script async>` tag (`tag`).
 */
async function serve(
  page: Page,
  widgets: Widget[],
  lang = 'en',
  { how = 'inline', before = '' }: { how?: 'inline' | 'tag'; before?: string } = {},
) {
  const script = '/dist/widgets/ai-widgets.js';
  const body = widgets
    .map(([tag, attributes]) => renderElement(tag, attributes, { lang, script: how === 'inline' ? script : undefined }))
    .join('\n');
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Server-rendered</title>
${how === 'tag' ? `<script src="${script}" async></script>` : ''}</head><body><h1>A landing page</h1>${before}${body}<p id="below">Below the widgets.</p></body></html>`;
  await page.route('**/ssr/page.html', (route) => route.fulfill({ contentType: 'text/html', body: html }));
}

/** Holds our script tag's file until `release()`: the page is only its HTML meanwhile. */
async function holdScript(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/dist/widgets/ai-widgets.js', async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Every layout shift the page has had, summed (CLS without the session windows: stricter). */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) =>
      list.getEntries().forEach((entry) => (w.__shift += (entry as unknown as { value: number }).value)),
    ).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __shift: number }).__shift);
}

/** Pixels that differ by more than anti-aliasing does (the same size asserted). */
function differentPixels(a: Buffer, b: Buffer): number {
  const [one, two] = [PNG.sync.read(a), PNG.sync.read(b)];
  expect([one.width, one.height]).toEqual([two.width, two.height]);
  let count = 0;
  for (let i = 0; i < one.data.length; i += 4)
    if ([0, 1, 2].some((c) => Math.abs(one.data[i + c]! - two.data[i + c]!) > 24)) count++;
  return count;
}

const defined = (page: Page, tag: string) => page.evaluate((name) => !!customElements.get(name), tag);

test.describe('a page whose HTML holds the widgets drawn (renderElement)', () => {
  test('shows the form before our script, keeps the name typed at 40 ms a key and the agent chosen across the hand-over, with no shift', async ({
    page,
  }) => {
    const release = await holdScript(page);
    const shifts = await watchShifts(page);
    await serve(page, [['ai-demo-request', { id: 'demo', 'default-country': 'IN' }]]);
    await page.goto('/ssr/page.html', { waitUntil: 'commit' });
    const form = demoForm(page, 'demo');
    await expect(form.radios).toHaveCount(4);
    await expect(form.root.getByRole('textbox', { name: 'Phone Number', exact: true })).toHaveValue('+91');
    expect(await defined(page, 'ai-demo-request')).toBe(false);
    const below = await page.locator('#below').boundingBox();
    await form.card('AI Real-Estate Cold Caller').click();
    await form.name.click();
    await form.name.pressSequentially('Asha', { delay: 40 });
    // Our script arrives while the visitor types.
    const typing = form.name.pressSequentially(' Rao', { delay: 40 });
    release();
    await typing;
    await expect.poll(() => defined(page, 'ai-demo-request')).toBe(true);
    // React is in (only its cards show the Selected marker), and has what was done before it.
    await expect(form.selectedMarkers).toHaveCount(1, { timeout: patience(15_000) });
    await expect(form.name).toHaveValue('Asha Rao');
    await expect(form.name).toBeFocused();
    await expect(form.radio('AI Real-Estate Cold Caller')).toBeChecked();
    await expect(form.submit).toHaveAccessibleDescription(
      'To get a call, verify your phone number and tick the consent box.',
    );
    expect(await page.locator('#below').boundingBox()).toEqual(below);
    expect(await shifts()).toBe(0);
  });

  test('adopts what the HTML drew: the same nodes, no second draw (the page with our script tag async)', async ({
    page,
  }) => {
    await serve(
      page,
      [
        ['ai-demo-request', { id: 'demo' }],
        ['ai-voice-demo', { id: 'voice' }],
      ],
      'en',
      { how: 'tag' },
    );
    await page.addInitScript(() => {
      // Tags the nodes the HTML drew; a redraw would make new ones.
      addEventListener('DOMContentLoaded', () =>
        document
          .querySelectorAll('ai-demo-request, ai-voice-demo')
          .forEach((el) =>
            el
              .shadowRoot!.querySelectorAll('*')
              .forEach((node) => ((node as unknown as { __html: boolean }).__html = true)),
          ),
      );
    });
    await page.goto('/ssr/page.html');
    await expect.poll(() => defined(page, 'ai-voice-demo')).toBe(true);
    const fresh = await page.evaluate(() =>
      [...document.querySelectorAll('ai-demo-request, ai-voice-demo')].flatMap((el) =>
        [...el.shadowRoot!.querySelectorAll('*')]
          .filter((node) => !(node as unknown as { __html?: boolean }).__html)
          .map((node) => node.localName),
      ),
    );
    expect(fresh).toEqual([]);
  });

  test('our script is asked for only once the page has loaded and painted its largest element, then comes by itself', async ({
    page,
  }) => {
    const hero = '<img id="hero" src="/og-image.jpg" width="400" height="640" alt="A hero image">';
    await serve(
      page,
      [
        ['ai-demo-request', { id: 'demo' }],
        ['ai-feedback', { id: 'feedback' }],
      ],
      'en',
      { before: hero },
    );
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number };
      w.__lcp = 0;
      new PerformanceObserver((list) =>
        list.getEntries().forEach((entry) => (w.__lcp = Math.max(w.__lcp, entry.startTime))),
      ).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto('/ssr/page.html');
    // Nobody touches the page: the widgets still become live.
    await expect.poll(() => defined(page, 'ai-demo-request'), { timeout: patience(15_000) }).toBe(true);
    const times = await page.evaluate(() => ({
      requested: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('/ai-widgets.js'))
        .map((entry) => entry.startTime),
      loaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
      largestPaint: (window as unknown as { __lcp: number }).__lcp,
    }));
    expect(times.requested).toHaveLength(1);
    expect(times.largestPaint).toBeGreaterThan(0);
    expect(times.requested[0]).toBeGreaterThan(times.loaded);
    expect(times.requested[0]).toBeGreaterThan(times.largestPaint);
  });

  test('a click on the voice button or the feedback trigger before our script is answered when it arrives', async ({
    page,
  }) => {
    const release = await holdScript(page);
    await serve(page, [
      ['ai-voice-demo', { id: 'voice', 'public-key': 'pk', 'assistant-id': 'a', 'api-url': 'http://127.0.0.1:9' }],
      ['ai-feedback', { id: 'feedback', 'backend-url': '/api' }],
    ]);
    await page.goto('/ssr/page.html', { waitUntil: 'commit' });
    await page.locator('#feedback').getByRole('button', { name: 'Share Feedback' }).click();
    await page.locator('#voice').getByRole('button', { name: 'Start a voice call with our AI agent' }).click();
    release();
    await expect(page.locator('#feedback').getByRole('dialog')).toBeVisible({ timeout: patience(15_000) });
    await expect(page.locator('#voice').getByRole('status').first()).not.toHaveText(
      'Click to experience our AI agent',
      { timeout: patience(15_000) },
    );
  });

  // A press made before our script, answered when it arrives; then the widget closed and opened again, as a
  // person would, at once (on a busy page a key can come before the dialog's close event: it must not be lost).
  for (const how of ['mouse', 'keyboard'] as const)
    test(`the feedback button pressed (${how}) before our script opens the form, and after Escape opens it again`, async ({
      page,
    }) => {
      const release = await holdScript(page);
      await serve(page, [['ai-feedback', { id: 'feedback', 'backend-url': '/api' }]]);
      await page.goto('/ssr/page.html', { waitUntil: 'commit' });
      const trigger = page.locator('#feedback').getByRole('button', { name: 'Share Feedback' });
      const dialog = page.locator('#feedback').getByRole('dialog');
      const press = async () => {
        if (how === 'mouse') return trigger.click();
        await expect(trigger).toBeFocused();
        await page.keyboard.press('Enter');
      };
      if (how === 'keyboard') await trigger.focus();
      await press();
      expect(await defined(page, 'ai-feedback')).toBe(false);
      release();
      await expect(dialog).toBeVisible({ timeout: patience(15_000) });
      await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
      for (let round = 0; round < 2; round++) {
        await page.keyboard.press('Escape');
        // The next press straight after: no waiting for the page to settle.
        if (how === 'keyboard') await page.keyboard.press('Enter');
        else await trigger.click();
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
      }
    });

  test('the voice button pressed before our script starts the call; ended, it starts another', async ({ page }) => {
    const release = await holdScript(page);
    await serve(page, [['ai-voice-demo', { id: 'voice', 'assistant-id': 'a' }]]);
    await page.goto('/ssr/page.html', { waitUntil: 'commit' });
    const voice = page.locator('#voice');
    const button = voice.getByRole('button', { name: 'Start a voice call with our AI agent' });
    await expect(button).toBeVisible();
    // The documented way to bring a call without the provider, set before the tag is defined (taken over at upgrade).
    await page.evaluate(async () => {
      const { createScriptedClient } = await import('/examples/scripted-client.js' as string);
      const client = createScriptedClient();
      Object.assign(window, { scripted: client });
      Object.assign(document.querySelector('#voice')!, { client });
    });
    const emit = (event: string) =>
      page.evaluate((e) => (window as unknown as { scripted: { emit(e: string): void } }).scripted.emit(e), event);
    await button.click();
    expect(await defined(page, 'ai-voice-demo')).toBe(false);
    release();
    await expect(voice.getByRole('status')).toHaveText('Connecting to AI agent...', { timeout: patience(15_000) });
    await expect
      .poll(async () => (await emit('call-start'), voice.getByRole('status').textContent()), {
        timeout: patience(15_000),
      })
      .toBe('Click to end the call');
    await voice.getByRole('button').first().click();
    await emit('call-end');
    await expect(voice.getByRole('status')).toHaveText('Click to experience our AI agent');
    await voice.getByRole('button').first().click();
    await expect(voice.getByRole('status')).toHaveText('Connecting to AI agent...');
  });

  test('words typed in the text field before our script are kept; Enter pressed then sends them once it arrives', async ({
    page,
  }) => {
    const release = await holdScript(page);
    // The provider's web chat, answered by the test: one streamed answer, its session, [DONE].
    const asked: { input: unknown; sessionId?: string }[] = [];
    await page.route('https://chat.provider.test/chat/web', async (route) => {
      asked.push(route.request().postDataJSON());
      const piece = (delta: string) =>
        `data: ${JSON.stringify({ id: 'm1', sessionId: 's1', path: 'chat.output[0].content', delta })}\n\n`;
      await route.fulfill({
        contentType: 'text/event-stream',
        body: `${piece('We open ')}${piece('at nine.')}data: [DONE]\n\n`,
      });
    });
    const attributes = {
      mode: 'text',
      'public-key': 'pk',
      'assistant-id': 'a',
      'api-url': 'https://chat.provider.test',
    };
    await serve(page, [
      ['ai-voice-demo', { id: 'sent', ...attributes }],
      ['ai-voice-demo', { id: 'kept', ...attributes, 'assistant-id': 'b' }],
    ]);
    await page.goto('/ssr/page.html', { waitUntil: 'commit' });
    const sent = page.locator('#sent').getByRole('textbox', { name: 'Message to the AI agent' });
    const kept = page.locator('#kept').getByRole('textbox', { name: 'Message to the AI agent' });
    await sent.pressSequentially('Do you open on Sunday?', { delay: 20 });
    await sent.press('Enter');
    await kept.pressSequentially('Half-written', { delay: 20 });
    expect(await defined(page, 'ai-voice-demo')).toBe(false);
    // Enter before our script is a press of Send, not a new line: the words wait in the field.
    await expect(sent).toHaveValue('Do you open on Sunday?');
    release();
    const log = page.locator('#sent').getByRole('log');
    await expect(log.locator('.caption')).toHaveText(['You: Do you open on Sunday?', 'Agent: We open at nine.'], {
      timeout: patience(15_000),
    });
    await expect(sent).toHaveValue('');
    expect(asked).toEqual([expect.objectContaining({ input: 'Do you open on Sunday?', assistantId: 'a' })]);
    // The other field was only typed in: its words and caret are there to go on with, and nothing was sent for it.
    await expect(kept).toHaveValue('Half-written');
    await expect(kept).toBeFocused();
    await kept.pressSequentially(' now', { delay: 20 });
    await expect(kept).toHaveValue('Half-written now');
    expect(asked).toHaveLength(1);
  });

  test('an agent picked before our script can be changed after it', async ({ page }) => {
    const release = await holdScript(page);
    await serve(page, [['ai-demo-request', { id: 'demo', 'default-country': 'IN' }]]);
    await page.goto('/ssr/page.html', { waitUntil: 'commit' });
    const form = demoForm(page, 'demo');
    await form.card('AI Receptionist').click();
    release();
    await expect(form.selectedMarkers).toHaveCount(1, { timeout: patience(15_000) });
    await expect(form.radio('AI Receptionist')).toBeChecked();
    await form.card('AI Real-Estate Cold Caller').click();
    await expect(form.radio('AI Real-Estate Cold Caller')).toBeChecked();
    await expect(form.radio('AI Receptionist')).not.toBeChecked();
    await form.card('AI Receptionist').click();
    await expect(form.radio('AI Receptionist')).toBeChecked();
  });

  test('an older version of the HTML is drawn again by the newer script', async ({ page }) => {
    const release = await holdScript(page);
    await serve(page, [['ai-feedback', { id: 'feedback' }]]);
    await page.goto('/ssr/page.html', { waitUntil: 'commit' });
    const trigger = page.locator('#feedback').getByRole('button');
    await expect(trigger).toHaveText('Share Feedback');
    await page.evaluate(() => {
      const root = document.querySelector('ai-feedback')!.shadowRoot!;
      root.querySelector('style')!.setAttribute('data-ai-widgets-ssr', '0.0.1');
      root.querySelector('button')!.append(' (printed by 0.0.1)');
    });
    release();
    await expect(trigger).toHaveText('Share Feedback', { timeout: patience(15_000) });
    await expect(trigger).toHaveCount(1);
  });
});

test.describe('the server-rendered first paint looks as the live element does', () => {
  const ALL: Widget[] = [
    ['ai-voice-demo', { id: 'voice', 'public-key': 'pk', 'assistant-id': 'a', captions: true }],
    ['ai-feedback', { id: 'feedback', 'backend-url': '/api' }],
    ['ai-demo-request', { id: 'demo', 'default-country': 'IN' }],
  ];
  for (const lang of ['en', 'hi'])
    for (const width of [320, 390, 1280])
      test(`at ${width} px in ${lang === 'en' ? 'English' : 'Hindi'}`, async ({ page }, info) => {
        await page.setViewportSize({ width, height: 900 });
        // The HTML alone: our script never comes.
        await page.route('**/dist/widgets/ai-widgets.js', (route) => route.abort());
        await serve(page, ALL, lang);
        await page.goto('/ssr/page.html');
        const printed = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
        // The bare tags, drawn by our script.
        await page.unroute('**/dist/widgets/ai-widgets.js');
        const bare = ALL.map(
          ([tag, attributes]) =>
            `<${tag}${Object.entries(attributes)
              .map(([k, v]) => (v === true ? ` ${k}` : ` ${k}="${v}"`))
              .join('')}></${tag}>`,
        ).join('\n');
        await page.route('**/ssr/live.html', (route) =>
          route.fulfill({
            contentType: 'text/html',
            body: `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Server-rendered</title><script src="/dist/widgets/ai-widgets.js"></script></head><body><h1>A landing page</h1>${bare}<p id="below">Below the widgets.</p></body></html>`,
          }),
        );
        await page.goto('/ssr/live.html');
        await expect.poll(() => defined(page, 'ai-demo-request')).toBe(true);
        const live = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
        // Kept beside the test's results, to look at.
        writeFileSync(info.outputPath(`printed-${lang}-${width}.png`), printed);
        writeFileSync(info.outputPath(`live-${lang}-${width}.png`), live);
        expect(differentPixels(printed, live)).toBeLessThanOrEqual(4);
      });
});

test.describe('our own site ships the widgets drawn in its prerendered HTML', () => {
  for (const [path, widgets] of [
    ['/', ['ai-voice-demo', 'ai-feedback']],
    ['/experience', ['ai-demo-request']],
  ] as const)
    test(`${path}: the widgets are there before any script, their styles allowed by the page's CSP`, async ({
      page,
    }) => {
      const violations = await cspViolations(page);
      // No script at all: what shows is the HTML alone.
      await page.route(/\.js$/, (route) => route.abort());
      await page.goto(path);
      for (const tag of widgets) {
        expect(await page.locator(tag).evaluate((el) => !!el.shadowRoot && !customElements.get(el.localName))).toBe(
          true,
        );
        // Styled: the printed <style> applied (a style refused by the CSP has no sheet).
        expect(
          await page.locator(tag).evaluate((el) => el.shadowRoot!.querySelector('style')?.sheet?.cssRules.length ?? 0),
        ).toBeGreaterThan(10);
      }
      if (path === '/')
        await expect(
          page.locator('ai-voice-demo').getByRole('button', { name: 'Start a voice call with our AI agent' }),
        ).toBeVisible();
      else
        await expect(page.locator('ai-demo-request').getByRole('textbox', { name: 'Name', exact: true })).toBeVisible();
      expect(violations).toEqual([]);
    });
});

test('npx ai-agent-widgets html prints what renderElement prints, and says what is wrong with a bad call', () => {
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, ['bin/ai-agent-widgets.mjs', ...args], { encoding: 'utf8' });
  expect(
    execFileSync(
      process.execPath,
      ['bin/ai-agent-widgets.mjs', 'html', 'ai-demo-request', '--default-country', 'IN', '--lang', 'hi'],
      { encoding: 'utf8' },
    ),
  ).toBe(`${renderElement('ai-demo-request', { 'default-country': 'IN' }, { lang: 'hi' })}\n`);
  expect(cli('html', 'ai-voice-demo', '--captions', '--public-key=pk').stdout).toBe(
    `${renderElement('ai-voice-demo', { captions: true, 'public-key': 'pk' })}\n`,
  );
  expect(cli('html', 'ai-feedback', '--script', 'https://example.test/w/ai-widgets.js').stdout).toBe(
    `${renderElement('ai-feedback', {}, { script: 'https://example.test/w/ai-widgets.js' })}\n`,
  );
  expect(renderElement('ai-feedback', {}, { script: 'https://example.test/w/ai-widgets.js' })).toContain(
    '<script data-src="https://example.test/w/ai-widgets.js">',
  );
  const unknown = cli('html', 'ai-chat');
  expect([unknown.status, unknown.stderr]).toEqual([
    1,
    expect.stringContaining('"ai-chat" is not one of our elements'),
  ]);
  expect(cli().status).toBe(1);
  expect(cli('html', 'ai-feedback', 'backend-url').stderr).toContain('"backend-url" is not an option');
});

import { events, expect, namespace, recordEvents, stubLog, test } from './fixtures';
import {
  BANNER,
  EVENTS,
  ODD,
  SAMPLE,
  THANKS,
  backend,
  consoleErrors,
  feedback,
  holdRequests,
  values,
  watchArrival,
} from './feedback-page';

test.describe('<ai-feedback> dialog', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/examples/feedback.html');
  });

  test('the trigger opens a modal dialog in the shadow root, focused on the name field', async ({ page }) => {
    const w = feedback(page, 'feedback');
    await expect(w.dialog).toBeHidden();
    await w.trigger.click();
    await expect(w.dialog).toBeVisible();
    await expect(w.name).toBeFocused();
    // Modal (not just open), and inside the element's own shadow root, not the page.
    expect(await w.host.evaluate((el) => el.shadowRoot?.querySelector('dialog')?.matches(':modal'))).toBe(true);
    expect(await page.evaluate(() => document.querySelectorAll('dialog').length)).toBe(0);
  });

  for (const how of ['Esc', 'the close (×) button'] as const) {
    test(`${how} closes the dialog and focus returns to the trigger`, async ({ page }) => {
      const w = feedback(page, 'feedback');
      await w.trigger.click();
      await expect(w.name).toBeFocused();
      if (how === 'Esc') await page.keyboard.press('Escape');
      else await w.closeX.click();
      await expect(w.dialog).toBeHidden();
      await expect(w.trigger).toBeFocused();
    });
  }

  test('slotted content replaces the trigger label', async ({ page }) => {
    const w = feedback(page, 'feedback-custom', 'Send us a note');
    // The default label stays in the shadow DOM as the slot's fallback, so check what renders.
    await expect(w.host.getByText('Send us a note')).toBeVisible();
    await expect(w.host.getByText('Share Feedback')).toBeHidden();
    await expect(w.host.getByRole('button', { name: 'Share Feedback' })).toHaveCount(0);
    await w.trigger.click();
    await expect(w.name).toBeFocused();
  });

  test('has required name, email (type=email) and Feedback fields: an empty one sends nothing', async ({ page }) => {
    const ns = namespace();
    const w = feedback(page, 'feedback');
    await w.useBackend(backend('ok', ns));
    await recordEvents(page, EVENTS);
    await w.trigger.click();
    await expect(w.email).toHaveAttribute('type', 'email');
    for (const field of [w.name, w.email, w.message]) await expect(field).toHaveAttribute('required', '');
    for (const blank of ['name', 'email', 'message'] as const) {
      await w.fill({ ...SAMPLE, [blank]: '' });
      await w.submit.click();
      await expect(w.submit).toHaveText('Submit Feedback');
    }
    await w.fill({ ...SAMPLE, email: 'not-an-email' });
    await w.submit.click();
    await expect(w.submit).toHaveText('Submit Feedback');
    expect(await events(page)).toEqual([]);
    // A valid submit then lands first and alone: none of the attempts above reached the backend.
    await w.fill(SAMPLE);
    await w.submit.click();
    await expect(w.thanks).toBeVisible();
    expect((await stubLog(ns)).map((r) => JSON.parse(r.body))).toEqual([SAMPLE]);
  });

  test('closing while editing keeps the draft for the next open', async ({ page }) => {
    const w = feedback(page, 'feedback');
    await w.trigger.click();
    await w.fill(ODD);
    await page.keyboard.press('Escape');
    await expect(w.dialog).toBeHidden();
    await w.trigger.click();
    await expect(w.name).toBeFocused();
    expect(await values(w)).toEqual(ODD);
  });
});

test.describe('<ai-feedback> submitting', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/examples/feedback.html');
    await recordEvents(page, EVENTS);
  });

  test('posts JSON once, shows Submitting... with everything disabled, then thanks', async ({ page }) => {
    const ns = namespace();
    const w = feedback(page, 'feedback');
    await w.useBackend(backend('ok', ns));
    const held = await holdRequests(page, `${backend('ok', ns)}/feedback`);
    await w.trigger.click();
    await w.fill(ODD);
    await w.submit.dblclick();

    await expect(w.submit).toHaveText('Submitting...');
    for (const control of [w.submit, w.name, w.email, w.message, w.closeX]) await expect(control).toBeDisabled();
    // A script's submit bypasses the disabled button; Esc twice defeats a dialog's first cancel guard.
    await w.host.evaluate((el) => el.shadowRoot!.querySelector('form')!.requestSubmit());
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(w.dialog).toBeVisible();
    await expect(w.submit).toHaveText('Submitting...');

    held.release();
    await expect(w.dialog.getByRole('heading')).toHaveText(THANKS);
    await expect(w.submit).toHaveText('Close');
    await expect(w.submit).toBeFocused();
    expect(held.count()).toBe(1);

    const log = await stubLog(ns);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ method: 'POST', path: `/feedback/ok/${ns}/feedback` });
    expect(log[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(log[0]!.body)).toEqual(ODD);
    expect(await events(page)).toEqual([
      { type: 'ai-feedback-submit', detail: ODD, target: 'feedback' },
      { type: 'ai-feedback-success', detail: ODD, target: 'feedback' },
    ]);

    await w.submit.click();
    await expect(w.dialog).toBeHidden();
    await expect(w.trigger).toBeFocused();
    await w.trigger.click();
    await expect(w.name).toBeFocused();
    expect(await values(w)).toEqual({ name: '', email: '', message: '' });
    await expect(w.submit).toHaveText('Submit Feedback');
  });

  test('events bubble out of the shadow root as composed events fired at the element', async ({ page }) => {
    const w = feedback(page, 'feedback');
    await w.useBackend(backend('ok', namespace()));
    const arrival = await watchArrival(w.host, 'ai-feedback-submit');
    await w.trigger.click();
    await w.fill(SAMPLE);
    await w.submit.click();
    await expect.poll(arrival).toEqual({ bubbles: true, composed: true, atHost: true, detail: SAMPLE });
  });

  test('a 500 answer shows the banner, keeps every character, logs and reports the error', async ({ page }) => {
    const ns = namespace();
    const w = feedback(page, 'feedback');
    const errors = consoleErrors(page);
    await w.useBackend(backend('error', ns));
    await w.trigger.click();
    await w.fill(ODD);
    await w.submit.click();

    await expect(w.banner).toHaveText(BANNER);
    await expect(w.submit).toHaveText('Submit Feedback');
    await expect(w.submit).toBeEnabled();
    expect(await values(w)).toEqual(ODD);
    expect(JSON.parse((await stubLog(ns))[0]!.body)).toEqual(ODD);
    await expect
      .poll(() => errors.filter((e) => e.startsWith('[ai-widgets]') && e.includes('HTTP 500')).length)
      .toBe(1);
    const [submitted, failed] = await events(page);
    expect(submitted).toEqual({ type: 'ai-feedback-submit', detail: ODD, target: 'feedback' });
    expect(failed).toMatchObject({ type: 'ai-feedback-error', target: 'feedback' });
    expect((failed!.detail as { message: string }).message).toContain('HTTP 500');

    // The kept draft can be sent again once the backend recovers.
    const retry = namespace();
    await w.useBackend(backend('ok', retry));
    await w.submit.click();
    await expect(w.thanks).toBeVisible();
    expect(JSON.parse((await stubLog(retry))[0]!.body)).toEqual(ODD);
  });

  test('a network error shows the banner and keeps the draft', async ({ page }) => {
    const url = backend('ok', namespace());
    const w = feedback(page, 'feedback');
    const errors = consoleErrors(page);
    await page.route(`${url}/feedback`, (route) => route.abort());
    await w.useBackend(url);
    await w.trigger.click();
    await w.fill(ODD);
    await w.submit.click();

    await expect(w.banner).toHaveText(BANNER);
    expect(await values(w)).toEqual(ODD);
    await expect.poll(() => errors.filter((e) => e.startsWith('[ai-widgets]')).length).toBe(1);
    expect((await events(page)).map((e) => e.type)).toEqual(['ai-feedback-submit', 'ai-feedback-error']);
  });

  test('reopening after a failure keeps the draft, drops the stale banner and focuses the name field', async ({
    page,
  }) => {
    const w = feedback(page, 'feedback');
    await w.useBackend(backend('error', namespace()));
    await w.trigger.click();
    await w.fill(SAMPLE);
    await w.submit.click();
    await expect(w.banner).toHaveText(BANNER);
    await w.closeX.click();
    await expect(w.trigger).toBeFocused();
    await w.trigger.click();
    await expect(w.name).toBeFocused();
    await expect(w.banner).toHaveCount(0);
    expect(await values(w)).toEqual(SAMPLE);
  });
});

test('no answer within 15 s counts as a failure', async ({ page }) => {
  const ns = namespace();
  const errors = consoleErrors(page);
  await page.clock.install();
  await page.goto('/examples/feedback.html');
  await recordEvents(page, EVENTS);
  const w = feedback(page, 'feedback');
  await w.useBackend(backend('hang', ns));
  await w.trigger.click();
  await w.fill(ODD);
  // Frozen from here: only runFor moves the widget's clock, so the 15 s edge is exact.
  await page.clock.pauseAt(Date.now() + 60_000);
  await w.submit.click();
  await expect.poll(async () => (await stubLog(ns)).length).toBe(1);

  await page.clock.runFor(14_999);
  await expect(w.submit).toHaveText('Submitting...');
  await expect(w.banner).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(w.banner).toHaveText(BANNER);
  expect(await values(w)).toEqual(ODD);
  expect((await events(page)).map((e) => e.type)).toEqual(['ai-feedback-submit', 'ai-feedback-error']);
  await expect.poll(() => errors.filter((e) => e.startsWith('[ai-widgets]')).length).toBe(1);
});

test('two instances on one page keep separate drafts, requests and events', async ({ page }) => {
  // This page also loads the voice and demo-request widgets (and the phone-input chunk): a long walk on a busy machine.
  test.slow();
  const [nsA, nsB] = [namespace(), namespace()];
  await page.goto('/examples/multiple.html');
  await recordEvents(page, EVENTS);
  const a = feedback(page, 'feedback-a');
  const b = feedback(page, 'feedback-b');
  await a.useBackend(backend('ok', nsA));
  await b.useBackend(backend('ok', nsB));

  await a.trigger.click();
  await a.fill(SAMPLE);
  await page.keyboard.press('Escape');
  await expect(a.dialog).toBeHidden();
  await expect(b.dialog).toBeHidden();

  await b.trigger.click();
  await expect(b.name).toBeFocused();
  expect(await values(b)).toEqual({ name: '', email: '', message: '' });
  await b.fill(ODD);
  await b.submit.click();
  await expect(b.thanks).toBeVisible();
  await expect(a.dialog).toBeHidden();
  await b.submit.click();

  await a.trigger.click();
  expect(await values(a)).toEqual(SAMPLE);
  await a.submit.click();
  await expect(a.thanks).toBeVisible();

  expect((await stubLog(nsA)).map((r) => JSON.parse(r.body))).toEqual([SAMPLE]);
  expect((await stubLog(nsB)).map((r) => JSON.parse(r.body))).toEqual([ODD]);
  expect((await events(page)).map((e) => `${e.type}@${e.target}`)).toEqual([
    'ai-feedback-submit@feedback-b',
    'ai-feedback-success@feedback-b',
    'ai-feedback-submit@feedback-a',
    'ai-feedback-success@feedback-a',
  ]);
});

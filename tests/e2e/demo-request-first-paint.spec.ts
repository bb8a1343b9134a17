import type { Page, Route } from '@playwright/test';
import { demoForm } from './demo-request.form';
import { expect, test } from './fixtures';
import { patience } from '../support/slowdown.mjs';

/** Holds React's chunk until `release()`: the form is then only what the element drew by itself. */
async function holdReact(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(/\/chunks\/react\.[\w-]+\.js$/, async (route: Route) => {
    requested = true;
    await released;
    await route.continue();
  });
  return { release, requested: () => requested };
}

/** React has drawn the form: only its agent cards show the Selected marker. */
const reactIsIn = (page: Page) =>
  expect(demoForm(page, 'demo').selectedMarkers).toHaveCount(1, { timeout: patience(15_000) });

test.describe('the demo form before React', () => {
  test('is drawn in the first paint: agents, name, phone and consent, with React not yet loaded', async ({ page }) => {
    const react = await holdReact(page);
    await page.goto('/examples/demo-request.html');
    const form = demoForm(page, 'demo');
    await expect(form.radios).toHaveCount(4);
    await expect(form.name).toBeEditable();
    await expect(form.root.getByRole('textbox', { name: 'Phone Number', exact: true })).toHaveValue('+91');
    await expect(form.consent()).not.toBeChecked();
    await expect(form.submit).toBeDisabled();
    // Nothing has reached for the form yet: React stays away.
    await page.waitForTimeout(300);
    expect(react.requested()).toBe(false);
    react.release();
  });

  test('keeps the agent chosen, every key typed at 40 ms a key and the caret across the hand-over to React', async ({
    page,
  }) => {
    const react = await holdReact(page);
    await page.goto('/examples/demo-request.html');
    const form = demoForm(page, 'demo');
    await form.card('AI Real-Estate Cold Caller').click();
    await form.name.click();
    await form.name.pressSequentially('Asha Rao', { delay: 40 });
    expect(react.requested()).toBe(true);
    // The caret goes back before "Rao": what comes next is typed there, while React takes over.
    for (let i = 0; i < 3; i++) await form.name.press('ArrowLeft');
    const typing = form.name.pressSequentially('Devi ', { delay: 40 });
    await page.waitForTimeout(60);
    react.release();
    await typing;
    await reactIsIn(page);
    await form.name.pressSequentially('K.', { delay: 40 });
    await expect(form.name).toHaveValue('Asha Devi K.Rao');
    await expect(form.name).toBeFocused();
    await expect(form.radio('AI Real-Estate Cold Caller')).toBeChecked();
    // React's state has them too: the hint no longer asks for an agent or a name.
    await expect(form.submit).toHaveAccessibleDescription(
      'To get a call, verify your phone number and tick the consent box.',
    );
  });

  test('keeps a ticked consent box and a changed agent without replaying the clicks', async ({ page }) => {
    const react = await holdReact(page);
    await page.goto('/examples/demo-request.html');
    const form = demoForm(page, 'demo');
    await form.card('AI Receptionist').click();
    await form.card('AI Customer Support (Hindi)').click();
    await form.consent().check();
    react.release();
    await reactIsIn(page);
    await expect(form.radio('AI Customer Support (Hindi)')).toBeChecked();
    await expect(form.consent()).toBeChecked();
    await expect(form.submit).toHaveAccessibleDescription(
      'To get a call, enter your name and verify your phone number.',
    );
  });
});

import { expect, test } from './fixtures';
import { demoForm, fillForm, ready } from './demo-request.form';
import { patience } from '../support/slowdown.mjs';

test.describe('host apps', () => {
  test('lit-html: attributes bound from state, events into state, re-rendered widgets keep working', async ({
    page,
  }) => {
    await page.goto('/dist/examples/lit/');
    const form = demoForm(page, 'demo');
    await ready(form);
    await expect(form.consent('Acme')).toBeVisible();

    // Re-render with new state: the attributes follow.
    await page.locator('#brand').fill('Globex');
    await expect(form.consent('Globex')).toBeVisible();
    await expect(page.locator('#feedback').getByRole('button', { name: 'Tell Globex what you think' })).toBeVisible();
    await page.locator('#country').selectOption('GB');
    await expect(form.root).toHaveAttribute('default-country', 'GB');
    await expect(form.phone).toHaveValue('+44');

    // An event from the widget lands in the page's state and template.
    await fillForm(form, { name: 'Lena Ortiz', skip: ['consent'] });
    await form.consent('Globex').check();
    await form.submit.click();
    await expect(page.locator('#leads li')).toHaveText(['Lena Ortiz, +449876543210, receptionist']);

    // The voice widget got its client through a property binding (.client).
    await page.locator('#voice').getByRole('button').click();
    await expect(page.locator('#log')).toContainText('voice: call started', { timeout: patience(10_000) });
  });

  test('React 19 app with its own React: typed props and event listeners on the tags', async ({ page }) => {
    await page.goto('/dist/examples/react/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Widgets in a React 19\.\d+\.\d+ app$/);
    const form = demoForm(page, 'demo');
    await ready(form);
    await page.locator('#brand').fill('Initech');
    await expect(form.consent('Initech')).toBeVisible();
    await fillForm(form, { agent: 'AI Customer Support (Hindi)', name: 'Ravi Kumar', skip: ['consent'] });
    await form.consent('Initech').check();
    await form.submit.click();
    await expect(page.locator('#lead')).toHaveText('supportHindi / Ravi Kumar / +919876543210');

    await page.route('http://127.0.0.1:9/**', (route) => route.abort('connectionrefused'));
    await page.locator('#voice').getByRole('button').click();
    await expect(page.locator('#voice-log')).toContainText('errors: Assistant or Squad must be provided.');
  });
});

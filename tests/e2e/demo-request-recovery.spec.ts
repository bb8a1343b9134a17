import { expect, test } from './fixtures';
import { demoForm, fillForm, ready } from './demo-request.form';

test.describe('<ai-demo-request> recovery', () => {
  test('a phone chunk that fails to load shows a retry, and the retry brings the field', async ({ page }) => {
    let failures = 1;
    await page.route('**/chunks/PhoneField.*.js', (route) =>
      failures-- > 0 ? route.abort('failed') : route.continue(),
    );
    await page.goto('/examples/demo-request.html');
    const form = demoForm(page, 'demo');
    const alert = form.root.getByRole('alert');
    await form.name.click();
    await expect(alert).toContainText('The phone field could not load.');
    // The rest of the form stays: typed text is not lost.
    await form.name.fill('Asha Rao');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await ready(form);
    await expect(form.getOtp).toBeVisible();
    await expect(form.name).toHaveValue('Asha Rao');
  });

  test('the thanks line belongs to the lead that was sent, and goes when it is edited', async ({ page }) => {
    await page.goto('/examples/demo-request.html');
    const form = demoForm(page, 'demo');
    await ready(form);
    await fillForm(form);
    await form.submit.click();
    const thanks = form.root.getByText('Thanks! Your request for the AI Receptionist demo is in.');
    await expect(thanks).toBeVisible();
    await form.name.fill('Asha R.');
    await expect(thanks).toBeHidden();
    await expect(form.submit).toBeEnabled();
  });
});

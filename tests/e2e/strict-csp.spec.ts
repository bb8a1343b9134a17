import { cspViolations, expect, test } from './fixtures';

test('under script-src and style-src self, all three widgets render and work', async ({ page }) => {
  const violations = await cspViolations(page);
  await page.goto('/examples/strict-csp.html');

  // Styles apply (adopted stylesheets are allowed where <style> would be blocked).
  const button = page.locator('#voice').getByRole('button', { name: 'Start a voice call with our AI agent' });
  await expect(button).toHaveCSS('border-radius', '50%');
  await page.evaluate(async () => {
    const { createScriptedClient } = await import('/examples/scripted-client.js' as string);
    const client = createScriptedClient();
    Object.assign(document.getElementById('voice')!, { client });
    (window as unknown as { client: typeof client }).client = client;
  });
  await button.click();
  await page.waitForFunction(() => (window as unknown as { client: { calls: string[] } }).client.calls.length > 0);
  await page.evaluate(() => (window as unknown as { client: { emit(e: string): void } }).client.emit('call-start'));
  await expect(page.locator('#voice').getByRole('status')).toHaveText('Click to end the call');

  const feedback = page.locator('#feedback');
  await feedback.getByRole('button', { name: 'Share Feedback' }).click();
  const dialog = feedback.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Strict Page');
  await dialog.getByRole('textbox', { name: 'Email' }).fill('csp@example.com');
  await dialog.getByRole('textbox', { name: 'Feedback' }).fill('Works under a strict CSP.');
  await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(dialog.getByRole('heading', { name: 'Thank You for Your Feedback!' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

  const demo = page.locator('#demo');
  await demo.getByText('AI Receptionist').click();
  await demo.getByRole('textbox', { name: 'Name', exact: true }).fill('Asha');
  const phone = demo.getByRole('textbox', { name: 'Phone Number', exact: true });
  await expect(phone).toBeEditable({ timeout: 15_000 });
  await phone.click();
  await phone.press('End');
  await phone.pressSequentially('9876543210');
  await demo.getByRole('button', { name: 'Get OTP' }).click();
  await demo.getByRole('button', { name: 'Verify' }).click();
  await expect(demo.getByText('Phone number verified')).toBeVisible();
  await demo.getByRole('checkbox').check();
  await expect(demo.getByRole('button', { name: 'Get a Call' })).toBeEnabled();

  expect(violations).toEqual([]);
});

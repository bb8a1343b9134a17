import { expect, test } from './fixtures';
import { codeSent, liveForm, newNumber } from './demo-request.live';

// Issue 55, item 11, against the real service: a code used already (in another tab, say) is told
// so, with a new code as the way on, not "Ask for a code first".

test('a code already used is told so, with a new code as the way on', async ({ page }) => {
  const number = newNumber();
  const form = await liveForm(page);
  const code = await codeSent(form, number);
  // Used elsewhere first: another tab of the same visitor verified the number with it.
  const elsewhere = await page.request.post('/api/otp/verify', { data: { phone: number.e164, code } });
  expect(elsewhere.status()).toBe(200);
  await form.otp.fill(code);
  const alert = form.root.getByRole('alert');
  await expect(alert).toHaveText('This code was already used. Ask for a new one to verify the number again.');
  await expect(form.verified).toHaveCount(0);
  const resend = form.root.getByRole('button', { name: /^Send a new code/ });
  await expect(resend).toHaveClass(/emphasised/);
  await expect(resend).toBeFocused();
});

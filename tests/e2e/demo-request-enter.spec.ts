import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fakeService, open, typePhone, type Reply } from './demo-request.contract';
import { demoForm, ready } from './demo-request.form';

// Issue 55, item 3: Enter in the phone field does what Get OTP does (and says what is missing when
// there is no number), Enter in the code field does what Verify does, and a whole code typed or
// pasted checks itself, said in the polite live region where the verified mark appears: one check,
// whatever else the visitor presses meanwhile.

const MISSING = 'Enter your phone number, then press Get OTP.';
const status = (f: Awaited<ReturnType<typeof open>>) => f.root.locator('.verified-slot[role="status"]');

/** The service's answer to a check, held until the test lets it go: the check under way can be seen. */
function heldCheck() {
  let release: () => void = () => {};
  const held = new Promise<void>((done) => (release = done));
  return { release: () => release(), held };
}

async function codeStep(page: Page, answers: Parameters<typeof fakeService>[1] = {}) {
  const posted = await fakeService(page, answers);
  const f = await open(page);
  await typePhone(f);
  await f.getOtp.click();
  await expect(f.otp).toBeFocused();
  return { posted, f };
}

test('Enter in the phone field sends the code request, as Get OTP does', async ({ page }) => {
  const posted = await fakeService(page);
  const f = await open(page);
  await typePhone(f);
  await f.phone.press('Enter');
  await expect(f.root.getByText('Code sent to +91 98765 43210')).toBeVisible();
  await expect(f.otp).toBeFocused();
  expect(posted.otp).toEqual([{ phone: '+919876543210', website: '' }]);
  // Nothing else was sent: Enter is not the form's Get a Call.
  expect(posted.lead).toEqual([]);
});

test('Enter in the phone field with no number says what to do, until a digit is typed', async ({ page }) => {
  const posted = await fakeService(page);
  const f = await open(page);
  await f.phone.click();
  await f.phone.press('End');
  await f.phone.press('Enter');
  await expect(f.alert).toHaveText(MISSING);
  await expect(f.phone).toBeFocused();
  await expect(f.otp).toHaveCount(0);
  await f.phone.press('9');
  await expect(f.alert).toHaveCount(0);
  expect(posted.otp).toEqual([]);
});

test('without a backend, Enter in the phone field and in the code field are Get OTP and Verify', async ({ page }) => {
  await page.goto('/examples/demo-request.html');
  const form = demoForm(page, 'demo');
  await ready(form);
  await form.phone.click();
  await form.phone.press('End');
  await form.phone.press('Enter');
  await expect(form.root.getByRole('alert')).toHaveText(MISSING);
  await form.phone.pressSequentially('98765 43210');
  await form.phone.press('Enter');
  await expect(form.otp).toBeFocused();
  // Demo mode verifies on the press alone (nothing is checked): a whole code waits for it.
  await form.otp.fill('123456');
  await expect(form.verified).toHaveCount(0);
  await form.otp.press('Enter');
  await expect(form.verified).toBeVisible();
});

test('Enter in the code field verifies, as Verify does', async ({ page }) => {
  const { posted, f } = await codeStep(page);
  // Five digits do not check themselves: Enter does it, as the press would.
  await f.otp.pressSequentially('12345');
  await expect(status(f)).toHaveText('');
  expect(posted.verify).toEqual([]);
  await f.otp.press('Enter');
  await expect(f.root.getByText('Phone number verified')).toBeVisible();
  expect(posted.verify).toEqual([{ phone: '+919876543210', code: '12345' }]);
});

test('a pasted whole code checks itself, says so politely, and is checked once whatever else is pressed', async ({
  page,
  context,
}) => {
  const check = heldCheck();
  const { posted, f } = await codeStep(page);
  // Held (this route, the later, answers first): the check under way stays on screen until the test lets it go.
  await page.route('**/api/otp/verify', async (route) => {
    posted.verify.push(route.request().postDataJSON() as Record<string, unknown>);
    await check.held;
    await route.fulfill({ json: { token: 'tok-1' } });
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() => navigator.clipboard.writeText(' 123456 '));
  await f.otp.press('ControlOrMeta+V');
  await expect(status(f)).toHaveText('Checking your code…');
  await expect(status(f)).toHaveAttribute('role', 'status');
  await expect(f.verify).toHaveAttribute('aria-disabled', 'true');
  // Enter and a press while it is checked start no second check.
  await f.otp.press('Enter');
  await f.verify.dispatchEvent('click');
  check.release();
  await expect(status(f)).toHaveText('Phone number verified');
  expect(posted.verify).toEqual([{ phone: '+919876543210', code: '123456' }]);
});

test('a code typed to its last digit checks itself; a wrong one is not checked again until it is changed', async ({
  page,
}) => {
  let answer: Reply = [400, { error: 'wrong-code', message: 'That code is not right. You have 4 tries left.' }];
  const { posted, f } = await codeStep(page, { verify: () => answer });
  await f.otp.pressSequentially('111111');
  await expect(f.alert).toHaveText('That code is not right. You have 4 tries left.');
  await expect(f.otp).toHaveValue('111111');
  expect(posted.verify).toHaveLength(1);
  // The visitor fixes the last digit: the new code checks itself.
  answer = [200, { token: 'tok-1' }];
  await f.otp.press('Backspace');
  await f.otp.press('2');
  await expect(f.root.getByText('Phone number verified')).toBeVisible();
  expect(posted.verify.map((body) => body.code)).toEqual(['111111', '111112']);
});

import { expect, test } from './fixtures';
import { open } from './demo-request.contract';

// A number from abroad (issue 44): typed as it is written, it stays so; the form says under the field
// that codes go to India only, as the service would, and sends nothing.

const ONLY_INDIA = 'We can only send codes to numbers in India for now.';

test('+44 7911 123456 stays as typed, is refused under the field, and nothing is sent', async ({ page }, testInfo) => {
  const otp: string[] = [];
  page.on('request', (request) => request.url().endsWith('/api/otp') && otp.push(request.method()));
  const f = await open(page, { url: '/experience' });
  await f.phone.click();
  await f.phone.press('End');
  await f.phone.pressSequentially('+44 7911 123456');
  await expect(f.phone).toHaveValue('+44 7911 123456');
  await expect(f.phone).toBeFocused();
  await expect(f.phone).toHaveAccessibleDescription(ONLY_INDIA);
  await expect(f.root.getByRole('alert')).toHaveText(ONLY_INDIA);
  await expect(f.getOtp).toBeDisabled();
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await f.phone.evaluate((input) => input.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: testInfo.outputPath(`abroad-${width}.png`) });
    // The whole number is in view: the field is wide enough for it, nothing is scrolled out of it.
    expect(
      await f.phone.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth),
      `${width} px`,
    ).toBe(true);
  }
  expect(otp).toEqual([]);
  // An Indian number typed the same way is one of ours after all: formatted, and Get OTP can send it.
  await f.phone.fill('');
  await expect(f.phone).toHaveValue('+91');
  await f.phone.press('End');
  await f.phone.pressSequentially('+91 98765 43210');
  await expect(f.phone).toHaveValue('+91 98765 43210');
  await expect(f.root.getByRole('alert')).toHaveCount(0);
  await expect(f.getOtp).toBeEnabled();
});

test('a pasted number from abroad stays as pasted', async ({ page }) => {
  const f = await open(page, { url: '/experience' });
  await f.phone.click();
  await f.phone.evaluate((input: HTMLInputElement) => {
    const data = new DataTransfer();
    data.setData('text/plain', '+44 7911 123456');
    input.dispatchEvent(
      new InputEvent('beforeinput', {
        inputType: 'insertFromPaste',
        dataTransfer: data,
        bubbles: true,
        cancelable: true,
        composed: true,
      }),
    );
  });
  await expect(f.phone).toHaveValue('+44 7911 123456');
  await expect(f.root.getByRole('alert')).toHaveText(ONLY_INDIA);
});

test('an Indian number typed over one from abroad brings back the flag, the country and Get OTP (issue 55)', async ({
  page,
}, testInfo) => {
  const otp: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/otp')) otp.push(request.postDataJSON() as Record<string, unknown>);
  });
  const f = await open(page, { url: '/experience' });
  const country = f.root.getByRole('combobox', { name: 'Phone number country' });
  await f.phone.click();
  await f.phone.press('End');
  await f.phone.pressSequentially('+44 7700 900123');
  await expect(f.root.getByRole('alert')).toHaveText(ONLY_INDIA);
  await expect(country).toHaveCount(0);
  // The steps, by keyboard: select all, then type an Indian number without its code.
  await f.phone.press('ControlOrMeta+a');
  await f.phone.pressSequentially('98765 43213');
  await expect(f.phone).toHaveValue('+91 98765 43213');
  await expect(f.phone).toBeFocused();
  await expect(f.root.getByRole('alert')).toHaveCount(0);
  await expect(f.phone).not.toHaveAttribute('aria-invalid', 'true');
  await expect(country).toHaveValue('IN');
  await expect(f.root.locator('.PhoneInputCountryIcon img')).toHaveAttribute('alt', 'India');
  await expect(f.getOtp).toBeEnabled();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await f.phone.evaluate((input) => input.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: testInfo.outputPath(`back-home-${width}.png`) });
  }
  await f.getOtp.click();
  await expect(f.otp).toBeVisible();
  expect(otp).toEqual([expect.objectContaining({ phone: '+919876543213' })]);
});

import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { demoForm, ready, type DemoForm } from './demo-request.form';

// The demo form of /examples/demo-request.html (no brand-name) against the real service, its codes
// read from the fake Twilio Verify of global-setup. Each test uses a number of its own.

const twilio = (path: string) => `${process.env.E2E_TWILIO_URL}${path}`;
export const codeFor = async (phone: string) =>
  ((await (await fetch(twilio(`/__code?to=${encodeURIComponent(phone)}`))).json()) as { code: string | null }).code;

export function newNumber() {
  const digits = `96${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  return { digits, e164: `+91${digits}`, display: `+91 ${digits.slice(0, 5)} ${digits.slice(5)}` };
}

export async function liveForm(page: Page): Promise<DemoForm> {
  await page.goto('/examples/demo-request.html');
  const form = demoForm(page, 'demo');
  await form.root.evaluate((el) => el.setAttribute('backend-url', '/api'));
  await ready(form);
  return form;
}

/** Types the number, presses Get OTP, and answers the code the service sent. */
export async function codeSent(form: DemoForm, number: ReturnType<typeof newNumber>): Promise<string> {
  await form.phone.click();
  await form.phone.press('End');
  await form.phone.pressSequentially(number.digits);
  await form.getOtp.click();
  await expect(form.root.getByText(`Code sent to ${number.display}`)).toBeVisible();
  return (await codeFor(number.e164))!;
}

import type { Page, Route } from '@playwright/test';
import { expect } from './fixtures';
import { patience } from '../support/slowdown.mjs';

// <ai-demo-request> against the service's new contract (#21, #22), answered by page.route fakes of
// /api/otp, /api/otp/verify and /api/demo-requests: the fakes, the form by its parts (one set of
// locators for English and Hindi), and the steps to Get a Call.

export const DISPLAY = '+91 98765 43210';
export type Reply = [status: number, body: unknown];
export type Posted = {
  otp: Record<string, unknown>[];
  verify: Record<string, unknown>[];
  lead: Record<string, unknown>[];
};

/** The three endpoints of the new contract, each answering with what the test asks (a code is sent, checked, a call placed by default). */
export async function fakeService(
  page: Page,
  answers: { otp?: () => Reply; verify?: () => Reply; lead?: () => Reply } = {},
): Promise<Posted> {
  const posted: Posted = { otp: [], verify: [], lead: [] };
  const answer = (list: Record<string, unknown>[], reply: () => Reply) => (route: Route) => {
    list.push(route.request().postDataJSON() as Record<string, unknown>);
    const [status, json] = reply();
    return route.fulfill({ status, json });
  };
  await page.route(
    '**/api/otp',
    answer(
      posted.otp,
      answers.otp ??
        (() => [
          200,
          { sent: true, phone: '+919876543210', display: DISPLAY, resendAfterSeconds: 30, expiresInSeconds: 600 },
        ]),
    ),
  );
  await page.route('**/api/otp/verify', answer(posted.verify, answers.verify ?? (() => [200, { token: 'tok-1' }])));
  await page.route(
    '**/api/demo-requests',
    answer(posted.lead, answers.lead ?? (() => [201, { id: 7, call: 'placed' }])),
  );
  return posted;
}

/** The form by its parts, so one set of locators serves English and Hindi. */
export function form(page: Page) {
  const root = page.locator('ai-demo-request').first();
  return {
    root,
    name: root.locator('input[autocomplete="name"]'),
    phone: root.locator('input[type="tel"]'),
    getOtp: root.locator('[part="otp-button"]'),
    otp: root.locator('input[autocomplete="one-time-code"]'),
    verify: root.locator('[part="verify-button"]'),
    resend: root.locator('.otp-row .link-button'),
    consent: root.getByRole('checkbox'),
    consentLabel: root.locator('label.consent'),
    submit: root.locator('[part="submit-button"]'),
    alert: root.getByRole('alert'),
    confirmation: root.locator('[part="confirmation"]'),
    startOver: root.locator('[part="confirmation"] button'),
  };
}
export type Form = ReturnType<typeof form>;

/** Opens a page with the form on it, pointed at this page's own /api, with any other attributes. */
export async function open(
  page: Page,
  { url = '/examples/demo-request.html', lang = 'en', attrs = {} as Record<string, string> } = {},
): Promise<Form> {
  await page.goto(url);
  const f = form(page);
  await f.root.evaluate(
    (el, { lang, attrs }) => {
      if (!el.getAttribute('backend-url')) el.setAttribute('backend-url', '/api');
      if (lang !== 'en') el.setAttribute('lang', lang);
      for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
    },
    { lang, attrs },
  );
  await f.root.hover();
  await expect(f.phone).toBeEditable({ timeout: patience(15_000) });
  // The first paint's input is live at once; the library's field comes with its country menu.
  await expect(f.root.locator('select.PhoneInputCountrySelect')).toBeAttached({ timeout: patience(15_000) });
  return f;
}

export async function typePhone(f: Form) {
  await f.phone.click();
  await f.phone.press('End');
  await f.phone.pressSequentially('98765 43210');
}

/** Agent, name, a verified number and the tick: everything Get a Call needs. */
export async function fillIn(f: Form) {
  await f.root.locator('label.agent').first().click();
  await f.name.fill('Asha Rao');
  await typePhone(f);
  await f.getOtp.click();
  await expect(f.otp).toBeVisible();
  // A whole code checks itself: no press.
  await f.otp.fill('123456');
  await expect(f.consent).toBeFocused();
  await f.consent.check();
}

/** 9:00 tomorrow in India, as the service would schedule a call asked for after hours. */
/** Yesterday at `hh:mm` in India, as ISO 8601: when a repeat request's earlier call was made. */
export function yesterdayAt(time: string): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  return new Date(new Date(`${today}T${time}:00+05:30`).getTime() - 86_400_000).toISOString();
}

export function tomorrowAtNine(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const at = new Date(`${today}T09:00:00+05:30`);
  return new Date(at.getTime() + 86_400_000).toISOString();
}

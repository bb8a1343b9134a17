import type { Locator, Page, Route } from '@playwright/test';
import { events as recorded, expect, recordEvents, test } from './fixtures';
import { expectLegible } from './visual';

// <ai-demo-request> against the service's new contract (#21, #22), answered here by page.route
// fakes of /api/otp, /api/otp/verify and /api/demo-requests: each call outcome worded in English
// and Hindi where the form was, the attribution and consent the lead carries, the new refusal
// codes, and the optional Turnstile check (its script faked too).

test.use({ timezoneId: 'Asia/Kolkata' });

const DISPLAY = '+91 98765 43210';
type Reply = [status: number, body: unknown];
type Posted = { otp: Record<string, unknown>[]; verify: Record<string, unknown>[]; lead: Record<string, unknown>[] };

/** The three endpoints of the new contract, each answering with what the test asks (a code is sent, checked, a call placed by default). */
async function fakeService(page: Page, answers: { otp?: () => Reply; verify?: () => Reply; lead?: () => Reply } = {}): Promise<Posted> {
  const posted: Posted = { otp: [], verify: [], lead: [] };
  const answer = (list: Record<string, unknown>[], reply: () => Reply) => (route: Route) => {
    list.push(route.request().postDataJSON() as Record<string, unknown>);
    const [status, json] = reply();
    return route.fulfill({ status, json });
  };
  await page.route('**/api/otp', answer(posted.otp, answers.otp ?? (() => [200, { sent: true, phone: '+919876543210', display: DISPLAY, resendAfterSeconds: 30, expiresInSeconds: 600 }])));
  await page.route('**/api/otp/verify', answer(posted.verify, answers.verify ?? (() => [200, { token: 'tok-1' }])));
  await page.route('**/api/demo-requests', answer(posted.lead, answers.lead ?? (() => [201, { id: 7, call: 'placed' }])));
  return posted;
}

/** The form by its parts, so one set of locators serves English and Hindi. */
function form(page: Page) {
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
type Form = ReturnType<typeof form>;

/** Opens a page with the form on it, pointed at this page's own /api, with any other attributes. */
async function open(page: Page, { url = '/examples/demo-request.html', lang = 'en', attrs = {} as Record<string, string> } = {}): Promise<Form> {
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
  await expect(f.phone).toBeEditable({ timeout: 15_000 });
  return f;
}

async function typePhone(f: Form) {
  await f.phone.click();
  await f.phone.press('End');
  await f.phone.pressSequentially('98765 43210');
}

/** Agent, name, a verified number and the tick: everything Get a Call needs. */
async function fillIn(f: Form) {
  await f.root.locator('label.agent').first().click();
  await f.name.fill('Asha Rao');
  await typePhone(f);
  await f.getOtp.click();
  await expect(f.otp).toBeVisible();
  await f.otp.fill('123456');
  await f.verify.click();
  await expect(f.consent).toBeFocused();
  await f.consent.check();
}

/** 9:00 tomorrow in India, as the service would schedule a call asked for after hours. */
function tomorrowAtNine(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const at = new Date(`${today}T09:00:00+05:30`);
  return new Date(at.getTime() + 86_400_000).toISOString();
}

const OUTCOMES = [
  { state: 'placed', answer: { id: 11, call: 'placed' }, en: `We're calling you now on ${DISPLAY}.`, hi: `हम अभी आपको ${DISPLAY} पर कॉल कर रहे हैं।` },
  { state: 'scheduled', answer: { id: 12, call: 'scheduled', callAt: tomorrowAtNine() }, en: `We'll call you at 9:00 am tomorrow on ${DISPLAY}.`, hi: `हम आपको कल सुबह 9:00 बजे ${DISPLAY} पर कॉल करेंगे।` },
  { state: 'retrying', answer: { id: 13, call: 'retrying' }, en: `Our line is busy; we'll call you within the hour on ${DISPLAY}.`, hi: `हमारी लाइन अभी व्यस्त है; हम एक घंटे के अंदर आपको ${DISPLAY} पर कॉल करेंगे।` },
  { state: 'failed', answer: { id: 14, call: 'failed' }, en: "We couldn't place the call. Our team has your request and will get in touch.", hi: 'हम कॉल नहीं कर सके। हमारी टीम को आपका अनुरोध मिल गया है और वह आपसे संपर्क करेगी।' },
  { state: 'not-configured', answer: { id: 15, call: 'not-configured' }, en: `Thanks, Asha Rao! Our team will call you on ${DISPLAY}.`, hi: `धन्यवाद, Asha Rao! हमारी टीम आपको ${DISPLAY} पर कॉल करेगी।` },
  { state: 'duplicate', answer: { id: 11, call: 'placed', duplicate: true }, en: `You already asked for this demo today. We're calling you now on ${DISPLAY}.`, hi: `इस डेमो के लिए आपका अनुरोध आज पहले ही मिल चुका है। हम अभी आपको ${DISPLAY} पर कॉल कर रहे हैं।` },
] as const;

const START_OVER = { en: 'Request another demo', hi: 'एक और डेमो का अनुरोध करें' };

/** The phone number is on one line in the confirmation (a span that does not wrap, one line box tall). */
async function phoneOnOneLine(f: Form) {
  if (!(await f.confirmation.textContent())?.includes(DISPLAY)) return;
  const number = f.confirmation.locator('.nowrap').filter({ hasText: DISPLAY });
  await expect(number).toHaveCSS('white-space', 'nowrap');
  const rects = await number.evaluate((el) => el.getClientRects().length);
  expect(rects, 'the phone number breaks across lines').toBe(1);
}

for (const lang of ['en', 'hi'] as const) {
  for (const outcome of OUTCOMES) {
    test(`${outcome.state} (${lang}): said plainly in the form's place, focused, the number on one line, legible`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.setViewportSize({ width: 1280, height: 900 });
      const posted = await fakeService(page, { lead: () => ['duplicate' in outcome.answer ? 200 : 201, outcome.answer] });
      const f = await open(page, { lang });
      await recordEvents(page, ['ai-demo-request-success']);
      await fillIn(f);
      await f.submit.click();
      await expect(f.confirmation).toHaveText(`${outcome[lang]}${START_OVER[lang]}`);
      await expect(f.confirmation).toBeFocused();
      await expect(f.root.locator('[part="form"]')).toBeHidden();
      expect(posted.lead).toHaveLength(1);
      expect((await recorded(page)).map((e) => e.detail)).toEqual([outcome.answer]);

      const widths = lang === 'hi' ? [320, 390, 1280] : [390, 1280];
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        await phoneOnOneLine(f);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the page scrolls sideways').toBeLessThanOrEqual(width);
        await expectLegible(page, 'ai-demo-request');
        await expect(f.confirmation).toHaveScreenshot(`confirmation-${outcome.state}-${lang}-${width}.png`);
      }

      // Another demo: the form is back, with the name and number, and the consent unticked.
      await f.startOver.click();
      await expect(f.confirmation).toHaveCount(0);
      await expect(f.name).toHaveValue('Asha Rao');
      await expect(f.consent).not.toBeChecked();
    });
  }
}

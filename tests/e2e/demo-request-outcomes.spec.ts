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

test('on /experience at 1280 × 800 the confirmation appears where the form was, in view without scrolling, focused', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await fakeService(page, { lead: () => [201, { id: 21, call: 'scheduled', callAt: tomorrowAtNine() }] });
  const f = await open(page, { url: '/experience' });
  await fillIn(f);
  // Where the visitor is looking: Get a Call in view, as after filling the form in.
  await f.submit.scrollIntoViewIfNeeded();
  const form = await f.root.locator('[part="form"]').boundingBox();
  const scrolled = await page.evaluate(() => scrollY);
  await f.submit.click();
  await expect(f.confirmation).toBeFocused();
  expect(await page.evaluate(() => scrollY), 'the page scrolled to show the confirmation').toBe(scrolled);
  const box = (await f.confirmation.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(800);
  // In the form's column, at the form's top: not below the agent list.
  expect(Math.abs(box.x - form!.x)).toBeLessThan(2);
  expect(Math.abs(box.y - form!.y)).toBeLessThan(2);
  await page.screenshot({ path: testInfo.outputPath('experience-confirmation-1280x800.png') });
});

test('on /experience at 390 × 844 the confirmation, in the form\'s place under the agents, is brought into view and focused', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await fakeService(page, { lead: () => [201, { id: 22, call: 'placed' }] });
  const f = await open(page, { url: '/experience' });
  await fillIn(f);
  await f.submit.scrollIntoViewIfNeeded();
  await f.submit.click();
  await expect(f.confirmation).toBeFocused();
  await expect(f.confirmation).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: testInfo.outputPath('experience-confirmation-390x844.png') });
});

test('the lead carries the page it came from, the consent as shown and the metadata; consent starts unticked and comes back unticked', async ({ page, external }) => {
  test.setTimeout(60_000);
  const posted = await fakeService(page);
  const consentText = 'I agree that Acme may call me about this demo.';
  const f = await open(page, { url: '/examples/demo-request.html?utm_source=newsletter&utm_campaign=diwali#x', attrs: { 'consent-text': consentText, 'consent-version': '2025-03' } });
  await f.root.evaluate((el) => Object.assign(el, { metadata: { plan: 'pro', landing: 'diwali-offer' } }));
  await expect(f.consent).not.toBeChecked();
  await expect(f.consentLabel).toHaveText(consentText);
  await fillIn(f);
  const ticked = Date.now();
  await f.submit.click();
  await expect(f.confirmation).toBeVisible();

  expect(posted.otp).toEqual([{ phone: '+919876543210', website: '' }]);
  const origin = new URL(page.url()).origin;
  const [lead] = posted.lead;
  expect(lead).toEqual({
    agentId: 'receptionist',
    name: 'Asha Rao',
    phone: '+919876543210',
    token: 'tok-1',
    consent: true,
    consentText,
    consentVersion: '2025-03',
    consentedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    // Chromium's ICU names India's zone by its older alias.
    timeZone: expect.stringMatching(/^Asia\/(Kolkata|Calcutta)$/),
    pageUrl: `${origin}/examples/demo-request.html?utm_source=newsletter&utm_campaign=diwali`,
    referrer: '',
    utm: { source: 'newsletter', campaign: 'diwali' },
    clickIds: {},
    metadata: { plan: 'pro', landing: 'diwali-offer' },
  });
  expect(Math.abs(Date.parse(lead!.consentedAt as string) - ticked)).toBeLessThan(10_000);
  // Without turnstile-site-key nothing goes to Cloudflare.
  expect(external.filter((url) => url.includes('challenges.cloudflare.com'))).toEqual([]);

  await f.startOver.click();
  await expect(f.consent).not.toBeChecked();
});

test('metadata that is not a flat object of short strings is refused in the console and {} is sent; the default consent sentence is sent as shown', async ({ page }) => {
  test.setTimeout(60_000);
  const posted = await fakeService(page);
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const f = await open(page, { attrs: { 'brand-name': 'Acme' } });
  await f.root.evaluate((el) => Object.assign(el, { metadata: { seats: 3 } }));
  await fillIn(f);
  await f.submit.click();
  await expect(f.confirmation).toBeVisible();
  expect(posted.lead[0]).toMatchObject({ metadata: {}, consentText: await f.consentLabel.textContent() });
  expect(posted.lead[0]).not.toHaveProperty('consentVersion');
  expect(errors.some((e) => e.includes('metadata.seats'))).toBe(true);
});

const PHONE_REFUSALS = [
  { error: 'challenge', status: 403, focus: null },
  { error: 'otp-capacity', status: 503, focus: 'getOtp' },
  { error: 'not-mobile', status: 400, focus: 'phone' },
  { error: 'number-invalid', status: 400, focus: 'phone' },
  { error: 'too-many-sends', status: 429, focus: 'getOtp' },
  { error: 'number-blocked', status: 403, focus: 'phone' },
  { error: 'country-disabled', status: 403, focus: 'phone' },
  { error: 'provider-busy', status: 503, focus: 'getOtp' },
] as const;

const SENTENCES = {
  en: {
    challenge: 'Please complete the check above and try again.',
    'otp-capacity': "We're sending too many codes right now. Please try again in a few minutes.",
    'not-mobile': "Enter a mobile number: landlines, toll-free and premium numbers can't receive codes.",
    'number-invalid': "This number can't receive text messages. Check it and try again.",
    'too-many-sends': 'Too many codes were sent to this number. Please try again later.',
    'too-many-checks': 'Too many tries for this code. Ask for a new one.',
    'number-blocked': "We can't send codes to this number. Please use another number.",
    'country-disabled': "We can't send codes to this country yet.",
    'provider-busy': 'Our text message service is busy. Please try again in a minute.',
  },
  hi: {
    challenge: 'कृपया ऊपर दी गई जांच पूरी करें और फिर से कोशिश करें।',
    'otp-capacity': 'अभी हम बहुत ज़्यादा कोड भेज रहे हैं। कृपया कुछ मिनट बाद फिर से कोशिश करें।',
    'not-mobile': 'मोबाइल नंबर डालें: लैंडलाइन, टोल-फ़्री और प्रीमियम नंबरों पर कोड नहीं भेजे जा सकते।',
    'number-invalid': 'इस नंबर पर टेक्स्ट मैसेज नहीं आ सकते। नंबर जांचें और फिर से कोशिश करें।',
    'too-many-sends': 'इस नंबर पर बहुत ज़्यादा कोड भेजे जा चुके हैं। कृपया बाद में फिर से कोशिश करें।',
    'too-many-checks': 'इस कोड के लिए बहुत ज़्यादा कोशिशें हो चुकी हैं। नया कोड मंगाएं।',
    'number-blocked': 'हम इस नंबर पर कोड नहीं भेज सकते। कृपया कोई दूसरा नंबर इस्तेमाल करें।',
    'country-disabled': 'हम अभी इस देश में कोड नहीं भेज सकते।',
    'provider-busy': 'हमारी टेक्स्ट मैसेज सेवा अभी व्यस्त है। कृपया एक मिनट बाद फिर से कोशिश करें।',
  },
} as const;

for (const lang of ['en', 'hi'] as const) {
  test(`each new refusal has its own sentence (${lang}), where it happened, with typed values kept and focus on what to fix`, async ({ page }) => {
    test.setTimeout(90_000);
    let next: Reply = [200, {}];
    await fakeService(page, { otp: () => next, verify: () => [429, { error: 'too-many-checks', message: 'service words' }] });
    const f = await open(page, { lang });
    await f.name.fill('Asha Rao');
    await typePhone(f);
    for (const { error, status, focus } of PHONE_REFUSALS) {
      next = [status, { error, message: `service words for ${error}` }];
      await f.getOtp.click();
      await expect(f.alert, error).toHaveText(SENTENCES[lang][error]);
      await expect(f.phone).toHaveValue(DISPLAY);
      await expect(f.name).toHaveValue('Asha Rao');
      if (focus) await expect(f[focus], `${error}: focus`).toBeFocused();
    }
    // An unknown code shows the service's own sentence.
    next = [400, { error: 'consent-text', message: 'The service words this one.' }];
    await f.getOtp.click();
    await expect(f.alert).toHaveText('The service words this one.');

    // On the code step: too many checks asks for a new code, the typed code stays.
    next = [200, { sent: true, phone: '+919876543210', display: DISPLAY, resendAfterSeconds: 0, expiresInSeconds: 600 }];
    await f.getOtp.click();
    await f.otp.fill('123456');
    await f.verify.click();
    await expect(f.alert).toHaveText(SENTENCES[lang]['too-many-checks']);
    await expect(f.otp).toHaveValue('123456');
    await expect(f.resend).toBeFocused();
    await expect(f.resend).toHaveClass(/emphasised/);
  });
}

/** A stand-in for Turnstile's api.js: renders a box, hands out token-1, token-2… on render and on each reset. */
const FAKE_TURNSTILE = `
window.__turnstile = { renders: 0, resets: 0, options: null };
const widgets = new Map();
window.turnstile = {
  render(el, options) {
    const id = 'w' + ++window.__turnstile.renders;
    window.__turnstile.options = { sitekey: options.sitekey, language: options.language, size: options.size };
    const box = document.createElement('div');
    box.textContent = 'Verifying you are human (fake)';
    box.style.cssText = 'height:65px;border:1px solid #999;display:flex;align-items:center;padding:0 12px';
    el.append(box);
    widgets.set(id, { options, tokens: 1 });
    setTimeout(() => options.callback('token-1'), 10);
    return id;
  },
  reset(id) {
    window.__turnstile.resets++;
    const widget = widgets.get(id);
    widget.tokens++;
    setTimeout(() => widget.options.callback('token-' + widget.tokens), 10);
  },
  remove(id) { widgets.delete(id); },
};`;

test.describe('with turnstile-site-key', () => {
  // Our pages' CSP allows no script from Cloudflare: a host using Turnstile must allow it (script-src and frame-src).
  test.use({ bypassCSP: true });

  test('loads the script once, in the head, shows the check near Get OTP, sends its token, and resets it after a challenge refusal', async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    const scripts: string[] = [];
    await page.route('https://challenges.cloudflare.com/**', (route) => {
      scripts.push(route.request().url());
      return route.fulfill({ contentType: 'text/javascript', body: FAKE_TURNSTILE });
    });
    let refuse = true;
    const posted = await fakeService(page, {
      otp: () => (refuse ? [403, { error: 'challenge', message: 'service words' }] : [200, { sent: true, phone: '+919876543210', display: DISPLAY, resendAfterSeconds: 30, expiresInSeconds: 600 }]),
    });
    await page.setViewportSize({ width: 390, height: 900 });
    const f = await open(page, { attrs: { 'turnstile-site-key': '1x00000000000000000000AA' } });
    // A second form on the page shares the script.
    await page.evaluate(() => document.querySelector('.stage')!.append(Object.assign(document.createElement('ai-demo-request'), { id: 'second' })));
    await page.locator('#second').evaluate((el) => (el.setAttribute('backend-url', '/api'), el.setAttribute('turnstile-site-key', '1x00000000000000000000AA')));
    const challenge = f.root.locator('[slot="challenge"]');
    await expect(challenge).toContainText('Verifying you are human');
    await expect(page.locator('#second [slot="challenge"]')).toContainText('Verifying you are human');
    expect(scripts).toEqual(['https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit']);
    expect(await page.evaluate(() => document.head.querySelectorAll('script[src*="challenges.cloudflare.com"]').length)).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __turnstile: { options: unknown } }).__turnstile.options)).toEqual({ sitekey: '1x00000000000000000000AA', language: 'en', size: 'compact' });

    await typePhone(f);
    await f.getOtp.click();
    await expect(f.alert).toHaveText('Please complete the check above and try again.');
    await expect(challenge).toBeFocused();
    // Drawn just above the message it refers to.
    const [check, alert] = [await challenge.boundingBox(), await f.alert.boundingBox()];
    expect(check!.y + check!.height).toBeLessThanOrEqual(alert!.y);
    await page.screenshot({ path: testInfo.outputPath('turnstile-challenge-refused-390.png'), fullPage: true });
    await f.phone.focus();
    await expect(f.phone).toBeFocused();

    refuse = false;
    await expect.poll(() => page.evaluate(() => (window as unknown as { __turnstile: { resets: number } }).__turnstile.resets)).toBe(1);
    await f.getOtp.click();
    await expect(f.otp).toBeVisible();
    expect(posted.otp.map((body) => body.turnstileToken)).toEqual(['token-1', 'token-2']);
    expect(posted.otp.every((body) => body.website === '')).toBe(true);
  });
});

test('with turnstile-site-key and a script that cannot load (our CSP refuses Cloudflare; offline), the form says so', async ({ page }) => {
  test.setTimeout(60_000);
  const f = await open(page, { attrs: { 'turnstile-site-key': '1x00000000000000000000AA' } });
  await expect(f.root.locator('.challenge .problem')).toHaveText('The security check could not load. Reload the page to try again.');
});

test('the honeypot is out of sight, out of the tab order and out of the accessibility tree', async ({ page }) => {
  const posted = await fakeService(page);
  const f = await open(page);
  const trap = f.root.locator('input[name="website"]');
  await expect(trap).toHaveAttribute('tabindex', '-1');
  await expect(trap).toHaveAttribute('aria-hidden', 'true');
  await expect(trap).toHaveAttribute('autocomplete', 'off');
  expect(await f.root.getByRole('textbox').count()).toBe(2);
  // A bot fills it in; the service gets to judge.
  await trap.evaluate((el: HTMLInputElement) => (el.value = 'http://spam.example'));
  await typePhone(f);
  await f.getOtp.click();
  await expect(f.otp).toBeVisible();
  expect(posted.otp[0]).toMatchObject({ website: 'http://spam.example' });
});

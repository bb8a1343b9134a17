import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectLegible } from './visual';
import { DISPLAY, fakeService, fillIn, open, typePhone, type Reply } from './demo-request.contract';

// What <ai-demo-request> sends under the new contract (#22): the page it came from, the consent as
// shown, the metadata, the honeypot and the Turnstile token; and each new refusal code in words.

test.use({ timezoneId: 'Asia/Kolkata' });

test('the lead carries the page it came from, the consent as shown and the metadata; consent starts unticked and comes back unticked', async ({
  page,
  external,
}) => {
  test.setTimeout(60_000);
  const posted = await fakeService(page);
  const consentText = 'I agree that Acme may call me about this demo.';
  const f = await open(page, {
    url: '/examples/demo-request.html?utm_source=newsletter&utm_campaign=diwali#x',
    attrs: { 'consent-text': consentText, 'consent-version': '2025-03' },
  });
  await f.root.evaluate((el) => Object.assign(el, { metadata: { plan: 'pro', landing: 'diwali-offer' } }));
  await expect(f.consent).not.toBeChecked();
  await expect(f.consentLabel).toHaveText(consentText);
  const beforeTick = Date.now();
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
  // When the box was ticked: between the moments before and after, on the one clock of this machine.
  expect(Date.parse(lead!.consentedAt as string)).toBeGreaterThanOrEqual(beforeTick);
  expect(Date.parse(lead!.consentedAt as string)).toBeLessThanOrEqual(ticked);
  // Without turnstile-site-key nothing goes to Cloudflare.
  expect(external.filter((url) => url.includes('challenges.cloudflare.com'))).toEqual([]);

  await f.startOver.click();
  await expect(f.consent).not.toBeChecked();
});

test('metadata that is not a flat object of short strings is refused in the console and {} is sent; the default consent sentence is sent as shown', async ({
  page,
}) => {
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

// Issue 46: the voice widget leaves the tab's demo id in sessionStorage; the lead names it, read when it is sent.
const DEMO_KEY = 'ai-voice-demo:demo-session-id';

test('after a demo in this tab the lead carries its id, read when Get a Call is pressed; one the service would refuse is not sent', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const posted = await fakeService(page);
  const f = await open(page);
  await fillIn(f);
  // The demo was tried after the form was filled in: what counts is the tab's storage at the moment of sending.
  const id = '3b8f0c1e-6a2d-4e59-9f0b-7c1d2e3f4a5b';
  await page.evaluate(([key, value]) => sessionStorage.setItem(key!, value!), [DEMO_KEY, id]);
  await f.submit.click();
  await expect(f.confirmation).toBeVisible();
  expect(posted.lead[0]).toMatchObject({ agentId: 'receptionist', demoSessionId: id });
  expect(await page.context().cookies()).toEqual([]);

  // An id longer than the service takes would cost the visitor their request: it is left out instead.
  await page.evaluate(([key]) => sessionStorage.setItem(key!, 'd'.repeat(65)), [DEMO_KEY]);
  await f.startOver.click();
  await fillIn(f);
  await f.submit.click();
  await expect(f.confirmation).toBeVisible();
  expect(posted.lead).toHaveLength(2);
  expect(posted.lead[1]).not.toHaveProperty('demoSessionId');
});

test('a tab whose storage cannot be read (a sandboxed frame) sends its lead without a demo id', async ({ page }) => {
  test.setTimeout(60_000);
  await page.addInitScript(() =>
    Object.defineProperty(window, 'sessionStorage', {
      get() {
        throw new DOMException('The document is sandboxed and lacks the allow-same-origin flag.', 'SecurityError');
      },
    }),
  );
  const posted = await fakeService(page);
  const f = await open(page);
  expect(
    await page.evaluate(() => {
      try {
        return typeof sessionStorage;
      } catch (error) {
        return (error as Error).name;
      }
    }),
  ).toBe('SecurityError');
  await fillIn(f);
  await f.submit.click();
  await expect(f.confirmation).toBeVisible();
  expect(posted.lead).toHaveLength(1);
  expect(posted.lead[0]).not.toHaveProperty('demoSessionId');
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

/** Looks at a refusal at each width a visitor may have: legible, nothing sideways, a picture to look at. */
async function lookAt(page: Page, lang: 'en' | 'hi', name: string, path: (file: string) => string) {
  for (const width of lang === 'hi' ? [320, 390, 1280] : [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      'the page scrolls sideways',
    ).toBeLessThanOrEqual(width);
    await expectLegible(page, 'ai-demo-request');
    await page
      .locator('ai-demo-request [part="form"]')
      .screenshot({ path: path(`${name}-${lang}-${width}.png`), animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

for (const lang of ['en', 'hi'] as const) {
  test(`each new refusal has its own sentence (${lang}), where it happened, with typed values kept and focus on what to fix`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    let next: Reply = [200, {}];
    await fakeService(page, {
      otp: () => next,
      verify: () => [429, { error: 'too-many-checks', message: 'service words' }],
    });
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
      if (error === 'not-mobile') await lookAt(page, lang, 'refused-not-mobile', (file) => testInfo.outputPath(file));
    }
    // An unknown code shows the service's own sentence.
    next = [400, { error: 'consent-text', message: 'The service words this one.' }];
    await f.getOtp.click();
    await expect(f.alert).toHaveText('The service words this one.');

    // On the code step: too many checks asks for a new code, the typed code stays.
    next = [
      200,
      { sent: true, phone: '+919876543210', display: DISPLAY, resendAfterSeconds: 0, expiresInSeconds: 600 },
    ];
    await f.getOtp.click();
    await f.otp.fill('123456');
    await expect(f.alert).toHaveText(SENTENCES[lang]['too-many-checks']);
    await expect(f.otp).toHaveValue('123456');
    await expect(f.resend).toBeFocused();
    await expect(f.resend).toHaveClass(/emphasised/);
    await lookAt(page, lang, 'refused-too-many-checks', (file) => testInfo.outputPath(file));
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

  test('loads the script once, in the head, shows the check near Get OTP, sends its token, and resets it after a challenge refusal', async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    const scripts: string[] = [];
    await page.route('https://challenges.cloudflare.com/**', (route) => {
      scripts.push(route.request().url());
      return route.fulfill({ contentType: 'text/javascript', body: FAKE_TURNSTILE });
    });
    let refuse = true;
    const posted = await fakeService(page, {
      otp: () =>
        refuse
          ? [403, { error: 'challenge', message: 'service words' }]
          : [
              200,
              { sent: true, phone: '+919876543210', display: DISPLAY, resendAfterSeconds: 30, expiresInSeconds: 600 },
            ],
    });
    await page.setViewportSize({ width: 390, height: 900 });
    const f = await open(page, { attrs: { 'turnstile-site-key': '1x00000000000000000000AA' } });
    // A second form on the page shares the script.
    await page.evaluate(() =>
      document
        .querySelector('.stage')!
        .append(Object.assign(document.createElement('ai-demo-request'), { id: 'second' })),
    );
    await page
      .locator('#second')
      .evaluate(
        (el) => (
          el.setAttribute('backend-url', '/api'),
          el.setAttribute('turnstile-site-key', '1x00000000000000000000AA')
        ),
      );
    // The second form's code comes when a visitor reaches for it.
    await page.locator('#second').hover();
    const challenge = f.root.locator('[slot="challenge"]');
    await expect(challenge).toContainText('Verifying you are human');
    await expect(page.locator('#second [slot="challenge"]')).toContainText('Verifying you are human');
    expect(scripts).toEqual(['https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit']);
    expect(
      await page.evaluate(() => document.head.querySelectorAll('script[src*="challenges.cloudflare.com"]').length),
    ).toBe(1);
    expect(
      await page.evaluate(() => (window as unknown as { __turnstile: { options: unknown } }).__turnstile.options),
    ).toEqual({ sitekey: '1x00000000000000000000AA', language: 'en', size: 'compact' });

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
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __turnstile: { resets: number } }).__turnstile.resets))
      .toBe(1);
    await f.getOtp.click();
    await expect(f.otp).toBeVisible();
    expect(posted.otp.map((body) => body.turnstileToken)).toEqual(['token-1', 'token-2']);
    expect(posted.otp.every((body) => body.website === '')).toBe(true);
  });
});

test('with turnstile-site-key and a script that cannot load (our CSP refuses Cloudflare; offline), the form says so', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const f = await open(page, { attrs: { 'turnstile-site-key': '1x00000000000000000000AA' } });
  await expect(f.root.locator('.challenge .problem')).toHaveText(
    'The security check could not load. Reload the page to try again.',
  );
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

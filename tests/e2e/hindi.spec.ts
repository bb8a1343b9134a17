import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectLegible } from './visual';
import { patience } from '../support/slowdown.mjs';

// Every widget state in Hindi at the narrowest phone width: no English left (names, "OTP" and
// numbers aside), nothing clipped or overflowing (Devanagari runs wider), and a picture of each.

test.use({ viewport: { width: 320, height: 800 } });

/** Latin words a Hindi visitor may see: product and brand names, "OTP", "AI" inside agent names. */
const NAMES = /AI Receptionist|AI Real-Estate Cold Caller|AI Customer Support \((Hindi|English)\)|Aurelo|OTP/g;

/** Every text a visitor sees or hears in a widget: its text, labels, placeholders and values (country names aside). */
async function englishLeft(widget: Locator): Promise<string[]> {
  const texts = await widget.evaluate((host) => {
    const out: string[] = [];
    const walk = (root: ParentNode) => {
      for (const el of root.querySelectorAll<HTMLElement>('*')) {
        if (el.shadowRoot) walk(el.shadowRoot);
        // Country names in the phone field's country menu are names (the phone library ships no Hindi).
        if (el.closest('select, style, .PhoneInputCountry')) continue;
        for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
          const value = el.getAttribute(name);
          if (value) out.push(value);
        }
        for (const node of el.childNodes)
          if (node.nodeType === 3 && node.textContent!.trim()) out.push(node.textContent!.trim());
      }
    };
    walk(host.shadowRoot!);
    return out;
  });
  return texts.map((t) => t.replace(NAMES, '')).filter((t) => /[A-Za-z]{2,}/.test(t));
}

async function check(page: Page, widget: Locator, name: string) {
  expect(await englishLeft(widget), `${name}: English text in the Hindi UI`).toEqual([]);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${name}: the page scrolls sideways`,
  ).toBeLessThanOrEqual(320);
  await expectLegible(page, `#${await widget.getAttribute('id')}`);
  await expect(widget).toHaveScreenshot(`hindi-${name}-320.png`);
}

test('the voice demo in Hindi, in each state', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/examples/hindi.html');
  const voice = page.locator('#voice');
  await page.waitForFunction(() => customElements.get('ai-voice-demo'));
  await expect(voice.getByRole('status')).toHaveText('हमारे एआई एजेंट को आज़माने के लिए क्लिक करें');
  await check(page, voice, 'voice-idle');
  await page.evaluate(async () => {
    const { createScriptedClient } = await import('/examples/scripted-client.js' as string);
    const client = createScriptedClient();
    (window as unknown as { client: unknown }).client = client;
    Object.assign(document.getElementById('voice')!, { client });
  });
  const emit = (e: string, v?: unknown) =>
    page.evaluate(
      ([n, x]) => (window as unknown as { client: { emit(n: string, x?: unknown): void } }).client.emit(n, x),
      [e, v] as const,
    );
  await voice.getByRole('button', { name: 'हमारे एआई एजेंट के साथ वॉइस कॉल शुरू करें' }).click();
  await expect(voice.getByRole('group', { name: 'शुरू करने से पहले' })).toBeVisible();
  await check(page, voice, 'voice-consent');
  await voice.getByRole('button', { name: 'स्वीकार करें' }).click();
  await expect(voice.getByRole('status')).toHaveText('एआई एजेंट से कनेक्ट हो रहा है...');
  await check(page, voice, 'voice-connecting');
  await emit('call-start');
  await emit('message', {
    type: 'transcript',
    role: 'assistant',
    transcriptType: 'final',
    transcript: 'नमस्ते! मैं आपकी क्या मदद कर सकती हूँ?',
  });
  await emit('message', {
    type: 'transcript',
    role: 'user',
    transcriptType: 'final',
    transcript: 'मुझे अपॉइंटमेंट बुक करनी है।',
  });
  await expect(voice.getByRole('status')).toHaveText('कॉल ख़त्म करने के लिए क्लिक करें');
  await voice.getByRole('button', { name: 'माइक्रोफ़ोन बंद करें' }).click();
  await check(page, voice, 'voice-connected');
  await emit('speech-start');
  await expect(voice.getByRole('status')).toHaveText('एआई एजेंट बोल रहा है...');
  await check(page, voice, 'voice-speaking');
  await emit('error', { message: 'the line dropped' });
  await expect(voice.getByRole('status')).toHaveText('कनेक्ट नहीं हो सका। फिर से कोशिश करने के लिए क्लिक करें');
  await check(page, voice, 'voice-error');
});

test('a blocked microphone, in Hindi', async ({ page }) => {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    sessionStorage.setItem('ai-voice-demo-consent:यह कॉल गुणवत्ता के लिए रिकॉर्ड की जा सकती है।', '1');
  });
  await page.goto('/examples/hindi.html');
  const voice = page.locator('#voice');
  // Set up as a real page is (the example's placeholders stop a call before the microphone, #55).
  await voice.evaluate(
    (el) => (el.setAttribute('public-key', 'test-public-key'), el.setAttribute('assistant-id', 'test-assistant')),
  );
  await voice.getByRole('button').click();
  await expect(voice.getByRole('status')).toContainText('माइक्रोफ़ोन ब्लॉक है');
  await check(page, voice, 'voice-microphone-blocked');
});

test('the feedback form in Hindi: open, an outage, thank-you', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/examples/hindi.html');
  const feedback = page.locator('#feedback');
  await feedback.getByRole('button', { name: 'फ़ीडबैक दें' }).click();
  const dialog = feedback.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await check(page, feedback, 'feedback-open');
  await dialog.getByRole('textbox', { name: 'नाम' }).fill('आशा');
  await dialog.getByRole('textbox', { name: 'ईमेल' }).fill('asha@example.com');
  await dialog.getByRole('textbox', { name: 'फ़ीडबैक' }).fill('डेमो बहुत अच्छा लगा।');
  await page.route('**/api/feedback', (route) => route.abort('failed'), { times: 1 });
  await dialog.getByRole('button', { name: 'फ़ीडबैक भेजें' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('फ़ीडबैक नहीं भेजा जा सका। कृपया फिर से कोशिश करें।');
  await check(page, feedback, 'feedback-error');
  await dialog.getByRole('button', { name: 'फ़ीडबैक भेजें' }).click();
  await expect(dialog.getByRole('heading', { name: 'आपके फ़ीडबैक के लिए धन्यवाद!' })).toBeVisible();
  await check(page, feedback, 'feedback-thanks');
});

test('the demo request form in Hindi, step by step', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/examples/hindi.html');
  const demo = page.locator('#demo');
  const phone = demo.getByRole('textbox', { name: 'फ़ोन नंबर', exact: true });
  // The form is drawn at once; its code comes when a visitor reaches for it.
  await demo.hover();
  await expect(phone).toBeEditable({ timeout: patience(15_000) });
  await page.mouse.move(0, 0);
  await check(page, demo, 'demo-start');
  await demo.locator('label').filter({ hasText: 'AI Customer Support (Hindi)' }).click();
  await demo.getByRole('textbox', { name: 'नाम' }).fill('आशा राव');
  await phone.click();
  await phone.pressSequentially('9876543210');
  await demo.getByRole('button', { name: 'OTP पाएं' }).click();
  await expect(demo.getByRole('textbox', { name: 'OTP' })).toBeVisible();
  await check(page, demo, 'demo-code');
  await demo.getByRole('textbox', { name: 'OTP' }).fill('123456');
  await demo.getByRole('button', { name: 'वेरिफ़ाई करें' }).click();
  await expect(demo.getByText('फ़ोन नंबर वेरिफ़ाई हो गया')).toBeVisible();
  await demo.getByRole('checkbox').check();
  await demo.getByRole('button', { name: 'कॉल पाएं' }).click();
  await expect(demo.getByText('धन्यवाद! AI Customer Support (Hindi) डेमो के लिए आपका अनुरोध मिल गया है।')).toBeVisible();
  await check(page, demo, 'demo-requested');
});

import Database from 'better-sqlite3';
import type { Locator, Page } from '@playwright/test';
import { events as recorded, expect, recordEvents, test } from './fixtures';
import { expectLegible } from './visual';
import { patience } from '../support/slowdown.mjs';

// The demo form on /experience against the real service: codes through a fake Twilio Verify
// (global-setup), the lead stored in the service's database. Each test uses its own number.

const twilio = (path: string) => `${process.env.E2E_TWILIO_URL}${path}`;
const codeFor = async (phone: string) =>
  ((await (await fetch(twilio(`/__code?to=${encodeURIComponent(phone)}`))).json()) as { code: string | null }).code;

function newNumber() {
  const digits = `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  return { digits, e164: `+91${digits}`, display: `+91 ${digits.slice(0, 5)} ${digits.slice(5)}` };
}

function form(page: Page) {
  const root = page.locator('ai-demo-request');
  return {
    root,
    radio: (name: string) => root.getByRole('radio', { name, exact: true }),
    name: root.getByRole('textbox', { name: 'Name', exact: true }),
    phone: root.getByRole('textbox', { name: 'Phone Number', exact: true }),
    getOtp: root.getByRole('button', { name: 'Get OTP', exact: true }),
    otp: root.getByRole('textbox', { name: 'OTP', exact: true }),
    verify: root.getByRole('button', { name: 'Verify', exact: true }),
    resend: root.getByRole('button', { name: /^Send a new code/ }),
    consent: root.getByRole('checkbox'),
    submit: root.getByRole('button', { name: 'Get a Call', exact: true }),
    alert: root.getByRole('alert'),
    confirmation: root.locator('[part="confirmation"]'),
  };
}
type Form = ReturnType<typeof form>;

/** The element holding focus, through shadow roots: its role and accessible name. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return {
      tag: el?.tagName.toLowerCase(),
      text:
        (el as HTMLElement | null)?.innerText?.trim() ||
        el?.getAttribute('placeholder') ||
        el?.getAttribute('aria-label') ||
        '',
    };
  });

async function open(page: Page) {
  await page.goto('/experience');
  const f = form(page);
  await f.root.hover();
  await expect(f.phone).toBeEditable({ timeout: patience(15_000) });
  return f;
}

async function codeSent(f: Form, number: ReturnType<typeof newNumber>) {
  await f.phone.click();
  await f.phone.pressSequentially(number.digits, { delay: 30 });
  await f.getOtp.click();
  await expect(f.root.getByText(`Code sent to ${number.display}`)).toBeVisible();
}

test.describe('the demo form with the service', () => {
  test('done with the keyboard alone: code, check, consent, call; the lead is stored', async ({ page }) => {
    const number = newNumber();
    const f = await open(page);
    await recordEvents(page, ['ai-demo-request-submit', 'ai-demo-request-success']);
    await f.radio('AI Receptionist').focus();
    await page.keyboard.press('ArrowRight');
    await expect(f.radio('AI Real-Estate Cold Caller')).toBeChecked();
    await page.keyboard.press('Tab');
    await page.keyboard.type('Asha Rao', { delay: 40 });
    await page.keyboard.press('Tab');
    // The country select comes first in the phone field, then the number.
    if ((await focused(page)).tag === 'select') await page.keyboard.press('Tab');
    await page.keyboard.type(number.digits, { delay: 40 });
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Get OTP');
    await page.keyboard.press('Enter');
    await expect(f.root.getByText(`Code sent to ${number.display}`)).toBeVisible();
    await expect(f.otp).toBeFocused();
    // The whole code checks itself as its last digit is typed.
    await page.keyboard.type((await codeFor(number.e164))!, { delay: 40 });
    await expect(f.root.getByText('Phone number verified')).toBeVisible();
    await expect(f.consent).toBeFocused();
    await page.keyboard.press('Space');
    // The privacy policy is linked beside the consent sentence (#34), then comes Get a Call.
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Privacy policy');
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Get a Call');
    await page.keyboard.press('Enter');
    // The old service answers `not-configured` here (no voice provider in the tests).
    await expect(f.confirmation).toHaveText(
      `Thanks, Asha Rao! Someone from our team will get in touch with you on ${number.display}.Request another demo`,
    );
    await expect(f.confirmation).toBeFocused();

    const events = await recorded(page);
    expect(events.map((e) => e.type)).toEqual(['ai-demo-request-submit', 'ai-demo-request-success']);
    const { id } = events[1].detail as { id: number; call: string };
    expect(events[1].detail).toEqual({ id, call: 'not-configured' });
    const db = new Database(process.env.E2E_DB_PATH!, { readonly: true, fileMustExist: true });
    const row = db.prepare('SELECT agent_id, name, phone, consent_text FROM leads WHERE id = ?').get(id);
    db.close();
    expect(row).toEqual({
      agent_id: 'realEstate',
      name: 'Asha Rao',
      phone: number.e164,
      consent_text: expect.stringContaining('AI-powered demo calls, from Aurelo services'),
    });
  });

  test('a lead from a campaign page carries its proof to the export: UTM values, the page, the browser and the consent hash', async ({
    page,
  }) => {
    const number = newNumber();
    await page.goto('/experience?utm_source=newsletter&utm_campaign=diwali#agents');
    const f = form(page);
    // Consent is never ticked for the visitor.
    await expect(f.consent).not.toBeChecked();
    await f.root.hover();
    await expect(f.phone).toBeEditable({ timeout: patience(15_000) });
    await f.root.getByText('AI Receptionist', { exact: true }).click();
    await expect(f.radio('AI Receptionist')).toBeChecked();
    await f.name.fill('Meera Iyer');
    await codeSent(f, number);
    await f.otp.fill((await codeFor(number.e164))!);
    await expect(f.root.getByText('Phone number verified')).toBeVisible();
    await expect(f.consent).not.toBeChecked();
    await f.consent.check();
    // The sentence beside the box is the one stored.
    const shown = await f.consent.evaluate((box) => box.closest('label')!.textContent!.trim());
    await f.submit.click();
    await expect(f.confirmation).toContainText('Someone from our team will get in touch with you on');
    const userAgent = await page.evaluate(() => navigator.userAgent);

    const { execFileSync } = await import('node:child_process');
    const { createHash } = await import('node:crypto');
    const rows = JSON.parse(
      execFileSync('npm', ['run', '-s', 'export-leads', '--', '--format', 'json', '--db', process.env.E2E_DB_PATH!], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    ) as Record<string, unknown>[];
    const row = rows.find((r) => r.phone === number.e164);
    expect(row).toMatchObject({
      name: 'Meera Iyer',
      utmSource: 'newsletter',
      utmCampaign: 'diwali',
      pageUrl: expect.stringMatching(/\/experience\?utm_source=newsletter&utm_campaign=diwali$/),
      userAgent,
      consentText: shown,
      consentSha256: createHash('sha256').update(shown).digest('hex'),
      consentVersion: 'default-en',
      consentedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      verifiedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      timeZone: expect.any(String),
    });
    const csv = execFileSync(
      'npm',
      ['run', '-s', 'export-leads', '--', '--format', 'csv', '--db', process.env.E2E_DB_PATH!],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const line = csv.split('\r\n').find((l) => l.includes(number.e164))!;
    for (const value of ['newsletter', 'diwali', number.e164, String(row!.consentSha256)])
      expect(line).toContain(`"${value}"`);
  });

  test('a wrong code says how many tries are left and keeps what was typed; the right one then works', async ({
    page,
  }) => {
    const number = newNumber();
    const f = await open(page);
    await codeSent(f, number);
    const right = (await codeFor(number.e164))!;
    const wrong = right === '000000' ? '111111' : '000000';
    // A whole code checks itself: no press.
    await f.otp.fill(wrong);
    await expect(f.alert).toHaveText('That code is not right. You have 4 tries left.');
    await expect(f.otp).toHaveValue(wrong);
    await expect(f.otp).toBeFocused();
    await expect(f.resend).toHaveText(/^Send a new code in \d+ s$/);
    await f.otp.fill(right);
    await expect(f.root.getByText('Phone number verified')).toBeVisible();
    await expect(f.alert).toHaveCount(0);
  });

  test('five wrong codes end in asking for a new code', async ({ page }) => {
    const number = newNumber();
    const f = await open(page);
    await codeSent(f, number);
    for (let i = 0; i < 5; i++) {
      await f.otp.fill(`00000${i}`);
      await expect(f.alert).toHaveText(
        i < 4 ? `That code is not right. You have ${4 - i} ${i === 3 ? 'try' : 'tries'} left.` : /last try/,
      );
    }
    await expect(f.alert).toHaveText('That code is not right, and that was the last try. Ask for a new one.');
    await expect(f.resend).toHaveAttribute('aria-disabled', 'true');
  });

  test('an unreachable code provider and an unreachable service each say what happened, and a retry works', async ({
    page,
  }) => {
    const number = newNumber();
    const f = await open(page);
    await fetch(twilio(`/__down?to=${encodeURIComponent(number.e164)}`), { method: 'POST' });
    await f.phone.click();
    await f.phone.pressSequentially(number.digits, { delay: 20 });
    await f.getOtp.click();
    await expect(f.alert).toHaveText('We could not send or check the code right now. Please try again in a minute.');
    await expect(f.getOtp).toBeFocused();
    await expect(f.phone).toHaveValue(number.display);

    await fetch(twilio(`/__up?to=${encodeURIComponent(number.e164)}`), { method: 'POST' });
    await page.route('**/api/otp', (route) => route.abort('connectionrefused'));
    await f.getOtp.click();
    await expect(f.alert).toHaveText('We could not reach our service. Check your connection and try again.');
    await page.unroute('**/api/otp');
    await f.getOtp.click();
    await expect(f.root.getByText(`Code sent to ${number.display}`)).toBeVisible();
  });

  test("a page asking for a country the service does not send codes to gets the service's, with a warning", async ({
    page,
  }) => {
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    const f = await open(page);
    await f.root.evaluate((el) => el.setAttribute('default-country', 'GB'));
    // The service sends codes to India alone (OTP_COUNTRIES=IN): a British number would only be refused at Get OTP.
    await expect(f.phone).toHaveValue('+91');
    await expect.poll(() => warnings.join('\n')).toContain('default-country "GB" is not one of the form\'s countries');
  });

  for (const width of [390, 1280]) {
    test(`the code step, a refusal and the confirmation are legible at ${width} px`, async ({ page }, testInfo) => {
      // Tall enough for the whole form: an element taller than the viewport is shot in parts, under the fixed header.
      await page.setViewportSize({ width, height: 2000 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      // A number of its own per width and per try, so the pictures hold the same digits every run.
      const digits = `98765${String(width).padStart(4, '0')}${testInfo.retry}`;
      const number = { digits, e164: `+91${digits}`, display: `+91 ${digits.slice(0, 5)} ${digits.slice(5)}` };
      const f = await open(page);
      await f.root.getByText('AI Receptionist', { exact: true }).click();
      await f.name.fill('Asha Rao');
      await codeSent(f, number);
      await f.otp.fill('000000' === (await codeFor(number.e164)) ? '111111' : '000000');
      await expect(f.alert).toBeVisible();
      const shot = async (name: string, target: Locator) => {
        await expectLegible(page, 'ai-demo-request');
        await expect(target).toHaveScreenshot(`${name}-${width}.png`, { mask: [f.otp, f.resend] });
      };
      await shot('lead-code-refused', f.root);
      await f.otp.fill((await codeFor(number.e164))!);
      // As a person does: tick the box once the number shows as verified.
      await expect(f.root.getByText('Phone number verified')).toBeVisible();
      await f.consent.check();
      await f.submit.click();
      await expect(f.confirmation).toBeVisible();
      await shot('lead-confirmation', f.root);
    });
  }
});

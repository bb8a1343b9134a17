import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page, Route } from '@playwright/test';
import { cspViolations, expect, test } from './fixtures';
import { expectLegible } from './visual';

// The sales desk against the real service (global-setup): an account made with the CLI, a lead that
// arrives from another page's demo form while the desk is open, its page, the contacted mark, the CSV
// and signing out. The pictures use fixed answers, so they hold the same rows every run.

const PASSWORD = 'desk-e2e password 42';
const twilio = (path: string) => `${process.env.E2E_TWILIO_URL}${path}`;
const codeFor = async (phone: string) => ((await (await fetch(twilio(`/__code?to=${encodeURIComponent(phone)}`))).json()) as { code: string | null }).code;

/** An account of its own for each test, made as an operator would: `npm run -s desk-user -- add`. */
function account() {
  const email = `desk-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const made = spawnSync(process.execPath, ['server/run.mjs', 'cli/desk-user', 'add', '--email', email, '--db', process.env.E2E_DB_PATH!], { input: PASSWORD, encoding: 'utf8' });
  expect(made.status, made.stderr).toBe(0);
  expect(made.stdout).toBe(`${email} added.\n`);
  return email;
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Asks for a demo on /experience as a visitor would, and waits for the confirmation. */
async function askForDemo(page: Page, name: string) {
  const digits = `97${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await page.goto('/experience');
  const form = page.locator('ai-demo-request');
  await form.hover();
  const phone = form.getByRole('textbox', { name: 'Phone Number', exact: true });
  await expect(phone).toBeEditable({ timeout: 15_000 });
  await form.getByText('AI Real-Estate Cold Caller', { exact: true }).click();
  await expect(form.getByRole('radio', { name: 'AI Real-Estate Cold Caller', exact: true })).toBeChecked();
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await phone.click();
  await phone.pressSequentially(digits, { delay: 20 });
  await form.getByRole('button', { name: 'Get OTP', exact: true }).click();
  const otp = form.getByRole('textbox', { name: 'OTP', exact: true });
  await expect(otp).toBeVisible();
  await otp.fill((await codeFor(`+91${digits}`))!);
  await form.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(form.getByText('Phone number verified')).toBeVisible();
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Get a Call', exact: true }).click();
  await expect(form.locator('[part="confirmation"]')).toBeVisible();
  return `+91${digits}`;
}

test.describe('the sales desk', () => {
  test('sign in, watch a lead arrive from another page, open it, mark it contacted, download the CSV, sign out', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const violations = await cspViolations(page);
    const email = account();
    await page.goto('/desk');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the sales desk' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');

    await signIn(page, email, 'not the password');
    await expect(page.getByRole('alert')).toHaveText('That email and password do not match.');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    await signIn(page, email);
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    // The cookie is out of the page's reach.
    expect(await page.evaluate(() => document.cookie)).toBe('');

    // A visitor asks for a demo in another window; the open list shows it within 5 seconds.
    const name = `Desk Visitor ${Math.random().toString(36).slice(2, 7)}`;
    const visitor = await browser.newPage();
    const phone = await askForDemo(visitor, name);
    await visitor.close();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
    await expect(row).toBeVisible({ timeout: 5_000 });
    await expect(page.getByRole('status')).toContainText(`New lead: ${name}, AI Real-Estate Cold Caller.`);
    await expect(row.getByRole('cell').nth(2)).toHaveText('AI Real-Estate Cold Caller');
    await expect(row).toContainText('Not yet');
    await expectLegible(page);

    // Its page: the consent proof, the attempts, the transcript's place; marked contacted by this account.
    await row.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/desk\/leads\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
    await expect(page.getByRole('region', { name: 'Consent proof' })).toContainText('AI-powered demo calls');
    await expect(page.getByRole('region', { name: 'Call attempts' })).toContainText('No attempt yet.');
    await expect(page.getByRole('region', { name: 'Transcript' })).toBeVisible();
    await page.getByRole('button', { name: 'Mark as contacted' }).click();
    await expect(page.getByText(`Contacted by ${email}`)).toBeVisible();
    await expectLegible(page);

    // Back on the list, filtered to its agent: the CSV holds what the list shows.
    await page.getByRole('link', { name: '← All leads' }).click();
    await page.getByLabel('Agent').selectOption('realEstate');
    await expect(page).toHaveURL(/\?agent=realEstate$/);
    await expect(row).toContainText('Yes,');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /^Download CSV/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d\d-\d\d\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    const line = csv.split('\r\n').find((l) => l.includes(name))!;
    expect(line).toContain(`"${phone}"`);
    expect(line).toContain(`"${email}"`);
    expect(csv).not.toMatch(/"receptionist"/);

    // Signing out ends the session on the server too.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the sales desk' })).toBeVisible();
    expect((await page.request.get('/api/desk/leads')).status()).toBe(401);
    await page.goto('/desk/feedback');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the sales desk' })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('feedback sent from the site shows on the desk, newest first', async ({ page }) => {
    const email = account();
    const message = `From the e2e test ${Math.random()}`;
    const sent = await page.request.post('/api/feedback', { data: { name: 'Meera', email: 'meera@example.com', message } });
    expect(sent.status()).toBe(201);
    await page.goto('/desk/feedback');
    await signIn(page, email);
    await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Feedback, newest first' }).getByRole('listitem').first()).toContainText(message);
    await expectLegible(page);
  });
});

// Fixed answers for the pictures: the rows never depend on what other tests stored.
const LEADS = [
  { id: 42, createdAt: '2026-11-23T09:41:00.000Z', agentId: 'receptionist', name: 'Asha Rao', phone: '+919876543210', call: { status: 'ended', attempts: 1, callAt: null, endedReason: 'customer-ended-call', failureReason: null, summary: 'Wants a receptionist for two clinics; asked for pricing by email.', successEvaluation: 'true' }, contacted: { at: '2026-11-23T10:05:00.000Z', by: 'sales@example.com' } },
  { id: 41, createdAt: '2026-11-23T08:12:00.000Z', agentId: 'realEstate', name: 'Vikram Singh', phone: '+919812345678', call: { status: 'scheduled', attempts: 0, callAt: '2026-11-23T09:00:00.000Z', endedReason: null, failureReason: null, summary: null, successEvaluation: null }, contacted: null },
  { id: 40, createdAt: '2026-11-22T17:30:00.000Z', agentId: 'supportHindi', name: 'Priya Nair', phone: '+919898989898', call: { status: 'failed', attempts: 5, callAt: null, endedReason: null, failureReason: 'no-answer', summary: null, successEvaluation: null }, contacted: null },
];
const DETAIL = {
  lead: {
    id: 42,
    createdAt: '2026-11-23T09:41:00.000Z',
    agentId: 'receptionist',
    name: 'Asha Rao',
    phone: '+919876543210',
    consent: { text: 'I agree to receive messages, including automated calls and AI-powered demo calls, from Aurelo services at the contact information provided.', version: 'default-en', sha256: '3f5c2a8e0b1d4f6a9c7e5b3d1f0a2c4e6b8d0f1a3c5e7b9d2f4a6c8e0b1d3f5a', consentedAt: '2026-11-23T09:40:50.000Z', verifiedAt: '2026-11-23T09:40:30.000Z' },
    source: { pageUrl: 'https://clinic.example/landing', referrer: 'https://www.google.com/', userAgent: 'Mozilla/5.0 (Linux; Android 14)', ip: '203.0.113.7', timeZone: 'Asia/Kolkata', utm: { source: 'google', campaign: 'clinics-nov' }, clickIds: { gclid: 'g-123' }, metadata: {} },
  },
  call: { ...LEADS[0].call, lastError: null, providerCallId: 'call_123', providerStatus: 'ended', startedAt: '2026-11-23T09:41:20.000Z', endedAt: '2026-11-23T09:44:02.000Z', durationSeconds: 162, transcript: 'AI: Hello Asha, this is the Aurelo receptionist demo. How can I help?\nUser: We run two clinics and miss calls at lunch.\nAI: I can answer those calls, book appointments and take payments. Shall I send pricing by email?\nUser: Yes, please.', recordingUrl: null },
  attempts: [{ attempt: 1, startedAt: '2026-11-23T09:41:05.000Z', finishedAt: '2026-11-23T09:41:06.000Z', outcome: 'placed call_123', error: null, providerCallId: 'call_123' }],
  contacted: null,
};

async function fixedDesk(page: Page) {
  const json = (body: unknown) => (route: Route) => route.fulfill({ json: body });
  await page.route('**/api/session', json({ email: 'sales@example.com', expiresAt: '2026-11-23T21:41:00.000Z' }));
  await page.route('**/api/desk/changes', json({ version: '1.1.1.1' }));
  await page.route('**/api/desk/leads?*', json({ leads: LEADS, limit: 500, version: '1.1.1.1' }));
  await page.route('**/api/desk/leads', json({ leads: LEADS, limit: 500, version: '1.1.1.1' }));
  await page.route('**/api/desk/leads/42', json(DETAIL));
}

test.describe('the desk as it looks', () => {
  test.use({ timezoneId: 'Asia/Kolkata', locale: 'en-IN' });
  for (const width of [390, 1280]) {
    test(`sign-in, the leads and a lead are legible at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/desk');
      await page.getByRole('textbox', { name: 'Email' }).fill('sales@example.com');
      await page.getByLabel('Password').fill('wrong');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toHaveText('That email and password do not match.');
      await expectLegible(page);
      await expect(page).toHaveScreenshot(`desk-sign-in-${width}.png`);

      await fixedDesk(page);
      await page.goto('/desk');
      await expect(page.getByRole('rowheader', { name: 'Asha Rao' })).toBeVisible();
      await expectLegible(page);
      await expect(page).toHaveScreenshot(`desk-leads-${width}.png`, { fullPage: true });

      await page.getByRole('link', { name: 'Asha Rao' }).click();
      await expect(page.getByRole('region', { name: 'Transcript' })).toContainText('We run two clinics');
      await expectLegible(page);
      await expect(page).toHaveScreenshot(`desk-lead-${width}.png`, { fullPage: true });
    });
  }
});

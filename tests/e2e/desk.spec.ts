import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page, Route } from '@playwright/test';
import { cspViolations, expect, test } from './fixtures';
import { expectLegible } from './visual';
import { patience } from '../support/slowdown.mjs';

// The sales desk against the real service (global-setup): an account made with the CLI, a lead that
// arrives from another page's demo form while the desk is open, its page, the contacted mark, the CSV
// and signing out. The pictures use fixed answers, so they hold the same rows every run.

const PASSWORD = 'desk-e2e password 42';
const twilio = (path: string) => `${process.env.E2E_TWILIO_URL}${path}`;
const codeFor = async (phone: string) =>
  ((await (await fetch(twilio(`/__code?to=${encodeURIComponent(phone)}`))).json()) as { code: string | null }).code;

/** An account of its own for each test, made as an operator would: `npm run -s desk-user -- add`. */
function account() {
  const email = `desk-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const made = spawnSync(
    process.execPath,
    ['server/run.mjs', 'cli/desk-user', 'add', '--email', email, '--db', process.env.E2E_DB_PATH!],
    { input: PASSWORD, encoding: 'utf8' },
  );
  expect(made.status, made.stderr).toBe(0);
  expect(made.stdout).toBe(`${email} added (agent).\n`);
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
  await expect(phone).toBeEditable({ timeout: patience(15_000) });
  await form.getByText('AI Real-Estate Cold Caller', { exact: true }).click();
  await expect(form.getByRole('radio', { name: 'AI Real-Estate Cold Caller', exact: true })).toBeChecked();
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await phone.click();
  await phone.pressSequentially(digits, { delay: 20 });
  await form.getByRole('button', { name: 'Get OTP', exact: true }).click();
  const otp = form.getByRole('textbox', { name: 'OTP', exact: true });
  await expect(otp).toBeVisible();
  await otp.fill((await codeFor(`+91${digits}`))!);
  await expect(form.getByText('Phone number verified')).toBeVisible();
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Get a Call', exact: true }).click();
  await expect(form.locator('[part="confirmation"]')).toBeVisible();
  return `+91${digits}`;
}

test.describe('the sales desk', () => {
  test('sign in, watch a lead arrive from another page, open it, mark it contacted, download the CSV, sign out', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const violations = await cspViolations(page);
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    page.on('pageerror', (e) => consoleErrors.push(e.message));
    const refused: string[] = [];
    page.on(
      'response',
      (r) => r.status() >= 400 && refused.push(`${r.request().method()} ${new URL(r.url()).pathname} ${r.status()}`),
    );
    const email = account();
    await page.goto('/desk');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the sales desk' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');

    await signIn(page, email, 'not the password');
    await expect(page.getByRole('alert')).toHaveText('That email and password do not match.');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    await signIn(page, email);
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeFocused();
    await expect(page.getByText(email)).toBeVisible();
    // The cookie is out of the page's reach.
    expect(await page.evaluate(() => document.cookie)).toBe('');

    // A visitor asks for a demo in another window; the open list shows it within 5 seconds.
    const name = `Desk Visitor ${Math.random().toString(36).slice(2, 7)}`;
    const visitor = await browser.newPage();
    const phone = await askForDemo(visitor, name);
    await visitor.close();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
    await expect(row).toBeVisible({ timeout: patience(5_000) });
    await expect(page.getByRole('status')).toContainText(`New lead: ${name}, AI Real-Estate Cold Caller.`);
    await expect(row.getByRole('cell').nth(1)).toHaveText('AI Real-Estate Cold Caller');
    await expect(row).toContainText('Not contacted yet');
    await expectLegible(page);

    // Found by a word's beginning and by digits of the number however typed; the search stays in the address.
    const search = page.getByRole('searchbox', { name: 'Search by name or number' });
    await search.fill(`visitor ${name.split(' ')[2].slice(0, 4)}`);
    await expect(page).toHaveURL(/\?q=/);
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(row).toBeVisible();
    await search.fill(`${phone.slice(5, 8)} ${phone.slice(8)}`);
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(row).toBeVisible();
    await search.fill('12');
    await expect(page.getByText('Type at least 3 digits of a number.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(search).toHaveValue('');

    // Its page: the consent proof, the attempts, the transcript's place; marked contacted by this account.
    await row.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/desk\/leads\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
    await expect(page.getByRole('region', { name: 'Consent proof' })).toContainText('AI-powered demo calls');
    await expect(page.getByRole('region', { name: 'Call attempts' })).toContainText('No attempt yet.');
    await expect(page.getByRole('region', { name: 'Transcript' })).toBeVisible();
    // Marked, undone, marked again: each time the heading has the focus and the history keeps who did what.
    const heading = page.getByRole('heading', { level: 1, name });
    await page.getByRole('button', { name: 'Mark as contacted' }).click();
    await expect(page.locator('.desk-contacted-note')).toContainText(`Contacted by ${email},`);
    await expect(heading).toBeFocused();
    await page.getByRole('button', { name: 'Undo the contacted mark' }).click();
    await expect(page.getByRole('button', { name: 'Mark as contacted' })).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'Mark undone' })).toBeVisible();
    await expect(page.getByText(`Mark undone by ${email}`)).toBeVisible();
    await page.getByRole('button', { name: 'Mark as contacted' }).click();
    await expect(page.locator('.desk-contacted-note')).toContainText(`Contacted by ${email},`);
    await expectLegible(page);

    // Back on the list, filtered to its agent: the CSV holds what the list shows.
    await page.getByRole('link', { name: '← All leads' }).click();
    await page.getByLabel('Agent').selectOption('realEstate');
    await expect(page).toHaveURL(/\?agent=realEstate$/);
    await expect(row).toContainText('Contacted');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /^Download CSV/ }).click(),
    ]);
    // Named with the viewer's own date, as the page shows dates.
    const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
    expect(download.suggestedFilename()).toBe(`leads-${today}.csv`);
    const csv = readFileSync((await download.path())!, 'utf8');
    const line = csv.split('\r\n').find((l) => l.includes(name))!;
    expect(line).toContain(`"${phone}"`);
    expect(line).toContain(`"${email}"`);
    expect(csv).not.toMatch(/"receptionist"/);

    // Signing out ends the session on the server too.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the sales desk' })).toBeFocused();
    expect((await page.request.get('/api/desk/leads')).status()).toBe(401);
    await page.goto('/desk/feedback');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the sales desk' })).toBeVisible();
    expect(violations).toEqual([]);
    // The only refusal the page met is the wrong password's (the browser logs it as a failed load).
    expect(refused).toEqual(['POST /api/session 401']);
    expect(consoleErrors.filter((e) => !e.includes('status of 401'))).toEqual([]);
  });

  test('every desk page loads from its own address, as on a reload or from a shared link', async ({ page }) => {
    await page.goto('/desk');
    await signIn(page, account());
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    for (const [path, link] of [
      ['/desk/to-call', 'To call'],
      ['/desk/overview', 'Overview'],
      ['/desk/feedback', 'Feedback'],
    ]) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(200);
      await expect(page.getByRole('link', { name: link, exact: true })).toHaveAttribute('aria-current', 'page');
    }
  });

  test.describe('in a browser that reports India’s zone by its old name', () => {
    test.use({ timezoneId: 'Asia/Calcutta' });
    test('the overview counts days in the browser’s zone and says which, by its current name', async ({ page }) => {
      const zones: (string | null)[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname === '/api/desk/overview') zones.push(url.searchParams.get('tz'));
      });
      await page.goto('/desk/overview');
      await signIn(page, account());
      await expect(page.getByText('Days counted in Asia/Kolkata.')).toBeVisible();
      await expect(page.getByText('Calcutta')).toHaveCount(0);
      expect(zones.at(-1)).toMatch(/^Asia\/(Calcutta|Kolkata)$/);
    });
  });

  test('feedback sent from the site shows on the desk, newest first', async ({ page }) => {
    const email = account();
    const message = `From the e2e test ${Math.random()}`;
    const sent = await page.request.post('/api/feedback', {
      data: { name: 'Meera', email: 'meera@example.com', message },
    });
    expect(sent.status()).toBe(201);
    await page.goto('/desk/feedback');
    await signIn(page, email);
    await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Feedback, newest first' }).getByRole('listitem').first(),
    ).toContainText(message);
    await expectLegible(page);
  });
});

// Fixed answers for the pictures: the rows never depend on what other tests stored, and the clock is
// fixed, so "2 hours ago" is the same every run.
const NOW = '2026-11-23T12:00:00.000Z';
const call = (outcome: string, extra: Record<string, unknown> = {}) => ({
  status: 'ended',
  attempts: 1,
  callAt: null,
  endedReason: null,
  failureReason: null,
  summary: null,
  successEvaluation: null,
  durationSeconds: null,
  outcome,
  ...extra,
});
const LEADS = [
  {
    id: 42,
    createdAt: '2026-11-23T09:41:00.000Z',
    agentId: 'receptionist',
    name: 'Asha Rao',
    phone: '+919876543210',
    call: call('answered', {
      endedReason: 'customer-ended-call',
      summary: 'Wants a receptionist for two clinics; asked for pricing by email.',
      successEvaluation: 'true',
      durationSeconds: 162,
    }),
    contacted: { at: '2026-11-23T10:05:00.000Z', by: 'sales@example.com' },
  },
  {
    id: 41,
    createdAt: '2026-11-23T08:12:00.000Z',
    agentId: 'realEstate',
    name: 'Vikram Singh',
    phone: '+919812345678',
    call: call('scheduled', { status: 'scheduled', attempts: 0, callAt: '2026-11-23T09:00:00.000Z' }),
    contacted: null,
  },
  {
    id: 40,
    createdAt: '2026-11-22T17:30:00.000Z',
    agentId: 'supportHindi',
    name: 'Priya Nair',
    phone: '+919898989898',
    call: call('no-answer', { endedReason: 'customer-did-not-answer' }),
    contacted: null,
  },
  {
    id: 39,
    createdAt: '2026-11-22T15:02:00.000Z',
    agentId: 'supportEnglish',
    name: 'Rahul Mehta',
    phone: '+919845012345',
    call: call('voicemail', { endedReason: 'voicemail' }),
    contacted: null,
  },
  {
    id: 38,
    createdAt: '2026-11-22T11:47:00.000Z',
    agentId: 'receptionist',
    name: 'Meera Iyer',
    phone: '+919833344455',
    call: call('busy', { endedReason: 'customer-busy' }),
    contacted: null,
  },
  {
    id: 37,
    createdAt: '2026-11-21T19:20:00.000Z',
    agentId: 'realEstate',
    name: 'Karan Malhotra-Venkataraman',
    phone: '+919822211100',
    call: call('failed', { status: 'failed', failureReason: 'provider-refused' }),
    contacted: null,
  },
  {
    id: 36,
    createdAt: '2026-11-21T10:05:00.000Z',
    agentId: 'receptionist',
    name: 'Sunita Das',
    phone: '+919811122233',
    call: call('retrying', { status: 'retrying', attempts: 2 }),
    contacted: null,
  },
  {
    id: 35,
    createdAt: '2026-11-21T09:55:00.000Z',
    agentId: 'supportEnglish',
    name: 'Arjun Kapoor',
    phone: '+919800011122',
    call: call('calling', { status: 'placed' }),
    contacted: null,
  },
  {
    id: 34,
    createdAt: '2026-11-20T16:40:00.000Z',
    agentId: 'supportHindi',
    name: 'Neha Joshi',
    phone: '+919877766655',
    call: call('do-not-call', { status: 'failed', failureReason: 'suppressed' }),
    contacted: null,
  },
  {
    id: 33,
    createdAt: '2026-11-20T08:15:00.000Z',
    agentId: 'receptionist',
    name: 'Farhan Ali',
    phone: '+919866655544',
    call: call('not-set-up', { status: 'not-configured' }),
    contacted: null,
  },
];
const TO_CALL = LEADS.filter(
  (l) => ['no-answer', 'voicemail', 'busy', 'failed', 'not-set-up'].includes(l.call.outcome) && !l.contacted,
);
const DETAIL = {
  lead: {
    id: 42,
    createdAt: '2026-11-23T09:41:00.000Z',
    agentId: 'receptionist',
    name: 'Asha Rao',
    phone: '+919876543210',
    consent: {
      text: 'I agree to receive messages, including automated calls and AI-powered demo calls, from Aurelo services at the contact information provided.',
      version: 'default-en',
      sha256: '3f5c2a8e0b1d4f6a9c7e5b3d1f0a2c4e6b8d0f1a3c5e7b9d2f4a6c8e0b1d3f5a',
      consentedAt: '2026-11-23T09:40:50.000Z',
      verifiedAt: '2026-11-23T09:40:30.000Z',
    },
    source: {
      pageUrl: 'https://clinic.example/landing',
      referrer: 'https://www.google.com/',
      userAgent: 'Mozilla/5.0 (Linux; Android 14)',
      ip: '203.0.113.7',
      timeZone: 'Asia/Kolkata',
      utm: { source: 'google', campaign: 'clinics-nov' },
      clickIds: { gclid: 'g-123' },
      metadata: {},
    },
  },
  call: {
    ...LEADS[0].call,
    lastError: null,
    providerCallId: 'call_123',
    providerStatus: 'ended',
    startedAt: '2026-11-23T09:41:20.000Z',
    endedAt: '2026-11-23T09:44:02.000Z',
    transcript:
      'AI: Hello Asha, this is the Aurelo receptionist demo. How can I help?\nUser: We run two clinics and miss calls at lunch.\nAI: I can answer those calls, book appointments and take payments. Shall I send pricing by email?\nUser: Yes, please.',
    recordingUrl: null,
  },
  outcome: 'answered',
  attempts: [
    {
      attempt: 1,
      startedAt: '2026-11-23T09:41:05.000Z',
      finishedAt: '2026-11-23T09:41:06.000Z',
      outcome: 'placed call_123',
      error: null,
      providerCallId: 'call_123',
    },
  ],
  contacted: null,
  marks: [],
};
const DO_NOT_CALL = {
  ...DETAIL,
  lead: { ...DETAIL.lead, id: 34, name: 'Neha Joshi', phone: '+919877766655' },
  call: {
    ...DETAIL.call,
    ...LEADS[8].call,
    providerCallId: null,
    providerStatus: null,
    startedAt: null,
    endedAt: null,
    transcript: null,
  },
  outcome: 'do-not-call',
  attempts: [],
};
const DAYS = Array.from({ length: 30 }, (_, i) => ({
  day: new Date(Date.UTC(2026, 9, 25 + i)).toISOString().slice(0, 10),
  leads: [3, 5, 2, 0, 7, 9, 4][i % 7] + (i % 5),
}));
const OVERVIEW = {
  from: '2026-10-25',
  to: '2026-11-23',
  timeZone: 'Asia/Kolkata',
  funnel: { codesSent: 412, verified: 301, leads: 264, callsPlaced: 230, answered: 151, successful: 88 },
  perDay: DAYS,
  byAgent: [
    { key: 'receptionist', outcomes: { answered: 61, 'no-answer': 14, voicemail: 9, busy: 3, failed: 2 } },
    { key: 'realEstate', outcomes: { answered: 44, 'no-answer': 21, voicemail: 12, busy: 4, 'do-not-call': 2 } },
    { key: 'supportHindi', outcomes: { answered: 27, 'no-answer': 6, voicemail: 3, 'not-set-up': 1 } },
    { key: 'supportEnglish', outcomes: { answered: 19, 'no-answer': 5, failed: 1 } },
  ],
  byCampaign: [
    { key: 'clinics-nov', outcomes: { answered: 58, 'no-answer': 12, voicemail: 8 } },
    { key: 'diwali-offer', outcomes: { answered: 40, 'no-answer': 19, voicemail: 10, busy: 5 } },
    {
      key: '',
      outcomes: { answered: 53, 'no-answer': 15, voicemail: 6, failed: 3, 'do-not-call': 2, 'not-set-up': 1, busy: 2 },
    },
  ],
};

/** The desk's answers, fixed; returns the leads requests made (each list asks once per view). */
async function fixedDesk(page: Page) {
  const asked: string[] = [];
  const json = (body: unknown) => (route: Route) => route.fulfill({ json: body });
  await page.route('**/api/session', json({ email: 'sales@example.com', expiresAt: '2026-11-23T21:41:00.000Z' }));
  await page.route('**/api/desk/changes', json({ version: '1.1.1.1' }));
  // The lists' Embed filter shows only with embeds: none here, whatever other specs made in the shared database.
  await page.route('**/api/desk/embeds', json({ embeds: [] }));
  await page.route(/\/api\/desk\/leads(\?.*)?$/, (route) => {
    const url = new URL(route.request().url());
    asked.push(url.search);
    const toCall = url.searchParams.get('queue') === 'to-call';
    const [rows, next] = url.searchParams.get('cursor')
      ? [LEADS.slice(6), null]
      : toCall
        ? [TO_CALL, null]
        : [LEADS.slice(0, 6), '37'];
    return route.fulfill({ json: { leads: rows, limit: 50, nextCursor: next, version: '1.1.1.1' } });
  });
  await page.route('**/api/desk/leads/42', json(DETAIL));
  await page.route('**/api/desk/leads/34', json(DO_NOT_CALL));
  await page.route('**/api/desk/overview*', json(OVERVIEW));
  return asked;
}

test.describe('the desk as it looks', () => {
  test.use({ timezoneId: 'Asia/Kolkata', locale: 'en-IN' });
  for (const width of [390, 1280]) {
    test(`sign-in, the leads, To call, a lead, a do-not-call lead and the overview are legible at ${width} px`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.clock.setFixedTime(new Date(NOW));
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/desk');
      await page.getByRole('textbox', { name: 'Email' }).fill('sales@example.com');
      await page.getByLabel('Password').fill('wrong');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toHaveText('That email and password do not match.');
      await expectLegible(page);
      await expect(page).toHaveScreenshot(`desk-sign-in-${width}.png`);

      const asked = await fixedDesk(page);
      await page.goto('/desk');
      await expect(page.getByRole('rowheader', { name: 'Asha Rao' })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: 'Priya Nair' })).toContainText('No answer');
      await expect(page.getByRole('row').filter({ hasText: 'Asha Rao' }).getByRole('time')).toHaveAttribute(
        'title',
        /23 Nov 2026/,
      );
      await expectLegible(page);
      await expect(page).toHaveScreenshot(`desk-leads-${width}.png`, { fullPage: true });
      // From 1024 px a lead is one line, and a number never breaks; below, a card of three lines, four
      // when a long name wraps beside its labelled marks (issue 44: "Not contacted yet", not "Not yet").
      const rowHeight = await page
        .getByRole('row')
        .filter({ hasText: 'Karan' })
        .evaluate((r) => r.getBoundingClientRect().height);
      const lineHeight = await page
        .getByRole('rowheader', { name: /Karan/ })
        .evaluate((c) => parseFloat(getComputedStyle(c).lineHeight));
      expect(rowHeight / lineHeight).toBeLessThan(width >= 1024 ? 2 : 5.3);
      for (const cell of await page.locator('.desk-row-phone').all()) {
        const lines = await cell.evaluate((c) => {
          const text = document.createRange();
          text.selectNodeContents(c);
          return new Set([...text.getClientRects()].map((r) => Math.round(r.top))).size;
        });
        expect(lines).toBe(1);
      }

      // Paging: the next page comes by its cursor, added below; the list was asked for once.
      await page.getByRole('button', { name: 'Show 50 more' }).click();
      await expect(page.getByRole('rowheader', { name: 'Farhan Ali' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Show 50 more' })).toBeHidden();
      expect(asked).toEqual(['?limit=50', '?limit=50&cursor=37']);

      await page.getByRole('link', { name: 'To call' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'To call' })).toBeFocused();
      await expect(page.getByRole('row')).toHaveCount(TO_CALL.length + 1);
      await expectLegible(page);
      await expect(page).toHaveScreenshot(`desk-to-call-${width}.png`, { fullPage: true });

      await page.getByRole('link', { name: 'Leads', exact: true }).click();
      await page.getByRole('link', { name: 'Asha Rao' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Asha Rao' })).toBeFocused();
      await expect(page.getByRole('region', { name: 'Transcript' })).toContainText('We run two clinics');
      const callFacts = page.getByRole('region', { name: 'Call', exact: true });
      await expect(callFacts).toContainText('2:42');
      await expect(callFacts).toContainText('Successful: the call met its goal');
      await expect(callFacts).not.toContainText('customer-ended-call');
      await expectLegible(page);
      await expect(page).toHaveScreenshot(`desk-lead-${width}.png`, { fullPage: true });

      // A number on the do-not-call list: a warning, no number to tap, no mark to make, no transcript promised.
      await page.goto('/desk/leads/34');
      await expect(page.getByRole('note')).toContainText('This number is on the do-not-call list');
      await expect(page.getByRole('link', { name: '+91 98777 66655' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Mark as contacted' })).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Transcript' })).toContainText(
        'No transcript: no conversation took place.',
      );
      await expectLegible(page);
      await expect(page).toHaveScreenshot(`desk-do-not-call-${width}.png`, { fullPage: true });

      await page.getByRole('link', { name: 'Overview' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeFocused();
      // Each chart's figures are a table for screen readers.
      await expect(
        page.getByRole('table', { name: 'Funnel' }).getByRole('row', { name: /Calls placed/ }),
      ).toContainText('230');
      await expect(
        page.getByRole('table', { name: 'Outcomes by agent' }).getByRole('row', { name: /AI Receptionist/ }),
      ).toContainText('61');
      await expect(page.getByRole('table', { name: 'Leads per day' }).getByRole('row')).toHaveCount(31);
      await expectLegible(page);
      await expect(page).toHaveScreenshot(`desk-overview-${width}.png`, { fullPage: true });
    });
  }
});

// On a phone (issue 44): a lead card has no column headings, so each mark says what it is; and the
// filters but the search fold behind one button, so the first screen shows leads, not a form.
test.describe('the desk on a phone', () => {
  test.use({ timezoneId: 'Asia/Kolkata', locale: 'en-IN' });
  for (const width of [320, 390, 1280]) {
    test(`at ${width} px the lead cards' marks are labelled and the filters ${width < 720 ? 'fold behind one button' : 'are all in view'}`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.clock.setFixedTime(new Date(NOW));
      await page.setViewportSize({ width, height: 800 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await fixedDesk(page);
      await page.goto('/desk');
      const vikram = page.getByRole('row').filter({ hasText: 'Vikram Singh' });
      await expect(vikram).toBeVisible();
      // Each mark's words, as a screen reader hears them in a card and in a table row alike.
      await expect(vikram.locator('.desk-row-contacted')).toHaveText('Not contacted yet');
      await expect(vikram.locator('.desk-row-outcome')).toHaveText('Call Scheduled');
      await expect(vikram.locator('.desk-row-received')).toHaveText('Received 4 hours ago');
      await expect(page.getByRole('row').filter({ hasText: 'Asha Rao' }).locator('.desk-row-contacted')).toHaveText(
        'Contacted',
      );
      // In a card the marks' labels are seen; in the table (from 1024 px) its headings say them instead.
      const labelWidths = await vikram
        .locator('.desk-card-label')
        .evaluateAll((labels) => labels.map((l) => l.getBoundingClientRect().width));
      expect(labelWidths).toHaveLength(2);
      for (const w of labelWidths) {
        if (width < 1024) expect(w).toBeGreaterThan(20);
        else expect(w).toBeLessThanOrEqual(1);
      }

      const filters = page.getByRole('search');
      const toggle = filters.getByRole('button', { name: /^Filters/ });
      const search = filters.getByRole('searchbox', { name: 'Search by name or number' });
      const folded = [
        filters.getByLabel('From'),
        filters.getByLabel('To', { exact: true }),
        filters.getByRole('combobox', { name: 'Agent' }),
        filters.getByRole('combobox', { name: 'Outcome' }),
      ];
      await expect(search).toBeVisible();
      // Nothing is wider than the window: no word is cut at its edge.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (width >= 720) {
        await expect(toggle).toBeHidden();
        for (const field of folded) await expect(field).toBeVisible();
        // Pictured at this width by "the desk as it looks" (desk-leads-1280.png).
        await expectLegible(page);
        return;
      }
      // Folded: one button, beside the search; the first screen holds leads.
      for (const field of folded) await expect(field).toBeHidden();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toHaveAccessibleName('Filters');
      const firstCard = await page.getByRole('row').filter({ hasText: 'Asha Rao' }).boundingBox();
      expect(firstCard!.y + firstCard!.height).toBeLessThan(800);
      await expectLegible(page);
      // At 390 px "the desk as it looks" pictures the same (desk-leads-390.png).
      if (width === 320) await expect(page).toHaveScreenshot(`desk-phone-leads-${width}.png`, { fullPage: true });

      // Opened: every filter; a filter set is counted on the button, for the eye and for a screen reader.
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(page.locator(`#${await toggle.getAttribute('aria-controls')}`)).toBeVisible();
      for (const field of folded) await expect(field).toBeVisible();
      await filters.getByRole('combobox', { name: 'Agent' }).selectOption({ label: 'AI Receptionist' });
      await expect(page).toHaveURL(/agent=receptionist/);
      await filters.getByRole('combobox', { name: 'Outcome' }).selectOption({ label: 'Answered' });
      await expect(toggle).toHaveAccessibleName('Filters, 2 active');
      await expect(toggle).toContainText('2');
      await expect(filters.getByRole('button', { name: 'Clear filters' })).toBeVisible();
      await expectLegible(page);
      await expect(page).toHaveScreenshot(`desk-phone-filters-open-${width}.png`, { fullPage: true });
      await toggle.click();
      for (const field of folded) await expect(field).toBeHidden();
      await expect(toggle).toHaveAccessibleName('Filters, 2 active');
      await expect(toggle).toBeFocused();
    });
  }
});

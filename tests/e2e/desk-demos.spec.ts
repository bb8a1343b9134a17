import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectLegible } from './visual';

// Issue 46: the desk's Demos page against the real service (global-setup), its demos written into the
// service's database as the gate and the reports would; then the page and a demo's page as they look,
// from fixed answers, at 390 and 1280 px.

const PASSWORD = 'desk-e2e password 42';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function account() {
  const email = `demos-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const made = spawnSync(
    process.execPath,
    ['server/run.mjs', 'cli/desk-user', 'add', '--email', email, '--db', process.env.E2E_DB_PATH!],
    { input: PASSWORD, encoding: 'utf8' },
  );
  expect(made.status, made.stderr).toBe(0);
  return email;
}

async function signIn(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

type Seeded = { at: string; mode: string; transcript?: string; summary?: string; duration?: number };
/** Demos as the gate stores them, on a day of their own (the service's database is shared by the specs). */
function seed(demos: Seeded[]) {
  const db = new Database(process.env.E2E_DB_PATH!, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare(
    `INSERT INTO demo_sessions (id, assistant_id, agent_id, mode, origin, page_url, client_hash, created_at, grant_seconds,
       ended_at, duration_seconds, ended_reason, summary, transcript)
     VALUES (?, 'asst-e2e', 'receptionist', ?, 'http://localhost', 'http://localhost/experience', 'e2e', ?, 180, ?, ?, ?, ?, ?)`,
  );
  const ids = demos.map((d) => {
    const id = randomUUID();
    const at = Date.parse(d.at);
    const ended = d.duration === undefined ? null : at + d.duration * 1000;
    insert.run(
      id,
      d.mode,
      at,
      ended,
      d.duration ?? null,
      ended && 'customer-ended-call',
      d.summary ?? null,
      d.transcript ?? null,
    );
    return id;
  });
  db.close();
  return ids;
}

test.describe('the desk’s demos', () => {
  test.use({ timezoneId: 'Asia/Kolkata', locale: 'en-IN' });

  test('a person filters the demos by kind, opens one and reads its conversation, by keyboard alone', async ({
    page,
  }) => {
    // A day of this run's own in India (+05:30): one demo just after its midnight, one just before the
    // next, and one just after that, which belongs to the next day.
    const day = new Date(Date.UTC(2001, 0, 1) + Math.floor(Math.random() * 7000) * DAY);
    const iso = (ms: number) => new Date(ms).toISOString();
    const date = iso(day.getTime()).slice(0, 10);
    const midnight = day.getTime() - 5.5 * HOUR;
    seed([
      {
        at: iso(midnight + 10 * MINUTE),
        mode: 'voice',
        duration: 65,
        summary: 'A clinic owner asked about bookings.',
        transcript:
          'AI: Hello, this is the receptionist demo.\nUser: Can you book appointments?\nAI: Yes, straight into your calendar.',
      },
      { at: iso(midnight + DAY - 10 * MINUTE), mode: 'text' },
      { at: iso(midnight + DAY + 10 * MINUTE), mode: 'voice' },
    ]);
    const shown = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }).format(day);
    await page.goto(`/desk/demos?from=${date}&to=${date}`);
    await signIn(page, account());
    await expect(page.getByRole('heading', { level: 1, name: 'Demos' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Demos', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('row')).toHaveCount(3);

    // The kind, chosen from the keyboard: the address keeps it.
    await page.getByLabel('Kind').focus();
    await page.keyboard.type('Call');
    await expect(page).toHaveURL(/mode=voice/);
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('row').nth(1)).toContainText('1 min 5 s');
    await expect(page.getByRole('row').nth(1)).toContainText('AI Receptionist');

    // Tab from the last filter reaches the demo's link; Enter opens it, and its heading takes the focus.
    await page.getByRole('button', { name: 'Clear filters' }).focus();
    await page.keyboard.press('Tab');
    const link = page.getByRole('link', { name: new RegExp(shown) });
    await expect(link).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/desk\/demos\/[0-9a-f-]{36}$/);
    const heading = page.getByRole('heading', { level: 1, name: new RegExp(`Demo of ${shown}`) });
    await expect(heading).toBeFocused();
    const transcript = page.getByRole('region', { name: 'Transcript' });
    await expect(transcript.getByRole('listitem')).toHaveText([
      'AgentHello, this is the receptionist demo.',
      'VisitorCan you book appointments?',
      'AgentYes, straight into your calendar.',
    ]);
    await expect(page.getByRole('region', { name: 'Afterwards' })).toContainText('No lead followed this demo');
    await expect(page.getByRole('region', { name: 'Demo', exact: true })).toContainText('Customer ended call');
    await expectLegible(page);

    // Back to the list, its filters as they were.
    await page.getByRole('link', { name: '← All demos' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Demos' })).toBeFocused();
  });

  test('an unknown demo says so, and a failed list offers to try again', async ({ page }) => {
    await page.goto('/desk/demos/no-such-demo');
    await signIn(page, account());
    await expect(page.getByRole('heading', { level: 1, name: 'Demo not shown' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('There is no such demo.');

    let fail = true;
    await page.route(/\/api\/desk\/demos\?/, (route) =>
      fail
        ? route.fulfill({ status: 503, json: { error: 'busy', message: 'The desk is busy. Try again.' } })
        : route.fallback(),
    );
    await page.goto('/desk/demos?from=1999-01-02&to=1999-01-02');
    await expect(page.getByRole('alert')).toContainText('The desk is busy. Try again.');
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('No demo matches these filters.')).toBeVisible();
  });
});

const NOW = '2026-11-23T12:00:00.000Z';
const DEMOS = [
  ['2026-11-23T11:42:00.000Z', 'receptionist', 'voice', 'https://www.aurelo.test/', 130, 42],
  ['2026-11-23T11:05:00.000Z', null, 'text', 'https://www.aurelo.test/pricing', 240, null],
  ['2026-11-23T10:31:00.000Z', 'realEstate', 'hybrid', 'https://partner.test/agents/real-estate', 305, null],
  ['2026-11-23T09:58:00.000Z', 'supportHindi', 'voice', 'https://www.aurelo.test/agents', 48, 41],
  ['2026-11-23T08:12:00.000Z', 'supportEnglish', 'voice', 'https://www.aurelo.test/', null, null],
].map(([createdAt, agentId, mode, pageUrl, durationSeconds, leadId], i) => ({
  id: `5b1f0c2e-0000-4000-8000-00000000000${i}`,
  createdAt,
  agentId,
  mode,
  origin: new URL(pageUrl as string).origin,
  pageUrl,
  endedAt:
    durationSeconds === null
      ? null
      : new Date(Date.parse(createdAt as string) + 1000 * (durationSeconds as number)).toISOString(),
  durationSeconds,
  endedReason: durationSeconds === null ? null : 'customer-ended-call',
  leadId,
}));
const DETAIL = {
  ...DEMOS[0],
  summary: 'Asha runs two clinics and misses calls at lunch; she asked how bookings reach her calendar.',
  transcript:
    'AI: Hello! I am the Aurelo receptionist. How can I help?\nUser: We run two clinics and miss calls at lunch.\nAI: I can answer those calls, book appointments into your calendar and send a reminder the day before.\nUser: And if someone wants to speak to a person?\nAI: I pass the call to your front desk, with a note of what they asked.',
  lead: { id: 42, name: 'Asha Rao', createdAt: '2026-11-23T11:46:00.000Z' },
};

const OVERVIEW = {
  from: '2026-11-17',
  to: '2026-11-23',
  timeZone: 'Asia/Kolkata',
  funnel: { codesSent: 0, verified: 0, leads: 0, callsPlaced: 0, answered: 0, successful: 0 },
  perDay: [],
  byAgent: [],
  byCampaign: [],
  demos: {
    total: 126,
    followed: 19,
    perDay: [14, 22, 9, 17, 25, 21, 18].map((demos, i) => ({ day: `2026-11-${17 + i}`, demos })),
    byPage: [
      { page: 'https://www.aurelo.test/', demos: 71, followed: 12 },
      { page: 'https://www.aurelo.test/agents', demos: 30, followed: 5 },
      { page: 'https://partner.test/agents/real-estate', demos: 25, followed: 2 },
    ],
  },
};

async function fixedDesk(page: Page) {
  const json = (body: unknown) => (route: Route) => route.fulfill({ json: body });
  await page.route(
    '**/api/session',
    json({ email: 'sales@example.com', role: 'agent', expiresAt: '2026-11-23T21:41:00.000Z' }),
  );
  await page.route('**/api/desk/changes', json({ version: '1.1.1.1' }));
  // The lists' Embed filter shows only with embeds: none here, whatever other specs made in the shared database.
  await page.route('**/api/desk/embeds', json({ embeds: [] }));
  await page.route(
    /\/api\/desk\/demos(\?.*)?$/,
    json({
      demos: DEMOS,
      limit: 50,
      nextCursor: null,
      origins: ['https://www.aurelo.test', 'https://partner.test'],
    }),
  );
  await page.route(`**/api/desk/demos/${DEMOS[0].id}`, json(DETAIL));
  await page.route('**/api/desk/overview*', json(OVERVIEW));
}

test.describe('the desk’s demos as they look', () => {
  test.use({ timezoneId: 'Asia/Kolkata', locale: 'en-IN' });
  for (const width of [390, 1280]) {
    test(`the Demos page, a demo’s page and the overview’s demos are legible at ${width} px`, async ({ page }) => {
      await page.clock.setFixedTime(new Date(NOW));
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await fixedDesk(page);
      await page.goto('/desk/demos');
      await expect(page.getByRole('row')).toHaveCount(DEMOS.length + 1);
      await expect(page.getByRole('row').nth(1)).toContainText('Asked for a call');
      await expect(page.getByRole('row').nth(2)).toContainText('Site assistant');
      await expectLegible(page);
      await expect(page).toHaveScreenshot(`desk-demos-${width}.png`, { fullPage: true });

      await page.getByRole('link', { name: /23 Nov 2026.*5:12/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: /Demo of 23 Nov 2026/ })).toBeFocused();
      await expect(page.getByRole('link', { name: 'Asha Rao' })).toHaveAttribute('href', '/desk/leads/42');
      await expect(page.getByRole('region', { name: 'Demo', exact: true })).toContainText('2 min 10 s');
      await expectLegible(page);
      await expect(page).toHaveScreenshot(`desk-demo-${width}.png`, { fullPage: true });

      // The overview's demos: per day, per page, and how many then asked for a call (a table for screen readers).
      await page.getByRole('link', { name: 'Overview' }).click();
      await expect(page.getByText('Tried a demo → asked for a call: 19 of 126 (15 %)')).toBeVisible();
      await expect(page.getByRole('table', { name: 'Demos per day' }).getByRole('row')).toHaveCount(8);
      await expect(
        page.getByRole('table', { name: 'Demos by page' }).getByRole('row', { name: /agents\/real-estate/ }),
      ).toContainText('25');
      await expectLegible(page);
      await expect(page.locator('.desk-charts')).toHaveScreenshot(`desk-overview-demos-${width}.png`);
    });
  }
});

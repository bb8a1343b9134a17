import { spawnSync } from 'node:child_process';
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { codeFor, newNumber } from './demo-request.live';
import { expectLegible } from './visual';

// Issue 54, item 7: the overview's "By embed" table. Against the real service (global-setup): a lead
// that came through an embed is counted on its row, whose name leads to the embed's page by keyboard.
// Then the table as it looks, from fixed answers, at 390 and 1280 px; and none while there is no embed.

const PASSWORD = 'desk-e2e password 42';
const PARTNER = 'https://overview-partner.example';

function admin() {
  const email = `overview-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const made = spawnSync(
    process.execPath,
    ['server/run.mjs', 'cli/desk-user', 'add', '--email', email, '--role', 'admin', '--db', process.env.E2E_DB_PATH!],
    { input: PASSWORD, encoding: 'utf8' },
  );
  expect(made.status, made.stderr).toBe(0);
  return email;
}

test('a lead through an embed is counted on its row of the overview, which leads to the embed', async ({
  page,
  request,
  baseURL,
}) => {
  const desk = { origin: new URL(baseURL!).origin };
  const email = admin();
  expect((await request.post('/api/session', { data: { email, password: PASSWORD }, headers: desk })).status()).toBe(
    200,
  );
  const name = `Overview partner ${Math.random().toString(36).slice(2, 8)}`;
  const made = await request.post('/api/desk/embeds', {
    data: { name, origins: [PARTNER], brandName: 'Overview Co' },
    headers: desk,
  });
  expect(made.status(), await made.text()).toBe(201);
  const embed = (await made.json()) as { id: string; consentText: string; consentVersion: string };

  // The partner page's requests, as its form sends them.
  const partner = { origin: PARTNER };
  const number = newNumber();
  const sent = await request.post('/api/otp', { data: { phone: number.e164, embedId: embed.id }, headers: partner });
  expect(sent.status(), await sent.text()).toBe(200);
  const verified = await request.post('/api/otp/verify', {
    data: { phone: number.e164, code: await codeFor(number.e164), embedId: embed.id },
    headers: partner,
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const lead = await request.post('/api/demo-requests', {
    data: {
      agentId: 'receptionist',
      name: 'Asha Rao',
      phone: number.e164,
      consent: true,
      token: (await verified.json()).token,
      consentText: embed.consentText,
      consentVersion: embed.consentVersion,
      embedId: embed.id,
    },
    headers: partner,
  });
  expect(lead.status(), await lead.text()).toBe(201);

  await page.goto('/desk/overview');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const table = page.getByRole('table', { name: 'By embed' });
  await expect(page.getByRole('heading', { level: 2, name: 'By embed' })).toBeVisible();
  const row = table.getByRole('row', { name: new RegExp(name) });
  const cells = row.getByRole('cell');
  // Codes sent, phones verified, leads, calls placed (no voice provider here), demos.
  await expect(cells).toHaveText(['1', '1', '1', '0', '0']);
  await expect(table.getByRole('columnheader')).toHaveText([
    'Embed',
    'Codes sent',
    'Phones verified',
    'Leads',
    'Calls placed',
    'Demos',
  ]);
  const link = row.getByRole('link', { name });
  await link.focus();
  await link.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
  expect(page.url()).toContain(`/desk/embeds/${embed.id}`);
});

const OVERVIEW = {
  from: '2026-10-25',
  to: '2026-11-23',
  timeZone: 'Asia/Kolkata',
  funnel: { codesSent: 412, verified: 301, leads: 264, callsPlaced: 230, answered: 151, successful: 88 },
  perDay: [{ day: '2026-11-20', leads: 12 }],
  byAgent: [],
  byCampaign: [],
  demos: { total: 40, followed: 9, perDay: [{ day: '2026-11-20', demos: 4 }], byPage: [] },
  byEmbed: [
    {
      id: 'emb_7Hq2LmX9pR4tVb8KcN3w',
      name: 'Aurelo Homes landing',
      codesSent: 1204,
      verified: 988,
      leads: 861,
      callsPlaced: 790,
      demos: 312,
    },
    {
      id: 'emb_Zp4Wd1sQe8Ru2Ty6Ui9o',
      name: 'Partner portal',
      codesSent: 96,
      verified: 71,
      leads: 64,
      callsPlaced: 58,
      demos: 20,
    },
    { id: 'emb_Qm3Xc5Vb7Nn9Aa1Ss2Dd', name: 'Diwali microsite', ...zero() },
  ],
};
function zero() {
  return { codesSent: 0, verified: 0, leads: 0, callsPlaced: 0, demos: 0 };
}

async function fixedOverview(page: Page, answer: unknown) {
  const json = (body: unknown) => (route: Route) => route.fulfill({ json: body });
  await page.route(
    '**/api/session',
    json({ email: 'sales@example.com', role: 'agent', expiresAt: '2026-11-23T21:41:00.000Z' }),
  );
  await page.route('**/api/desk/changes', json({ version: '1.1.1.1' }));
  await page.route('**/api/desk/overview*', json(answer));
}

test.describe('the overview by embed as it looks', () => {
  test.use({ timezoneId: 'Asia/Kolkata', locale: 'en-IN' });
  for (const width of [390, 1280]) {
    test(`the By embed table is legible at ${width} px, and absent while there is no embed`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await fixedOverview(page, { ...OVERVIEW, byEmbed: [] });
      await page.goto('/desk/overview');
      await expect(page.getByRole('region', { name: 'Funnel' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'By embed' })).toHaveCount(0);

      await page.unroute('**/api/desk/overview*');
      await fixedOverview(page, OVERVIEW);
      await page.reload();
      const region = page.getByRole('region', { name: 'By embed' });
      await expect(region.getByRole('row', { name: /Aurelo Homes landing/ })).toContainText('1,204');
      await expect(region.getByRole('row', { name: /Diwali microsite/ }).getByRole('cell')).toHaveText(
        Array(5).fill('0'),
      );
      await expectLegible(page);
      await expect(region).toHaveScreenshot(`desk-overview-by-embed-${width}.png`);
    });
  }
});

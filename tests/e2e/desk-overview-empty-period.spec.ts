import type { Route } from '@playwright/test';
import { expect, test } from './fixtures';

// Issue 55, item 11: a period with no lead and no demo says so over its charts, in words a screen
// reader reads too, and names no "most in a day" over columns of zeros.

const OVERVIEW = {
  from: '2026-11-17',
  to: '2026-11-23',
  timeZone: 'Asia/Kolkata',
  funnel: { codesSent: 0, verified: 0, leads: 0, callsPlaced: 0, answered: 0, successful: 0 },
  perDay: [],
  byAgent: [],
  byCampaign: [],
  demos: { total: 0, followed: 0, perDay: [], byPage: [] },
};

test('an empty period says "No leads in these days" and "No demos in these days", with no maximum', async ({
  page,
}) => {
  const json = (body: unknown) => (route: Route) => route.fulfill({ json: body });
  await page.route(
    '**/api/session',
    json({ email: 'sales@example.com', role: 'agent', expiresAt: '2026-11-23T21:41:00.000Z' }),
  );
  await page.route('**/api/desk/changes', json({ version: '1.1.1.1' }));
  await page.route('**/api/desk/overview*', json(OVERVIEW));
  await page.goto('/desk/overview');
  const leads = page.getByRole('region', { name: 'Leads per day' });
  const demos = page.getByRole('region', { name: 'Demos per day' });
  await expect(leads.getByText('No leads in these days.')).toBeVisible();
  await expect(demos.getByText('No demos in these days.')).toBeVisible();
  await expect(page.getByText(/Most in a day/)).toHaveCount(0);
  // The days are still there for a screen reader, each with its 0.
  await expect(page.getByRole('table', { name: 'Leads per day' }).getByRole('row')).toHaveCount(8);
});

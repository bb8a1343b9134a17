import { spawnSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectLegible } from './visual';
import { codeAt, fromBase32, stepAt } from '../../server/domain/desk/totp.ts';

// Issue 47: the desk's door in a browser. An admin gives roles on the Accounts page (an agent has no
// link to it, and its API answers 403), seeing whose two-step sign-in is on; a person changes their
// password and ends another session.

const PASSWORD = 'desk-e2e password 42';

/** An account made as an operator would (`desk-user add`), with the role asked for. */
function account(role: 'admin' | 'agent', name = 'desk') {
  const email = `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const made = spawnSync(
    process.execPath,
    ['server/run.mjs', 'cli/desk-user', 'add', '--email', email, '--role', role, '--db', process.env.E2E_DB_PATH!],
    { input: PASSWORD, encoding: 'utf8' },
  );
  expect(made.status, made.stderr).toBe(0);
  return email;
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/desk');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('link', { name: email })).toBeVisible();
}

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(name), fullPage: true });

test.describe('the desk’s door', () => {
  test('an admin gives roles on Accounts; an agent gets no link and a 403', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const admin = account('admin', 'boss');
    const agent = account('agent', 'agent');

    const agentContext = await browser.newContext();
    const agentPage = await agentContext.newPage();
    await signIn(agentPage, agent);
    await expect(
      agentPage.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Accounts' }),
    ).toHaveCount(0);
    const refused = await agentPage.evaluate(async () => {
      const res = await fetch('/api/desk/accounts');
      return { status: res.status, body: await res.json() };
    });
    expect(refused).toMatchObject({ status: 403, body: { error: 'admin-only' } });
    await agentPage.goto('/desk/accounts');
    await expect(agentPage.getByRole('heading', { name: 'Nothing is here' })).toBeVisible();
    // The agent turns two-step sign-in on (the code worked out here, as an authenticator app would).
    const key = await agentPage.evaluate(async () => {
      const res = await fetch('/api/desk/two-step/setup', { method: 'POST' });
      return ((await res.json()) as { secret: string }).secret;
    });
    const code = codeAt(fromBase32(key)!, stepAt(Date.now()));
    const turnedOn = await agentPage.evaluate(async (code) => {
      const res = await fetch('/api/desk/two-step', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      });
      return res.status;
    }, code);
    expect(turnedOn).toBe(200);

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      if (width === 390) await signIn(page, admin);
      await page.goto('/desk/accounts');
      await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
      const agentRow = page.getByRole('row').filter({ hasText: agent });
      await expect(agentRow).toContainText('Agent');
      await expect(page.getByRole('columnheader', { name: 'Two-step' })).toBeVisible();
      await expect(agentRow.getByRole('cell').nth(1)).toHaveText('On');
      await expect(page.getByRole('row').filter({ hasText: admin }).getByRole('cell').nth(1)).toHaveText('Off');
      await expectLegible(page);
      await shot(page, `desk-accounts-${width}.png`);
    }
    await page.getByRole('button', { name: `Make ${agent} an admin` }).click();
    await expect(page.getByRole('status')).toHaveText(`${agent} is now an admin.`);
    await expect(page.getByRole('row').filter({ hasText: agent })).toContainText('Admin');
    // The agent, now an admin, has the link on their next page.
    await agentPage.goto('/desk');
    await expect(
      agentPage.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Accounts' }),
    ).toBeVisible();
    await agentContext.close();
  });

  test('a person changes their password and ends another session', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const email = account('agent', 'me');
    const elsewhere = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    });
    const phone = await elsewhere.newPage();
    await signIn(phone, email);
    const third = await browser.newContext();
    const thirdPage = await third.newPage();
    await signIn(thirdPage, email);

    await signIn(page, email);
    await page.getByRole('link', { name: email }).click();
    await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
    const sessions = page.getByRole('region', { name: 'Your sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(3);
    await expect(sessions.getByRole('listitem').first()).toContainText('This session');
    for (const width of [390, 1280]) {
      // Tall enough for the whole page at 1280 px (a full-page picture draws the sticky header mid-page).
      await page.setViewportSize({ width, height: width === 1280 ? 1200 : 900 });
      await expectLegible(page);
      await shot(page, `desk-sessions-${width}.png`);
    }

    await sessions.getByRole('button', { name: /End the session on Safari on iPhone/ }).click();
    await expect(sessions.getByRole('status')).toHaveText('The session on Safari on iPhone has ended.');
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await phone.reload();
    await expect(phone.getByRole('heading', { name: 'Sign in to the sales desk' })).toBeVisible();

    // A refused password says why, under the field.
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password').fill('password1234');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /most common/ })).toBeVisible();
    await expect(page.getByLabel('New password')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('New password').fill('a quiet river at dusk');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your password is changed' })).toHaveText(
      'Your password is changed. 1 other session ended.',
    );
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    await thirdPage.reload();
    await expect(thirdPage.getByRole('heading', { name: 'Sign in to the sales desk' })).toBeVisible();
    await signIn(thirdPage, email, 'a quiet river at dusk');
    await Promise.all([elsewhere.close(), third.close()]);
  });
});

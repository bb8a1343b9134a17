import { spawnSync } from 'node:child_process';
import type { APIRequestContext, Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectLegible } from './visual';
import { patience } from '../support/slowdown.mjs';

// Issue 54: the desk's Embeds page against the real service (global-setup): an admin adds an embed (a
// wrong origin refused in words first, nothing typed lost), copies its snippet, allows an origin the
// service refused for it, and opens its preview, which sends nothing; an agent reads, and cannot change.
// Then the pages as they look, from fixed answers, at 390 and 1280 px.

const PASSWORD = 'desk-e2e password 42';

function account(role: 'admin' | 'agent') {
  const email = `embeds-${role}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const made = spawnSync(
    process.execPath,
    ['server/run.mjs', 'cli/desk-user', 'add', '--email', email, '--role', role, '--db', process.env.E2E_DB_PATH!],
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

/** An embed made through the API by an admin of its own (the request context keeps the session cookie). */
async function embedByApi(request: APIRequestContext, baseURL: string, name: string) {
  const origin = new URL(baseURL).origin;
  const email = account('admin');
  const session = await request.post('/api/session', { data: { email, password: PASSWORD }, headers: { origin } });
  expect(session.status()).toBe(200);
  const made = await request.post('/api/desk/embeds', {
    data: { name, origins: ['https://partner.example'], brandName: 'Partner Co' },
    headers: { origin },
  });
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()) as { id: string; name: string };
}

test.describe('the desk’s embeds', () => {
  test('an admin adds an embed, copies its snippet, allows a refused origin and opens its preview', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const name = `Acme landing ${Math.random().toString(36).slice(2, 8)}`;
    const refusedOrigin = `https://r${Math.random().toString(36).slice(2, 8)}.example`;
    await page.goto('/desk/embeds');
    await signIn(page, account('admin'));
    await expect(page.getByRole('heading', { level: 1, name: 'Embeds' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Embeds' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // A page address where an origin goes: refused next to the field, naming it, and everything typed stays.
    const form = page.getByRole('region', { name: 'Add an embed' });
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await form.getByRole('textbox', { name: 'Origins' }).fill('https://acme.example\nhttps://acme.example/landing');
    await form.getByRole('textbox', { name: 'Brand' }).fill('Acme');
    await form.getByRole('checkbox', { name: 'AI Receptionist' }).uncheck();
    await form.getByRole('button', { name: 'Add embed' }).click();
    const origins = form.getByRole('textbox', { name: 'Origins' });
    await expect(origins).toHaveAttribute('aria-invalid', 'true');
    await expect(origins).toBeFocused();
    await expect(origins).toHaveAccessibleDescription(
      /"https:\/\/acme\.example\/landing" is a page address, not an origin/,
    );
    await expect(form.getByRole('alert')).toContainText('https://acme.example/landing');
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
    await expect(form.getByRole('textbox', { name: 'Brand' })).toHaveValue('Acme');
    await expect(form.getByRole('checkbox', { name: 'AI Receptionist' })).not.toBeChecked();

    // Put right by keyboard alone: the embed is added and listed.
    await origins.press('End');
    await origins.press('Shift+Home');
    await origins.press('Backspace');
    await origins.press('Backspace');
    await expect(origins).toHaveValue('https://acme.example');
    await form.getByRole('button', { name: 'Add embed' }).press('Enter');
    await expect(form.getByRole('status')).toHaveText(`${name} is added.`);
    await expect(origins).not.toHaveAttribute('aria-invalid');
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('https://acme.example');
    await expect(row).toContainText('Active');

    // Its page: the snippet, copied; the React lines.
    await row.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
    const id = /\/desk\/embeds\/(emb_\w+)$/.exec(page.url())![1];
    const snippet = page.getByRole('region', { name: 'Snippet' });
    await expect(snippet.locator('pre')).toContainText(`<ai-demo-request embed="${id}"`);
    await expect(snippet.locator('pre')).toContainText('brand-name="Acme"');
    await expect(snippet.locator('pre')).not.toContainText('agent-id="receptionist"');
    await snippet.getByRole('button', { name: 'Copy the snippet' }).click();
    await expect(snippet.getByRole('status')).toHaveText('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`<ai-feedback embed="${id}"`);
    expect(copied).toBe(await snippet.locator('pre').innerText());
    await expect(page.getByRole('region', { name: 'React lines' }).locator('pre')).toContainText(
      `<DemoRequest embed="${id}"`,
    );

    // A page on another origin asks for the embed: refused, counted, listed here; one press allows it.
    const asked = await request.get(`/api/embeds/${id}`, { headers: { origin: refusedOrigin } });
    expect((await asked.json()).allowed).toBe(false);
    const refused = page.getByRole('region', { name: 'Refused origins, last 7 days' });
    await expect(async () => {
      await page.reload();
      await expect(refused.getByRole('row', { name: new RegExp(refusedOrigin) })).toContainText('once', {
        timeout: patience(1000),
      });
    }).toPass();
    await refused.getByRole('button', { name: `Allow ${refusedOrigin}` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'allowed' })).toHaveText(`${refusedOrigin} is allowed.`);
    await expect(page.getByRole('definition').filter({ hasText: refusedOrigin })).toBeVisible();
    await expect(refused.getByRole('row', { name: new RegExp(refusedOrigin) })).toHaveCount(0);
    const now = await request.get(`/api/embeds/${id}`, { headers: { origin: refusedOrigin } });
    expect((await now.json()).allowed).toBe(true);

    // Paused with one press, and active again; each said, and the public answer follows.
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'paused' })).toHaveText(`${name} is paused.`);
    await expect(page.getByRole('definition').filter({ hasText: 'Paused' })).toBeVisible();
    expect((await (await request.get(`/api/embeds/${id}`)).json()).active).toBe(false);
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'active again' })).toHaveText(`${name} is active again.`);

    // Its preview: the elements with simulate, under a policy that lets the page send nothing.
    const link = page.getByRole('link', { name: /^Preview/ });
    const answer = await page.request.get((await link.getAttribute('href'))!);
    expect(answer.headers()['content-security-policy']).toContain("connect-src 'none'");
    // Everything the preview's tab asks for, from its first request: only GETs of files, never the API.
    const sent: string[] = [];
    context.on('request', (r) => {
      // The popup's navigation is the preview itself (it has no frame yet).
      if (r.isNavigationRequest() || r.frame().page() === page) return;
      if (r.method() !== 'GET' || r.url().includes('/api/')) sent.push(`${r.method()} ${r.url()}`);
    });
    const opened = context.waitForEvent('page');
    await link.click();
    const preview = await opened;
    await expect(preview.getByRole('heading', { level: 1, name: `Preview: ${name}` })).toBeVisible();
    await expect(preview.locator(`ai-demo-request[embed="${id}"][simulate]`)).toBeAttached();
    await expect(preview.locator('ai-voice-demo')).toHaveCount(3);
    await expect
      .poll(() => preview.evaluate(() => Boolean(customElements.get('ai-demo-request'))), { timeout: patience(15_000) })
      .toBe(true);
    await preview.locator('ai-demo-request').hover();
    await preview.waitForTimeout(500);
    expect(sent).toEqual([]);
  });

  test('an agent reads the embeds and their pages, and cannot change them', async ({ page, request, baseURL }) => {
    const embed = await embedByApi(request, baseURL!, `Partner ${Math.random().toString(36).slice(2, 8)}`);
    await page.goto('/desk/embeds');
    await signIn(page, account('agent'));
    await expect(page.getByRole('heading', { level: 1, name: 'Embeds' })).toBeVisible();
    await expect(page.getByText('Admins add and change them.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Add an embed' })).toHaveCount(0);
    await page.getByRole('link', { name: embed.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: embed.name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Snippet' }).locator('pre')).toContainText(embed.id);
    await expect(page.getByRole('heading', { name: 'Change the embed' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pause' })).toHaveCount(0);
    // Nor through the API, from the desk's own page.
    const status = await page.evaluate(
      async (id) =>
        (
          await fetch(`/api/desk/embeds/${id}`, {
            method: 'PATCH',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ active: false }),
          })
        ).status,
      embed.id,
    );
    expect(status).toBe(403);
  });

  test('the lists filter by embed: the select sets embed= on their API calls', async ({ page, request, baseURL }) => {
    const embed = await embedByApi(request, baseURL!, `Filter ${Math.random().toString(36).slice(2, 8)}`);
    await page.goto('/desk');
    await signIn(page, account('agent'));
    for (const [link, path] of [
      ['Leads', '/api/desk/leads?'],
      ['Demos', '/api/desk/demos?'],
      ['Feedback', '/api/desk/feedback?'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: link, exact: true }).click();
      const toggle = page.getByRole('button', { name: /^Filters/ });
      if (await toggle.isVisible()) await toggle.click();
      const asked = page.waitForRequest((r) => r.url().includes(path) && r.url().includes(`embed=${embed.id}`));
      await page.getByRole('combobox', { name: 'Embed' }).selectOption({ label: embed.name });
      expect((await asked).url()).toContain(`embed=${embed.id}`);
      await expect(page).toHaveURL(new RegExp(`embed=${embed.id}`));
    }
  });
});

const NOW = '2026-11-23T16:00:00.000Z';
const EMBED = {
  id: 'emb_7Hq2LmX9pR4tVb8KcN3w',
  name: 'Aurelo Homes landing',
  origins: ['https://homes.aurelo.test', 'https://*.aurelo-partners.test'],
  brandName: 'Aurelo Homes',
  agents: ['realEstate', 'supportEnglish'],
  countries: ['IN'],
  active: true,
  createdAt: '2026-11-02T09:30:00.000Z',
  updatedAt: '2026-11-20T11:05:00.000Z',
  consentText:
    'I agree to receive calls from Aurelo Homes services at the number above, including by AI agents. Consent is not a condition of purchase.',
  consentVersion: 'emb_7Hq2LmX9pR4tVb8KcN3w.en.3fa2b1c9d0e4',
  consentTexts: {},
  snippet: [
    '<script src="https://svc.aurelo.test/dist/widgets/ai-widgets.js" async></script>',
    '<ai-demo-request embed="emb_7Hq2LmX9pR4tVb8KcN3w" backend-url="https://svc.aurelo.test/api" brand-name="Aurelo Homes"></ai-demo-request>',
    '<ai-voice-demo embed="emb_7Hq2LmX9pR4tVb8KcN3w" backend-url="https://svc.aurelo.test/api" agent-id="realEstate"></ai-voice-demo>',
    '<ai-voice-demo embed="emb_7Hq2LmX9pR4tVb8KcN3w" backend-url="https://svc.aurelo.test/api" agent-id="supportEnglish"></ai-voice-demo>',
    '<ai-feedback embed="emb_7Hq2LmX9pR4tVb8KcN3w" backend-url="https://svc.aurelo.test/api"></ai-feedback>',
  ].join('\n'),
};
const PAUSED = {
  ...EMBED,
  id: 'emb_Zp4Wd1sQe8Ru2Ty6Ui9o',
  name: 'Partner portal',
  origins: ['https://portal.partner.test'],
  brandName: 'Partner Co',
  active: false,
};

async function fixedDesk(page: Page) {
  const json = (body: unknown) => (route: Route) => route.fulfill({ json: body });
  await page.route(
    '**/api/session',
    json({ email: 'admin@example.com', role: 'admin', expiresAt: '2026-11-23T21:41:00.000Z' }),
  );
  await page.route('**/api/desk/changes', json({ version: '1.1.1.1' }));
  await page.route('**/api/desk/embeds', json({ embeds: [EMBED, PAUSED] }));
  await page.route(
    `**/api/desk/embeds/${EMBED.id}`,
    json({
      ...EMBED,
      refusedOrigins: [
        { origin: 'https://staging.aurelo.test', count: 14, lastAt: '2026-11-23T15:12:00.000Z' },
        { origin: 'http://localhost:5173', count: 1, lastAt: '2026-11-21T08:40:00.000Z' },
      ],
    }),
  );
}

test.describe('the desk’s embeds as they look', () => {
  test.use({ timezoneId: 'Asia/Kolkata', locale: 'en-IN' });
  for (const width of [390, 1280]) {
    test(`the Embeds page and an embed’s page are legible at ${width} px`, async ({ page }) => {
      await page.clock.setFixedTime(new Date(NOW));
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await fixedDesk(page);
      await page.goto('/desk/embeds');
      await expect(page.getByRole('row')).toHaveCount(3);
      await expect(page.getByRole('row', { name: /Partner portal/ })).toContainText('Paused');
      await expectLegible(page);
      await expect(page).toHaveScreenshot(`desk-embeds-${width}.png`, { fullPage: true });

      await page.getByRole('link', { name: EMBED.name }).click();
      await expect(page.getByRole('heading', { level: 1, name: EMBED.name })).toBeFocused();
      await expect(page.getByRole('row', { name: /staging\.aurelo\.test/ })).toContainText('14 times');
      await expectLegible(page);
      await expect(page).toHaveScreenshot(`desk-embed-${width}.png`, { fullPage: true });
    });
  }
});

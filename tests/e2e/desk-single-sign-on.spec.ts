import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { loadConfig } from '../../server/config/settings.ts';
import { startService } from '../../server/service.ts';
import { openStore } from '../../server/storage/index.ts';
import { freePort } from '../support/free-port.mjs';
import { CLIENT, misbehavingIssuer, openIdProvider } from '../support/openid-providers.ts';
import { expect, test } from './fixtures';
import { expectLegible } from './visual';

// Issue 47, item 1, in a browser: the sign-in page offers "Sign in with {provider}" beside the password
// form (or alone), the link goes to a real OpenID provider on this machine and back onto the desk, and a
// refusal comes back to the sign-in page in words. Its own services: the shared one has no single sign-on.
// The provider is in oidc-provider's default configuration: the email is in UserInfo, not in the ID token.

const NAME = 'Acme ID';
const tag = Math.random().toString(36).slice(2, 8);
const PEOPLE = {
  asha: { email: `asha-${tag}@example.com`, email_verified: true },
  ravi: { email: `ravi-${tag}@example.com`, email_verified: false },
};

test.describe.configure({ mode: 'serial' });

type Desk = { origin: string; close(): Promise<void> };
const desks: Record<'both' | 'only', Desk> = {} as never;
let provider: Awaited<ReturnType<typeof openIdProvider>>;

/** A service with single sign-on at `issuer` (else `provider`), on a port of its own. */
async function desk(port: number, settings: Record<string, string> = {}, issuer = provider.issuer): Promise<Desk> {
  const origin = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'ai-widgets-sso-'));
  const config = loadConfig({
    PORT: String(port),
    PUBLIC_URL: origin,
    DATABASE_PATH: join(dir, 'service.sqlite'),
    LOG_LEVEL: 'warn',
    DESK_OIDC_ISSUER: issuer,
    DESK_OIDC_CLIENT_ID: CLIENT.id,
    DESK_OIDC_CLIENT_SECRET: CLIENT.secret,
    DESK_OIDC_DOMAINS: 'example.com',
    DESK_OIDC_NAME: NAME,
    ...settings,
  });
  const store = await openStore(config);
  const { app } = await startService(config, store);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    origin,
    async close() {
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

test.beforeAll(async () => {
  const ports = [freePort(), freePort()];
  provider = await openIdProvider(
    ports.map((port) => `http://127.0.0.1:${port}/desk/sso/callback`),
    PEOPLE,
  );
  desks.both = await desk(ports[0]);
  desks.only = await desk(ports[1], { DESK_PASSWORD_SIGNIN: 'off' });
});
test.afterAll(async () => {
  await desks.both?.close();
  await desks.only?.close();
  await provider?.close();
});

const link = (page: Page) => page.getByRole('link', { name: `Sign in with ${NAME}` });
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(name), fullPage: true });

test('the link signs a person in at the provider and lands on the desk', async ({ page }) => {
  await page.goto(`${desks.both.origin}/desk`);
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible();
  await link(page).click();
  await expect(page.getByRole('heading', { name: 'Test provider: sign in' })).toBeVisible();
  await page.getByLabel('Account').selectOption('asha');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${desks.both.origin}/desk/`);
  await expect(page.getByRole('link', { name: PEOPLE.asha.email })).toBeVisible();
});

test('a refusal comes back to the sign-in page in words, said once', async ({ page }) => {
  await page.goto(`${desks.both.origin}/desk`);
  await link(page).click();
  await page.getByLabel('Account').selectOption('ravi');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'verified' })).toHaveText(
    `Your ${NAME} account's email is not verified.`,
  );
  await expect(link(page)).toBeVisible();
  await page.reload();
  await expect(link(page)).toBeVisible();
  await expect(page.getByText('is not verified')).toHaveCount(0);
});

test('a provider that went down after its settings were read: the link ends on the sign-in page in words', async ({
  page,
}) => {
  const down = await misbehavingIssuer((claims) => claims);
  const service = await desk(freePort(), { LOG_LEVEL: 'error' }, down.issuer);
  try {
    // A first press reads the provider's settings; then it goes down.
    const first = await page.request.get(`${service.origin}/desk/sso`, { maxRedirects: 0 });
    expect(first.headers().location).toMatch(new RegExp(`^${down.issuer}/authorize\\?`));
    await down.close();
    await page.goto(`${service.origin}/desk`);
    await link(page).click();
    await expect(page).toHaveURL(`${service.origin}/desk/`);
    await expect(page.getByRole('alert').filter({ hasText: 'reached' })).toHaveText(
      `${NAME} could not be reached. Try again in a minute.`,
    );
    await expect(link(page)).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectLegible(page);
      await shot(page, `desk-sign-in-unreachable-${width}.png`);
    }
  } finally {
    await down.close();
    await service.close();
  }
});

test.describe('the sign-in page as it looks', () => {
  for (const width of [390, 1280]) {
    test(`with both ways in, with a refusal, and with single sign-on only, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(`${desks.both.origin}/desk`);
      await expect(link(page)).toBeVisible();
      await expectLegible(page);
      await shot(page, `desk-sign-in-both-${width}.png`);
      await expect(page).toHaveScreenshot(`desk-sign-in-both-${width}.png`);

      await link(page).click();
      await page.getByLabel('Account').selectOption('ravi');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'verified' })).toBeVisible();
      await expectLegible(page);
      await shot(page, `desk-sign-in-refused-${width}.png`);
      await expect(page).toHaveScreenshot(`desk-sign-in-refused-${width}.png`);

      await page.goto(`${desks.only.origin}/desk`);
      await expect(link(page)).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
      await expectLegible(page);
      await shot(page, `desk-sign-in-sso-only-${width}.png`);
      await expect(page).toHaveScreenshot(`desk-sign-in-sso-only-${width}.png`);
      // The link is reached from the keyboard, first thing after the page's own links.
      await link(page).focus();
      await expect(link(page)).toBeFocused();
    });
  }
});

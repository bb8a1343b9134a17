import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectLegible } from './visual';

// Issue 47, item 3, in a browser: a person sets two-step sign-in up from their account page by keyboard
// (the code worked out here from the key the page shows, as an authenticator app would), keeps the
// recovery codes, signs out, and signs in again with a code: the one already used is refused, the next
// one opens the desk.

const PASSWORD = 'desk-e2e two-step 42';

function account() {
  const email = `totp-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const made = spawnSync(
    process.execPath,
    ['server/run.mjs', 'cli/desk-user', 'add', '--email', email, '--db', process.env.E2E_DB_PATH!],
    { input: PASSWORD, encoding: 'utf8' },
  );
  expect(made.status, made.stderr).toBe(0);
  return email;
}

/** RFC 6238 as an authenticator app does it (SHA-1, 6 digits, 30 s), written apart from the service's. */
function totp(key: string, step: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...key.replace(/\s/g, '')].map((c) => alphabet.indexOf(c).toString(2).padStart(5, '0')).join('');
  const secret = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', secret).update(counter).digest();
  const value = mac.readUInt32BE(mac[mac.length - 1] & 15) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, '0');
}
const stepNow = () => Math.floor(Date.now() / 30_000);

async function press(page: Page, key: string, times = 1) {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

test('a person sets two-step sign-in up by keyboard, signs out, and signs in with a code', async ({ page }) => {
  test.setTimeout(150_000);
  const email = account();
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/desk');
  await page.getByRole('textbox', { name: 'Email' }).focus();
  await page.keyboard.type(email);
  await press(page, 'Tab');
  await page.keyboard.type(PASSWORD);
  await press(page, 'Enter');
  await page.getByRole('link', { name: email }).focus();
  await press(page, 'Enter');

  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(section).toContainText('Off.');
  await section.getByRole('button', { name: 'Set up two-step sign-in' }).focus();
  await press(page, 'Enter');
  const setupHeading = section.getByRole('heading', { name: 'Add the desk to your authenticator app' });
  await expect(setupHeading).toBeFocused();
  const qr = section.getByRole('img', { name: 'QR code of your new key' });
  await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const keyText = section.locator('.desk-two-step-key');
  const key = (await keyText.textContent())!;
  expect(key).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  for (const width of [390, 1280]) {
    // Tall enough that the section needs no scrolling (the sticky header would cover its top).
    await page.setViewportSize({ width, height: 1600 });
    await expectLegible(page);
    await section.screenshot({ path: test.info().outputPath(`desk-two-step-setup-unmasked-${width}.png`) });
    // The key and its QR code are new each time: masked. The section is pictured at the window's corner, on
    // whole pixels: in the page it sits a fraction of a pixel lower or higher from run to run (the random
    // account's email above it), which made its picture a row taller or shorter.
    const pinned = await section.evaluate((el: HTMLElement) => {
      const before = el.style.cssText;
      el.style.cssText += `;position:fixed;inset:0 auto auto 0;width:${Math.round(el.offsetWidth)}px;z-index:100`;
      return before;
    });
    await expect(section).toHaveScreenshot(`desk-two-step-setup-${width}.png`, { mask: [qr, keyText] });
    await section.evaluate((el: HTMLElement, before) => void (el.style.cssText = before), pinned);
  }

  // From the heading, the code field is the next stop; Enter turns it on.
  await press(page, 'Tab');
  await expect(section.getByLabel('Type the 6-digit code the app shows')).toBeFocused();
  await page.keyboard.type('000000');
  await press(page, 'Enter');
  const wrong = section.getByRole('alert').filter({ hasText: 'That code is not right' });
  await expect(wrong).toHaveText('That code is not right. Type the 6 digits your app shows now.');
  await expect(section.getByLabel('Type the 6-digit code the app shows')).toHaveAttribute('aria-invalid', 'true');
  await section.getByLabel('Type the 6-digit code the app shows').fill('');
  const setupStep = stepNow();
  await page.keyboard.type(totp(key, setupStep));
  await press(page, 'Enter');
  const recovery = section.getByRole('heading', { name: 'Keep your recovery codes' });
  await expect(recovery).toBeFocused();
  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await page.screenshot({ path: test.info().outputPath('desk-two-step-recovery-codes-1280.png'), fullPage: true });
  const download = page.waitForEvent('download');
  await section.getByRole('link', { name: 'Download the codes' }).focus();
  await press(page, 'Enter');
  const saved = await (await download).path();
  const { readFileSync } = await import('node:fs');
  const firstCode = (await codes.first().textContent())!;
  expect(readFileSync(saved, 'utf8')).toContain(firstCode);
  await section.getByRole('button', { name: 'Done: I have kept them' }).focus();
  await press(page, 'Enter');
  await expect(section).toContainText('10 recovery codes left');

  // New recovery codes, given the password (a wrong one says so under its field): shown once, as the setup's.
  const renewProof = section.getByLabel(/^To make new recovery codes/);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 1600 });
    await expectLegible(page);
    await section.screenshot({ path: test.info().outputPath(`desk-two-step-on-${width}.png`) });
  }
  await renewProof.fill('not my password');
  await press(page, 'Enter');
  await expect(section.getByRole('alert')).toHaveText('That is not your current password.');
  await expect(renewProof).toHaveAttribute('aria-invalid', 'true');
  await renewProof.fill(PASSWORD);
  await section.getByRole('button', { name: 'Make new recovery codes' }).click();
  await expect(recovery).toBeFocused();
  await expect(section.getByRole('status')).toHaveText('New recovery codes are made. The old ones no longer work.');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).not.toHaveText(firstCode);
  await expect(section.getByRole('link', { name: 'Download the codes' })).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 1600 });
    await section.screenshot({ path: test.info().outputPath(`desk-two-step-new-codes-${width}.png`) });
  }
  await section.getByRole('button', { name: 'Done: I have kept them' }).click();
  await expect(section).toContainText('10 recovery codes left');

  // Sign out, then in: the password, then the code.
  await page.getByRole('button', { name: 'Sign out' }).focus();
  await press(page, 'Enter');
  await page.getByRole('textbox', { name: 'Email' }).focus();
  await page.keyboard.type(email);
  await press(page, 'Tab');
  await page.keyboard.type(PASSWORD);
  await press(page, 'Enter');
  const codeHeading = page.getByRole('heading', { name: 'Type your code', level: 1 });
  await expect(codeHeading).toBeFocused();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectLegible(page);
    await expect(page).toHaveScreenshot(`desk-two-step-code-${width}.png`);
  }
  // The code the setup used is refused while the service still takes its step (now's or one either
  // side); the next step's code signs in at once, as an app's code does that runs a little ahead.
  await press(page, 'Tab');
  await expect(page.getByRole('textbox', { name: 'Code' })).toBeFocused();
  if (stepNow() > setupStep + 1)
    test.info().annotations.push({ type: 'slow', description: 'the step turned before the used code could be tried' });
  else {
    await page.keyboard.type(totp(key, setupStep));
    await press(page, 'Enter');
    await expect(page.getByRole('alert')).toHaveText('That code was used already. Wait for the next one in your app.');
    await page.screenshot({ path: test.info().outputPath('desk-two-step-code-used-1280.png') });
    await page.getByRole('textbox', { name: 'Code' }).fill('');
  }
  await page.keyboard.type(totp(key, Math.max(stepNow(), setupStep + 1)));
  await press(page, 'Enter');
  await expect(page.getByRole('link', { name: email })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
});

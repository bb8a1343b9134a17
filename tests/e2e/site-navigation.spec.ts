import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { patience } from '../support/slowdown.mjs';

const SECTIONS = ['Home', 'Solutions', 'About', 'Experience', 'Contact'] as const;
const anchorOf = (label: string) => `#${label.toLowerCase()}`;

/**
 * Waits for the scroll to settle, then checks that the section's start is in view
 * below the fixed header (80 px): the anchor landed.
 */
async function landed(page: Page, anchor: string) {
  const viewport = page.viewportSize()!.height;
  let last = -1;
  // Still and in place: a busy page can start a smooth scroll late, and "still" alone would
  // then pass before the scroll began.
  await expect
    .poll(
      async () => {
        const y = await page.evaluate(() => scrollY);
        const top = await page.locator(anchor).evaluate((el) => el.getBoundingClientRect().top);
        const still = y === last;
        last = y;
        return still && top >= -2 && top < viewport * 0.6;
      },
      { intervals: [150], timeout: patience(8000) },
    )
    .toBe(true);
  const top = await page.locator(anchor).evaluate((el) => el.getBoundingClientRect().top);
  expect(top, `${anchor} starts at ${top}px`).toBeGreaterThanOrEqual(-2);
  expect(top, `${anchor} starts at ${top}px`).toBeLessThan(viewport * 0.6);
}

test.describe('header', () => {
  test('is transparent up to 20 px of scroll, then frosted with a shadow', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('header.site-header');
    const look = () =>
      header.evaluate((el) => ({
        bg: getComputedStyle(el).backgroundColor,
        shadow: getComputedStyle(el).boxShadow,
        blur: getComputedStyle(el).backdropFilter,
      }));
    expect(await look()).toEqual({ bg: 'rgba(0, 0, 0, 0)', shadow: 'none', blur: 'none' });

    await page.evaluate(() => scrollTo(0, 20));
    await page.waitForFunction(() => scrollY === 20);
    await expect(header).toHaveAttribute('data-scrolled', 'false');

    await page.evaluate(() => scrollTo(0, 21));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect.poll(look).toEqual({
      bg: 'rgba(255, 255, 255, 0.8)',
      shadow: expect.stringContaining('rgba(20, 19, 28'),
      blur: 'blur(12px)',
    });

    await page.evaluate(() => scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await expect(header).toBeInViewport();
  });

  test('on /, each section link smooth-scrolls to its anchor', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of [...SECTIONS].reverse()) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await landed(page, anchorOf(label));
      await expect(page).toHaveURL('/');
    }
  });

  for (const label of SECTIONS) {
    test(`from another route, ${label} goes to / and lands on its anchor`, async ({ page }) => {
      await page.goto('/terms');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL('/');
      await landed(page, anchorOf(label));
    });
  }

  test('the remembered anchor is forgotten once used', async ({ page }) => {
    await page.goto('/terms');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click();
    await landed(page, '#about');
    // The next visit to / through a plain route link starts at the top.
    await page.evaluate(() => {
      history.pushState(null, '', '/nowhere');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => scrollY)).toBe(0);
  });

  test('the brand mark scrolls to #home and Get Started opens the dashboard in a new tab', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => scrollTo(0, 2000));
    await page.getByRole('link', { name: /back to the top/ }).click();
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);

    const cta = page.locator('.desktop-cta');
    await expect(cta).toHaveText(/Get Started/);
    await expect(cta).toHaveAttribute('href', 'https://app.aurelo.example');
    await expect(cta).toHaveAttribute('target', '_blank');
  });

  test('with reduced motion, section links jump instead of scrolling smoothly', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const immediate = await page.evaluate(() => {
      (document.querySelector('.desktop-nav a[href="/#contact"]') as HTMLAnchorElement).click();
      return scrollY;
    });
    expect(immediate).toBeGreaterThan(1000);
  });

  test('with full motion, the same click scrolls smoothly', async ({ page }) => {
    await page.goto('/');
    const immediate = await page.evaluate(() => {
      (document.querySelector('.desktop-nav a[href="/#contact"]') as HTMLAnchorElement).click();
      return scrollY;
    });
    expect(immediate).toBeLessThan(200);
    await landed(page, '#contact');
  });
});

test.describe('mobile menu at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('toggles a dropdown with the five links and Get Started; a choice or Esc closes it', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu.getByRole('link')).toHaveText([...SECTIONS, /Get Started/]);

    await menu.getByRole('link', { name: 'About', exact: true }).click();
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page).toHaveURL('/');
    await landed(page, '#about');

    await toggle.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await toggle.click();
    await toggle.click();
    await expect(menu).toBeHidden();
  });
});

test.describe('footer', () => {
  for (const label of ['Home', 'Solutions', 'About', 'Contact']) {
    test(`quick link ${label} reaches its section from / and from another route`, async ({ page }) => {
      const quick = () => page.getByRole('navigation', { name: 'Quick links' });
      await page.goto('/');
      await quick().getByRole('link', { name: label }).click();
      await landed(page, anchorOf(label));
      await page.goto('/privacy');
      await quick().getByRole('link', { name: label }).click();
      await expect(page).toHaveURL('/');
      await landed(page, anchorOf(label));
    });
  }

  test('legal links, contact e-mail, social links and the current year', async ({ page }) => {
    await page.goto('/');
    const footer = page.locator('footer');
    await footer.getByRole('link', { name: 'Terms and Conditions' }).click();
    await expect(page).toHaveURL('/terms');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms and Conditions');
    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL('/privacy');
    await expect(footer.getByRole('link', { name: 'hello@aurelo.example' })).toHaveAttribute(
      'href',
      'mailto:hello@aurelo.example',
    );
    for (const [name, host] of [
      ['LinkedIn', 'www.linkedin.com'],
      ['Instagram', 'www.instagram.com'],
      ['YouTube', 'www.youtube.com'],
    ]) {
      const link = footer.getByRole('link', { name: new RegExp(name) });
      await expect(link).toHaveAttribute('target', '_blank');
      expect(new URL((await link.getAttribute('href'))!).hostname).toBe(host);
    }
    await expect(footer.getByText(`© ${new Date().getFullYear()} Aurelo Labs. All rights reserved.`)).toBeVisible();
  });

  test('every link that opens a new tab is noopener noreferrer', async ({ page }) => {
    for (const path of ['/', '/experience', '/terms']) {
      await page.goto(path);
      const rels = await page
        .locator('a[target="_blank"]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('rel')));
      expect(rels.length).toBeGreaterThanOrEqual(4);
      for (const rel of rels) expect(rel).toBe('noopener noreferrer');
    }
  });
});

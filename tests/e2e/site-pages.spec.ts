import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { expect, test } from './fixtures';

async function noAxeViolations(page: Page) {
  // The widgets are checked inside their shadow roots too: axe pierces open ones.
  expect(await axeViolations(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])).toEqual([]);
}

const ROUTES = [
  {
    path: '/',
    title: 'Aurelo: AI voice and chat agents that work while you grow',
    h1: 'Never miss a lead, a booking or a customer again',
  },
  { path: '/name', title: 'Our name · Aurelo', h1: 'aurelo' },
  { path: '/experience', title: 'Experience the power of AI · Aurelo', h1: 'Experience the power of AI' },
  { path: '/terms', title: 'Terms and Conditions · Aurelo', h1: 'Terms and Conditions' },
  { path: '/privacy', title: 'Privacy Policy · Aurelo', h1: 'Privacy Policy' },
] as const;

test.describe('routes', () => {
  for (const route of ROUTES) {
    test(`${route.path}: heading, title, description, language, no horizontal scroll, no axe violations`, async ({
      page,
    }) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.h1);
      await expect(page).toHaveTitle(route.title);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      expect((await page.locator('meta[name="description"]').getAttribute('content'))?.length).toBeGreaterThan(40);
      await expect(page.locator('header.site-header')).toBeVisible();
      await expect(page.locator('footer')).toBeVisible();
      await noAxeViolations(page);
      for (const width of [320, 1920]) {
        await page.setViewportSize({ width, height: 900 });
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        ).toBe(0);
      }
    });
  }

  test('the landing page holds the seven sections in order, with the spec content', async ({ page }) => {
    await page.goto('/');
    const ids = await page
      .locator('main > section')
      .evaluateAll((sections) => sections.map((s) => s.id || s.getAttribute('aria-labelledby')));
    expect(ids).toEqual(['home', 'solutions', 'about', 'experience', 'testimonials-title', 'steps-title', 'contact']);
    await expect(page.locator('#home ai-voice-demo').getByRole('status')).toHaveText(
      'Click to experience our AI agent',
    );
    await expect(page.locator('#home').getByRole('link', { name: /Get Started/ })).toHaveAttribute(
      'href',
      'https://app.aurelo.example',
    );
    await expect(page.locator('#solutions h3')).toHaveText([
      'Voice-Powered Lead Agents',
      'Seamless Appointment Scheduling',
      'Custom AI Workflows',
    ]);
    await expect(page.locator('#about article')).toHaveCount(5);
    await expect(page.locator('#experience .stat')).toHaveText([
      '40+hours saved weekly',
      '25%higher lead conversion',
      'Zeromissed opportunities',
    ]);
    await expect(page.locator('.quote')).toHaveCount(3);
    for (const quote of await page.locator('.quote figcaption').all())
      await expect(quote.locator('strong, span')).toHaveCount(2);
    await expect(page.locator('.step h3')).toHaveText(['Pick a solution', 'Tailor and integrate', 'Relax and grow']);
    const contact = page.locator('#contact');
    await expect(contact.getByRole('link', { name: /Get Started/ })).toHaveAttribute(
      'href',
      'https://app.aurelo.example',
    );
    await expect(contact.getByRole('link', { name: /Talk to Our Experts/ })).toHaveAttribute(
      'href',
      'https://cal.aurelo.example/intro',
    );
    await expect(contact.getByRole('button', { name: 'Share Feedback' })).toBeVisible();
  });

  test('/name shows only the wordmark, full screen', async ({ page }) => {
    await page.goto('/name');
    const section = page.locator('.name-page');
    const box = await section.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(page.viewportSize()!.height);
    await expect(section).toHaveText('aurelo');
  });

  test('/experience holds the demo request form', async ({ page }) => {
    await page.goto('/experience');
    const demo = page.locator('ai-demo-request');
    await expect(demo.getByRole('radio')).toHaveCount(4);
    await expect(demo.getByText('from Aurelo services at the contact information provided.')).toBeVisible();
  });

  test('the legal pages number their sections and carry the spec terms', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.locator('.legal section h2')).toHaveText([
      '1. Services Offered',
      '2. Data Privacy and Security',
      '3. User Responsibilities',
      '4. Intellectual Property',
      '5. Subscription and Billing',
      '6. Liability',
      '7. Termination',
      '8. Changes to Terms',
    ]);
    for (const phrase of [
      'monthly or annually',
      'refunds for unused time in a billing cycle unless stated',
      'cancel at any time',
      'export your data',
    ]) {
      await expect(page.locator('.legal')).toContainText(phrase, { ignoreCase: true });
    }
    await expect(page.locator('.legal a[href^="mailto:"]')).toHaveAttribute('href', 'mailto:hello@aurelo.example');

    await page.goto('/privacy');
    await expect(page.locator('.legal section h2')).toHaveText([
      '1. Information We Collect',
      '2. How We Use Your Data',
      '3. Data Sharing and Storage',
      '4. User Consent',
      '5. Third-Party Integrations',
      '6. Your Rights',
      '7. Security Measures',
      "8. Children's Privacy",
      '9. Policy Updates',
    ]);
    for (const phrase of [
      'under 18',
      'reply STOP',
      'GDPR',
      'Digital Personal Data Protection Act',
      'WhatsApp Business Policy',
    ]) {
      await expect(page.locator('.legal')).toContainText(phrase);
    }
    await expect(page.locator('.legal a[href^="mailto:"]')).toBeVisible();
  });

  test('an unknown path gets a helpful not-found page with a 404 and a way home', async ({ page }) => {
    const response = await page.goto('/pricing/enterprise');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that page');
    await expect(page).toHaveTitle('Page not found · Aurelo');
    await noAxeViolations(page);
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL('/');
  });
});

test.describe('accessibility in interactive states', () => {
  test('the mobile menu open', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    await noAxeViolations(page);
  });

  test('the feedback dialog open', async ({ page }) => {
    await page.goto('/');
    await page.locator('#contact').getByRole('button', { name: 'Share Feedback' }).click();
    await expect(page.getByRole('dialog', { name: 'Share Your Feedback' })).toBeVisible();
    await noAxeViolations(page);
  });
});

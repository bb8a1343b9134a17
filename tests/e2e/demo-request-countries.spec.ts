import { expect, test } from './fixtures';
import { open } from './demo-request.contract';

// The countries the form offers are the service's (issue 44): `GET /api/otp/countries`, which answers
// OTP_COUNTRIES; a page's own `countries` is narrowed to them.

const offeredBy = (f: Awaited<ReturnType<typeof open>>) =>
  f.root.getByRole('combobox', { name: 'Phone number country' }).locator('option').allTextContents();

test('/experience offers the countries the service sends codes to', async ({ page }) => {
  await page.route('**/api/otp/countries', (route) => route.fulfill({ json: { countries: ['IN', 'GB'] } }));
  const f = await open(page, { url: '/experience' });
  await expect.poll(() => offeredBy(f)).toEqual(['India', 'United Kingdom']);
  await expect(f.phone).toHaveValue('+91');
});

test("a page's countries are narrowed to the service's, and those left out are named in a warning", async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  const asked = page.waitForRequest((request) => request.url().endsWith('/api/otp/countries'));
  // The real service: OTP_COUNTRIES=IN.
  const f = await open(page, { attrs: { countries: 'IN,AE,GB' } });
  await asked;
  await expect
    .poll(() => warnings.join('\n'))
    .toContain(
      '<ai-demo-request>: countries "AE, GB" are not among the countries the service sends codes to (IN); the form leaves them out.',
    );
  await expect.poll(() => offeredBy(f)).toEqual(['India']);
  await expect(f.phone).toHaveValue('+91');
});

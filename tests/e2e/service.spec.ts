import { readdirSync } from 'node:fs';
import { cspViolations, expect, test } from './fixtures';
import { patience } from '../support/slowdown.mjs';

const chunk = readdirSync('dist/widgets/chunks').find((f) => f.startsWith('vapi-client.') && f.endsWith('.js'))!;

test.describe('the service', () => {
  test('serves the five routes with 200 and anything else with the not-found page and 404', async ({ request }) => {
    for (const path of ['/', '/name', '/experience', '/terms', '/privacy']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()['content-type']).toMatch(/^text\/html/);
    }
    const missing = await request.get('/no/such/page');
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain('<div id="root">');
    expect((await request.get('/assets/nothing.js')).status()).toBe(404);
  });

  test('caches hashed widget chunks for long, the entry script briefly, and lets any page load them', async ({
    request,
  }) => {
    const entry = await request.get('/dist/widgets/ai-widgets.js');
    expect(entry.headers()['cache-control']).toBe('public, max-age=300, must-revalidate');
    expect(entry.headers()['access-control-allow-origin']).toBe('*');
    const hashed = await request.get(`/dist/widgets/chunks/${chunk}`);
    expect(hashed.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers()['access-control-allow-origin']).toBe('*');
    expect(hashed.headers()['cross-origin-resource-policy']).toBe('cross-origin');
  });

  test("sends the build's Brotli or gzip files as the browser asks, cached as their originals", async ({ request }) => {
    for (const encoding of ['br', 'gzip']) {
      const res = await request.get(`/dist/widgets/chunks/${chunk}`, { headers: { 'Accept-Encoding': encoding } });
      expect(res.headers()['content-encoding']).toBe(encoding);
      expect(res.headers()['vary']).toMatch(/accept-encoding/i);
      expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await res.body()).toString('utf8')).toContain('vapi');
    }
    const plain = await request.get(`/dist/widgets/chunks/${chunk}`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
  });

  test('pages are never cached stale and are not offered to other origins', async ({ request }) => {
    for (const path of ['/', '/privacy', '/no/such/page']) {
      const res = await request.get(path);
      expect(res.headers()['cache-control'], path).toBe('no-cache');
      expect(res.headers()['access-control-allow-origin'], path).toBeUndefined();
    }
  });

  test('pages carry a strict CSP: no inline script, no eval, no inline style', async ({ request }) => {
    const csp = (await request.get('/')).headers()['content-security-policy'];
    expect(csp).toContain("script-src 'self' https://c.daily.co");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/unsafe-(inline|eval)/);
  });

  for (const path of ['/', '/experience', '/examples/', '/examples/demo-request.html']) {
    test(`${path} and its widgets need nothing beyond the CSP`, async ({ page }) => {
      const violations = await cspViolations(page);
      await page.goto(path);
      await expect(page.locator('ai-voice-demo, ai-demo-request').first()).toBeVisible();
      if (path.includes('demo-request') || path === '/experience') {
        await page.locator('ai-demo-request').first().hover();
        await expect(page.locator('ai-demo-request').getByRole('button', { name: 'Get OTP' })).toBeVisible({
          timeout: patience(15_000),
        });
      }
      if (path === '/') {
        await page.locator('#contact').getByRole('button', { name: 'Share Feedback' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
      }
      expect(violations).toEqual([]);
    });
  }
});

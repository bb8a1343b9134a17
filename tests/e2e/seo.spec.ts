import { cspViolations, expect, test } from './fixtures';

// The site is built for this address (PUBLIC_URL; site/config.ts holds the same default).
const PUBLIC_URL = (process.env.PUBLIC_URL || process.env.VITE_PUBLIC_URL || 'https://www.aurelo.example').replace(
  /\/+$/,
  '',
);

const ROUTES = [
  { path: '/', heading: 'Never miss a lead, a booking or a customer again' },
  { path: '/name', heading: 'aurelo' },
  { path: '/experience', heading: 'Experience the power of AI' },
  { path: '/terms', heading: 'Terms and Conditions' },
  { path: '/privacy', heading: 'Privacy Policy' },
];

/** The content of `<meta name|property=key>` in raw HTML. */
const meta = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`))?.[1];
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');

test.describe('what crawlers and link previews read, without JavaScript', () => {
  test('each route has its own title, description, canonical, Open Graph and Twitter tags and its heading', async ({
    request,
  }) => {
    const titles = new Set<string>();
    for (const { path, heading } of ROUTES) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
      expect(title, path).toBeTruthy();
      titles.add(title!);
      const url = `${PUBLIC_URL}${path}`;
      expect(html, path).toContain(`<link rel="canonical" href="${url}" />`);
      expect(meta(html, 'description')?.length, path).toBeGreaterThan(40);
      expect(meta(html, 'og:title'), path).toBe(title);
      expect(meta(html, 'og:description'), path).toBe(meta(html, 'description'));
      expect(meta(html, 'og:url'), path).toBe(url);
      expect(meta(html, 'og:type'), path).toBe('website');
      expect(meta(html, 'og:site_name'), path).toBe('Aurelo');
      expect(meta(html, 'og:image'), path).toBe(`${PUBLIC_URL}/og-image.jpg`);
      expect(meta(html, 'twitter:card'), path).toBe('summary_large_image');
      expect(meta(html, 'twitter:title'), path).toBe(title);
      expect(meta(html, 'twitter:image'), path).toBe(`${PUBLIC_URL}/og-image.jpg`);
      expect(text(html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1] ?? ''), path).toBe(heading);
    }
    expect(titles.size).toBe(ROUTES.length);
    expect(titles).not.toContain('Aurelo · Aurelo');
  });

  test("the home page holds the hero and all seven sections, and the widgets' tags", async ({ request }) => {
    const html = await request.get('/').then((r) => r.text());
    for (const id of ['home', 'solutions', 'about', 'experience', 'contact']) expect(html).toContain(`id="${id}"`);
    expect(html.match(/<section[\s>]/g)?.length).toBeGreaterThanOrEqual(7);
    for (const words of ['40+', 'Voice-Powered Lead Agents', 'hours saved weekly']) expect(html).toContain(words);
    // Each drawn in the HTML already: its first paint in a declarative shadow root (issue 32).
    expect(html).toMatch(/<ai-voice-demo [^>]*assistant-id=[^>]*><template shadowrootmode="open">/);
    expect(html).toMatch(/<ai-feedback [^>]*backend-url=[^>]*><template shadowrootmode="open">/);
  });

  test('an unknown path answers 404 with the not-found page, kept out of the index', async ({ request }) => {
    const res = await request.get('/no/such/page');
    expect(res.status()).toBe(404);
    const html = await res.text();
    expect(html).toContain('<title>Page not found · Aurelo</title>');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain('We could not find that page');
  });

  test('the share image is made for link previews: 1200×630', async ({ request }) => {
    const res = await request.get('/og-image.jpg');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/jpeg');
    const jpeg = await res.body();
    // The frame header (SOF0/SOF2) holds the height then the width.
    const sof = [...jpeg.keys()].find((i) => jpeg[i] === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2))!;
    expect([jpeg.readUInt16BE(sof + 7), jpeg.readUInt16BE(sof + 5)]).toEqual([1200, 630]);
    expect(jpeg.length).toBeLessThan(300 * 1024);
  });

  test("robots.txt, sitemap.xml and the organisation's JSON-LD name the public URL", async ({ request, page }) => {
    const robots = await request.get('/robots.txt').then((r) => r.text());
    expect(robots).toContain('User-agent: *');
    expect(robots).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);

    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.headers()['content-type']).toMatch(/xml/);
    const xml = await sitemap.text();
    const locs = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, 'application/xml');
      if (doc.querySelector('parsererror')) throw new Error('sitemap.xml does not parse');
      return [...doc.getElementsByTagName('loc')].map((loc) => loc.textContent);
    }, xml);
    expect(locs).toEqual(ROUTES.map((r) => `${PUBLIC_URL}${r.path}`));

    const html = await request.get('/privacy').then((r) => r.text());
    const data = JSON.parse(html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]);
    expect(data).toMatchObject({
      '@type': 'Organization',
      name: 'Aurelo',
      url: `${PUBLIC_URL}/`,
      logo: `${PUBLIC_URL}/favicon.svg`,
      email: 'hello@aurelo.example',
    });
    expect(data.sameAs).toHaveLength(3);
  });
});

test.describe('the prerendered pages in Chromium', () => {
  for (const { path } of [...ROUTES, { path: '/no/such/page' }]) {
    test(`${path} hydrates without an error or warning and without changing what is shown`, async ({
      page,
      request,
    }) => {
      const problems: string[] = [];
      // The not-found page's own 404 is reported as a failed load of the document: that one is expected.
      const expected = (m: { location(): { url: string } }) =>
        path.startsWith('/no/') && m.location().url.endsWith(path);
      page.on(
        'console',
        (m) => ['error', 'warning'].includes(m.type()) && !expected(m) && problems.push(`${m.type()}: ${m.text()}`),
      );
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      const violations = await cspViolations(page);
      // A widget's printed first paint becomes its shadow root, which the page's own HTML does not show.
      const served = text(
        (await request.get(path).then((r) => r.text()))
          .match(/<main[^>]*>([\s\S]*?)<\/main>/)![1]
          .replace(/<template shadowrootmode="open">[\s\S]*?<\/template>/g, ''),
      );
      await page.goto(path);
      // React has taken the page over once the header's menu button answers a click.
      await page.setViewportSize({ width: 390, height: 844 });
      const menu = page.getByRole('button', { name: 'Menu' });
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      expect(text(await page.locator('main').innerHTML())).toBe(served);
      expect(problems).toEqual([]);
      expect(violations).toEqual([]);
    });
  }

  test('without JavaScript the home page shows its hero and sections', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Never miss a lead, a booking or a customer again' }),
    ).toBeVisible();
    for (const id of ['solutions', 'about', 'experience', 'contact'])
      await expect(page.locator(`#${id}`)).toBeVisible();
    await context.close();
  });
});

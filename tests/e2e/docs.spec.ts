// What the documentation tells a newcomer to open or copy must work: every page path it names
// answers, and the embed snippet of docs/embedding.md, copied onto a page of another origin
// listed in CORS_ORIGINS, sends feedback and a demo request to the service.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demoForm, ready, typePhone } from './demo-request.form';
import { feedback, SAMPLE, THANKS } from './feedback-page';
import { freePort } from '../support/free-port.mjs';
import { patience } from '../support/slowdown.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** Where the documents place the service on a developer's machine. */
const DOCUMENTED_ORIGIN = 'http://127.0.0.1:4173';

/** Paths in code spans that name files or hosts elsewhere, never a page of the service. */
const NOT_SERVED = /^\/(app|etc|usr|var|srv|opt|tmp|data|nonexistent)\b|^\/call\//;

/**
 * Every page path a document names: links and URLs on the documented origin, and code spans
 * that are a path (`/experience`, `/examples/partner.html`, `GET /api/health`; not POST calls).
 */
function documentedPaths(markdown: string): string[] {
  const paths = new Set<string>();
  for (const [, path] of markdown.matchAll(/http:\/\/127\.0\.0\.1:4173(\/[^\s)>`"'<]*)?/g)) {
    paths.add(path || '/');
  }
  for (const [, method, path] of markdown.matchAll(/`(?:(GET|POST|PUT|DELETE) )?(\/[\w./-]*)`/g)) {
    if (method && method !== 'GET') continue;
    if (!method && path.startsWith('/api/')) continue;
    // The desk's API answers only with a session (its own tests sign in); /metrics only with its token.
    if (/^\/api\/(desk|session)\b/.test(path) || path === '/metrics') continue;
    if (NOT_SERVED.test(path)) continue;
    paths.add(path);
  }
  // `/api` (as in `http://127.0.0.1:4173/api`) is the widgets' backend-url, a base for the API's calls, not a page.
  paths.delete('/api');
  return [...paths].sort();
}

test('the path extraction finds pages and leaves out API calls and files', () => {
  expect(
    documentedPaths(
      'Open <http://127.0.0.1:4173/> and [x](http://127.0.0.1:4173/examples/partner.html); `/experience`, `/dist/examples/lit/`, ' +
        '`GET /api/health`, `POST /api/feedback`, `/api/otp`, `/api`, <http://127.0.0.1:4173/api>, `POST /call/web`, `/app/data`, `/usr/lib/postgresql`.',
    ),
  ).toEqual(['/', '/api/health', '/dist/examples/lit/', '/examples/partner.html', '/experience']);
});

for (const file of DOCS) {
  test(`every page ${file} names opens`, async ({ request }) => {
    const paths = documentedPaths(read(file));
    test.skip(paths.length === 0, `${file} names no page`);
    for (const path of paths) {
      const response = await request.get(path);
      expect(response.status(), `GET ${path}, named in ${file}`).toBe(200);
    }
  });
}

test('the docs name the site routes and every example page', () => {
  const named = new Set(DOCS.flatMap((file) => documentedPaths(read(file))));
  for (const path of [
    '/',
    '/experience',
    '/terms',
    '/privacy',
    '/name',
    '/examples/',
    '/examples/partner.html',
    '/dist/examples/react/',
  ]) {
    expect(named, path).toContain(path);
  }
});

/** Starts the service on a free port with the given settings; resolves once it answers. */
async function startService(settings: Record<string, string>) {
  const port = freePort();
  const dir = mkdtempSync(join(tmpdir(), 'ai-widgets-docs-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_PATH: join(dir, 'service.sqlite'),
    SKIP_BUILD: 'true',
    ...settings,
  };
  delete env.DATABASE_URL;
  // The compiled service once `npm run build` has made it (the production start), else the TypeScript one.
  const entry = existsSync(join(ROOT, 'dist/server/main.js'))
    ? ['dist/server/main.js']
    : ['--import', 'tsx', 'server/main.ts'];
  const child: ChildProcess = spawn(process.execPath, entry, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));
  const origin = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      () =>
        child.exitCode === null
          ? fetch(`${origin}/api/health`).then(
              (r) => r.status,
              () => 0,
            )
          : Promise.reject(new Error(log)),
      { timeout: patience(30_000) },
    )
    .toBe(200);
  return {
    origin,
    log: () => log,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((done) => child.once('exit', done));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The service with a partner page's origin allowed, as the docs start it. */
async function partnerSetup() {
  const pagePort = freePort();
  const pageOrigin = `http://localhost:${pagePort}`;
  const service = await startService({ CORS_ORIGINS: pageOrigin, OTP_PROVIDER: 'console', LOG_LEVEL: 'info' });
  return { service, pageOrigin };
}

/** Serves `body` as a partner's page on `origin` (a real server: Chromium lets a loopback page call the loopback service) and opens it. */
async function servePartner(page: Page, origin: string, body: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner</title></head><body>
${body}
</body></html>`;
  const partner = createServer((_req, res) =>
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html),
  );
  await new Promise<void>((done) => partner.listen(Number(new URL(origin).port), '127.0.0.1', done));
  test.info().attachments.push({ name: 'partner.html', contentType: 'text/html', body: Buffer.from(html) });
  await page.goto(`${origin}/partner.html`);
  partner.unref();
}

test('the embed snippet works when copied onto a page whose origin is in CORS_ORIGINS', async ({ page }) => {
  test.setTimeout(90_000);
  const embedding = read('docs/embedding.md');
  const snippet = /## The script tag[\s\S]*?```html\n([\s\S]*?)```/.exec(embedding)?.[1];
  expect(snippet, 'docs/embedding.md has an html snippet under "The script tag"').toBeTruthy();
  expect(snippet).toContain(`${DOCUMENTED_ORIGIN}/api`);

  // The embedding page lives on another origin than the service; the docs say to list it.
  const { service, pageOrigin } = await partnerSetup();
  try {
    await servePartner(
      page,
      pageOrigin,
      snippet!
        .replaceAll(DOCUMENTED_ORIGIN, service.origin)
        .replace('<ai-feedback', '<ai-feedback id="feedback"')
        .replace('<ai-demo-request', '<ai-demo-request id="demo"'),
    );

    const f = feedback(page, 'feedback');
    await f.trigger.click();
    await f.fill(SAMPLE);
    await f.submit.click();
    await expect(f.dialog.getByRole('heading', { name: THANKS })).toBeVisible();
    // The thank-you screen's Close (the submit button's part) gives the page back.
    await f.submit.click();
    await expect(f.dialog).toBeHidden();

    const demo = demoForm(page, 'demo');
    await ready(demo);
    await demo.card('AI Receptionist').click();
    await demo.name.fill('Asha Rao');
    const digits = `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await typePhone(demo, digits);
    await demo.getOtp.click();
    await expect(demo.otp).toBeVisible();
    // The console provider shows the code on the service's standard error (never in its log), as the docs say.
    let code = '';
    await expect
      .poll(
        () => (code = new RegExp(`One-time code for \\+91${digits} by sms: (\\d{6})`).exec(service.log())?.[1] ?? ''),
      )
      .not.toBe('');
    // A whole code checks itself.
    await demo.otp.fill(code);
    await expect(demo.verified).toBeVisible();
    await demo.consent().check();
    await demo.submit.click();
    await expect(
      demo.root.getByText(/Someone from our team will get in touch with you on|We're calling you now on/),
    ).toBeVisible();
  } finally {
    await service.stop();
  }
});

test('the README’s five-minute embed, pasted onto a page of another origin, plays a simulated call with nothing sent', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const readme = read('README.md');
  const snippet = /## Embed it in five minutes[\s\S]*?```html\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(snippet, 'README.md has an html snippet under "Embed it in five minutes"').toBeTruthy();
  const { service, pageOrigin } = await partnerSetup();
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(service.origin) && !request.url().startsWith(pageOrigin))
      elsewhere.push(request.url());
  });
  try {
    await servePartner(page, pageOrigin, snippet!.replaceAll(DOCUMENTED_ORIGIN, service.origin));
    const voice = page.locator('ai-voice-demo');
    await expect(voice.locator('[part="simulated"]')).toContainText('Simulated demo');
    await voice.getByRole('button', { name: 'Start a voice call with our AI agent' }).click();
    // The simulated call is on: its end control pressed, the agent's voice level shown.
    await expect(voice.getByRole('button', { name: 'End the call' })).toBeVisible();
    await expect(voice.getByRole('meter', { name: 'Agent voice level' })).toBeVisible();
    await expect(page.locator('ai-demo-request').getByRole('button', { name: 'Get OTP' })).toBeVisible();
    await expect(page.locator('ai-feedback').getByRole('button', { name: 'Share Feedback' })).toBeVisible();
    expect(elsewhere).toEqual([]);
  } finally {
    await service.stop();
  }
});

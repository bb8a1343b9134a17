import type { ChildProcess } from 'node:child_process';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { consentWording } from './demo-request.form';
import { buildHosts, building, NEXT, prebuilt, type Built } from './hosts.builds';
import { copyHost, packedOnce, run, runDir, site, start, stop } from './hosts.project';
import { patience, slowdown } from '../support/slowdown.mjs';

// The packed package in each framework's own project (tests/hosts), built by that framework's tooling
// with its defaults: Next.js (Turbopack, a Server Component page), Vue, Svelte, Angular, Preact and
// Solid (TypeScript, type-checked with the package's JSX types) and Parcel (which does not read
// `exports`) in Chromium, Jest 29 and 30 under jsdom, and TypeScript 5.9 under `node10`. Each page
// shows the three widgets, calls a method on one from the framework's side and takes one of its
// events into the framework's state. The builds (hosts.builds.ts) run here, two at a time, unless
// `npm run hosts:build` made them from this very package already.

// One worker for the file: the builds below run once, while the tests wait for their own.
test.describe.configure({ mode: 'default' });

const NODE = process.execPath;
/** Next prints where it listens; port 0 lets the system choose a free one. */
const LISTENING = /Local:\s+(http:\/\/127\.0\.0\.1:\d+)/;

let dir = '';
const servers: Server[] = [];
const children: ChildProcess[] = [];
/** Each host's origin (or Jest's output), settled: a host that fails to build fails its own tests only. */
const ready: Record<string, Promise<string>> = {};
/** What the Next.js servers printed, to look for build errors surfacing at request time. */
const logs: Record<string, () => string> = {};

async function serveDist({ cwd }: Built, dist = 'dist'): Promise<string> {
  const { origin, server } = await site(join(cwd, dist));
  servers.push(server);
  return origin;
}

async function nextServer(name: string, cwd: string, mode: 'start' | 'dev'): Promise<string> {
  const server = start(NODE, [NEXT, mode, '-p', '0', '-H', '127.0.0.1'], cwd, /Ready in/);
  children.push(server.child);
  logs[name] = server.output;
  return LISTENING.exec(await server.ready)![1]!;
}

test.beforeAll(async () => {
  // Every build, two at a time on two cores, beside the other browser tests and the unit tests, after the hosts'
  // install on a fresh machine: minutes, not seconds (when not built ahead).
  test.setTimeout(420_000 * slowdown());
  dir = await runDir();
  const tarball = await packedOnce(dir);
  const built = prebuilt(tarball) ?? buildHosts(dir, tarball);
  for (const name of ['vue', 'svelte', 'preact', 'solid', 'parcel'])
    ready[name] = built[name]!.then((host) => serveDist(host));
  ready.angular = built.angular!.then((host) => serveDist(host, 'dist/host/browser'));
  ready.next = built.next!.then((host) => nextServer('next', host.cwd, 'start'));
  for (const name of ['node10', 'jest30', 'jest29']) ready[name] = built[name]!.then((host) => host.output);
  // Its own copy, always made here: the build and the dev server both write next-env.d.ts, and a dev server compiles as it serves.
  ready.nextDev = building(async () => {
    const origin = await nextServer('nextDev', await copyHost(dir, 'next', 'next-dev', tarball), 'dev');
    // The dev server compiles the page and the route on their first requests: let that happen now, as a build.
    await fetch(origin);
    await fetch(`${origin}/api/feedback`, { method: 'POST' });
    return origin;
  });
  await Promise.allSettled(Object.values(ready));
});

test.afterAll(async () => {
  // Thousands of links to remove on a machine busy with the other tests.
  test.setTimeout(120_000);
  await Promise.all(children.map(stop));
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  if (dir) await run('rm', ['-rf', dir], tmpdir());
});

/** Opens a host's page and checks the widgets as a visitor and the framework's code meet them. */
async function exercise(page: Page, origin: string) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(origin);

  // The first paint: each widget's own control.
  await expect(
    page.locator('ai-voice-demo').getByRole('button', { name: 'Start a voice call with our AI agent' }),
  ).toBeVisible();
  await expect(page.locator('ai-feedback').getByRole('button', { name: 'Share Feedback' })).toBeVisible();
  const demo = page.locator('ai-demo-request');
  await expect(demo.getByRole('textbox', { name: 'Name', exact: true })).toBeVisible({ timeout: patience(15_000) });
  // A value the framework bound (brandName) reached the element.
  await expect(demo.getByRole('checkbox', { name: consentWording('Acme'), exact: true })).toBeVisible();

  // The framework's own button calls a method on the element.
  await page.getByRole('button', { name: 'Contact us' }).click();
  const dialog = page.locator('ai-feedback').getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Share Your Feedback' })).toBeVisible();

  // The element's event reaches the framework's state.
  await expect(page.getByText('Feedback sent: 0')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Asha');
  await dialog.getByRole('textbox', { name: 'Email' }).fill('asha@example.com');
  await dialog.getByRole('textbox', { name: 'Feedback' }).fill('Works in our app.');
  await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
  // A dev server may still be compiling the route on a busy machine.
  await expect(dialog.getByRole('heading', { name: 'Thank You for Your Feedback!' })).toBeVisible({
    timeout: patience(15_000),
  });
  await expect(page.getByText('Feedback sent: 1')).toBeVisible();
  expect(errors).toEqual([]);
}

for (const [name, title] of [
  ['vue', 'Vue 3 (Vite, a single-file component)'],
  ['svelte', 'Svelte 5 (Vite)'],
  ['angular', 'Angular 22 (ng build, a standalone component)'],
  ['preact', 'Preact 11 (TypeScript with ai-agent-widgets/jsx/preact, tsc and vite build)'],
  ['solid', 'Solid 1.9 (TypeScript with ai-agent-widgets/jsx/solid, tsc and vite build)'],
  ['parcel', 'Parcel 2 with its defaults (every subpath, exports not read)'],
] as const) {
  test(`${title}: the widgets paint, take a method call and send an event back`, async ({ page, external }) => {
    test.setTimeout(60_000);
    await exercise(page, await ready[name]!);
    expect(external).toEqual([]);
  });
}

test('Next.js 16 (next build with Turbopack, next start): the Server Component page is rendered with the tags, then the widgets work', async ({
  page,
  external,
}) => {
  test.setTimeout(60_000);
  const origin = await ready.next!;
  const html = await (await fetch(origin)).text();
  expect(html).toContain('<ai-voice-demo public-key="test-public-key" assistant-id="test-assistant">');
  expect(html).toContain('<ai-feedback backend-url="/api">');
  expect(html).toContain('<ai-demo-request brand-name="Acme">');
  // The wrappers print each widget's first paint in the server HTML (a declarative shadow root).
  expect(html).toMatch(
    // The stylesheet may hold a `<` (a range media query): read to its end tag.
    /<ai-demo-request brand-name="Acme"><template shadowrootmode="open"><style[^>]*>[\s\S]*?<\/style><form[\s\S]*Request a Demo Call[\s\S]*from Acme services/,
  );
  expect(html).toMatch(/<ai-voice-demo [^>]*><template shadowrootmode="open">[\s\S]*Click to experience our AI agent/);
  await exercise(page, origin);
  expect(external).toEqual([]);
});

test('Next.js 16 (next dev with Turbopack): the page compiles and the widgets work', async ({ page, external }) => {
  test.setTimeout(90_000);
  await exercise(page, await ready.nextDev!);
  expect(logs.nextDev!()).not.toMatch(/Can't resolve|Module not found|⨯/);
  expect(external).toEqual([]);
});

test('TypeScript 5.9 with moduleResolution node10 and noUncheckedSideEffectImports finds every subpath (typesVersions)', async () => {
  const output = await ready.node10!;
  expect(output).toMatch(/^Version 5\.9\./);
  expect(output.replace(/^Version .*\n/, '')).toBe('');
});

for (const version of ['29', '30']) {
  test(`Jest ${version} with jsdom and the documented babel-jest setup: the widgets render and open() shows the dialog`, async () => {
    const output = await ready[`jest${version}`]!;
    expect(output).toMatch(new RegExp(`^${version}\\.`));
    expect(output).toContain('Tests:       1 passed, 1 total');
  });
}

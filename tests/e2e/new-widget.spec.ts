import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { build, loadConfigFromFile, type PluginOption } from 'vite';
import { expect, test } from './fixtures';

// A newcomer's first widget: `npm run new-widget -- <name>` in a copy of the repository (the tree
// itself is never touched), the widget build as `npm run build:widgets` runs it (but for the
// .br and .gz copies, half its CPU time and nothing a page loads), and the built script in a page,
// where the new tag is defined, drawn and answers a press. The names it refuses: build/new-widget.test.ts.

const ROOT = resolve(import.meta.dirname, '../..');
/** What the scaffold and the widget build read; node_modules is linked, not copied. */
const COPIED = ['widgets', 'model', 'build', 'bin', 'package.json', '.prettierrc.json', 'vite.widget.config.ts'];
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

let dir = '';
let server: Server | undefined;

test.afterEach(() => {
  server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a scaffolded widget builds from its one registry line and is defined, drawn and pressed in a page', async ({
  page,
}) => {
  dir = mkdtempSync(join(tmpdir(), 'new-widget-'));
  for (const path of COPIED) cpSync(join(ROOT, path), join(dir, path), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');

  const said = execFileSync(process.execPath, ['build/new-widget.mjs', 'sample-card', '--no-docs'], {
    cwd: dir,
    encoding: 'utf8',
  });
  expect(said).toContain('widgets/sample-card/element.ts');
  expect(said).toContain('Next:');
  const registry = readFileSync(join(dir, 'widgets/registry.ts'), 'utf8');
  expect(registry).toContain("{ tag: 'ai-sample-card', element: 'AISampleCardElement', entry: 'sample-card' },");
  expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).exports['./sample-card']).toEqual({
    types: './dist/types/entries/sample-card.d.ts',
    default: './dist/widgets/sample-card.js',
  });

  // The copy's own config (a relative name would be the tree's, resolved from the working directory).
  const loaded = await loadConfigFromFile(
    { command: 'build', mode: 'production' },
    join(dir, 'vite.widget.config.ts'),
    dir,
  );
  const plugins: PluginOption[] = (loaded!.config.plugins ?? []).flat(2);
  await build({
    ...loaded!.config,
    configFile: false,
    root: dir,
    plugins: plugins.filter((plugin) => !(plugin && 'name' in plugin && plugin.name === 'ai-widgets-precompress')),
  });

  const out = join(dir, 'dist/widgets');
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/')
      return response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          '<!doctype html><html lang="en"><body><main><ai-sample-card></ai-sample-card></main><script src="/ai-widgets.js" async></script></body></html>',
        );
    readFile(join(out, path)).then(
      (body) => response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'text/plain' }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };

  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => !!customElements.get('ai-sample-card'));
  const widget = page.locator('ai-sample-card');
  const button = widget.getByRole('button', { name: 'Press me' });
  await expect(button).toBeVisible();
  await page.evaluate(() => {
    document.addEventListener('ai-sample-card-press', (event) => {
      (window as unknown as { presses: unknown[] }).presses = [
        ...((window as unknown as { presses?: unknown[] }).presses ?? []),
        (event as CustomEvent).detail,
      ];
    });
  });
  await button.click();
  await expect(widget.getByRole('status')).toHaveText('Pressed 1 time.');
  await button.click();
  await expect(widget.getByRole('status')).toHaveText('Pressed 2 times.');
  expect(await page.evaluate(() => (window as unknown as { presses: unknown[] }).presses)).toEqual([
    { presses: 1 },
    { presses: 2 },
  ]);

  // Its define function, from the package's ES entry: a second call is harmless, another tag is a class of its own.
  const defined = await page.evaluate(async () => {
    const entry = (await import(`${location.origin}/index.js`)) as Record<string, (tag?: string) => unknown>;
    const again = entry.defineSampleCard!();
    const other = entry.defineSampleCard!('acme-card');
    return {
      same: again === customElements.get('ai-sample-card'),
      other: !!other && other === customElements.get('acme-card') && other !== again,
    };
  });
  expect(defined).toEqual({ same: true, other: true });
});

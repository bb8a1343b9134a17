import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { build } from 'vite';
import { expect, test } from './fixtures';

test.describe.configure({ mode: 'serial' });

let dir = '';
let server: Server;
let origin = '';
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };

/** A fresh project that installs the packed tarball and builds with Vite, as a partner's app would. */
test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = mkdtempSync(join(tmpdir(), 'ai-widgets-consumer-'));
  // dist/ is built by `npm test` already; prepack would build it again.
  const packed = execFileSync('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], { encoding: 'utf8' }).trim().split('\n').at(-1)!;
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', join(dir, packed)], { cwd: dir, stdio: 'pipe' });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Consumer</title></head><body>' +
      '<acme-feedback id="renamed" backend-url="/api"></acme-feedback><ai-voice-demo id="voice"></ai-voice-demo>' +
      '<script type="module" src="./main.js"></script></body></html>',
  );
  writeFileSync(join(dir, 'main.js'), "import { defineFeedback } from 'ai-agent-widgets';\ndefineFeedback('acme-feedback');\n");
  await build({ root: dir, logLevel: 'silent', configFile: false, build: { outDir: 'out' } });
  server = createServer(async (req, res) => {
    const path = join(dir, 'out', req.url === '/' ? 'index.html' : (req.url ?? ''));
    const body = await readFile(path).catch(() => null);
    if (body) res.writeHead(200, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

test('the packed package installs, builds with Vite, registers the tags and a custom tag name', async ({ page }) => {
  await page.goto(`${origin}/`);
  await expect(page.locator('#voice').getByRole('status')).toHaveText('Click to experience our AI agent');
  await page.locator('#renamed').getByRole('button', { name: 'Share Feedback' }).click();
  await expect(page.locator('#renamed').getByRole('dialog', { name: 'Share Your Feedback' })).toBeVisible();
});

test('the package offers the script bundle, the types, the JSX types and, in Node, imports without a DOM', () => {
  const pkg = join(dir, 'node_modules', 'ai-agent-widgets');
  for (const file of ['dist/widgets/ai-widgets.js', 'dist/widgets/index.js', 'dist/types/index.d.ts', 'dist/types/jsx.d.ts', 'custom-elements.json']) expect(existsSync(join(pkg, file)), file).toBe(true);
  expect(readdirSync(join(pkg, 'dist/widgets/chunks')).some((f) => f.startsWith('vapi-client.'))).toBe(true);
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', "const m = await import('ai-agent-widgets'); console.log(typeof m.defineVoiceDemo, String(m.defineVoiceDemo()))"], { cwd: dir, encoding: 'utf8' });
  expect(out.trim()).toBe('function undefined');
  const script = execFileSync(process.execPath, ['-e', "console.log(require.resolve('ai-agent-widgets/script'))"], { cwd: dir, encoding: 'utf8' });
  expect(script.trim()).toMatch(/dist\/widgets\/ai-widgets\.js$/);
});

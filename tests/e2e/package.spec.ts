import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { build } from 'vite';
import { expect, test } from './fixtures';
import { copyHost, packedOnce, runDir } from './hosts.project';
import { demoForm, fillForm } from './demo-request.form';
import { patience } from '../support/slowdown.mjs';

// The packed tarball installed into fresh projects, as its users would: Vite apps on React 18 and
// 19 using `ai-agent-widgets/react`, a bundled app importing the script entry, TypeScript under
// each module resolution, a jsdom test, and one widget at a time.

test.describe.configure({ mode: 'serial' });

const ROOT = resolve(import.meta.dirname, '../..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
/** The React 18 apps' build takes React 18 from its own folder of the hosts' install, beside the project's React 19. */
const REACT_18_MODULES = join(ROOT, 'tests/hosts/react-18/node_modules');
const REACT_18 = { react: join(REACT_18_MODULES, 'react'), 'react-dom': join(REACT_18_MODULES, 'react-dom') };
let runFolder = '';
let dir = '';
let server: Server;
let origin = '';
let failNext = 0;
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Answers like the service, enough for the widgets' own requests; the first lead and feedback after `failNext` is set are refused. */
function api(path: string): [number, unknown] {
  if (path === '/api/feedback') return failNext-- > 0 ? [503, { error: 'unavailable' }] : [201, { id: 1 }];
  if (path === '/api/otp')
    return [200, { phone: '+919876543210', display: '+91 98765 43210', resendAfterSeconds: 30, expiresInSeconds: 600 }];
  if (path === '/api/otp/verify') return [200, { token: 'token-1' }];
  if (path === '/api/demo-requests')
    return failNext-- > 0
      ? [400, { error: 'agent', message: 'Choose one of the demo agents.' }]
      : [201, { id: 7, call: 'not-configured' }];
  return [404, {}];
}

const APP = `
import { createElement as h, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { DemoRequest, Feedback, VoiceDemo } from 'ai-agent-widgets/react';

window.received = [];
const log = (event) => window.received.push(event.type);
const client = {
  listeners: {},
  on(name, fn) { (this.listeners[name] ??= []).push(fn); },
  off(name, fn) { this.listeners[name] = (this.listeners[name] ?? []).filter((f) => f !== fn); },
  emit(name, ...args) { for (const fn of this.listeners[name] ?? []) fn(...args); },
  start() { setTimeout(() => this.emit('call-start'), 10); return Promise.resolve({}); },
  stop() { this.emit('call-end'); },
};
window.voiceClient = client;

function App() {
  const [label] = useState('Tell us');
  const refs = { voice: useRef(null), feedback: useRef(null), demo: useRef(null) };
  window.refs = refs;
  return h('main', null,
    h(VoiceDemo, { id: 'voice', ref: refs.voice, assistantId: 'a', client, onAiVoiceDemoStart: log, onAiVoiceDemoEnd: log, onAiVoiceDemoError: log }),
    h(Feedback, { id: 'feedback', ref: refs.feedback, backendUrl: '/api', onAiFeedbackSubmit: log, onAiFeedbackSuccess: log, onAiFeedbackError: log }, label),
    h(DemoRequest, { id: 'demo', ref: refs.demo, backendUrl: '/api', brandName: 'Acme', onAiDemoRequestSubmit: log, onAiDemoRequestSuccess: log, onAiDemoRequestError: log }),
  );
}
createRoot(document.getElementById('root')).render(h(App));
`;

/**
 * Every boolean attribute of the manifest, each on its own element through the React wrapper, set at the first
 * render and toggled (`show(false)`, `show(true)`). With `?late` the tags are defined only when the test calls
 * `defineNow()`: React then meets elements that are not defined yet, as on a page whose script arrives later.
 */
const BOOLEANS = `
const define = customElements.define.bind(customElements);
const held = [];
if (new URLSearchParams(location.search).has('late')) {
  customElements.define = (...args) => void held.push(args);
  window.defineNow = () => {
    customElements.define = define;
    for (const args of held.splice(0)) if (!customElements.get(args[0])) define(...args);
  };
}
// Imported after the hold: a static import would define the tags first.
Promise.all([
  import('react'),
  import('react-dom/client'),
  import('ai-agent-widgets/react'),
  import('ai-agent-widgets/custom-elements.json'),
]).then(([React, ReactDOM, widgets, manifest]) => {
  const booleans = [];
  for (const module of manifest.default.modules)
    for (const declaration of module.declarations ?? [])
      for (const attribute of (declaration.tagName && declaration.attributes) || [])
        if (attribute.type?.text === 'boolean')
          booleans.push({ tag: declaration.tagName, prop: attribute.fieldName, attribute: attribute.name });
  window.booleans = booleans;
  const component = (tag) => widgets[tag.replace(/^ai-/, '').replace(/(^|-)(\\w)/g, (_, __, c) => c.toUpperCase())];
  const root = ReactDOM.createRoot(document.getElementById('root'));
  window.show = (on) =>
    root.render(React.createElement('main', null, ...booleans.map((b, i) =>
      React.createElement(component(b.tag), { key: i, id: 'b' + i, [b.prop]: on }))));
  window.show(true);
});
`;

const page = (script: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Consumer</title></head><body><div id="root"></div>${script}<script type="module" src="./main.js"></script></body></html>`;

async function buildApp(name: string, main: string, body = '', alias: Record<string, string> = {}) {
  const root = join(dir, name);
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'index.html'), page(body));
  writeFileSync(join(root, 'main.js'), main);
  await build({
    root,
    base: './',
    logLevel: 'silent',
    configFile: false,
    resolve: { alias },
    build: { outDir: join(dir, 'out', name) },
  });
}

const tsconfig = (options: Record<string, unknown>) =>
  JSON.stringify({
    compilerOptions: {
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      target: 'es2022',
      lib: ['es2023', 'dom', 'dom.iterable'],
      jsx: 'react-jsx',
      types: [],
      ...options,
    },
    include: ['*.ts', '*.tsx'],
  });

const CONSUMER_TS = `
import { defineDemoRequest, type AgentId, type DemoRequestSubmitDetail, AIDemoRequestElement } from 'ai-agent-widgets/demo-request';
import { defineVoiceDemo, type VoiceDemoErrorDetail } from 'ai-agent-widgets/voice-demo';
import { DemoRequest } from 'ai-agent-widgets/react';
import { createElement } from 'react';
import 'ai-agent-widgets/jsx';

declare global {
  interface HTMLElementTagNameMap {
    'acme-demo': AIDemoRequestElement;
  }
}
defineDemoRequest('acme-demo');
defineVoiceDemo();
const agent: AgentId = 'supportHindi';
const form = document.createElement('acme-demo');
form.brandName = 'Acme';
form.addEventListener('ai-demo-request-submit', (event) => {
  const detail: DemoRequestSubmitDetail = event.detail;
  console.log(detail.agentId === agent, detail.phone);
});
document.querySelector('ai-voice-demo')?.addEventListener('ai-voice-demo-error', (event) => {
  const detail: VoiceDemoErrorDetail = event.detail;
  console.log(detail.code);
});
export const element = createElement(DemoRequest, { brandName: 'Acme', onAiDemoRequestSuccess: (event) => console.log(event.detail.call) });
`;

test.beforeAll(async () => {
  // On a fresh machine this waits for the hosts' install (minutes; `npm test` runs it beside the build).
  test.setTimeout(patience(600_000));
  // A fresh project holding the package as npm installs it (its tarball unpacked into node_modules), with React 19
  // and its types, from the hosts' one install (hosts.project.ts); the package is packed once for the run.
  runFolder = await runDir();
  dir = await copyHost(runFolder, 'consumer', 'consumer', await packedOnce(runFolder));
  await buildApp('react19', APP);
  await buildApp('react18', APP, '', REACT_18);
  await buildApp('react19-booleans', BOOLEANS);
  await buildApp('react18-booleans', BOOLEANS, '', REACT_18);
  await buildApp(
    'script',
    "import 'ai-agent-widgets/script';\n",
    '<ai-voice-demo id="voice"></ai-voice-demo><ai-feedback id="feedback"></ai-feedback>',
  );
  await buildApp(
    'one-widget',
    "import { defineFeedback } from 'ai-agent-widgets/feedback';\ndefineFeedback('acme-feedback');\nwindow.defined = ['ai-voice-demo', 'ai-feedback', 'ai-demo-request', 'acme-feedback'].filter((t) => customElements.get(t));\n",
    '<acme-feedback id="renamed"></acme-feedback>',
  );
  server = createServer(async (req, res) => {
    const url = (req.url ?? '/').split('?')[0]!;
    if (req.method === 'POST') {
      const [status, body] = api(url);
      return void res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    }
    const path = join(dir, 'out', url.endsWith('/') ? `${url}index.html` : url);
    const body = await readFile(path).catch(() => null);
    if (body) res.writeHead(200, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
    else res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

test.afterAll(async () => {
  await new Promise((done) => server?.close(done));
  if (runFolder) rmSync(runFolder, { recursive: true, force: true });
});

for (const version of ['react19', 'react18']) {
  test(`a ${version === 'react18' ? 'React 18' : 'React 19'} app using ai-agent-widgets/react receives every event`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.goto(`${origin}/${version}/`);
    const received = () => page.evaluate(() => (window as unknown as { received: string[] }).received);

    const voice = page.locator('#voice');
    await voice.getByRole('button', { name: 'Start a voice call with our AI agent' }).click();
    await expect(voice.getByRole('status')).toHaveText('Click to end the call');
    await voice.getByRole('button', { name: 'End the call' }).click();
    await voice.evaluate((el) => Object.assign(el, { assistantId: '' }));
    await voice.getByRole('button', { name: 'Start a voice call with our AI agent' }).click();
    await expect(voice.getByRole('status')).toHaveText('Error connecting. Click to try again');

    const feedback = page.locator('#feedback');
    await feedback.getByRole('button', { name: 'Tell us' }).click();
    const dialog = feedback.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Asha');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('asha@example.com');
    await dialog.getByRole('textbox', { name: 'Feedback' }).fill('Works in my app.');
    failNext = 1;
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(dialog.getByRole('heading', { name: 'Thank You for Your Feedback!' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const form = demoForm(page, 'demo');
    await fillForm(form, { skip: ['consent'] });
    await form.consent('Acme').check();
    failNext = 1;
    await form.submit.click();
    await expect(form.root.getByText('Choose one of the demo agents.')).toBeVisible();
    await form.submit.click();
    await expect(
      form.root.getByText('Thanks, Asha Rao! Someone from our team will get in touch with you on +91 98765 43210.'),
    ).toBeVisible();

    // The same widgets driven through the wrappers' refs, as a host's own buttons would.
    const refs = (name: string, method: string) =>
      page.evaluate(
        ([n, m]) =>
          (window as never as { refs: Record<string, { current: Record<string, () => unknown> }> }).refs[n]!.current[
            m
          ]!(),
        [name, method] as const,
      );
    // The confirmation stands in the form's place until the host resets it.
    await expect(form.root.getByRole('textbox', { name: 'Name' })).toBeHidden();
    await refs('demo', 'reset');
    await expect(form.root.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    await refs('feedback', 'open');
    await expect(dialog.getByRole('heading', { name: 'Share Your Feedback' })).toBeVisible();
    await refs('feedback', 'close');
    await expect(dialog).toBeHidden();
    await voice.evaluate((el) => Object.assign(el, { assistantId: 'a' }));
    await refs('voice', 'start');
    await expect(voice.getByRole('status')).toHaveText('Click to end the call');
    await refs('voice', 'end');
    await expect(voice.getByRole('status')).toHaveText('Click to experience our AI agent');

    expect(await received()).toEqual([
      'ai-voice-demo-start',
      'ai-voice-demo-end',
      'ai-voice-demo-error',
      'ai-feedback-submit',
      'ai-feedback-error',
      'ai-feedback-submit',
      'ai-feedback-success',
      'ai-demo-request-submit',
      'ai-demo-request-error',
      'ai-demo-request-submit',
      'ai-demo-request-success',
      'ai-voice-demo-start',
      'ai-voice-demo-end',
    ]);
  });
}

for (const version of ['react19', 'react18'])
  for (const late of [false, true])
    test(`a ${version === 'react18' ? 'React 18' : 'React 19'} app's boolean settings reach each element through the wrapper, at first render and toggled, ${late ? 'before' : 'after'} the tag is defined`, async ({
      page,
    }) => {
      await page.goto(`${origin}/${version}-booleans/${late ? '?late' : ''}`);
      type Win = {
        booleans: { tag: string; prop: string; attribute: string }[];
        show(on: boolean): void;
        defineNow(): void;
      };
      /** Each boolean's element: whether its attribute is there, and its property (null while the tag is undefined). */
      const state = () =>
        page.evaluate(() =>
          (window as unknown as Win).booleans.map((b, i) => {
            const el = document.getElementById(`b${i}`) as unknown as Record<string, unknown> & Element;
            return `${b.tag} ${b.prop}: ${el.hasAttribute(b.attribute)} ${customElements.get(b.tag) ? el[b.prop] : null}`;
          }),
        );
      const expected = (on: boolean, defined = true) =>
        page.evaluate(
          ([on, defined]) =>
            (window as unknown as Win).booleans.map((b) => `${b.tag} ${b.prop}: ${on} ${defined ? on : null}`),
          [on, defined] as const,
        );
      await expect.poll(() => page.evaluate(() => (window as unknown as Win).booleans?.length)).toBeGreaterThan(0);
      expect(await page.evaluate(() => (window as unknown as Win).booleans.map((b) => b.prop))).toEqual(
        expect.arrayContaining(['simulate', 'captions']),
      );
      if (late) {
        await expect.poll(state).toEqual(await expected(true, false));
        await page.evaluate(() => (window as unknown as Win).defineNow());
      }
      await expect.poll(state).toEqual(await expected(true));
      await page.evaluate(() => (window as unknown as Win).show(false));
      await expect.poll(state).toEqual(await expected(false));
      await page.evaluate(() => (window as unknown as Win).show(true));
      await expect.poll(state).toEqual(await expected(true));
    });

test('a bundled app that imports ai-agent-widgets/script gets working widgets, no 404', async ({ page }) => {
  const missing: string[] = [];
  page.on('response', (r) => r.status() === 404 && missing.push(r.url()));
  await page.goto(`${origin}/script/`);
  await expect(page.locator('#voice').getByRole('status')).toHaveText('Click to experience our AI agent');
  await page.locator('#feedback').getByRole('button', { name: 'Share Feedback' }).click();
  await expect(page.locator('#feedback').getByRole('dialog')).toBeVisible();
  expect(missing).toEqual([]);
});

test('one widget at a time: a per-widget entry registers only the tag it is asked for', async ({ page }) => {
  await page.goto(`${origin}/one-widget/`);
  await page.locator('#renamed').getByRole('button', { name: 'Share Feedback' }).click();
  await expect(page.locator('#renamed').getByRole('dialog')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { defined: string[] }).defined)).toEqual(['acme-feedback']);
});

for (const [resolution, module] of [
  ['bundler', 'esnext'],
  ['nodenext', 'nodenext'],
  ['node16', 'node16'],
] as const) {
  test(`TypeScript with moduleResolution ${resolution} compiles a consumer, and a wrong detail property, method or property type fails`, () => {
    const project = join(dir, `ts-${resolution}`);
    mkdirSync(project, { recursive: true });
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: `ts-${resolution}`, private: true, type: 'module' }),
    );
    writeFileSync(
      join(project, 'tsconfig.json'),
      tsconfig({
        module,
        moduleResolution: resolution,
        typeRoots: [join(dir, 'node_modules/@types')],
        types: ['react'],
      }),
    );
    execFileSync('ln', ['-sfn', join(dir, 'node_modules'), join(project, 'node_modules')]);
    writeFileSync(join(project, 'consumer.ts'), CONSUMER_TS);
    writeFileSync(
      join(project, 'wrong.ts'),
      [
        "import 'ai-agent-widgets/voice-demo';",
        "import 'ai-agent-widgets/feedback';",
        "document.querySelector('ai-voice-demo')?.addEventListener('ai-voice-demo-error', (e) => console.log(e.detail.reason));",
        "document.querySelector('ai-feedback')?.show();",
        "const voice = document.createElement('ai-voice-demo');",
        "voice.connectTimeout = '5';",
      ].join('\n'),
    );
    // One compile of both files (each compile checks React's and the package's declarations, seconds of CPU):
    // the consumer compiles clean when no error names it, and the wrong file's three mistakes are each reported.
    let output = '';
    try {
      execFileSync(process.execPath, [TSC, '-p', project, '--pretty', 'false'], { encoding: 'utf8' });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout);
    }
    const errors = output.split('\n').filter((line) => / error TS\d+:/.test(line));
    expect(errors.filter((line) => !/(^|[\\/])wrong\.ts\(/.test(line))).toEqual([]);
    expect(errors).toHaveLength(3);
    expect(output).toContain(
      "wrong.ts(3,110): error TS2339: Property 'reason' does not exist on type 'VoiceDemoErrorDetail'",
    );
    expect(output).toContain(
      "wrong.ts(4,40): error TS2339: Property 'show' does not exist on type 'AIFeedbackElement'",
    );
    expect(output).toContain("wrong.ts(6,1): error TS2322: Type 'string' is not assignable to type 'number'");
  });
}

test('a jsdom test (as Jest and many Vitest setups run) renders all three elements', () => {
  const script = `
    import { JSDOM } from ${JSON.stringify(join(ROOT, 'node_modules/jsdom/lib/api.js'))};
    const dom = new JSDOM('<!doctype html><html lang="en"><body><ai-voice-demo></ai-voice-demo><ai-feedback></ai-feedback><ai-demo-request></ai-demo-request></body></html>', { pretendToBeVisual: true });
    // As Jest's and Vitest's jsdom environments do: the window's globals, its events and signals over Node's own.
    const forced = ['window', 'document', 'navigator', 'Event', 'EventTarget', 'CustomEvent', 'AbortController', 'AbortSignal', 'DOMException'];
    for (const key of Object.getOwnPropertyNames(dom.window)) {
      if (key in globalThis && !forced.includes(key)) continue;
      try { Object.defineProperty(globalThis, key, { configurable: true, value: dom.window[key] }); } catch {}
    }
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
    await import('ai-agent-widgets');
    await new Promise((r) => setTimeout(r, 1500));
    const text = (tag) => [...document.querySelector(tag).shadowRoot.childNodes].filter((n) => n.nodeName !== 'STYLE').map((n) => n.textContent).join(' ').replace(/\\s+/g, ' ').trim();
    const styled = (tag) => document.querySelector(tag).shadowRoot.querySelectorAll('style').length;
    console.log(JSON.stringify({ voice: text('ai-voice-demo'), feedback: text('ai-feedback'), demo: text('ai-demo-request').slice(0, 40), styles: styled('ai-voice-demo') }));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: dir, encoding: 'utf8' });
  const result = JSON.parse(out.trim().split('\n').at(-1)!);
  expect(result.voice).toContain('Click to experience our AI agent');
  expect(result.feedback).toContain('Share Feedback');
  expect(result.demo).toContain('Choose a demo agent');
  expect(result.styles).toBeGreaterThan(0);
});

test('the package ships the script bundle, the types, editor data, a license, and imports in Node without a DOM', () => {
  const pkg = join(dir, 'node_modules', 'ai-agent-widgets');
  for (const file of [
    'dist/widgets/ai-widgets.js',
    'dist/widgets/index.js',
    'dist/widgets/react.js',
    'dist/widgets/voice-demo.js',
    'dist/types/index.d.ts',
    'dist/types/jsx.d.ts',
    'custom-elements.json',
    'vscode.html-custom-data.json',
    'web-types.json',
    'LICENSE',
  ])
    expect(existsSync(join(pkg, file)), file).toBe(true);
  expect(readdirSync(join(pkg, 'dist/widgets/chunks')).some((f) => f.startsWith('vapi-client.'))).toBe(true);
  // The manifest names files that ship.
  const manifest = JSON.parse(readFileSync(join(pkg, 'custom-elements.json'), 'utf8')) as {
    modules: { path: string }[];
  };
  for (const { path } of manifest.modules) expect(existsSync(join(pkg, path)), path).toBe(true);
  const out = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const m = await import('ai-agent-widgets'); console.log(Object.keys(m).sort().join(','), String(m.defineVoiceDemo()))",
    ],
    { cwd: dir, encoding: 'utf8' },
  );
  expect(out.trim()).toBe(
    'AIDemoRequestElement,AIFeedbackElement,AIVoiceDemoElement,defineDemoRequest,defineFeedback,defineVoiceDemo undefined',
  );
  // One build: the main entry and a widget's share the class, so instanceof holds across them.
  const same = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const [a, b] = await Promise.all([import('ai-agent-widgets'), import('ai-agent-widgets/voice-demo')]); console.log(String(a.AIVoiceDemoElement === b.AIVoiceDemoElement))",
    ],
    { cwd: dir, encoding: 'utf8' },
  );
  expect(same.trim()).toBe('true');
  expect(readFileSync(join(pkg, 'dist/widgets/react.js'), 'utf8')).toMatch(/^["']use client["'];/);
  expect(readdirSync(join(pkg, 'dist/widgets/chunks')).filter((f) => f.endsWith('.map'))).toEqual([]);
  const script = execFileSync(process.execPath, ['-e', "console.log(require.resolve('ai-agent-widgets/script'))"], {
    cwd: dir,
    encoding: 'utf8',
  });
  expect(script.trim()).toMatch(/dist\/widgets\/ai-widgets\.js$/);
});

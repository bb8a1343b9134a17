// The real service on a throwaway database, plus the pages the benchmark measures.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../../server/config/settings.ts';
import { startService } from '../../server/service.ts';
import { openStore } from '../../server/storage/index.ts';

/** Where a voice call is sent during the benchmark: a closed loopback port, never the provider. */
export const DEAD_API = 'http://127.0.0.1:9';

const SALES = [
  '<p>Our AI agents answer every lead within seconds, day and night. Pick one below and hear it call you.</p>',
  '<ai-demo-request backend-url="/api"></ai-demo-request>',
  '<h2>What happens next</h2><p>The agent calls you within a minute. Our team follows up by email.</p>',
].join('\n');

/** A bare tag (our attribute values need no escaping). @param {string} tag @param {Record<string, string>} attributes */
const bareTag = (tag, attributes) =>
  `<${tag}${Object.entries(attributes)
    .map(([k, v]) => ` ${k}="${v}"`)
    .join('')}></${tag}>`;

/** The three widgets of the all-widgets pages: tag and attributes. @type {[string, Record<string, string>][]} */
const ALL = [
  ['ai-voice-demo', { 'public-key': 'bench-key', 'assistant-id': 'bench-assistant', 'api-url': DEAD_API }],
  ['ai-feedback', { 'backend-url': '/api' }],
  ['ai-demo-request', { 'backend-url': '/api' }],
];

/** The host pages of the report: each holds only what its name says. */
export const PAGES = {
  voice: `<ai-voice-demo public-key="bench-key" assistant-id="bench-assistant" api-url="${DEAD_API}"></ai-voice-demo>`,
  feedback: '<ai-feedback backend-url="/api"></ai-feedback>',
  demo: '<ai-demo-request backend-url="/api"></ai-demo-request>',
  // A sales team's landing page: copy around the demo form, and no CSS of its own for it.
  sales: SALES,
  // The same page with the script `async`, and the stylesheet the docs give such a page to keep the form's place.
  salesAsync: SALES,
  // Issue 57: a partner's page with only the folded launcher (the panel's and the call's code come on opening it).
  launcher: `<ai-voice-demo variant="launcher" public-key="bench-key" assistant-id="bench-assistant" api-url="${DEAD_API}"></ai-voice-demo>`,
  all: ALL.map(([tag, attributes]) => bareTag(tag, attributes)).join('\n'),
};

/** A benchmark page: `head` goes into the head, `body` into the body. @param {string} title @param {string} head @param {string} body @param {string} [description] */
const htmlPage = (title, head, body, description = 'A host page for the widget benchmark.') => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="${description}" />
    <title>${title}</title>
    <!-- An icon of its own, as a real page has: otherwise Chrome asks for /favicon.ico once the page
         has loaded, and Lighthouse simulates that request beside whatever is painted after it. -->
    <link rel="icon" href="data:," />
    ${head}
  </head>
  <body>
    ${body}
  </body>
</html>
`;

/** @param {string} title @param {string} body @param {string} [load] how the script is included */
const page = (title, body, load = 'async') =>
  htmlPage(
    title,
    `${load === 'async' && body.includes('<ai-demo-request') ? '<link rel="stylesheet" href="/dist/widgets/ai-widgets.css" />\n    ' : ''}<script src="/dist/widgets/ai-widgets.js" ${load}></script>`,
    `<h1>${title}</h1>\n    ${body}`,
  );

/**
 * Issue 32's landing page: a hero image that is the page's largest element (400 × 640, larger than
 * the visible part of any widget), copy, then the widgets below it. Each variant differs only in
 * how the widgets arrive; `without` has none and no script.
 * @param {(tag: string, attributes: Record<string, string>) => string} printed renderElement
 */
function landings(printed) {
  const hero =
    '<img src="/og-image.jpg" width="400" height="640" alt="Our AI agent answering a call" fetchpriority="high" />';
  const copy =
    '<p>Our AI agents answer every lead within seconds, day and night. Pick one below and hear it call you.</p>';
  const voice = { 'public-key': 'bench-key', 'assistant-id': 'bench-assistant', 'api-url': DEAD_API };
  const form = { 'backend-url': '/api' };
  const script = '<script src="/dist/widgets/ai-widgets.js" async></script>';
  /** @param {string} title @param {string} body @param {string} head */
  const html = (title, body, head) =>
    htmlPage(
      title,
      head,
      ['<h1>Talk to an AI agent that sells for you</h1>', hero, copy, body].join('\n    '),
      'A sales landing page for the widget benchmark.',
    );
  return {
    without: html('Landing page without widgets', '', ''),
    html: html('Landing page, the form in its HTML', printed('ai-demo-request', form), ''),
    bare: html('Landing page, the bare form tag', bareTag('ai-demo-request', form), script),
    allHtml: html(
      'Landing page, all three in its HTML',
      [printed('ai-voice-demo', voice), printed('ai-feedback', form), printed('ai-demo-request', form)].join('\n'),
      '',
    ),
    // Any async script costs the same here, whatever its size: a control for the bare tag's page.
    oneByte: html('Landing page, a one-byte async script', '', '<script src="/bench/one-byte.js" async></script>'),
  };
}

/** Pieces of each typed answer, a tenth of a second apart: each is marked, to be found on screen. */
export const CHAT_PIECES = 8;

/**
 * The provider's web chat as its contract gives it (a session, `data:` lines of deltas, `[DONE]`),
 * noting the moment each piece is written, to compare with the moment it is on screen.
 * @param {any} body @param {import('fastify').FastifyReply} reply @param {{ piece: string, at: number }[]} writes
 */
async function benchChat(body, reply, writes) {
  if (body?.sessionEnd) return reply.send({ ended: true });
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  const turn = writes.length / CHAT_PIECES;
  const sessionId = body?.sessionId ?? 'bench-session';
  for (let i = 0; i < CHAT_PIECES; i++) {
    const piece = `t${turn}p${i} `;
    res.write(
      `data: ${JSON.stringify({ id: `m${turn}`, sessionId, path: 'chat.output[0].content', delta: piece })}\n\n`,
    );
    writes.push({ piece, at: Date.now() });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  res.end('data: [DONE]\n\n');
}

/** The example partner page with the widget's script tag and element taken out. */
function partnerWithout() {
  const html = readFileSync(new URL('../../examples/partner.html', import.meta.url), 'utf8');
  const stripped = html
    .replace(/\s*<!--[^>]*-->\s*<script [^>]*ai-widgets\.js[^>]*><\/script>/, '')
    .replace(/\s*<ai-voice-demo[^>]*><\/ai-voice-demo>/, '')
    .replace('<head>', '<head>\n    <base href="/examples/" />');
  if (stripped.includes('ai-widgets') || stripped.includes('ai-voice-demo'))
    throw new Error('examples/partner.html changed: update partnerWithout()');
  return stripped;
}

/**
 * @param {{ port: number, distDir: string }} options
 * @returns {Promise<{ origin: string, chatWrites: { piece: string, at: number }[], close(): Promise<void> }>}
 */
export async function serve({ port, distDir }) {
  const dir = mkdtempSync(join(tmpdir(), 'ai-widgets-bench-'));
  const config = loadConfig({
    PORT: String(port),
    DIST_DIR: distDir,
    DATABASE_PATH: join(dir, 'service.sqlite'),
    LOG_LEVEL: 'warn',
    FEEDBACK_RATE_LIMIT: '1000',
    CSP_CONNECT_SRC: DEAD_API,
  });
  const store = await openStore(config);
  const { app } = await startService(config, store);
  // The sales page includes the script as the README advises for a demo form: without async, in the head.
  app.get('/bench/one-byte.js', (_req, reply) => reply.type('text/javascript').send(';'));
  for (const [name, body] of Object.entries(PAGES))
    app.get(`/bench/${name}.html`, (_req, reply) =>
      reply.type('text/html').send(page(`Benchmark: ${name}`, body, name === 'sales' ? '' : 'async')),
    );
  // The all-widgets page without its script and widgets: what their LCP is measured against.
  app.get('/bench/all-without.html', (_req, reply) =>
    reply.type('text/html').send(page('Benchmark: all', '').replace(/\s*<script [^>]*><\/script>/, '')),
  );
  // The printed widgets come from this build's own renderElement, as docs/embedding.md gives them to a
  // plain HTML page: no script tag of ours; the small inline script after a widget brings our script
  // once the page has painted. The service's CSP refuses inline scripts: these pages allow it by its
  // hash (the same text for every widget), as the docs tell a page with a policy to.
  const { renderElement } = await import(pathToFileURL(join(distDir, 'widgets/ssr.js')).href);
  const src = '/dist/widgets/ai-widgets.js';
  const print = (/** @type {string} */ tag, /** @type {Record<string, string>} */ attributes) =>
    renderElement(tag, attributes, { script: src });
  const inline = /<script[^>]*>([\s\S]*?)<\/script>/.exec(print('ai-feedback', {}))?.[1] ?? '';
  const scriptHash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
  /** @param {import('fastify').FastifyReply} reply @param {string} html */
  const sendPrinted = (reply, html) => {
    const policy = String(reply.getHeader('content-security-policy') ?? '');
    return reply
      .header('content-security-policy', policy.replace('script-src ', `script-src ${scriptHash} `))
      .type('text/html')
      .send(html);
  };
  for (const [name, html] of Object.entries(landings(print)))
    app.get(`/bench/landing-${name}.html`, (_req, reply) => sendPrinted(reply, html));
  // all.html with the three widgets drawn in its HTML: its largest paint is a widget's text, which a
  // script-drawn widget can never have in the first paint; the old LCP budget is measured here.
  const allHtml = htmlPage(
    'Benchmark: all',
    '',
    `<h1>Benchmark: all</h1>\n    ${ALL.map(([tag, attributes]) => print(tag, attributes)).join('\n')}`,
  );
  app.get('/bench/all-html.html', (_req, reply) => sendPrinted(reply, allHtml));
  // Issue 34: a voice card with captions between copy, for a whole simulated call (call-shift.mjs).
  const call = [
    '<p>Talk to our receptionist: press the button and speak.</p>',
    '<ai-voice-demo assistant-id="bench-assistant" captions></ai-voice-demo>',
    '<p id="below">This copy must stay where it is during the call.</p>',
  ].join('\n');
  app.get('/bench/voice-call.html', (_req, reply) => reply.type('text/html').send(page('Benchmark: a call', call)));
  // The same copy around a bare tag without captions: its first load is measured on both (call-shift.mjs).
  const card = call.replace(' captions>', '>');
  app.get('/bench/voice-copy.html', (_req, reply) =>
    reply.type('text/html').send(page('Benchmark: a voice card', card)),
  );
  // Both again with the stylesheet docs/embedding.md gives a page of bare tags (their places from the first paint).
  const styled = (/** @type {string} */ html) =>
    html.replace('<script ', '<link rel="stylesheet" href="/dist/widgets/ai-widgets.css" />\n    <script ');
  app.get('/bench/voice-call-css.html', (_req, reply) =>
    reply.type('text/html').send(styled(page('Benchmark: a call', call))),
  );
  app.get('/bench/voice-copy-css.html', (_req, reply) =>
    reply.type('text/html').send(styled(page('Benchmark: a voice card', card))),
  );
  // Talk or type: a typed conversation between copy, answered by a fake of the provider's `/chat/web`
  // on this server (typing.mjs), which notes when it writes each piece of an answer.
  const text = [
    '<p>Write to our receptionist: type below and press Enter.</p>',
    `<ai-voice-demo id="bench-text" mode="text" public-key="bench-key" assistant-id="bench-assistant" api-url="/bench/chat"></ai-voice-demo>`,
    '<p id="below">This copy must stay where it is during the conversation.</p>',
  ].join('\n');
  app.get('/bench/text.html', (_req, reply) =>
    reply.type('text/html').send(page('Benchmark: a typed conversation', text)),
  );
  app.get('/bench/text-css.html', (_req, reply) =>
    reply.type('text/html').send(styled(page('Benchmark: a typed conversation', text))),
  );
  /** @type {{ piece: string, at: number }[]} */
  const chatWrites = [];
  app.post('/bench/chat/chat/web', (request, reply) => benchChat(request.body, reply, chatWrites));
  const without = partnerWithout();
  app.get('/bench/partner-without.html', (_req, reply) => reply.type('text/html').send(without));
  await app.listen({ port, host: '127.0.0.1' });
  return {
    origin: `http://127.0.0.1:${port}`,
    chatWrites,
    async close() {
      await app.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

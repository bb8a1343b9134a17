// `npm run bench`: a production build, what pages download, how fast clicks answer, Lighthouse,
// and the budgets of issue 5 (exit code 1 when one is broken).
// Options: --readme writes the summary into docs/benchmarks.md; BENCH_CLICK_RUNS (7) and
// BENCH_LIGHTHOUSE_RUNS (3) set the runs; BENCH_PORT (4320) the port; CHROMIUM_PATH the browser.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { audit } from './lighthouse.mjs';
import { measureClicks, measureDownloads, measureLayoutShift, measureTapToProvider } from './network.mjs';
import { measureCallShift, measureVoiceLoadShift } from './call-shift.mjs';
import { markdown } from './report.mjs';
import { measureTyping } from './typing.mjs';
import { phoneCost } from './budgets.mjs';
import { serve } from './serve.mjs';
import { writeDocBlock } from './doc-block.mjs';
import { siteRoutes } from '../../server/http/site-pages.ts';

/** Where `--readme` writes the tables, between this run's markers. */
const BENCH_DOC = 'docs/benchmarks.md';

const ROOT = resolve(import.meta.dirname, '../..');
const OUT = join(ROOT, 'dist/bench');
const BUILD = join(OUT, 'build');
const port = Number(process.env.BENCH_PORT ?? 4320);
const clickRuns = Number(process.env.BENCH_CLICK_RUNS ?? 7);
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

function build() {
  const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
  // A reporter DSN on a closed loopback port, so the error reporter's chunk exists and the
  // budgets can show that pages do not download it; nothing can be sent anywhere.
  const env = { ...process.env, NODE_ENV: 'production', AI_WIDGETS_SENTRY_DSN: 'http://bench@127.0.0.1:9/1' };
  const run = (/** @type {string[]} */ args) =>
    execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn', ...args], {
      cwd: ROOT,
      env,
      stdio: 'inherit',
    });
  run(['-c', 'vite.widget.config.ts', '--outDir', join(BUILD, 'widgets'), '--emptyOutDir']);
  run(['--outDir', join(BUILD, 'site'), '--emptyOutDir']);
}

/** @param {string} dir @returns {string[]} */
const walk = (dir) =>
  readdirSync(dir).flatMap((name) =>
    statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)],
  );

function fileSizes() {
  return walk(BUILD)
    .filter((file) => !file.endsWith('.map'))
    .map((file) => {
      const bytes = readFileSync(file);
      return { path: relative(BUILD, file), raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** @param {string} text */
async function updateReadme(text) {
  const stamp = `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (Node ${process.versions.node}, Debian Chromium, 2 cores).`;
  await writeDocBlock(join(ROOT, BENCH_DOC), 'bench', `${stamp}\n\n${text}`);
}

async function main() {
  console.error('bench: production build into dist/bench/build');
  build();
  const files = fileSizes();
  const server = await serve({ port, distDir: BUILD });
  try {
    console.error('bench: downloads per page');
    const pages = await measureDownloads(server.origin);
    console.error(`bench: click timings (${clickRuns} cold runs each)`);
    const clicks = await measureClicks(server.origin, clickRuns);
    console.error(`bench: tap to the provider (${clickRuns} cold runs)`);
    const tap = await measureTapToProvider(server.origin, clickRuns);
    console.error('bench: layout shift on a sales landing page');
    const shift = await measureLayoutShift(server.origin);
    console.error('bench: layout shift through a simulated voice call');
    const callShift = await measureCallShift(server.origin);
    console.error('bench: layout shift of a bare voice tag as the page loads');
    const voiceLoad = await measureVoiceLoadShift(server.origin);
    console.error('bench: a typed conversation (Send, streamed pieces, CLS through 20 turns, keys with 200 lines)');
    const typing = await measureTyping(server);
    /** @type {Record<string, string>} */
    const urls = {
      'partner page with <ai-voice-demo>': `${server.origin}/examples/partner.html`,
      'partner page without it': `${server.origin}/bench/partner-without.html`,
      'sales page with <ai-demo-request>': `${server.origin}/bench/sales.html`,
      'sales page, script async': `${server.origin}/bench/salesAsync.html`,
      // A widget drawn by script is never in the first paint (all.html's largest paint was the demo
      // form's text): the all-widgets page is measured with the three drawn in its HTML.
      'page with all three widgets in its HTML': `${server.origin}/bench/all-html.html`,
      'the same page without them': `${server.origin}/bench/all-without.html`,
      // Issue 32: a landing page whose hero image is its largest element, against itself without widgets.
      'landing page without widgets': `${server.origin}/bench/landing-without.html`,
      'landing page, the form in its HTML, our script after its paint': `${server.origin}/bench/landing-html.html`,
      'landing page, the bare form tag, script async, no stylesheet': `${server.origin}/bench/landing-bare.html`,
      'landing page, all three in its HTML, our script after its paint': `${server.origin}/bench/landing-allHtml.html`,
      // What any async script tag costs that page, whatever its size: the floor under the bare tag's figure.
      'landing page, a one-byte async script': `${server.origin}/bench/landing-oneByte.html`,
    };
    for (const route of siteRoutes(join(BUILD, 'site'))) urls[route] = `${server.origin}${route}`;
    console.error(`bench: Lighthouse (${lighthouseRuns} runs per page)`);
    const lighthouse = lighthouseRuns > 0 ? await audit(urls, lighthouseRuns) : undefined;

    const report = {
      date: new Date().toISOString(),
      node: process.versions.node,
      files,
      phone: phoneCost(files),
      pages,
      clicks,
      tap,
      shift,
      callShift,
      voiceLoad,
      typing,
      lighthouse,
    };
    const { text, verdicts } = markdown(report);
    mkdirSync(OUT, { recursive: true });
    writeFileSync(join(OUT, 'report.json'), `${JSON.stringify({ ...report, budgets: verdicts }, null, 2)}\n`);
    writeFileSync(join(OUT, 'report.md'), `${text}\n`);
    console.log(text);
    console.log(`\nReport: ${relative(ROOT, join(OUT, 'report.json'))} and report.md`);
    if (process.argv.includes('--readme')) await updateReadme(markdown(report, { files: false }).text);
    const broken = verdicts.filter((v) => !v.ok);
    if (broken.length) {
      console.error(`\n${broken.length} budget(s) broken: ${broken.map((v) => v.budget).join('; ')}`);
      process.exitCode = 1;
    } else console.error('\nEvery budget holds.');
  } finally {
    await server.close();
  }
}

await main();

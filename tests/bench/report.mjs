// The report as Markdown tables, for the terminal and the README.
import { checkBudgets, kb } from './budgets.mjs';

/** @param {string[]} head @param {(string | number)[][]} rows */
const table = (head, rows) =>
  [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');

/** Tag names in a Markdown cell: `<ai-feedback>` would read as HTML. @param {string} text */
const escape = (text) => text.replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** @type {Record<string, string>} */
const HOLDING = {
  voice: 'only <ai-voice-demo>',
  feedback: 'only <ai-feedback>',
  demo: 'only <ai-demo-request>',
  sales: 'a sales landing page with <ai-demo-request>',
  salesAsync: 'the same, script async',
  all: 'all three widgets',
};

const short = (/** @type {string} */ path) => path.replace(/^\/dist\/widgets\//, '').replace(/\.[\w-]{8}\.js$/, '.js');

/**
 * @param {import('./budgets.mjs').Measured & { files: { path: string, raw: number, gzip: number }[],
 *   clicks: Record<string, { click: string, shows: string, median: number, runs: number[], sdkLoadedFirst: boolean }>,
 *   pages: Record<string, { interaction: string }>,
 *   lighthouse?: Record<string, import('./lighthouse.mjs').LighthouseResult> }} report
 * @param {{ files?: boolean }} [options]
 */
export function markdown(report, { files = true } = {}) {
  const parts = [];
  const verdicts = checkBudgets(report);
  parts.push(
    '#### Budgets',
    table(
      ['Budget', 'Limit', 'Measured', ''],
      verdicts.map((v) => [escape(v.budget), v.limit, v.actual, v.ok ? 'pass' : '**FAIL**']),
    ),
  );
  parts.push(
    '#### JavaScript a host page downloads (gzip, from the network)',
    table(
      ['Page holding', 'Before any interaction', 'First interaction', 'It adds', 'Files before / after'],
      Object.entries(report.pages).map(([name, p]) => [
        escape(HOLDING[name] ?? name),
        `${kb(p.before)} KB`,
        p.interaction,
        `${kb(p.after)} KB`,
        `${p.files
          .filter((f) => f.phase === 'before')
          .map((f) => short(f.path))
          .join(', ')} / ${
          p.files
            .filter((f) => f.phase === 'after')
            .map((f) => short(f.path))
            .join(', ') || 'none'
        }`,
      ]),
    ),
  );
  parts.push(
    '#### Click to visible feedback (a fresh page, loaded and idle; from the press to the frame that shows the answer)',
    table(
      ['Click', 'Shows', 'Median', 'Runs (ms)'],
      Object.values(report.clicks).map((c) => [c.click, c.shows, `${c.median} ms`, c.runs.join(', ')]),
    ),
  );
  if (report.tap)
    parts.push(
      '#### A tap on the voice button to the provider (a phone: no resting pointer; from the touch to `POST /call/web`)',
      table(['Median', 'Runs (ms)'], [[`${report.tap.median} ms`, report.tap.runs.join(', ')]]),
    );
  if (report.typing) {
    const t = report.typing;
    parts.push(
      '#### A typed conversation against a local `POST /chat/web` (pieces 100 ms apart; 20 turns at 390 and at 1280 px)',
      table(
        ['Measure', 'Figure'],
        [
          ['Enter to the request leaving (median / slowest)', `${t.sendToRequest.median} / ${t.sendToRequest.max} ms`],
          [
            'Frame boundaries from a piece written to it shown (median / 95th percentile / most)',
            `${t.deltaFrames.median} / ${t.deltaFrames.p95} / ${t.deltaFrames.max} of ${t.deltaFrames.pieces} pieces`,
          ],
          ...Object.entries(t.cls).map(([w, v]) => [`CLS, ${w}`, String(v)]),
          [
            'Key to paint, 200 lines in the log (slowest; keys over 16 ms)',
            `${t.keyToPaint.slowest} ms; ${t.keyToPaint.over16} of ${t.keyToPaint.keys}`,
          ],
        ],
      ),
    );
  }
  if (report.lighthouse)
    parts.push(
      '#### Lighthouse (mobile; medians of the runs)',
      table(
        [
          'Page',
          'Performance',
          'Accessibility',
          'Best practices',
          'SEO',
          'LCP',
          'TBT',
          'CLS',
          'Performance per run',
          'TBT per run (ms)',
        ],
        Object.entries(report.lighthouse).map(([label, a]) => [
          escape(label),
          a.performance,
          a.accessibility,
          a.bestPractices,
          a.seo,
          `${a.lcpMs} ms`,
          `${a.tbtMs} ms`,
          a.cls,
          a.runs.join(', '),
          a.tbtRuns.join(', '),
        ]),
      ),
    );
  if (files)
    parts.push(
      '#### Emitted files (KB = 1,000 bytes; gzip -9)',
      table(
        ['File', 'Raw', 'gzip'],
        report.files.map((f) => [f.path, `${kb(f.raw)} KB`, `${kb(f.gzip)} KB`]),
      ),
    );
  return { text: parts.join('\n\n'), verdicts };
}

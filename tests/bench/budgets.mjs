// The budgets of issue 5, checked against a report. Pure: unit-tested in budgets.test.ts.

/** KB here are 1,000 bytes. */
export const LIMITS = {
  voiceBeforeInteractionBytes: 75_000,
  clickToFeedbackMs: 100,
  /** A tap on the voice button (no resting pointer) to the provider's POST /call/web, median. */
  tapToProviderMs: 100,
  /** The demo form on a landing page that sets no CSS for it. */
  salesLandingCls: 0,
  partner: { performance: 99, tbtMs: 50, cls: 0 },
  // Prerendered routes: full marks, no layout shift, and LCP no slower than the client-rendered site's slowest route was (1797 ms).
  site: { performance: 100, accessibility: 100, bestPractices: 100, seo: 100, cls: 0, lcpMs: 1800 },
};

/** The heavy dependencies, by the chunk that carries each. */
export const HEAVY = { 'voice SDK': /\/vapi-client\.[\w-]+\.js$/, 'phone input': /\/PhoneField\.[\w-]+\.js$/, 'error reporter': /\/sentry-client\.[\w-]+\.js$/ };

/**
 * What each page may never download (`always`), or not before its first interaction (`before`).
 * The voice page's first click fails to reach the (absent) provider, so it may report that error;
 * the demo form shows a phone field at once, so it loads the phone input.
 * @type {Record<string, { always: (keyof typeof HEAVY)[], before: (keyof typeof HEAVY)[] }>}
 */
export const NEVER = {
  voice: { always: ['phone input'], before: ['voice SDK', 'error reporter'] },
  feedback: { always: ['voice SDK', 'phone input', 'error reporter'], before: [] },
  demo: { always: ['voice SDK', 'error reporter'], before: [] },
  sales: { always: ['voice SDK', 'error reporter'], before: [] },
  all: { always: [], before: ['voice SDK', 'error reporter'] },
};

/**
 * @typedef {{ before: number, after: number, files: { phase: string, path: string, bytes: number }[] }} PageDownloads
 * @typedef {{ median: number, sdkLoadedFirst: boolean }} ClickTiming
 * @typedef {{ performance: number, accessibility: number, bestPractices: number, seo: number, tbtMs: number, cls: number, lcpMs: number }} Audit
 * @typedef {{ pages: Record<string, PageDownloads>, clicks: Record<string, ClickTiming>, tap?: { median: number, runs: number[] }, shift?: Record<string, number>, lighthouse?: Record<string, Audit> }} Measured
 * @typedef {{ budget: string, limit: string, actual: string, ok: boolean }} Verdict
 */

/** @param {Measured} m @returns {Verdict[]} */
export function checkBudgets(m) {
  /** @type {Verdict[]} */
  const verdicts = [];
  const check = (/** @type {string} */ budget, /** @type {string} */ limit, /** @type {string | number} */ actual, /** @type {boolean} */ ok) =>
    verdicts.push({ budget, limit, actual: String(actual), ok });

  const voice = m.pages.voice;
  if (!voice) check('page with only <ai-voice-demo>: JS before interaction', '≤ 75.0 KB gzip', 'not measured', false);
  else check('page with only <ai-voice-demo>: JS before interaction', `≤ ${kb(LIMITS.voiceBeforeInteractionBytes)} KB gzip`, `${kb(voice.before)} KB`, voice.before <= LIMITS.voiceBeforeInteractionBytes);

  for (const [page, rules] of Object.entries(NEVER)) {
    const files = m.pages[page]?.files;
    if (!files) {
      check(`${page} page: heavy dependencies`, 'measured', 'not measured', false);
      continue;
    }
    const fetched = (/** @type {keyof typeof HEAVY} */ dep, /** @type {string | null} */ phase) => files.some((f) => HEAVY[dep].test(f.path) && (phase === null || f.phase === phase));
    const broken = [...rules.always.filter((dep) => fetched(dep, null)), ...rules.before.filter((dep) => fetched(dep, 'before')).map((dep) => `${dep} (before interaction)`)];
    const rule = [rules.always.length ? `never: ${rules.always.join(', ')}` : '', rules.before.length ? `not before interaction: ${rules.before.join(', ')}` : ''].filter(Boolean).join('; ');
    check(`${page} page: heavy dependencies`, rule, broken.length ? `downloaded ${broken.join(', ')}` : 'none downloaded', broken.length === 0);
  }

  for (const [name, click] of Object.entries(m.clicks)) {
    check(`click to visible feedback: ${name}`, `≤ ${LIMITS.clickToFeedbackMs} ms (median)`, `${click.median} ms`, click.median <= LIMITS.clickToFeedbackMs);
    if (name === 'voice') check('voice: the SDK chunk is not loaded when Connecting shows', 'not loaded', click.sdkLoadedFirst ? 'loaded first' : 'not loaded', !click.sdkLoadedFirst);
  }

  if (!m.tap) check('tap on the voice button to the provider', `≤ ${LIMITS.tapToProviderMs} ms (median)`, 'not measured', false);
  else check('tap on the voice button to the provider', `≤ ${LIMITS.tapToProviderMs} ms (median)`, `${m.tap.median} ms`, m.tap.median <= LIMITS.tapToProviderMs);
  if (!m.shift) check('sales landing page with <ai-demo-request>, no host CSS: CLS', `= ${LIMITS.salesLandingCls}`, 'not measured', false);
  else {
    const worst = Math.max(...Object.values(m.shift));
    check('sales landing page with <ai-demo-request>, no host CSS: CLS', `= ${LIMITS.salesLandingCls}`, Object.entries(m.shift).map(([w, v]) => `${v} at ${w}`).join(', '), worst <= LIMITS.salesLandingCls);
  }

  const lh = m.lighthouse;
  if (!lh) check('Lighthouse budgets', 'audited', 'not run', false);
  else {
    const withWidget = lh['partner page with <ai-voice-demo>'];
    const without = lh['partner page without it'];
    if (withWidget && without) {
      const p = LIMITS.partner;
      check('partner page with the widget: performance', `≥ ${p.performance}`, withWidget.performance, withWidget.performance >= p.performance);
      check('partner page with the widget: TBT', `≤ ${p.tbtMs} ms`, `${withWidget.tbtMs} ms`, withWidget.tbtMs <= p.tbtMs);
      check('partner page with the widget: CLS', `= ${p.cls}`, withWidget.cls, withWidget.cls <= p.cls);
      check('partner page: same performance score with and without the widget', `= ${without.performance} (without)`, withWidget.performance, withWidget.performance >= without.performance);
    }
    for (const [label, a] of Object.entries(lh)) {
      if (!label.startsWith('/')) continue;
      const s = LIMITS.site;
      const ok = a.performance >= s.performance && a.accessibility >= s.accessibility && a.bestPractices >= s.bestPractices && a.seo >= s.seo;
      check(`site ${label}: Lighthouse`, `${s.performance} / ${s.accessibility} / ${s.bestPractices} / ${s.seo}`, `${a.performance} / ${a.accessibility} / ${a.bestPractices} / ${a.seo}`, ok);
      check(`site ${label}: CLS and LCP`, `CLS = ${s.cls}, LCP ≤ ${s.lcpMs} ms`, `${a.cls}, ${a.lcpMs} ms`, a.cls <= s.cls && a.lcpMs <= s.lcpMs);
    }
  }
  return verdicts;
}

/** @param {number} bytes */
export const kb = (bytes) => (bytes / 1000).toFixed(1);

// Lighthouse (mobile, simulated throttling: its defaults) with Debian's Chromium.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from '../support/chromium.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * @typedef {{ performance: number, accessibility: number, bestPractices: number, seo: number,
 *   fcpMs: number, lcpMs: number, tbtMs: number, cls: number, runs: number[], tbtRuns: number[] }} LighthouseResult
 */

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * Each URL is audited `runs` times; the report keeps the median of each score and metric (a
 * single run's TBT moves with whatever else the machine is doing).
 * @param {Record<string, string>} urls label to URL
 * @param {number} runs
 * @returns {Promise<Record<string, LighthouseResult>>}
 */
export async function audit(urls, runs) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  /** @type {Record<string, LighthouseResult>} */
  const results = {};
  try {
    for (const [label, url] of Object.entries(urls)) {
      /** @type {import('lighthouse').Result[]} */
      const lhrs = [];
      for (let i = 0, failures = 0; i < runs; i++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          logLevel: 'error',
          output: 'json',
          onlyCategories: CATEGORIES,
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        if (result.lhr.runtimeError) {
          // Lighthouse now and then fails to record a trace (NO_NAVSTART): that run is made again, twice at most.
          if (++failures <= 2) {
            i--;
            continue;
          }
          throw new Error(`Lighthouse could not audit ${url}: ${result.lhr.runtimeError.message}`);
        }
        lhrs.push(result.lhr);
      }
      const score = (/** @type {string} */ id) =>
        median(lhrs.map((lhr) => Math.round((lhr.categories[id]?.score ?? 0) * 100)));
      const numeric = (/** @type {string} */ id) => lhrs.map((lhr) => lhr.audits[id]?.numericValue ?? NaN);
      results[label] = {
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcpMs: Math.round(median(numeric('first-contentful-paint'))),
        lcpMs: Math.round(median(numeric('largest-contentful-paint'))),
        tbtMs: Math.round(median(numeric('total-blocking-time'))),
        cls: Math.round(median(numeric('cumulative-layout-shift')) * 1000) / 1000,
        runs: lhrs.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100)),
        tbtRuns: numeric('total-blocking-time').map(Math.round),
      };
      console.error(
        `  lighthouse ${label}: performance ${results[label].performance} (runs ${results[label].runs.join(', ')})`,
      );
    }
  } finally {
    chrome.kill();
  }
  return results;
}

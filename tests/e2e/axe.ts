import axe from 'axe-core';
import type { Page } from '@playwright/test';

type Axe = typeof axe;

/**
 * What axe finds in the page (or in the part `include` selects; it pierces open shadow roots), as
 * "rule: targets" lines, for the rules of `tags`. axe is put into each document once and run there:
 * @axe-core/playwright sends its 500 KB script twice per check and opens a blank page to gather
 * frames' results (our pages hold no frames), seconds a check on a busy machine.
 */
export async function axeViolations(page: Page, tags: string[], include?: string): Promise<string[]> {
  const run = ([scope, values]: [string | undefined, string[]]) => {
    const engine = (window as Window & { axe?: Axe }).axe;
    if (!engine) return null;
    return engine
      .run({ include: scope ? [scope] : [], exclude: [] }, { runOnly: { type: 'tag', values } })
      .then((results) =>
        results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      );
  };
  const found = await page.evaluate(run, [include, tags] as [string | undefined, string[]]);
  if (found) return found;
  await page.evaluate(`${axe.source}\naxe.configure({ allowedOrigins: ['<same_origin>'] });`);
  return (await page.evaluate(run, [include, tags] as [string | undefined, string[]]))!;
}

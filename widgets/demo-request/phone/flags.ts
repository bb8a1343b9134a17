// Not among the package's exports: by path (relative: the site's build has another root).
import india from '../../../node_modules/country-flag-icons/3x2/IN.svg?raw';

/** As an image source: no innerHTML (Trusted Types), and `img-src data:` is all a CSP must allow. */
const asSource = (svg: string) => `data:image/svg+xml,${encodeURIComponent(svg)}`;

/** The default country's flag is in the first paint: the form's shell draws it. */
export const INDIA_FLAG = asSource(india);

const loaded = new Map<string, string>([['IN', INDIA_FLAG]]);
const pending = new Map<string, Promise<string | null>>();

/** A flag already here, for a first render without a blank frame. */
export const flagNow = (country: string): string | null => loaded.get(country) ?? null;

/** Fetches a country's flag once; null for a code without one. */
export function loadFlag(country: string): Promise<string | null> {
  const now = loaded.get(country);
  if (now) return Promise.resolve(now);
  let flag = pending.get(country);
  if (!flag) {
    // The map of 270 chunks (4 KB gzip) comes only when a flag beyond India's is wanted.
    flag = import('./flag-chunks').then(async ({ FLAGS }) => {
      const load = FLAGS[`./${country}.svg`];
      if (!load) return null;
      loaded.set(country, asSource(await load()));
      return loaded.get(country)!;
    });
    // A failed fetch may be tried again at the next render.
    flag.catch(() => pending.delete(country));
    pending.set(country, flag);
  }
  return flag;
}

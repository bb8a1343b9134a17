// With its extension: the widget build's config imports this file, and Node's loader wants one.
import { WIDGETS } from '../registry.ts';

/**
 * What our widgets keep in the page itself, before and besides their code: the presses made on
 * server-drawn widgets before it arrived, and when it should come. `pageScript` is printed as its
 * own source text (inline after a server-drawn element, and in front of the loader), so it refers
 * to nothing outside itself; it runs once per page whoever prints it first.
 */
export interface AiWidgetsPage {
  /** Presses on a control (`data-control`) of one of our elements that was not defined yet: [host, control]. */
  queue: [Element, string][];
  /** Set once something has asked for our code to come now: the loader starts at once. */
  now: boolean;
  /** The script URL a server-drawn element's inline script was given (the first one wins). */
  src: string | null;
  /** Calls `go` once the page's first screen is painted (its images in view decoded and reported as the largest paint). */
  afterFirstScreen(go: () => void): void;
  /** The same, after the page's `load`. */
  afterLoad(go: () => void): void;
  /** Calls `go` once, at whichever comes first: `wait`, or a visitor reaching for one of our elements. */
  yieldTo(wait: (go: () => void) => void, go: () => void): void;
}

const KEY = '__aiWidgetsPage';

/** `tags`: our elements' tags (widgets/registry.ts), written into the script's text. */
export function pageScript(src: string | null, nonce: string, tags: readonly string[]): void {
  const w = window as unknown as Record<string, AiWidgetsPage | undefined>;
  const d = document;
  let page = w['__aiWidgetsPage'];
  if (!page) {
    const queue: [Element, string][] = [];
    // The control an event names (by `attribute`) inside one of our elements not defined yet: queued.
    const note = (event: Event, attribute: string) => {
      let control: string | null = null;
      for (const node of event.composedPath() as Element[]) {
        if (!node.getAttribute) continue;
        control ??= node.getAttribute(attribute);
        if (tags.includes(node.localName))
          return control !== null && !customElements.get(node.localName) && queue.push([node, control]);
      }
    };
    d.addEventListener('click', (event) => note(event, 'data-control'), true);
    // Enter in a text field that names its Send (`data-enter`) is that press, not a new line.
    d.addEventListener(
      'keydown',
      (event) =>
        event.key === 'Enter' &&
        !event.shiftKey &&
        !event.isComposing &&
        note(event, 'data-enter') &&
        event.preventDefault(),
      true,
    );
    // Two frames on (the largest paint is reported as it is presented, which a trace may time a
    // little later), in a quiet moment.
    const afterPaint = (go: () => void) =>
      requestAnimationFrame(() =>
        requestAnimationFrame(() =>
          setTimeout(() =>
            'requestIdleCallback' in window ? requestIdleCallback(go, { timeout: 1000 }) : setTimeout(go, 1),
          ),
        ),
      );
    // Our code never shares the network or the main thread with the page's first screen: its images
    // in view decoded and reported as the largest paint (or half a second after, for one that is not
    // the largest). At most 3 s: a stalled image does not keep it away.
    const afterFirstScreen = (go: () => void) => {
      const images = [...d.images].filter((img) => {
        const box = img.getBoundingClientRect();
        return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
      });
      let observer: PerformanceObserver | undefined;
      const finish = () => {
        observer?.disconnect();
        afterPaint(go);
      };
      void Promise.all(images.map((img) => img.decode().catch(() => {}))).then(() => {
        setTimeout(finish, 500);
        try {
          observer = new PerformanceObserver(
            (list) =>
              list.getEntries().some((entry) => {
                const { element, url } = entry as PerformanceEntry & { element: Element | null; url: string };
                return !images.length || images.some((img) => img === element || (!!url && img.currentSrc === url));
              }) && finish(),
          );
          observer.observe({ type: 'largest-contentful-paint', buffered: true });
        } catch {
          finish();
        }
      });
      setTimeout(go, 3000);
    };
    const afterLoad = (go: () => void) =>
      d.readyState === 'complete'
        ? afterFirstScreen(go)
        : addEventListener('load', () => afterFirstScreen(go), { once: true });
    const yieldTo = (wait: (go: () => void) => void, go: () => void) => {
      const stop = new AbortController();
      let done = false;
      const once = () => {
        if (done) return;
        done = true;
        stop.abort();
        go();
      };
      const reach = (event: Event) =>
        (event.composedPath() as Element[]).some((node) => !!node.localName && tags.includes(node.localName)) && once();
      for (const type of ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'])
        d.addEventListener(type, reach, { capture: true, passive: true, signal: stop.signal });
      wait(once);
    };
    page = w['__aiWidgetsPage'] = { queue, now: false, src: null, afterFirstScreen, afterLoad, yieldTo };
  }
  if (!src || page.src) return;
  const state = page;
  state.src = src;
  // The page's HTML holds the widgets drawn: nothing to draw, so our script is not even asked for
  // until the page has loaded and painted its first screen, or a visitor reaches for a widget.
  state.yieldTo(state.afterLoad, () => {
    state.now = true;
    if (d.querySelector('script[src*="ai-widgets.js"]')) return;
    const script = d.createElement('script');
    script.src = src;
    script.async = true;
    if (nonce) script.nonce = nonce;
    d.head.append(script);
  });
}

/** The build's minified text of the page script (vite.widget.config.ts); absent when run from source. */
declare const __PAGE_SCRIPT__: string | undefined;

/**
 * The page script as text, run with its own `<script>`'s `data-src` (the script URL, if any) and
 * nonce. The same text in every page for a version: a policy can allow it by its hash.
 */
export const PAGE_SCRIPT =
  typeof __PAGE_SCRIPT__ === 'string'
    ? __PAGE_SCRIPT__
    : `(${pageScript})(document.currentScript&&document.currentScript.getAttribute('data-src'),document.currentScript&&document.currentScript.nonce||'',${JSON.stringify(WIDGETS.map(({ tag }) => tag))});`;

/** The page's state, once `pageScript` has run. */
export const aiWidgetsPage = (): AiWidgetsPage | undefined =>
  (globalThis as unknown as Record<string, AiWidgetsPage | undefined>)[KEY];

/** The presses noted for `host` before its code arrived, in order; they are taken (a second call gets none). */
export function takeEarlyPresses(host: Element): string[] {
  const queue = aiWidgetsPage()?.queue;
  if (!queue?.length) return [];
  const mine = queue.filter(([element]) => element === host).map(([, control]) => control);
  if (mine.length) queue.splice(0, queue.length, ...queue.filter(([element]) => element !== host));
  return mine;
}

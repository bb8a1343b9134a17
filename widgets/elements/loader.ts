/*
 * The classic script a page includes: `<script src=".../ai-widgets.js" async>`. Where the page's
 * HTML holds the widgets drawn (`renderElement`), their code waits for the page; for a bare tag,
 * for the page's first screen (its images in view painted); without `async`
 * in the head it holds the first paint until the elements are defined (their place kept).
 * A classic script cannot hold `import` statements, but it can load the ES entry, whose chunks
 * then resolve relative to this script's own URL.
 */
declare const __ENTRY__: string;
/** Every chunk the entry imports statically, at any depth: fetched side by side, not one level at a time. */
declare const __STATIC_DEPS__: string[];
/** The page rules that keep the demo form's place until it is defined (see demo-request/reserve.ts). */
declare const __PAGE_CSS__: string;

(() => {
  // A constructable sheet: a strict CSP that refuses <style> elements accepts it. Once per page.
  const marker = '__aiWidgetsPageSheet';
  const page = window as unknown as Record<string, unknown>;
  if (!page[marker] && 'adoptedStyleSheets' in document) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(__PAGE_CSS__);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    page[marker] = sheet;
  }
  const script =
    (document.currentScript as HTMLScriptElement | null) ??
    document.querySelector<HTMLScriptElement>('script[src*="ai-widgets.js"]');
  const base = script?.src || document.baseURI;
  const url = (file: string) => new URL(file, base).href;
  const failed = (error: unknown) => console.error('[ai-widgets] could not load the widgets from', base, error);
  const start = () => {
    // Started now, each is fetched once: the entry's own imports then find them in the module map.
    for (const dep of __STATIC_DEPS__) import(/* @vite-ignore */ url(dep)).catch(() => {});
    import(/* @vite-ignore */ url(__ENTRY__)).catch(failed);
  };
  if (script && !script.async && !script.defer && !document.body) {
    // Included in the head without async: the page is not drawn until the widgets are defined, so
    // the elements draw themselves in the page's first paint (rendering waits; parsing does not).
    for (const dep of __STATIC_DEPS__) import(/* @vite-ignore */ url(dep)).catch(() => {});
    const entry = document.createElement('script');
    entry.type = 'module';
    entry.src = url(__ENTRY__);
    entry.setAttribute('blocking', 'render');
    if (script.nonce) entry.nonce = script.nonce;
    entry.addEventListener('error', failed);
    document.head.append(entry);
    return;
  }
  const TAGS = 'ai-voice-demo,ai-feedback,ai-demo-request';
  // Every widget on the page was drawn by its HTML (a declarative shadow root). Either way a
  // visitor reaching for a widget brings its code at once.
  const drawnByHtml = () => {
    const found = document.querySelectorAll(TAGS);
    return found.length > 0 && [...found].every((element) => element.shadowRoot);
  };
  // Two frames on (the largest paint is reported as it is presented, which a trace may time a
  // little later), in a quiet moment.
  const afterPaint = (go: () => void) =>
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => (window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1)))(go, { timeout: 1000 }))));
  // The page's first screen painted: its images in view (a hero, the usual largest paint) decoded
  // and reported as the largest paint (or half a second after, for one that is not the largest), so
  // our code never shares the network or the main thread with them. At most 3 s: a stalled image
  // does not keep it away.
  const afterFirstScreen = (go: () => void) => {
    const inView = (img: HTMLImageElement) => {
      const box = img.getBoundingClientRect();
      return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
    };
    const images = [...document.images].filter(inView);
    const isShown = (entry: PerformanceEntry) => {
      const { element, url } = entry as PerformanceEntry & { element: Element | null; url: string };
      return !images.length || images.some((img) => img === element || (!!url && img.currentSrc === url));
    };
    const finish = () => {
      observer?.disconnect();
      afterPaint(go);
    };
    let observer: PerformanceObserver | undefined;
    void Promise.all(images.map((img) => img.decode().catch(() => {}))).then(() => {
      setTimeout(finish, 500);
      try {
        observer = new PerformanceObserver((list) => list.getEntries().some(isShown) && finish());
        observer.observe({ type: 'largest-contentful-paint', buffered: true });
      } catch {
        finish();
      }
    });
    setTimeout(go, 3000);
  };
  const yieldToPage = (wait: (go: () => void) => void) => {
    let started = false;
    const go = () => {
      if (started) return;
      started = true;
      stop.abort();
      start();
    };
    const stop = new AbortController();
    const reach = (event: Event) => event.composedPath().some((node) => node instanceof Element && node.matches(TAGS)) && go();
    for (const type of ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown']) document.addEventListener(type, reach, { capture: true, passive: true, signal: stop.signal });
    wait(go);
  };
  // Drawn by the HTML: nothing to draw, so after the whole page has loaded. A bare tag has to be
  // drawn (its place is kept meanwhile): after the first screen, whatever loads below it.
  const afterLoad = (go: () => void) => (document.readyState === 'complete' ? afterFirstScreen(go) : window.addEventListener('load', () => afterFirstScreen(go), { once: true }));
  const decide = () => yieldToPage(drawnByHtml() ? afterLoad : afterFirstScreen);
  // Still parsing: look once the whole page is parsed (every widget and every image in view known).
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', decide, { once: true });
  else decide();
})();

/*
 * The classic script a page includes: `<script src=".../ai-widgets.js" async>`. Where the page's
 * HTML holds the widgets drawn (`renderElement`), their code waits for the page; without `async`
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
  // Every widget on the page was drawn by its HTML (a declarative shadow root): nothing to draw,
  // so the code waits for the page to load (its largest image first), or for a visitor to reach
  // for a widget. A bare tag has to be drawn: then at once.
  const drawnByHtml = () => {
    const found = document.querySelectorAll(TAGS);
    return found.length > 0 && [...found].every((element) => element.shadowRoot);
  };
  const yieldToPage = () => {
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
    // After the frame that follows the load (the largest image painted), in a quiet moment.
    const idle = () => requestAnimationFrame(() => setTimeout(() => (window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1)))(go, { timeout: 1000 })));
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  };
  const decide = () => (drawnByHtml() ? yieldToPage() : start());
  // Still parsing and no widget seen yet: look again once the whole page is parsed.
  if (document.readyState === 'loading' && !document.querySelector(TAGS)) document.addEventListener('DOMContentLoaded', decide, { once: true });
  else decide();
})();

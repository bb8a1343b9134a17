/*
 * The classic script a page includes: `<script src=".../ai-widgets.js" async>`, or that the inline
 * script after a server-drawn widget adds once the page is painted. Where the page's
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
/** Every tag of ours (widgets/registry.ts) as one selector: `ai-voice-demo,ai-feedback,…`. */
declare const __WIDGET_SELECTOR__: string;
/** Per widget: its tag, its own entry, that entry's chunks at any depth, and the entry's define function. */
declare const __WIDGET_ENTRIES__: [tag: string, entry: string, deps: string[], define: string][];

(() => {
  // A constructable sheet: a strict CSP that refuses <style> elements accepts it. Once per page.
  const marker = '__aiWidgetsPageSheet';
  const globals = window as unknown as Record<string, unknown>;
  if (!globals[marker] && 'adoptedStyleSheets' in document) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(__PAGE_CSS__);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    globals[marker] = sheet;
  }
  const script =
    (document.currentScript as HTMLScriptElement | null) ??
    document.querySelector<HTMLScriptElement>('script[src*="ai-widgets.js"]');
  const base = script?.src || document.baseURI;
  const url = (file: string) => new URL(file, base).href;
  const failed = (error: unknown) => console.error('[ai-widgets] could not load the widgets from', base, error);
  // Started now, each is fetched once: the entry's own imports then find them in the module map.
  const fetchDeps = () => {
    for (const dep of __STATIC_DEPS__) import(/* @vite-ignore */ url(dep)).catch(() => {});
  };
  // A page pays for the widgets it holds: each is loaded once one of its tags is in the page (its light
  // DOM, or an open shadow root there when we start), and any added later is seen as it is added.
  const loaded: Record<string, boolean> = {};
  let missing = __WIDGET_ENTRIES__.length;
  const entryOf = (name: string | undefined) => __WIDGET_ENTRIES__.find(([tag]) => tag === name);
  const take = (name: string | undefined) => {
    const found = entryOf(name);
    if (!found || loaded[found[0]]) return;
    const [tag, entry, deps, define] = found;
    loaded[tag] = true;
    missing--;
    for (const dep of deps) import(/* @vite-ignore */ url(dep)).catch(() => {});
    import(/* @vite-ignore */ url(entry)).then((widget: Record<string, () => void>) => widget[define]()).catch(failed);
  };
  // Our tags in `root`: one selector of them all, matched by the browser itself.
  const load = (root: ParentNode) => {
    take((root as Element).localName);
    for (const element of root.querySelectorAll(__WIDGET_SELECTOR__)) take(element.localName);
  };
  // A component of the page may keep one of our tags in its open shadow root (declared in the HTML, or
  // attached by its script before we started): looked for only while a widget is missing, by a walk that
  // lists no nodes (a list of every element took 8 times as long on a page of 50,000) and passes over
  // our own elements' shadow roots, which hold their first paint and nothing else.
  const deep = (root: Document | ShadowRoot) => {
    load(root);
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode() as Element | null; node && missing; node = walker.nextNode() as Element | null)
      if (node.shadowRoot && !entryOf(node.localName)) deep(node.shadowRoot);
  };
  const start = () => {
    deep(document);
    const observer = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if (node.nodeType === 1 && missing) load(node as Element);
      if (!missing) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  };
  if (script && !script.async && !script.defer && !document.body) {
    // Included in the head without async: the page is not drawn until the widgets are defined, so
    // the elements draw themselves in the page's first paint (rendering waits; parsing does not).
    fetchDeps();
    const entry = document.createElement('script');
    entry.type = 'module';
    entry.src = url(__ENTRY__);
    entry.setAttribute('blocking', 'render');
    if (script.nonce) entry.nonce = script.nonce;
    entry.addEventListener('error', failed);
    document.head.append(entry);
    return;
  }
  // The page script runs in front of this file (or ran inline after a server-drawn widget before it).
  const page = (window as unknown as { __aiWidgetsPage: import('./page-script').AiWidgetsPage }).__aiWidgetsPage;
  // Every widget on the page was drawn by its HTML (a declarative shadow root).
  const drawnByHtml = () => {
    const found = document.querySelectorAll(__WIDGET_SELECTOR__);
    return found.length > 0 && [...found].every((element) => element.shadowRoot);
  };
  // Drawn by the HTML: nothing to draw, so after the whole page has loaded. A bare tag has to be
  // drawn (its place is kept meanwhile): after the first screen, whatever loads below it. Either
  // way a visitor reaching for a widget brings its code at once.
  const decide = () => page.yieldTo(drawnByHtml() ? page.afterLoad : page.afterFirstScreen, start);
  // Asked for by a server-drawn widget's inline script, which has already waited for the page.
  if (page.now) start();
  // Still parsing: look once the whole page is parsed (every widget and every image in view known).
  else if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', decide, { once: true });
  else decide();
})();

/*
 * The classic script a page includes: `<script src=".../ai-widgets.js" async>` (without `async`
 * in the head when the page holds a demo form: its place is then kept from the first paint).
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
  // Started now, each is fetched once: the entry's own imports then find them in the module map.
  for (const dep of __STATIC_DEPS__) import(/* @vite-ignore */ url(dep)).catch(() => {});
  if (script && !script.async && !script.defer && !document.body) {
    // Included in the head without async: the page is not drawn until the widgets are defined, so
    // the elements draw themselves in the page's first paint (rendering waits; parsing does not).
    const entry = document.createElement('script');
    entry.type = 'module';
    entry.src = url(__ENTRY__);
    entry.setAttribute('blocking', 'render');
    if (script.nonce) entry.nonce = script.nonce;
    entry.addEventListener('error', failed);
    document.head.append(entry);
  } else import(/* @vite-ignore */ url(__ENTRY__)).catch(failed);
})();

/*
 * The classic script a page includes: `<script src=".../ai-widgets.js" async>` (without `async`
 * in the head when the page holds a demo form: its place is then kept from the first paint).
 * A classic script cannot hold `import` statements, but it can `import()` the ES entry,
 * whose chunks then resolve relative to this script's own URL.
 */
declare const __ENTRY__: string;
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
  import(/* @vite-ignore */ new URL(__ENTRY__, base).href).catch((error: unknown) => {
    console.error('[ai-widgets] could not load the widgets from', base, error);
  });
})();

/*
 * The classic script a page includes: `<script src=".../ai-widgets.js" async>`.
 * A classic script cannot hold `import` statements, but it can `import()` the ES entry,
 * whose chunks then resolve relative to this script's own URL.
 */
declare const __ENTRY__: string;

(() => {
  const script =
    (document.currentScript as HTMLScriptElement | null) ??
    document.querySelector<HTMLScriptElement>('script[src*="ai-widgets.js"]');
  const base = script?.src || document.baseURI;
  import(/* @vite-ignore */ new URL(__ENTRY__, base).href).catch((error: unknown) => {
    console.error('[ai-widgets] could not load the widgets from', base, error);
  });
})();

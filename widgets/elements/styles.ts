const sheets = new Map<string, CSSStyleSheet>();

/** Whether this DOM has constructable stylesheets (jsdom, for one, has not). */
const constructable = (root: ShadowRoot) =>
  'adoptedStyleSheets' in root && typeof CSSStyleSheet !== 'undefined' && 'replaceSync' in CSSStyleSheet.prototype;

/**
 * One constructable stylesheet per CSS text, shared by every instance.
 * Constructable sheets pass a strict CSP that blocks `<style>` elements.
 */
export function sheetFor(cssText: string): CSSStyleSheet {
  let sheet = sheets.get(cssText);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(cssText);
    sheets.set(cssText, sheet);
  }
  return sheet;
}

const styleIds = new Map<string, string>();

/**
 * Adopts the given CSS into a shadow root once; later calls with the same CSS are no-ops. Where
 * constructable stylesheets are missing (jsdom in a host's tests, old engines), `<style>`
 * elements stand in, marked so each CSS text is added once.
 */
export function adoptStyles(root: ShadowRoot, ...cssTexts: string[]): void {
  if (!constructable(root)) {
    for (const css of cssTexts) {
      let id = styleIds.get(css);
      if (!id) styleIds.set(css, (id = String(styleIds.size + 1)));
      if (root.querySelector(`style[data-ai-widgets="${id}"]`)) continue;
      const style = root.ownerDocument.createElement('style');
      style.dataset.aiWidgets = id;
      style.textContent = css;
      // In order after the ones already there: later CSS must keep winning, as with adopted sheets.
      const last = [...root.querySelectorAll('style[data-ai-widgets]')].at(-1);
      if (last) last.after(style);
      else root.prepend(style);
    }
    return;
  }
  const current = root.adoptedStyleSheets;
  const missing = cssTexts.map(sheetFor).filter((sheet) => !current.includes(sheet));
  if (missing.length) root.adoptedStyleSheets = [...current, ...missing];
}

const sheets = new Map<string, CSSStyleSheet>();

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

/** Adopts the given CSS into a shadow root once; later calls with the same CSS are no-ops. */
export function adoptStyles(root: ShadowRoot, ...cssTexts: string[]): void {
  const current = root.adoptedStyleSheets;
  const missing = cssTexts.map(sheetFor).filter((sheet) => !current.includes(sheet));
  if (missing.length) root.adoptedStyleSheets = [...current, ...missing];
}

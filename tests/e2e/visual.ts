import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { PNG } from 'pngjs';

/**
 * Checks what a person can see, which DOM assertions cannot: every visible control's label
 * contrasts with the pixels actually painted behind it, no text is cut off by a box that hides
 * its overflow, and axe (WCAG 2.2 AA, inside open shadow roots too) finds nothing.
 * `scope` is a CSS selector (light DOM) limiting the checks to one part of the page.
 */
export async function expectLegible(page: Page, scope = 'body'): Promise<void> {
  expect(await clippedText(page, scope), 'text cut off by a box that hides its overflow').toEqual([]);
  expect(await lowContrastControls(page, scope), 'controls whose label does not contrast with what is painted behind it').toEqual([]);
  const { violations } = await new AxeBuilder({ page })
    .include(scope)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), 'axe violations').toEqual([]);
}

type Control = { index: number; name: string; color: [number, number, number, number]; large: boolean };

/** Marks each visible control (deep, through open shadow roots) and returns what is needed to judge it. */
async function visibleControls(page: Page, scope: string): Promise<Control[]> {
  return page.evaluate((scopeSelector) => {
    const out: Control[] = [];
    const walk = (root: ParentNode) => {
      for (const el of root.querySelectorAll<HTMLElement>('*')) {
        if (el.shadowRoot) walk(el.shadowRoot);
        const isControl = el.matches('button, a[href], [role="button"], input[type="submit"], input[type="button"], summary');
        if (!isControl || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        const text = (el.innerText || (el as HTMLInputElement).value || '').trim();
        const box = el.getBoundingClientRect();
        if (!text || box.width < 2 || box.height < 2) continue;
        const style = getComputedStyle(el);
        const rgba = style.color.match(/[\d.]+/g)!.map(Number);
        const size = parseFloat(style.fontSize);
        const weight = Number(style.fontWeight) || 400;
        el.setAttribute('data-legibility', String(out.length));
        out.push({ index: out.length, name: text.slice(0, 60), color: [rgba[0], rgba[1], rgba[2], rgba[3] ?? 1], large: size >= 24 || (size >= 18.66 && weight >= 700) });
      }
    };
    walk(document.querySelector(scopeSelector) ?? document.body);
    return out;
  }, scope);
}

/** Finds a control inside any open shadow root by the mark `visibleControls` left on it. */
async function markedControl(page: Page, index: number) {
  return page.evaluateHandle((i) => {
    const find = (root: ParentNode): Element | null => {
      const hit = root.querySelector(`[data-legibility="${i}"]`);
      if (hit) return hit;
      for (const el of root.querySelectorAll('*')) if (el.shadowRoot) { const inner = find(el.shadowRoot); if (inner) return inner; }
      return null;
    };
    return find(document)!;
  }, index);
}

/**
 * A widget may swap its drawn first state for React's while the controls are read (it loads when
 * idle): the marks are then gone with the old nodes, and the check starts again on the new ones.
 */
async function lowContrastControls(page: Page, scope: string): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    const problems = await lowContrastControlsOnce(page, scope);
    await page.evaluate(() => {
      const clear = (root: ParentNode) => root.querySelectorAll('*').forEach((el) => { el.removeAttribute('data-legibility'); if (el.shadowRoot) clear(el.shadowRoot); });
      clear(document);
    });
    if (problems || attempt === 3) return problems ?? ['the page kept replacing its controls while they were checked'];
    await page.waitForTimeout(200);
  }
}

async function lowContrastControlsOnce(page: Page, scope: string): Promise<string[] | null> {
  const problems: string[] = [];
  for (const control of await visibleControls(page, scope)) {
    if (control.color[3] < 0.1) { problems.push(`"${control.name}": its text colour is transparent`); continue; }
    const handle = (await markedControl(page, control.index)).asElement();
    if (!handle) return null;
    await handle.scrollIntoViewIfNeeded();
    // A control under a modal dialog or another layer is not what the visitor sees there.
    const onTop = await handle.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
      let hit = document.elementFromPoint(x, y);
      while (hit?.shadowRoot) {
        const inner = hit.shadowRoot.elementFromPoint(x, y);
        if (!inner || inner === hit) break;
        hit = inner;
      }
      return !!hit && (hit === el || el.contains(hit));
    });
    if (!onTop) continue;
    // Paint the control without its label, then read the colour that fills most of its box.
    await handle.evaluate((el) => {
      // A constructable sheet, since the pages' CSP refuses inline <style>.
      const hide = new CSSStyleSheet();
      hide.replaceSync('[data-legibility-hide], [data-legibility-hide] * { color: transparent !important; text-shadow: none !important; caret-color: transparent !important; }');
      const root = el.getRootNode() as Document | ShadowRoot;
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, hide];
      el.setAttribute('data-legibility-hide', '');
    });
    const box = await handle.boundingBox();
    const png = box && box.width >= 1 && box.height >= 1 ? await page.screenshot({ clip: box, animations: 'disabled' }) : null;
    await handle.evaluate((el) => {
      el.removeAttribute('data-legibility-hide');
      const root = el.getRootNode() as Document | ShadowRoot;
      root.adoptedStyleSheets = root.adoptedStyleSheets.slice(0, -1);
    });
    if (!png) continue;
    const background = dominantColour(PNG.sync.read(png));
    const [r, g, b, a] = control.color;
    const text: [number, number, number] = [r * a + background[0] * (1 - a), g * a + background[1] * (1 - a), b * a + background[2] * (1 - a)];
    const ratio = contrast(text, background);
    if (ratio < (control.large ? 3 : 4.5)) problems.push(`"${control.name}": ${ratio.toFixed(2)}:1 (text rgb(${text.map(Math.round)}) on rgb(${background}))`);
  }
  return problems;
}

function dominantColour(png: PNG): [number, number, number] {
  const counts = new Map<number, number>();
  for (let i = 0; i < png.data.length; i += 4) {
    // Quantise a little so anti-aliasing and gradients group together.
    const key = ((png.data[i] >> 2) << 12) | ((png.data[i + 1] >> 2) << 6) | (png.data[i + 2] >> 2);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const [key] = [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best));
  return [((key >> 12) & 63) << 2, ((key >> 6) & 63) << 2, (key & 63) << 2];
}

function contrast(a: [number, number, number], b: [number, number, number]): number {
  const lum = ([r, g, b]: [number, number, number]) => {
    const c = [r, g, b].map((v) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Elements that hide their overflow while their content is wider or taller than their box. */
async function clippedText(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((scopeSelector) => {
    const out: string[] = [];
    const describe = (el: Element) => `${el.localName}${el.id ? `#${el.id}` : ''}${el.getAttribute('part') ? `[part=${el.getAttribute('part')}]` : ''}${el.classList.length ? `.${[...el.classList].join('.')}` : ''}`;
    const walk = (root: ParentNode) => {
      for (const el of root.querySelectorAll<HTMLElement>('*')) {
        if (el.shadowRoot) walk(el.shadowRoot);
        if (!el.checkVisibility?.() || !(el.textContent ?? '').trim()) continue;
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        // Visually hidden text for screen readers is clipped on purpose.
        if (box.width <= 1 || box.height <= 1 || style.clipPath.includes('inset(50%)') || style.clip !== 'auto') continue;
        const hides = (v: string) => v === 'hidden' || v === 'clip';
        if ((hides(style.overflowX) || style.textOverflow === 'ellipsis') && el.scrollWidth > el.clientWidth + 1)
          out.push(`${describe(el)} "${el.textContent!.trim().slice(0, 50)}": content ${el.scrollWidth}px wide in a ${el.clientWidth}px box`);
        else if (hides(style.overflowY) && el.scrollHeight > el.clientHeight + 1)
          out.push(`${describe(el)} "${el.textContent!.trim().slice(0, 50)}": content ${el.scrollHeight}px tall in a ${el.clientHeight}px box`);
      }
    };
    walk(document.querySelector(scopeSelector) ?? document.body);
    return out;
  }, scope);
}

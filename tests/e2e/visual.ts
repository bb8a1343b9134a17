import { expect, type ElementHandle, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { axeViolations } from './axe';

/**
 * Checks what a person can see, which DOM assertions cannot: every visible control's label
 * contrasts with the pixels actually painted behind it, no text is cut off by a box that hides
 * its overflow, and axe (WCAG 2.2 AA, inside open shadow roots too) finds nothing.
 * `scope` is a CSS selector (light DOM) limiting the checks to one part of the page.
 */
export async function expectLegible(page: Page, scope = 'body'): Promise<void> {
  expect(await clippedText(page, scope), 'text cut off by a box that hides its overflow').toEqual([]);
  expect(
    await lowContrastControls(page, scope),
    'controls whose label does not contrast with what is painted behind it',
  ).toEqual([]);
  expect(
    await axeViolations(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'], scope),
    'axe violations',
  ).toEqual([]);
}

type Control = { index: number; name: string; color: [number, number, number, number]; large: boolean };

/** Each visible control (deep, through open shadow roots), what is needed to judge it, and the elements themselves. */
async function visibleControls(
  page: Page,
  scope: string,
): Promise<{ controls: Control[]; elements: (ElementHandle<Element> | null)[] }> {
  const found = await page.evaluateHandle((scopeSelector) => {
    const controls: Control[] = [];
    const elements: Element[] = [];
    const walk = (root: ParentNode) => {
      for (const el of root.querySelectorAll<HTMLElement>('*')) {
        if (el.shadowRoot) walk(el.shadowRoot);
        const isControl = el.matches(
          'button, a[href], [role="button"], input[type="submit"], input[type="button"], summary',
        );
        if (!isControl || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        const text = (el.innerText || (el as HTMLInputElement).value || '').trim();
        const box = el.getBoundingClientRect();
        if (!text || box.width < 2 || box.height < 2) continue;
        const style = getComputedStyle(el);
        const rgba = style.color.match(/[\d.]+/g)!.map(Number);
        const size = parseFloat(style.fontSize);
        const weight = Number(style.fontWeight) || 400;
        elements.push(el);
        controls.push({
          index: controls.length,
          name: text.slice(0, 60),
          color: [rgba[0], rgba[1], rgba[2], rgba[3] ?? 1],
          large: size >= 24 || (size >= 18.66 && weight >= 700),
        });
      }
    };
    walk(document.querySelector(scopeSelector) ?? document.body);
    return { controls, elements };
  }, scope);
  // Two calls for all the controls' handles, rather than a search of the page for each one.
  const controls = (await (await found.getProperty('controls')).jsonValue()) as Control[];
  const list = await (await found.getProperty('elements')).getProperties();
  const elements = controls.map((c) => list.get(String(c.index))?.asElement() ?? null);
  await found.dispose();
  return { controls, elements };
}

/**
 * A widget may swap its drawn first state for React's while the controls are read (it loads when
 * idle): a control is then no longer in the page, and the check starts again on the new ones.
 */
export async function lowContrastControls(page: Page, scope: string): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    const problems = await lowContrastControlsOnce(page, scope);
    if (problems || attempt === 3) return problems ?? ['the page kept replacing its controls while they were checked'];
    await page.waitForTimeout(200);
  }
}

type Box = { x: number; y: number; width: number; height: number };

/**
 * For the controls now wholly in the viewport (and always the first, scrolled there): unless one is
 * under another layer (a modal dialog, a fixed header: not what the visitor sees there), paints it
 * without its label and answers its box in the viewport. One call and one picture per screenful, not
 * per control: on a busy machine every round trip to the browser costs tens of ms. `showLabels` undoes it.
 */
function hideLabels(els: Element[]): (Box | 'under')[] | 'gone' {
  type Hiding = Window & { legibilityHide?: CSSStyleSheet };
  const w = window as Hiding;
  if (!w.legibilityHide) {
    // A constructable sheet, since the pages' CSP refuses inline <style>.
    w.legibilityHide = new CSSStyleSheet();
    w.legibilityHide.replaceSync(
      '[data-legibility-hide], [data-legibility-hide] * { color: transparent !important; text-shadow: none !important; caret-color: transparent !important; }',
    );
  }
  const sheet = w.legibilityHide;
  if (els.some((el) => !el.isConnected)) return 'gone';
  const boxes = els.map((el) => el.getBoundingClientRect());
  const inView = (box: DOMRect) =>
    box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
  const found: (Box | 'under')[] = [];
  for (const [i, el] of els.entries()) {
    const box = boxes[i];
    if (i > 0 && !inView(box)) break;
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    let hit = document.elementFromPoint(x, y);
    while (hit?.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    if (!hit || (hit !== el && !el.contains(hit))) {
      found.push('under');
      continue;
    }
    found.push({ x: box.x, y: box.y, width: box.width, height: box.height });
  }
  // Hidden after every control was hit-tested: a hidden label changes no layer.
  for (const [i, box] of found.entries()) {
    if (box === 'under') continue;
    const root = els[i].getRootNode() as Document | ShadowRoot;
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    els[i].setAttribute('data-legibility-hide', '');
  }
  return found;
}

/** False when a control left the page meanwhile (a widget swapped its first state for React's). */
function showLabels(els: Element[]): boolean {
  const sheet = (window as Window & { legibilityHide?: CSSStyleSheet }).legibilityHide;
  for (const el of els) {
    el.removeAttribute('data-legibility-hide');
    const root = el.getRootNode() as Document | ShadowRoot;
    if (root.adoptedStyleSheets) root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== sheet);
  }
  return els.every((el) => el.isConnected);
}

/** The whole-pixel box around `boxes` inside the viewport, or null when none is in it. */
function union(boxes: Box[], viewport: { width: number; height: number }): Box | null {
  if (!boxes.length) return null;
  const x = Math.max(0, Math.floor(Math.min(...boxes.map((b) => b.x))));
  const y = Math.max(0, Math.floor(Math.min(...boxes.map((b) => b.y))));
  const right = Math.min(viewport.width, Math.ceil(Math.max(...boxes.map((b) => b.x + b.width))));
  const bottom = Math.min(viewport.height, Math.ceil(Math.max(...boxes.map((b) => b.y + b.height))));
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
}

/** The pixels of `box` (CSS px of the viewport) in a picture of the viewport taken at CSS scale. */
function crop(png: PNG, box: Box): PNG | null {
  const [x0, y0] = [Math.max(0, Math.floor(box.x)), Math.max(0, Math.floor(box.y))];
  const [x1, y1] = [
    Math.min(png.width, Math.ceil(box.x + box.width)),
    Math.min(png.height, Math.ceil(box.y + box.height)),
  ];
  if (x1 <= x0 || y1 <= y0) return null;
  const out = new PNG({ width: x1 - x0, height: y1 - y0 });
  PNG.bitblt(png, out, x0, y0, x1 - x0, y1 - y0, 0, 0);
  return out;
}

async function lowContrastControlsOnce(page: Page, scope: string): Promise<string[] | null> {
  const problems: string[] = [];
  const { controls, elements } = await visibleControls(page, scope);
  let pending: Control[] = [];
  for (const control of controls) {
    if (control.color[3] < 0.1) problems.push(`"${control.name}": its text colour is transparent`);
    else if (!elements[control.index]) return null;
    else pending.push(control);
  }
  try {
    while (pending.length) {
      // Playwright's scroll: waits for the control to be still, and scrolls only when it is not in view.
      if (
        !(await elements[pending[0].index]!.scrollIntoViewIfNeeded().then(
          () => true,
          () => false,
        ))
      )
        return null;
      const handles = pending.map((c) => elements[c.index]!);
      const boxes = await page.evaluate(hideLabels, handles);
      if (boxes === 'gone') return null;
      // Only the part of the viewport the controls cover is captured (and decoded): a page's controls
      // are usually a band of it, and a picture costs by its pixels.
      const clip = union(
        boxes.filter((b): b is Box => b !== 'under'),
        page.viewportSize()!,
      );
      const shot = clip ? PNG.sync.read(await page.screenshot({ animations: 'disabled', scale: 'css', clip })) : null;
      if (!(await page.evaluate(showLabels, handles.slice(0, boxes.length)))) return null;
      for (const [i, box] of boxes.entries()) {
        const pixels =
          box === 'under' || !shot || !clip ? null : crop(shot, { ...box, x: box.x - clip.x, y: box.y - clip.y });
        if (!pixels) continue;
        const control = pending[i];
        const background = dominantColour(pixels);
        const [r, g, b, a] = control.color;
        const text: [number, number, number] = [
          r * a + background[0] * (1 - a),
          g * a + background[1] * (1 - a),
          b * a + background[2] * (1 - a),
        ];
        const ratio = contrast(text, background);
        if (ratio < (control.large ? 3 : 4.5))
          problems.push(
            `"${control.name}": ${ratio.toFixed(2)}:1 (text rgb(${text.map(Math.round)}) on rgb(${background}))`,
          );
      }
      pending = pending.slice(boxes.length);
    }
    return problems;
  } finally {
    await Promise.all(elements.map((e) => e?.dispose()));
  }
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

export function contrast(a: [number, number, number], b: [number, number, number]): number {
  const lum = ([r, g, b]: [number, number, number]) => {
    const c = [r, g, b].map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Elements that hide their overflow while their content is wider or taller than their box. */
async function clippedText(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((scopeSelector) => {
    const out: string[] = [];
    const describe = (el: Element) =>
      `${el.localName}${el.id ? `#${el.id}` : ''}${el.getAttribute('part') ? `[part=${el.getAttribute('part')}]` : ''}${el.classList.length ? `.${[...el.classList].join('.')}` : ''}`;
    const walk = (root: ParentNode) => {
      for (const el of root.querySelectorAll<HTMLElement>('*')) {
        if (el.shadowRoot) walk(el.shadowRoot);
        if (!el.checkVisibility?.() || !(el.textContent ?? '').trim()) continue;
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        // Visually hidden text for screen readers is clipped on purpose.
        if (box.width <= 1 || box.height <= 1 || style.clipPath.includes('inset(50%)') || style.clip !== 'auto')
          continue;
        const hides = (v: string) => v === 'hidden' || v === 'clip';
        if ((hides(style.overflowX) || style.textOverflow === 'ellipsis') && el.scrollWidth > el.clientWidth + 1)
          out.push(
            `${describe(el)} "${el.textContent!.trim().slice(0, 50)}": content ${el.scrollWidth}px wide in a ${el.clientWidth}px box`,
          );
        else if (hides(style.overflowY) && el.scrollHeight > el.clientHeight + 1)
          out.push(
            `${describe(el)} "${el.textContent!.trim().slice(0, 50)}": content ${el.scrollHeight}px tall in a ${el.clientHeight}px box`,
          );
      }
    };
    walk(document.querySelector(scopeSelector) ?? document.body);
    return out;
  }, scope);
}

/**
 * The form's height is kept from the first paint, before its code arrives, so a page that sets
 * nothing has nothing move below it (CLS 0). Each band: from this width of the element (px), the
 * tallest the form gets (agents beside the form from 880 px). React's form keeps the same minimum,
 * so the swap changes no height.
 */
export const HEIGHT_BANDS: readonly (readonly [from: number, height: number])[] = [
  [0, 1378],
  [280, 1311],
  [290, 1245],
  [330, 1224],
  [440, 956],
  [880, 472],
];

const bands = (rule: (height: number) => string, query: (from: number) => string) =>
  HEIGHT_BANDS.map(([from, height]) => (from ? `${query(from)}{${rule(height)}}` : rule(height))).join('');

/**
 * In the shadow root: the element is a size container that takes the width it is given (it has
 * none of its own to offer a flex row), and its root keeps the band's height.
 */
export const reserveCss = (): string =>
  ':host{display:block;container-type:inline-size;inline-size:100%}.root{align-content:start}' +
  bands(
    (height) => `.root{min-height:${height}px}`,
    (from) => `@container (min-width:${from}px)`,
  );

/**
 * On the page, installed by the script tag's loader before the first paint (when it is included
 * without `async`): until the element is defined its light-DOM box keeps the same height, by the
 * viewport's width (the element filling the page inside the default 8 px body margins).
 */
export const pageReserveCss = (): string =>
  bands(
    (height) => `:where(ai-demo-request:not(:defined)){display:block;min-height:${height}px}`,
    (from) => `@media (min-width:${from + 16}px)`,
  );

/**
 * For a host page that wraps the element in a size container of its own (`container-type:
 * inline-size`): the same bands by the wrapper's width, exact wherever the element sits. The site
 * builds its stylesheet with it.
 */
export const containerReserveCss = (): string =>
  bands(
    (height) => `:where(ai-demo-request:not(:defined)){display:block;min-height:${height}px}`,
    (from) => `@container (min-width:${from}px)`,
  );

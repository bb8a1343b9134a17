import { resolveLang, type Lang } from '../lib/lang';
import { attributeOf } from './props';
import { printView, type ViewNode } from './view';
import { PAGE_SCRIPT } from './page-script';
import { SSR_MARK, SSR_VERSION } from './ssr-mark';
import type { WidgetElement } from './widget-element';

/** What an attribute may be given as: `true` prints it bare, `false`, `null` and `undefined` leave it out. */
export type AttributeValue = string | number | boolean | null | undefined;

export interface RenderElementOptions {
  /** The page's language (`hi`, `hi-IN`: Hindi; anything else: English); a `lang` attribute wins. */
  lang?: string;
  /**
   * A nonce the page's Content-Security-Policy allows (`style-src 'nonce-…'`, `script-src 'nonce-…'`):
   * put on the `<style>` of the first paint and the small script that keeps early presses.
   */
  nonce?: string;
  /**
   * The small inline script after the element, which keeps a press made before our script has
   * arrived (a click on the voice button or the feedback trigger); once per page is enough.
   * Default: `true`.
   */
  earlyPresses?: boolean;
  /**
   * Our script's URL (`…/ai-widgets.js`): the inline script then brings it once the page has
   * loaded and painted its largest element, or as soon as a visitor reaches for a widget, so the
   * page needs no script tag of ours and our script never delays its largest paint.
   */
  script?: string;
}

type WidgetClass = typeof WidgetElement;

const NAME = /^[a-z_:][-\w:.]*$/i;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The attributes as HTML attribute text, names checked (a name is never escaped into meaning something else). */
function attributeText(attributes: Record<string, AttributeValue>): [string, Map<string, string>] {
  const given = new Map<string, string>();
  for (const [name, value] of Object.entries(attributes)) {
    if (!NAME.test(name)) throw new TypeError(`renderElement: "${name}" is not an attribute name.`);
    if (value === false || value === null || value === undefined) continue;
    given.set(name.toLowerCase(), value === true ? '' : String(value));
  }
  return [
    [...given].map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escape(value)}"`)).join(''),
    given,
  ];
}

/** The props the element would read from these attributes (the same declarations its class reads). */
function propsOf(cls: WidgetClass, given: Map<string, string>, lang: Lang): Record<string, unknown> & { lang: Lang } {
  const props: Record<string, unknown> & { lang: Lang } = { lang };
  for (const [name, spec] of Object.entries(cls.props)) {
    const attribute = attributeOf(name);
    if (spec.fromAttribute) props[name] = spec.fromAttribute(given.get(attribute) ?? null, attribute);
  }
  return props;
}

/** The language as the element resolves it in the page: its own `lang`, else the page's. */
const langOf = (given: Map<string, string>, lang: string | undefined): Lang =>
  resolveLang({
    getAttribute: (name: string) => (name === 'lang' ? (given.get('lang') ?? lang ?? null) : null),
    parentElement: null,
  } as unknown as Element);

/**
 * The HTML of one element with its first paint inside a declarative shadow root: its styles and
 * the same view the browser draws before React, printed as text. The script, when it comes,
 * adopts what it finds (same version) instead of drawing it again.
 */
export function printElement(
  classes: Record<string, WidgetClass>,
  tag: string,
  attributes: Record<string, AttributeValue> = {},
  options: RenderElementOptions = {},
): string {
  const cls = Object.prototype.hasOwnProperty.call(classes, tag) ? classes[tag] : undefined;
  if (!cls)
    throw new TypeError(`renderElement: "${tag}" is not one of our elements (${Object.keys(classes).join(', ')}).`);
  const [text, given] = attributeText(attributes);
  const props = propsOf(cls, given, langOf(given, options.lang));
  const { shell, css } = cls.widget;
  if (!shell) throw new TypeError(`renderElement: <${tag}> has no first paint to print.`);
  const nonce = options.nonce ? ` nonce="${escape(options.nonce)}"` : '';
  const style = `<style ${SSR_MARK}="${escape(SSR_VERSION)}"${nonce}>${css.join('\n')}</style>`;
  const html = printView(shell(props) as ViewNode);
  const src = options.script ? ` data-src="${escape(options.script)}"` : '';
  const early =
    options.earlyPresses === false && !options.script ? '' : `<script${src}${nonce}>${PAGE_SCRIPT}</script>`;
  return `<${tag}${text}><template shadowrootmode="open">${style}${html}</template></${tag}>${early}`;
}

/** A language the widgets speak. */
export type Lang = 'en' | 'hi';

/** What every widget component receives besides its own props: the language the element resolved. */
export interface Localized {
  lang?: Lang;
}

/** Every supported language, English (the fallback) first. */
export const LANGS = ['en', 'hi'] as const satisfies readonly Lang[];

/**
 * A string table's shape with its English literals widened: text becomes `string` and a
 * message built from values keeps its arguments, so another language may word it differently.
 */
export type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : { readonly [K in keyof T]: Widen<T[K]> };

// What resolveLang needs of an element: kept narrow so it also runs on plain objects in Node.
interface LangNode {
  getAttribute(name: string): string | null;
  readonly parentElement: LangNode | null;
  getRootNode?(): unknown;
}

// `hi`, `hi-IN`, `HI`, `hi_IN` are Hindi; any other tag, or none, falls back to English.
const toLang = (tag: string | null | undefined): Lang => (/^hi(?:[-_]|$)/i.test(tag?.trim() ?? '') ? 'hi' : 'en');

// Inside a shadow root the chain of parents stops at the root; it goes on from the root's host.
function parentOf(node: LangNode): LangNode | null {
  if (node.parentElement) return node.parentElement;
  const root = node.getRootNode?.() as { host?: LangNode | null } | null | undefined;
  return root && root !== node && root.host ? root.host : null;
}

/**
 * The language a widget should speak: the `lang` of the element itself or of its nearest
 * ancestor that has one (across shadow roots, through their hosts), else the document's.
 * `hi`, `hi-IN` and `HI` give `'hi'`; anything else, or no document at all (Node), gives `'en'`.
 * As in HTML, an empty `lang=""` counts as set: the language is unknown, so English.
 */
export function resolveLang(host: Element): Lang {
  // Bounded, in case of a cycle of roots and hosts in a hand-made tree.
  let node: LangNode | null = host as LangNode;
  for (let depth = 0; node && depth < 10_000; depth++) {
    const lang = node.getAttribute('lang');
    if (lang !== null) return toLang(lang);
    node = parentOf(node);
  }
  if (typeof document === 'undefined') return 'en';
  return toLang(document.documentElement?.lang);
}

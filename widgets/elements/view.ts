/**
 * A view: what a widget shows in a state, as plain data. Drawn as DOM here (`drawView`, with no
 * innerHTML, so Trusted Types pages accept it), printed as HTML (`printView`, by `renderElement`), and
 * rendered by React (`renderView`, widgets/react/view.tsx); a test holds the three equal.
 */
export type ViewNode = string | [tag: string, attrs: Record<string, string>, ...children: ViewNode[]];

const SVG = 'http://www.w3.org/2000/svg';

function setAttribute(element: Element, name: string, value: string) {
  // A style attribute is refused by a strict CSP; the same declarations through CSSOM are not.
  if (name === 'style') (element as HTMLElement).style.cssText = value;
  else element.setAttribute(name, value);
}

/** The view as DOM nodes of `doc`. */
export function drawView(node: ViewNode, doc: Document, inSvg = false): Node {
  if (typeof node === 'string') return doc.createTextNode(node);
  const [tag, attrs, ...children] = node;
  const svg = inSvg || tag === 'svg';
  const element = svg ? doc.createElementNS(SVG, tag) : doc.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) setAttribute(element, name, value);
  for (const child of children) element.appendChild(drawView(child, doc, svg));
  return element;
}

/**
 * Brings drawn DOM to another view in place: same-tag elements keep their identity, so focus
 * stays and a live region announces its new text. Returns the node now standing for `node`.
 */
export function redrawView(current: Node, node: ViewNode): Node {
  const doc = current.ownerDocument!;
  if (typeof node === 'string') {
    if (current.nodeType === 3) {
      if (current.textContent !== node) current.textContent = node;
      return current;
    }
  } else if (current instanceof Element && current.localName === node[0]) {
    const [, attrs, ...children] = node;
    for (const { name } of [...current.attributes]) if (!(name in attrs)) current.removeAttribute(name);
    for (const [name, value] of Object.entries(attrs))
      if (current.getAttribute(name) !== value) setAttribute(current, name, value);
    const existing = [...current.childNodes];
    children.forEach((child, i) =>
      existing[i]
        ? redrawView(existing[i], child)
        : current.appendChild(drawView(child, doc, current.namespaceURI === SVG)),
    );
    for (const extra of existing.slice(children.length)) extra.remove();
    return current;
  }
  const replacement = drawView(node, doc, (current.parentNode as Element | null)?.namespaceURI === SVG);
  current.parentNode?.replaceChild(replacement, current);
  return replacement;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const VOID = new Set(['input', 'img', 'br', 'hr', 'meta', 'link', 'source', 'area', 'col', 'embed', 'track', 'wbr']);

/** The view as HTML text: what React's server renderer prints for the same tree. */
export function printView(node: ViewNode): string {
  if (typeof node === 'string') return escape(node);
  const [tag, attrs, ...children] = node;
  const attributes = Object.entries(attrs)
    .map(([name, value]) => ` ${name}="${escape(value)}"`)
    .join('');
  if (VOID.has(tag) && !children.length) return `<${tag}${attributes}/>`;
  return `<${tag}${attributes}>${children.map(printView).join('')}</${tag}>`;
}

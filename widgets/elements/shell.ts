/**
 * A widget's first state as plain data: drawn with DOM calls before React has loaded (no
 * innerHTML, so Trusted Types pages accept it), and printed as HTML by the tests that hold
 * it equal to what the React component renders.
 */
export type ShellNode = string | [tag: string, attrs: Record<string, string>, ...children: ShellNode[]];

const SVG = 'http://www.w3.org/2000/svg';

function setAttribute(element: Element, name: string, value: string) {
  // A style attribute is refused by a strict CSP; the same declarations through CSSOM are not.
  if (name === 'style') (element as HTMLElement).style.cssText = value;
  else element.setAttribute(name, value);
}

export function shellToDom(node: ShellNode, doc: Document, inSvg = false): Node {
  if (typeof node === 'string') return doc.createTextNode(node);
  const [tag, attrs, ...children] = node;
  const svg = inSvg || tag === 'svg';
  const element = svg ? doc.createElementNS(SVG, tag) : doc.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) setAttribute(element, name, value);
  for (const child of children) element.appendChild(shellToDom(child, doc, svg));
  return element;
}

/**
 * Brings drawn DOM to another shell state in place: same-tag elements keep their identity, so
 * focus stays and a live region announces its new text. Returns the node now standing for `node`.
 */
export function patchShell(current: Node, node: ShellNode): Node {
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
        ? patchShell(existing[i], child)
        : current.appendChild(shellToDom(child, doc, current.namespaceURI === SVG)),
    );
    for (const extra of existing.slice(children.length)) extra.remove();
    return current;
  }
  const replacement = shellToDom(node, doc, (current.parentNode as Element | null)?.namespaceURI === SVG);
  current.parentNode?.replaceChild(replacement, current);
  return replacement;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const VOID = new Set(['input', 'img', 'br', 'hr', 'meta', 'link', 'source', 'area', 'col', 'embed', 'track', 'wbr']);

/** The HTML React's server renderer prints for the same tree. */
export function shellToHtml(node: ShellNode): string {
  if (typeof node === 'string') return escape(node);
  const [tag, attrs, ...children] = node;
  const attributes = Object.entries(attrs)
    .map(([name, value]) => ` ${name}="${escape(value)}"`)
    .join('');
  if (VOID.has(tag) && !children.length) return `<${tag}${attributes}/>`;
  return `<${tag}${attributes}>${children.map(shellToHtml).join('')}</${tag}>`;
}

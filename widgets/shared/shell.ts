/**
 * A widget's first state as plain data: drawn with DOM calls before React has loaded (no
 * innerHTML, so Trusted Types pages accept it), and printed as HTML by the tests that hold
 * it equal to what the React component renders.
 */
export type ShellNode = string | [tag: string, attrs: Record<string, string>, ...children: ShellNode[]];

const SVG = 'http://www.w3.org/2000/svg';

export function shellToDom(node: ShellNode, doc: Document, inSvg = false): Node {
  if (typeof node === 'string') return doc.createTextNode(node);
  const [tag, attrs, ...children] = node;
  const svg = inSvg || tag === 'svg';
  const element = svg ? doc.createElementNS(SVG, tag) : doc.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    // A style attribute is refused by a strict CSP; the same declarations through CSSOM are not.
    if (name === 'style') (element as HTMLElement).style.cssText = value;
    else element.setAttribute(name, value);
  }
  for (const child of children) element.appendChild(shellToDom(child, doc, svg));
  return element;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The HTML React's server renderer prints for the same tree. */
export function shellToHtml(node: ShellNode): string {
  if (typeof node === 'string') return escape(node);
  const [tag, attrs, ...children] = node;
  const attributes = Object.entries(attrs)
    .map(([name, value]) => ` ${name}="${escape(value)}"`)
    .join('');
  return `<${tag}${attributes}>${children.map(shellToHtml).join('')}</${tag}>`;
}

/** Where the page keeps presses made on server-drawn widgets before their code arrived: [host, control]. */
const KEY = '__aiWidgetsEarly';

/**
 * Kept as text: printed inline after a server-drawn element and put in front of the script tag's
 * loader, so a click on a control (`data-control`) inside one of our elements that is not defined
 * yet is noted once per page, and handed to the element when it upgrades. Typing, a chosen radio
 * and a ticked box need nothing: native controls keep them.
 */
export const EARLY_PRESS_SCRIPT =
  `(function(){var w=window;if(w.${KEY})return;var q=w.${KEY}=[];` +
  `document.addEventListener('click',function(e){var p=e.composedPath(),c=null;for(var i=0;i<p.length;i++){var n=p[i];` +
  `if(!n.getAttribute)continue;if(c===null&&n.hasAttribute('data-control'))c=n.getAttribute('data-control');` +
  `if(/^ai-(voice-demo|feedback|demo-request)$/.test(n.localName)){if(c!==null&&!customElements.get(n.localName))q.push([n,c]);return}}},true)})();`;

/** The presses noted for `host` before its code arrived, in order; they are taken (a second call gets none). */
export function takeEarlyPresses(host: Element): string[] {
  const queue = (globalThis as unknown as Record<string, [Element, string][] | undefined>)[KEY];
  if (!queue?.length) return [];
  const mine = queue.filter(([element]) => element === host).map(([, control]) => control);
  if (mine.length) queue.splice(0, queue.length, ...queue.filter(([element]) => element !== host));
  return mine;
}

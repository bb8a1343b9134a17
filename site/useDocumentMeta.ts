import { useEffect } from 'react';
import { absoluteUrl, documentTitle, type RouteMeta } from './routes';

/** Sets `<meta name|property=key>` (created when the prerendered head lacks it). */
function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.setAttribute(attribute, key);
    document.head.append(meta);
  }
  meta.content = content;
}

/**
 * Keeps the head in step when the visitor moves between routes in the browser; the first
 * page's head is written by the prerender step (site/prerender/head.ts) from the same route list.
 */
export function useDocumentMeta(meta: RouteMeta): void {
  useEffect(() => {
    const title = documentTitle(meta);
    document.title = title;
    setMeta('name', 'description', meta.description);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', meta.description);
    setMeta('name', 'twitter:title', title);
    setMeta('name', 'twitter:description', meta.description);
    if (meta.path !== '/404') {
      setMeta('property', 'og:url', absoluteUrl(meta.path));
      document.head
        .querySelector<HTMLLinkElement>('link[rel="canonical"]')
        ?.setAttribute('href', absoluteUrl(meta.path));
    }
  }, [meta]);
}
